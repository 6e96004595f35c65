import Charts
import Foundation
import SwiftUI
import Testing

/// Swift Charts code as widgets write it, archived: the marks, each axis's
/// domain and marked values, stacks, colours and the legend, and the chart
/// modifiers, wherever in the chain they are written.
@Suite("Charts")
struct ChartTests {
    struct Day: Identifiable {
        let date: Date
        let steps: Int
        var id: Date { date }
    }

    enum Activity: String, Plottable {
        case walking = "Walking"
        case running = "Running"
    }

    static let calendar = Calendar(identifier: .gregorian)
    static let monday = Date(timeIntervalSince1970: 1_795_392_000)  // 2026-11-23 00:00 UTC

    static func chart(_ view: some View) throws -> ChartArchive {
        func find(_ node: ViewNode) -> ChartArchive? {
            if case .chart(let chart) = node.content { return chart }
            return node.children.lazy.compactMap(find).first
        }
        return try #require(find(ViewNode(archiving: view)))
    }

    @Test("Bars over categories: one band each, a domain from zero to a round number, values on the trailing edge")
    func barsOverCategories() throws {
        let counts = [("Mon", 3), ("Tue", 7), ("Wed", 4)]
        let chart = try Self.chart(Chart(counts, id: \.0) { day in
            BarMark(x: .value("Day", day.0), y: .value("Cups", day.1))
        })
        #expect(chart.marks.count == 3 && chart.marks.allSatisfy { $0.kind == .bar && $0.fill == .accent })
        #expect(chart.x.scale == .categories(["Mon", "Tue", "Wed"]))
        guard case .linear(let lower, let upper) = chart.y.scale else { Issue.record("y is not linear"); return }
        #expect(lower == 0 && upper == 8)
        #expect(chart.y.edge == .trailing && chart.y.ticks.map(\.label) == ["0", "2", "4", "6", "8"])
        #expect(chart.y.ticks.allSatisfy { $0.gridLine })
        // A category axis is labelled, with no grid lines, as Swift Charts draws one.
        #expect(chart.x.ticks.map(\.label) == ["Mon", "Tue", "Wed"] && !chart.x.ticks.contains(where: \.gridLine))
        #expect(chart.legend == nil)
    }

    @Test("Bars of a series stack at one place, each value coloured from the palette with a legend")
    func stackedSeries() throws {
        let chart = try Self.chart(Chart {
            BarMark(x: .value("Day", "Mon"), y: .value("Minutes", 20)).foregroundStyle(by: .value("Activity", Activity.walking))
            BarMark(x: .value("Day", "Mon"), y: .value("Minutes", 10)).foregroundStyle(by: .value("Activity", Activity.running))
            BarMark(x: .value("Day", "Tue"), y: .value("Minutes", 15)).foregroundStyle(by: .value("Activity", Activity.walking))
        })
        #expect(chart.marks.map(\.stackedFrom) == [0, 20, 0])
        #expect(chart.marks.map(\.stackedTo) == [20, 30, 15])
        #expect(chart.marks.map(\.fill) == [.blue, .green, .blue])
        #expect(chart.legend?.entries.map(\.name) == ["Walking", "Running"])
        guard case .linear(_, let upper) = chart.y.scale else { Issue.record("y is not linear"); return }
        #expect(upper >= 30)
    }

    @Test("Days with a unit: each bar covers its day, and the axis its calendar")
    func barsOnDays() throws {
        let days = (0..<7).map { Day(date: Self.monday.addingTimeInterval(Double($0) * 86_400 + 3_600 * 9), steps: 4_000 + $0 * 1_000) }
        let chart = try Self.chart(Chart(days) { day in
            BarMark(x: .value("Day", day.date, unit: .day, calendar: Self.calendar), y: .value("Steps", day.steps))
        })
        // Placed at the start of its day, spanning it.
        #expect(chart.marks.first?.x == .date(Self.monday) && chart.marks.first?.unit == 86_400)
        #expect(chart.x.temporal)
        guard case .linear(let lower, let upper) = chart.x.scale else { Issue.record("x is not linear"); return }
        #expect(lower == Self.monday.timeIntervalSince1970 && upper == Self.monday.timeIntervalSince1970 + 7 * 86_400)
    }

    @Test("A line's own axis marks: a stride of hours, labels in its format, the vertical axis hidden; lines split by series")
    func lineWithAxisMarks() throws {
        let hours = (0..<24).map { Self.monday.addingTimeInterval(Double($0) * 3_600) }
        let view = Chart {
            ForEach(hours, id: \.self) { hour in
                LineMark(x: .value("Hour", hour), y: .value("°C", 10 + sin(hour.timeIntervalSince1970 / 10_000) * 5), series: .value("City", "Oslo"))
                    .interpolationMethod(.catmullRom)
                    .lineStyle(StrokeStyle(lineWidth: 3))
            }
            RuleMark(y: .value("Freezing", 0)).foregroundStyle(.red)
        }
        .chartXAxis {
            AxisMarks(values: .stride(by: .hour, count: 6)) { value in
                AxisGridLine()
                if let date = value.as(Date.self) {
                    AxisValueLabel("\(Self.calendar.component(.hour, from: date))h")
                }
            }
        }
        .chartYAxis(.hidden)
        .chartYScale(domain: .automatic(includesZero: false))
        let chart = try Self.chart(view)
        #expect(chart.marks.filter { $0.kind == .line }.allSatisfy { $0.series == "Oslo" && $0.interpolation == .catmullRom && $0.lineStyle?.lineWidth == 3 })
        #expect(chart.marks.last?.kind == .rule && chart.marks.last?.fill == .red)
        #expect(!chart.y.visible)
        #expect(chart.x.ticks.map(\.label) == ["0h", "6h", "12h", "18h"] && chart.x.ticks.allSatisfy { $0.gridLine && !$0.tick })
    }

    @Test("A modifier written outside a frame or padding still reaches the chart, and the nearest one wins")
    func modifiersFurtherOut() throws {
        let view = Chart {
            PointMark(x: .value("x", 1.0), y: .value("y", 50.0)).foregroundStyle(by: .value("Kind", "A"))
            PointMark(x: .value("x", 2.0), y: .value("y", 70.0)).foregroundStyle(by: .value("Kind", "B"))
        }
        .chartLegend(.visible)
        .chartYScale(domain: 40...80)
        .padding()
        .frame(height: 80)
        .chartLegend(.hidden)
        .chartForegroundStyleScale(["A": Color.orange, "B": Color.purple])
        let chart = try Self.chart(view)
        #expect(chart.legend != nil, "the chart's own .chartLegend(.visible) is nearer than the outer .hidden")
        #expect(chart.y.scale == .linear(lower: 40, upper: 80))
        #expect(chart.marks.map(\.fill) == [.orange, .purple])
        #expect(chart.marks.map(\.drawnSymbol) == [.circle, .circle])
    }

    @Test("An axis value gives back the type it was made from; custom label formats apply")
    func axisValueFormats() throws {
        let view = Chart {
            BarMark(x: .value("Count", 5), y: .value("Name", "Ana"))
            BarMark(x: .value("Count", 9), y: .value("Name", "Bo"))
        }
        .chartXAxis { AxisMarks(values: [0, 5, 10]) { value in AxisValueLabel { Text("\(value.as(Int.self) ?? -1) cups") } } }
        let chart = try Self.chart(view)
        #expect(chart.marks.allSatisfy { $0.isHorizontal })
        #expect(chart.y.scale == .categories(["Ana", "Bo"]))
        #expect(chart.x.ticks.map(\.label) == ["0 cups", "5 cups", "10 cups"])
        #expect(chart.marks.map(\.stackedTo) == [5, 9])
    }

    @Test("A chart travels through JSON as it was")
    func archiveRoundTrip() throws {
        let chart = try Self.chart(Chart {
            AreaMark(x: .value("t", 1), yStart: .value("low", 2), yEnd: .value("high", 5)).opacity(0.3)
            LineMark(x: .value("t", 1), y: .value("mid", 3)).symbol(.diamond)
        })
        let node = ViewNode(.chart(chart))
        #expect(try JSONDecoder().decode(ViewNode.self, from: JSONEncoder().encode(node)) == node)
    }
}
