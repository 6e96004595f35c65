import Foundation
import WidgetRendering
import WidgetSDK

/// What a Swift Charts chart costs (issue 42): archiving it in the
/// extension (its axes resolved, its labels formatted), then laying it out
/// and drawing it as a card, on the board and as a PNG, at two sizes.
func chartBench(engine: LayoutEngine, renderer: SVGRenderer) throws {
    let monday = Date(timeIntervalSince1970: 1_795_435_200)
    let steps = [6_240, 9_812, 7_430, 11_205, 5_120, 8_960, 3_870]
    func weekly() -> some View {
        Chart {
            ForEach(steps.indices, id: \.self) { day in
                BarMark(x: .value("Day", monday.addingTimeInterval(Double(day) * 86_400), unit: .day), y: .value("Steps", steps[day]))
                    .foregroundStyle(steps[day] >= 8_000 ? Color.green : Color.green.opacity(0.45))
                    .cornerRadius(3)
            }
            RuleMark(y: .value("Goal", 8_000)).foregroundStyle(.orange).lineStyle(StrokeStyle(lineWidth: 1, dash: [3, 2]))
        }
        .chartXAxis { AxisMarks(values: .stride(by: .day)) { _ in AxisValueLabel(format: .dateTime.weekday(.narrow), centered: true) } }
    }
    // A day of heart rate every 15 minutes: an area, a smooth line and a point each, in three zones with a legend.
    let samples: [(minute: Int, bpm: Double)] = (0..<96).map { index in
        let wave: Double = sin(Double(index) / 9) * sin(Double(index) / 31)
        return (minute: index * 15, bpm: 70 + 50 * wave)
    }
    func zone(_ bpm: Double) -> String { bpm > 110 ? "Cardio" : bpm > 80 ? "Fat burn" : "Rest" }
    func heartRate() -> some View {
        Chart(samples, id: \.minute) { sample in
            AreaMark(x: .value("Minute", sample.minute), y: .value("BPM", sample.bpm))
                .foregroundStyle(LinearGradient(colors: [.red.opacity(0.35), .red.opacity(0.02)], startPoint: .top, endPoint: .bottom))
                .interpolationMethod(.catmullRom)
            LineMark(x: .value("Minute", sample.minute), y: .value("BPM", sample.bpm)).foregroundStyle(.red).interpolationMethod(.catmullRom)
            PointMark(x: .value("Minute", sample.minute), y: .value("BPM", sample.bpm))
                .foregroundStyle(by: .value("Zone", zone(sample.bpm)))
                .symbolSize(12)
        }
        .chartYScale(domain: .automatic(includesZero: false))
    }
    print("charts (Swift Charts, issue 42): archived in the extension, then drawn by the host:")
    let cases: [(String, WidgetFamily, () -> ViewNode)] = [
        ("7 bars and a rule, systemMedium", .systemMedium, { ViewNode(archiving: weekly()) }),
        ("96-point area, line and points, systemLarge", .systemLarge, { ViewNode(archiving: heartRate()) }),
    ]
    for (name, family, archive) in cases {
        let iterations = 2_000
        var node = archive()
        let archiveBegan = ContinuousClock.now
        for _ in 0..<iterations { node = archive() }
        let archiveSeconds = (ContinuousClock.now - archiveBegan) / .seconds(1)
        var bytes = 0
        let svgBegan = ContinuousClock.now
        for _ in 0..<iterations { bytes = renderer.render(engine.layout(node, family: family)).utf8.count }
        let svgSeconds = (ContinuousClock.now - svgBegan) / .seconds(1)
        let boardBegan = ContinuousClock.now
        for _ in 0..<iterations { _ = ANSIRenderer(colors: .truecolor).render(engine.layout(node, family: family)) }
        let boardSeconds = (ContinuousClock.now - boardBegan) / .seconds(1)
        let svg = renderer.render(engine.layout(node, family: family))
        let rasterised = 50
        let pngBegan = ContinuousClock.now
        for _ in 0..<rasterised { _ = try PNGRasterizer.inProcess.png(svg: svg, scale: 2, palette: .color) }
        let pngSeconds = (ContinuousClock.now - pngBegan) / .seconds(1)
        func micro(_ seconds: Double, _ count: Int) -> String { String(format: "%.0f µs", seconds / Double(count) * 1_000_000) }
        print("  \(name):")
        print("    archive \(micro(archiveSeconds, iterations)), layout + SVG \(micro(svgSeconds, iterations)) (\(bytes) bytes), "
              + "layout + board \(micro(boardSeconds, iterations)), PNG at scale 2 \(String(format: "%.1f ms", pngSeconds / Double(rasterised) * 1_000))")
    }
}
