import ExtensionProtocol
import Foundation
import Testing
@testable import WidgetRendering
import WidgetSDK

/// Issue 42's Swift Charts: a chart laid out at the size it is given, its
/// marks and labels where their values are, through the channel's codec
/// and the entry checks, and drawn on the board in braille.
@Suite("Charts, laid out and drawn")
struct ChartRenderingTests {
    static let cups = [("Mon", 3), ("Tue", 7), ("Wed", 4)]

    static var bars: some View {
        Chart(cups, id: \.0) { day in
            BarMark(x: .value("Day", day.0), y: .value("Cups", day.1))
        }
    }

    private func layout(_ view: some View, _ family: WidgetFamily = .systemSmall) -> WidgetLayout {
        LayoutEngine().layout(ViewNode(archiving: view), family: family)
    }

    private func texts(_ layout: WidgetLayout) -> [(String, Rect)] {
        layout.drawables.compactMap { drawable in
            if case .text(let lines, _) = drawable.kind { (lines.joined(separator: " "), drawable.frame) } else { nil }
        }
    }

    @Test func aChartTravelsThroughTheChannelAndPassesTheEntryChecks() throws {
        let node = ViewNode(archiving: Self.bars.chartYAxis(.hidden))
        let entry = ArchivedEntry(date: Date(timeIntervalSince1970: 0), view: node)
        #expect(try ArchiveCodec.decodeEntry(ArchiveCodec.encode(entry)).view == node)
        #expect(try EntryValidator().validate(node) == node)
    }

    @Test func aChartWithValuesNoCardCanDrawIsRefused() throws {
        guard case .chart(var chart) = ViewNode(archiving: Self.bars).content else { Issue.record("not a chart"); return }
        var poisoned = chart
        poisoned.marks[0].y = .number(.nan)
        #expect(throws: EntryRefused.self) { try EntryValidator().validate(ViewNode(.chart(poisoned))) }
        chart.marks = Array(repeating: chart.marks[0], count: EntryValidator.maximumChartMarks + 1)
        let refusal = #expect(throws: EntryRefused.self) { try EntryValidator().validate(ViewNode(.chart(chart))) }
        #expect(refusal?.reason.contains("at most \(EntryValidator.maximumChartMarks)") == true)
        // Bytes that are not a chart, as a hostile extension might send them, are refused by the codec.
        var bytes = [UInt8](ArchiveCodec.encode(ArchivedEntry(date: Date(timeIntervalSince1970: 0), view: ViewNode(.chart(chart)))))
        if let brace = bytes.firstIndex(of: UInt8(ascii: "{")) { bytes[brace] = UInt8(ascii: "[") }
        #expect(throws: (any Error).self) { try ArchiveCodec.decodeEntry(Data(bytes)) }
    }

    @Test func barsRiseFromTheBaselineInProportionToTheirValues() throws {
        let drawn = layout(Self.bars)
        let bars = drawn.drawables.filter { $0.plot == .mark }
        #expect(bars.count == 3)
        let baseline = try #require(bars.map { $0.frame.y + $0.frame.height }.max())
        #expect(bars.allSatisfy { abs($0.frame.y + $0.frame.height - baseline) < 0.01 }, "every bar stands on zero")
        let heights = bars.map(\.frame.height)
        #expect(abs(heights[1] / heights[0] - 7.0 / 3) < 0.01 && abs(heights[2] / heights[0] - 4.0 / 3) < 0.01, "\(heights)")
        // Equal bands, in order, each bar in the middle of its band.
        let centres = bars.map { $0.frame.x + $0.frame.width / 2 }
        #expect(abs((centres[1] - centres[0]) - (centres[2] - centres[1])) < 0.01 && centres[0] < centres[1])
        // The categories below, the values up the trailing edge, none overlapping.
        let labels = texts(drawn)
        #expect(["Mon", "Tue", "Wed"].allSatisfy { name in labels.contains { $0.0 == name } })
        let values = labels.filter { Int($0.0) != nil }.sorted { $0.1.y < $1.1.y }
        #expect(values.map(\.0) == ["8", "6", "4", "2", "0"], "\(values.map(\.0))")
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.1.y + $0.1.height <= $1.1.y + 0.01 })
        #expect(values.allSatisfy { $0.1.x > bars.map { $0.frame.x + $0.frame.width }.max()! }, "on the trailing side")
    }

    @Test func aLineOfEachSeriesIsOnePathThroughItsPoints() throws {
        let view = Chart {
            ForEach(0..<5, id: \.self) { hour in
                LineMark(x: .value("Hour", hour), y: .value("°C", 10 + hour)).foregroundStyle(by: .value("City", "Oslo"))
                LineMark(x: .value("Hour", hour), y: .value("°C", 20 - hour)).foregroundStyle(by: .value("City", "Rome"))
            }
        }
        .interpolated()
        let drawn = layout(view, .systemMedium)
        let lines = drawn.drawables.filter { drawable in
            if case .stroke(.path, _) = drawable.kind { drawable.plot == .mark } else { false }
        }
        #expect(lines.count == 2)
        #expect(Set(lines.map(\.color)) == [Color.blue, Color.green])
        // The legend names both, each beside a swatch of its colour.
        #expect(texts(drawn).contains { $0.0 == "Oslo" } && texts(drawn).contains { $0.0 == "Rome" })
        let smooth = Chart { ForEach(0..<5, id: \.self) { LineMark(x: .value("x", $0), y: .value("y", $0 * $0)).interpolationMethod(.catmullRom) } }
        guard case .stroke(.path(let path), _)? = layout(smooth).drawables.first(where: { $0.plot == .mark })?.kind else {
            Issue.record("no line"); return
        }
        #expect(path.elements.contains { if case .curve = $0 { true } else { false } })
    }

    @Test func aMarkOutsideTheGivenDomainIsCutAtThePlotsEdge() throws {
        let view = Chart {
            BarMark(x: .value("Day", "Mon"), y: .value("Cups", 3))
            BarMark(x: .value("Day", "Tue"), y: .value("Cups", 30))
        }
        .chartYScale(domain: 0...10)
        let bars = layout(view).drawables.filter { $0.plot == .mark }
        #expect(bars[0].clip == nil && bars[1].clip != nil)
    }

    @Test func theBoardDrawsMarksInBrailleWithTheLabelsInWords() throws {
        let card = ANSIRenderer(colors: .none).render(layout(Self.bars))
        #expect(card.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "\(card)")
        #expect(card.contains("Mon") && card.contains("Wed") && card.contains("8"), "\(card)")
        // The grid is left out: a line of box characters across the plot would read as a mark.
        let inner = card.split(separator: "\n").dropFirst().dropLast().map { $0.dropFirst().dropLast() }
        #expect(!inner.contains { $0.contains("─") || $0.contains("━") }, "\(card)")
        // The tallest bar reaches higher up the card than the shortest.
        func top(ofColumnNear label: String) -> Int? {
            let rows = inner.map(Array.init)
            guard let labelRow = rows.firstIndex(where: { String($0).contains(label) }),
                  let column = String(rows[labelRow]).range(of: label).map({ String(rows[labelRow]).distance(from: String(rows[labelRow]).startIndex, to: $0.lowerBound) + 1 })
            else { return nil }
            return rows.firstIndex { $0.indices.contains(column) && (0x2801...0x28FF).contains($0[column].unicodeScalars.first!.value) }
        }
        let tuesday = try #require(top(ofColumnNear: "Tue")), monday = try #require(top(ofColumnNear: "Mon"))
        #expect(tuesday < monday, "\(card)")
    }

    @Test func horizontalBarsListTheirCategoriesFromTheTop() throws {
        let view = Chart {
            BarMark(x: .value("Cups", 5), y: .value("Name", "Ana"))
            BarMark(x: .value("Cups", 9), y: .value("Name", "Bo"))
        }
        let bars = layout(view).drawables.filter { $0.plot == .mark }
        #expect(bars.count == 2 && bars[0].frame.y < bars[1].frame.y, "the first category is at the top")
        #expect(bars[1].frame.width > bars[0].frame.width && abs(bars[0].frame.x - bars[1].frame.x) < 0.01, "both from zero")
        let labels = texts(layout(view)).filter { ["Ana", "Bo"].contains($0.0) }.sorted { $0.1.y < $1.1.y }
        #expect(labels.map(\.0) == ["Ana", "Bo"])
    }

    @Test func aHeatMapsCellsSitAroundTheirValuesEachFillingItsBand() throws {
        let view = Chart {
            ForEach(["Mon", "Tue"], id: \.self) { day in
                ForEach(["am", "pm"], id: \.self) { half in
                    RectangleMark(x: .value("Day", day), y: .value("Half", half)).foregroundStyle(by: .value("Half", half))
                }
            }
        }
        .chartLegend(.hidden)
        let cells = layout(view).drawables.filter { $0.plot == .mark }.map(\.frame)
        #expect(cells.count == 4)
        // Two columns and two rows of equal cells that touch: bands, not columns from zero.
        #expect(Set(cells.map { Int($0.height.rounded()) }).count == 1 && Set(cells.map { Int($0.width.rounded()) }).count == 1, "\(cells)")
        #expect(Set(cells.map { Int($0.y.rounded()) }).count == 2 && Set(cells.map { Int($0.x.rounded()) }).count == 2, "\(cells)")
    }

    @Test func aStrideFinerThanTheEntryChecksAllowIsThinnedNotRefused() throws {
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let view = Chart {
            LineMark(x: .value("t", start), y: .value("v", 1))
            LineMark(x: .value("t", start.addingTimeInterval(365 * 86_400)), y: .value("v", 2))
        }
        .chartXAxis { AxisMarks(values: .stride(by: .hour)) }
        let node = ViewNode(archiving: view)
        guard case .chart(let chart) = node.content else { Issue.record("not a chart"); return }
        #expect(chart.x.ticks.count <= EntryValidator.maximumChartTicks && chart.x.ticks.count > 100, "\(chart.x.ticks.count)")
        #expect(try EntryValidator().validate(node) == node)
    }

    /// What an extension may send within the entry checks: values far off
    /// the domain, huge symbols and units, bounds near the largest double,
    /// positions past their count. Every renderer draws it without a trap.
    @Test func extremeValuesAreDrawnWithoutTrapping() throws {
        let mark = #"{"kind":"KIND","x":{"number":{"value":XV}},"y":{"number":{"value":1e300}},"stacked":true,"labels":[],"symbol":"circle","symbolSize":1e300,"unit":1e300,"positionIndex":9223372036854775807,"positionCount":2,"interpolation":"monotone"}"#
        let marks = ["bar", "rectangle", "line", "line", "area", "area", "point", "rule"].enumerated().map { index, kind in
            mark.replacingOccurrences(of: "KIND", with: kind).replacingOccurrences(of: "XV", with: index % 2 == 0 ? "-1e300" : "1e300")
        }
        for scale in [#"{"linear":{"lower":-1e308,"upper":1e308}}"#, #"{"linear":{"lower":0,"upper":100}}"#, #"{"linear":{"lower":5,"upper":5}}"#] {
            let axis = #"{"scale":\#(scale),"temporal":false,"reversed":true,"visible":true,"edge":"leading","ticks":[{"value":{"number":{"value":1e300}},"label":"far","gridLine":true,"tick":true}]}"#
            let json = #"{"marks":[\#(marks.joined(separator: ","))],"x":\#(axis),"y":\#(axis),"settings":{"xMarks":false,"yMarks":false}}"#
            let chart = try JSONDecoder().decode(ChartArchive.self, from: Data(json.utf8))
            let node = try EntryValidator().validate(ViewNode(.chart(chart)))
            for family in [WidgetFamily.systemSmall, .systemLarge] {
                let drawn = layout(ArchivedView(node), family)
                #expect(!SVGRenderer().render(drawn).isEmpty)
                #expect(!ANSIRenderer(colors: .none).render(drawn).isEmpty)
            }
        }
    }

    @Test func theCardSaysWhatTheChartShows() throws {
        let svg = SVGRenderer().render(layout(Self.bars))
        #expect(svg.contains("<title>Chart, Cups by Day, 3 bars</title>"), "\(svg.prefix(400))")
    }
}

private extension View {
    /// Two series, each of its own colour, with the legend shown.
    func interpolated() -> some View { chartLegend(.visible) }
}
