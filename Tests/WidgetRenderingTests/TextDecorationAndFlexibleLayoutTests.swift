import ExtensionProtocol
import Foundation
import Testing
@testable import WidgetRendering
@testable import WidgetSDK

/// Issue 37, what the compatibility corpus found missing: a row's sparkline
/// got no width, and `.strikethrough`, `.underline`, `.textCase`,
/// `String(localized:)`, `\(value, specifier:)`, `.background(_:in:)`,
/// `Font.system(_:design:)` and `RoundedRectangle(cornerRadius:style:)`
/// did not compile.
@Suite("Text lines, text case and views that grow in a stack")
struct TextDecorationAndFlexibleLayoutTests {
    private func layout<V: View>(_ view: V, _ family: WidgetFamily = .systemMedium) -> WidgetLayout {
        var environment = EnvironmentValues()
        environment.widgetFamily = family
        let node = EnvironmentValues.$current.withValue(environment) { ViewNode(archiving: view) }
        return LayoutEngine().layout(node, family: family)
    }

    /// A shape in a row between two texts takes what they leave, as in SwiftUI.
    @Test func aShapeInARowTakesWhatTheTextsLeave() throws {
        let row = HStack(spacing: 10) {
            Text("AAPL")
            Rectangle().fill(Color.green).frame(height: 24)
            Text("231.42")
        }
        let drawn = layout(row)
        let bar = try #require(drawn.drawables.first { if case .fill(.rectangle, _) = $0.kind { true } else { false } })
        let texts = drawn.drawables.filter { if case .text = $0.kind { true } else { false } }
        #expect(texts.count == 2)
        // The medium card's content is 332 points wide: the bar is what the texts and gaps leave.
        let textWidths = texts.map(\.frame.width).reduce(0, +)
        #expect(abs(bar.frame.width - (drawn.size.width - 32 - 20 - textWidths)) < 0.5, "\(drawn.outline)")
        #expect(bar.frame.height == 24)
    }

    /// A spacer and a growing view share what is left equally.
    @Test func aSpacerAndAGrowingViewShareWhatIsLeft() throws {
        let row = HStack(spacing: 0) {
            Circle().fill(Color.red)
            Spacer()
        }
        .frame(width: 200, height: 20)
        let drawn = layout(row)
        let circle = try #require(drawn.drawables.first { if case .fill(.circle, _) = $0.kind { true } else { false } })
        #expect(abs(circle.frame.width - 100) < 0.5, "\(drawn.outline)")
    }

    /// `.frame(maxWidth: .infinity)` grows; a fixed frame does not.
    @Test func aFrameWithAnInfiniteMaximumGrowsAndAFixedOneDoesNot() {
        let text = Text("Hi")
        #expect(LayoutPass.expands(ViewNode(archiving: text.frame(maxWidth: .infinity)), vertical: false))
        #expect(!LayoutPass.expands(ViewNode(archiving: text.frame(maxWidth: .infinity)), vertical: true))
        #expect(!LayoutPass.expands(ViewNode(archiving: Rectangle().frame(width: 20)), vertical: false))
        #expect(LayoutPass.expands(ViewNode(archiving: Rectangle().frame(width: 20)), vertical: true))
        #expect(LayoutPass.expands(ViewNode(archiving: HStack { Text("a"); Spacer() }), vertical: false))
        #expect(!LayoutPass.expands(ViewNode(archiving: HStack { Text("a"); Spacer() }), vertical: true))
        #expect(!LayoutPass.expands(ViewNode(archiving: text), vertical: false))
    }

    @Test func struckThroughAndUnderlinedTextIsDrawnWithItsLines() throws {
        let view = VStack {
            Text("Sourdough").strikethrough(true)
            Text("Basil").underline(color: .red)
            Text("Milk").strikethrough(false)
        }
        let drawn = layout(view)
        let lines = drawn.drawables.compactMap { drawable -> String? in
            guard case .text(let text, _) = drawable.kind else { return nil }
            return "\(text[0]) \(drawable.underline != nil) \(drawable.strikethrough != nil)"
        }
        #expect(lines == ["Sourdough false true", "Basil true false", "Milk false false"])
        let svg = SVGRenderer().render(drawn)
        // One line through "Sourdough" in the text's colour, one under "Basil" in red.
        let rects = svg.split(separator: "\n").filter { $0.hasPrefix("<rect x=") && !$0.contains("rx=") }
        #expect(rects.count == 2, "\(svg)")
        #expect(rects.contains { $0.contains(##"fill="#ff3b30""##) }, "\(rects)")

        let board = ANSIRenderer(colors: .truecolor).render(drawn)
        #expect(board.contains(";9m") && board.contains(";4m"), "\(board)")
    }

    @Test func textCaseShowsCapitalsAsTheLanguageWritesThem() {
        let drawn = layout(Text("Nächste Abfahrten").textCase(.uppercase))
        let texts = drawn.drawables.compactMap { if case .text(let lines, _) = $0.kind { lines.joined() } else { nil } }
        #expect(texts == ["NÄCHSTE ABFAHRTEN"])
        let small = layout(VStack { Text("LOUD") }.textCase(.lowercase))
        #expect(small.drawables.contains { if case .text(let lines, _) = $0.kind { lines == ["loud"] } else { false } })
    }

    /// Round trip through the extension protocol's archive, and the entry checks.
    @Test func theNewModifiersCrossTheArchive() throws {
        let node = ViewNode(archiving: VStack {
            Text("a").underline(color: .blue)
            Text("b").strikethrough()
        }.textCase(.uppercase))
        let entry = ArchivedEntry(date: Date(timeIntervalSince1970: 0), view: node)
        #expect(try ArchiveCodec.decodeEntry(ArchiveCodec.encode(entry)).view == node)
        #expect(try EntryValidator().validate(node) == node)
    }

    @Test func stringsFromLocalizedKeysAndSpecifiers() {
        #expect(String(localized: "Next departures") == "Next departures")
        let count = 3
        #expect(String(localized: "\(count) left") == "3 left")
        #expect(String(localized: "greeting", defaultValue: "Hello") == "Hello")
        let kilowatts = 18.64
        let text = LocalizedStringKey("\(kilowatts, specifier: "%.1f") kWh")
        #expect(text.key == "%.1f kWh")
        #expect(text.parts == [.text("18.6 kWh")])
    }

    @Test func fontsByTextStyleAndDesign() {
        #expect(Font.system(.subheadline, design: .rounded) == Font(size: 15, weight: .regular, design: .rounded))
        #expect(Font.system(.headline) == .headline)
        #expect(Font.system(.caption, weight: .bold).weight == .bold)
        #expect(RoundedRectangle(cornerRadius: 8, style: .continuous).cornerRadius == 8)
    }

    /// SwiftUI's `Grid` of `GridRow`s: cells line up in columns; a divider spans the grid.
    @Test func aGridOfRowsLinesItsCellsUpInColumns() throws {
        let grid = Grid(alignment: .leading) {
            GridRow { Text("Mon"); Text("12°") }
            Divider()
            GridRow { Text("Tuesday"); Text("9°") }
        }
        let drawn = layout(grid)
        func x(_ string: String) throws -> Double {
            try #require(drawn.drawables.first { if case .text(let lines, _) = $0.kind { lines == [string] } else { false } }).frame.x
        }
        #expect(try x("Mon") == x("Tuesday"))
        #expect(try x("12°") == x("9°"))
        #expect(try x("12°") > x("Tuesday"))
        let divider = try #require(drawn.drawables.first { if case .fill(.rectangle, _) = $0.kind { $0.frame.height == 1 } else { false } })
        #expect(divider.frame.width == drawn.size.width - 32, "\(drawn.outline)")
    }

    /// A material is drawn at rest: the card's background, translucent.
    @Test func aMaterialIsTheCardsBackgroundTranslucent() {
        let drawn = layout(Text("Now playing").padding().background(.regularMaterial), .systemSmall)
        #expect(drawn.drawables.contains { drawable in
            if case .fill(.rectangle, .semantic(.background, let opacity)) = drawable.kind { abs(opacity - 0.65) < 0.01 } else { false }
        }, "\(drawn.outline)")
    }

    /// A shape as a mask clips; a gradient fading out leaves the view whole.
    @Test func aShapeMaskClipsAndAnyOtherLeavesTheViewWhole() {
        let clipped = ViewNode(archiving: Color.red.mask { Circle() })
        #expect(clipped.modifiers.contains(.clipShape(.circle)))
        let faded = ViewNode(archiving: Color.red.mask { LinearGradient(colors: [.black, .clear], startPoint: .top, endPoint: .bottom) })
        // A gradient fills its frame: at most a clip to the view's own bounds.
        #expect(!faded.modifiers.contains { if case .clipShape(let shape) = $0 { shape != .rectangle } else { false } }, "\(faded.modifiers)")
    }

    @Test func monospacedTextIsDrawnInTheMonospacedDesign() throws {
        let drawn = layout(VStack { Text("0xCAFE").monospaced(); Text("plain") }.font(.body.weight(.bold)))
        let fonts = drawn.drawables.compactMap { if case .text(_, let font) = $0.kind { font } else { nil } }
        #expect(fonts.map(\.design) == [.monospaced, .default])
        #expect(fonts.allSatisfy { $0.weight == .bold && $0.size == 17 })
        let entry = ArchivedEntry(date: Date(timeIntervalSince1970: 0), view: ViewNode(archiving: Text("a").fontDesign(.serif)))
        #expect(try ArchiveCodec.decodeEntry(ArchiveCodec.encode(entry)) == entry)
    }
}
