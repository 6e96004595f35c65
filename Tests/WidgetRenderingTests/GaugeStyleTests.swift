import ExtensionProtocol
import Foundation
import Testing
@testable import WidgetRendering
import WidgetSDK

/// Issue 37: gauges with their labels and the Lock Screen's styles, as
/// Xcode's templates and five of thirteen real extensions write them.
@Suite("Gauges, their labels and styles")
struct GaugeStyleTests {
    private func outline(_ view: some View, _ family: WidgetFamily = .systemSmall) -> String {
        LayoutEngine().layout(ViewNode(archiving: view), family: family).outline
    }

    private func texts(_ outline: String) -> [String] {
        outline.split(separator: "\n").compactMap { line in line.firstMatch(of: /text .* "(.*)"/).map { String($0.1) } }
    }

    @Test func theLabelsAndStyleTravelInTheArchive() throws {
        let node = ViewNode(archiving: Gauge(value: 0.5) { Text("Level") } currentValueLabel: { Text("50%") }.gaugeStyle(.accessoryCircularCapacity))
        let entry = ArchivedEntry(date: Date(timeIntervalSince1970: 0), view: node)
        #expect(try ArchiveCodec.decodeEntry(ArchiveCodec.encode(entry)).view == node)
        #expect(try EntryValidator().validate(node) == node)
    }

    /// `.tint` colours the fill, as the corpus's battery ring (green or red)
    /// and podcast bar (its AccentColor) say; the archive keeps it.
    @Test func theTintColoursTheFillAndTravelsInTheArchive() throws {
        let tinted = Gauge(value: 0.5) { EmptyView() }.gaugeStyle(.accessoryCircularCapacity).tint(.green)
        let svg = SVGRenderer().render(LayoutEngine().layout(ViewNode(archiving: tinted), family: .accessoryCircular))
        let plain = SVGRenderer().render(LayoutEngine().layout(ViewNode(archiving: Gauge(value: 0.5) { EmptyView() }
            .gaugeStyle(.accessoryCircularCapacity)), family: .accessoryCircular))
        #expect(svg != plain && svg.lowercased().contains("#34c759"), "the ring is iOS's green: \(svg)")
        let node = ViewNode(archiving: ProgressView(value: 0.3).tint(.red))
        #expect(try ArchiveCodec.decodeEntry(ArchiveCodec.encode(ArchivedEntry(date: Date(timeIntervalSince1970: 0), view: node))).view == node)
        #expect(node.modifiers.contains(.tint(.red)))
    }

    @Test func aCircularCapacityGaugeIsARingFilledToItsValueWithTheValueInside() {
        let drawn = outline(Gauge(value: 6.0, in: 0...8) { Text("Glasses") } currentValueLabel: { Text("6") }
            .gaugeStyle(.accessoryCircularCapacity), .accessoryCircular)
        #expect(drawn.contains("arc 0.0,0.0 76.0×76.0 0.0–1.0 turns 6.0pt"), "the track: \(drawn)")
        #expect(drawn.contains("arc 0.0,0.0 76.0×76.0 0.0–0.8 turns 6.0pt"), "filled to 6 of 8: \(drawn)")
        #expect(texts(drawn) == ["6", "Glasses"], "\(drawn)")
    }

    @Test func aCircularGaugeIsAnOpenRingWithAMarkerAndItsBoundsAtTheEnds() throws {
        let drawn = outline(Gauge(value: 0.0, in: 0...1) { Text("UV") } currentValueLabel: { Text("0") }
            minimumValueLabel: { Text("L") } maximumValueLabel: { Text("H") }.gaugeStyle(.accessoryCircular), .accessoryCircular)
        #expect(drawn.contains("arc 0.0,0.0 76.0×76.0 0.6–1.4 turns"), "open at the bottom: \(drawn)")
        #expect(texts(drawn) == ["0", "L", "H"], "the label gives way to the bounds: \(drawn)")
        // At 0 the marker sits at the ring's lower left end.
        let marker = try #require(drawn.split(separator: "\n").first { $0.hasPrefix("fill ") && $0.contains("circle") })
        let x = try #require(Double(marker.split(separator: " ")[1].split(separator: ",")[0]))
        #expect(x < 20, "\(marker)")
    }

    @Test func aLinearGaugeHasItsLabelAndValueAboveAndItsBoundsAtItsEnds() {
        let drawn = outline(Gauge(value: 0.4) { Text("Battery") } currentValueLabel: { Text("40%") }
            minimumValueLabel: { Text("0") } maximumValueLabel: { Text("100") })
        #expect(texts(drawn) == ["Battery", "40%", "0", "100"], "\(drawn)")
        #expect(drawn.contains("12.0pt regular \"Battery\""), "caption type: \(drawn)")
        #expect(drawn.contains("circle"), "the default keeps its marker: \(drawn)")
        let capacity = outline(Gauge(value: 0.4) { Text("Battery") }.gaugeStyle(.linearCapacity))
        #expect(!capacity.contains("circle"), "a capacity bar has none: \(capacity)")
    }

    @Test func aGaugeWithoutLabelsIsDrawnAsBefore() {
        let bare = outline(Gauge(value: 72.0, in: 0...100))
        let styled = outline(Gauge(value: 72.0, in: 0...100).gaugeStyle(.automatic))
        #expect(bare == styled)
        #expect(!bare.contains("arc"))
    }
}

/// Issue 37: `HStack(alignment: .firstTextBaseline)`, in Xcode's template,
/// did not compile; texts of two sizes now share a baseline.
@Suite("Rows on a text baseline")
struct TextBaselineTests {
    /// Each text drawable's first baseline, as the SVG draws it.
    private func baselines(_ view: some View) -> [Double] {
        LayoutEngine().layout(ViewNode(archiving: view), family: .systemMedium).drawables.compactMap { drawable in
            guard case .text(_, let font) = drawable.kind else { return nil }
            return drawable.frame.y + font.size * 1.03
        }
    }

    @Test func textsOfTwoSizesShareTheFirstBaseline() throws {
        let row = HStack(alignment: .firstTextBaseline) {
            Text("42").font(.largeTitle)
            Text("glasses").font(.caption)
        }
        let lines = baselines(row)
        #expect(lines.count == 2)
        #expect(abs(lines[0] - lines[1]) < 0.01, "\(lines)")
        let centred = baselines(HStack { Text("42").font(.largeTitle); Text("glasses").font(.caption) })
        #expect(abs(centred[0] - centred[1]) > 5, "centred, they do not: \(centred)")
    }

    @Test func theLastBaselineLinesUpTheLastLines() throws {
        let row = HStack(alignment: .lastTextBaseline) {
            VStack { Text("Water").font(.caption); Text("42").font(.title) }
            Text("glasses").font(.caption2)
        }
        let lines = baselines(row)
        #expect(abs(lines[1] - lines[2]) < 0.01, "the title and the caption: \(lines)")
    }
}
