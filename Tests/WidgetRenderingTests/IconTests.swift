import Foundation
import Testing
@testable import WidgetRendering
import WidgetSDK
import WidgetTestSupport

/// Issue 24: `Image(systemName:)` draws a real glyph for the SF Symbol
/// names widgets commonly use, from a freely licensed icon font, in SVG,
/// PNG and on the board.
@Suite("SF Symbols")
struct IconTests {
    private static func card(_ name: String) -> WidgetLayout {
        LayoutEngine().layout(ViewNode(.image(.symbol(name)), modifiers: [.frame(Frame(width: 48, height: 48))]), family: .systemSmall)
    }

    @Test func theTableIsLargeAndEveryNameHasAGlyph() throws {
        let font = try #require(IconFont.shared, "fonts-material-design-icons-iconfont is installed by the Makefile")
        #expect(SymbolCatalog.all.count >= 150)
        #expect(Set(SymbolCatalog.all.map(\.name)).count == SymbolCatalog.all.count, "each name once")
        for symbol in SymbolCatalog.all {
            let outline = try #require(font.pathData(symbol.codepoint), "\(symbol.name) → \(symbol.material) has no glyph")
            #expect(outline.hasPrefix("M") && outline.contains("Z"))
            let svg = SVGRenderer().render(Self.card(symbol.name))
            #expect(svg.contains("<path transform=") && !svg.contains("stroke-dasharray"), "\(symbol.name) drawn as a glyph")
        }
    }

    /// Each glyph, rasterised, puts ink where the icon is, and differs from the placeholder.
    @Test func everyGlyphRastersAsInkNotAsThePlaceholder() throws {
        func ink(_ name: String) throws -> (count: Int, pixels: [[UInt8]]) {
            let png = try PNGRasterizer.png(svg: SVGRenderer().render(Self.card(name)))
            let image = try PNGImage(png)
            var count = 0
            for row in image.samples {
                for x in stride(from: 0, to: row.count, by: 4) where row[x + 3] > 0 && Int(row[x]) + Int(row[x + 1]) + Int(row[x + 2]) < 300 {
                    count += 1
                }
            }
            return (count, image.samples)
        }
        let placeholder = try ink("no.such.symbol")
        #expect(placeholder.count > 20, "the placeholder is visible")
        for symbol in SymbolCatalog.all {
            let drawn = try ink(symbol.name)
            #expect(drawn.count > 20, "\(symbol.name): \(drawn.count) inked pixels")
            #expect(drawn.pixels != placeholder.pixels, "\(symbol.name) is not the placeholder")
        }
    }

    @Test func theBoardDrawsOneCellAndTheUnknownAsAQuestionMark() {
        let known = ANSIRenderer(colors: .none).render(Self.card("heart.fill"))
        #expect(known.contains("♥"))
        let letter = ANSIRenderer(colors: .none).render(Self.card("cpu"))
        #expect(letter.contains("C"), "a name without a glyph of its own is its first letter")
        let unknown = ANSIRenderer(colors: .none).render(Self.card("no.such.symbol"))
        #expect(unknown.contains("?"))
    }

    @Test func unknownNamesAreFoundInEveryVariantWithTheirNearestNeighbours() {
        let view = ViewNode(.vstack(alignment: .leading, spacing: 0), children: [
            ViewNode(.image(.symbol("star.fill"))), ViewNode(.image(.symbol("hart.fill"))),
            ViewNode(.hstack(alignment: .center, spacing: 0), children: [ViewNode(.image(.symbol("zzz.unknown")))]),
        ])
        #expect(SymbolCatalog.unknownNames(in: view) == ["hart.fill", "zzz.unknown"])
        #expect(SymbolCatalog.nearest(to: "hart.fill").first == "heart.fill")
        #expect(SymbolCatalog.warning(kind: "Pulse", name: "hart.fill").hasPrefix(
            "Pulse draws SF Symbol 'hart.fill', which widgethost does not know: it shows as a dashed square with '?'; nearest known: heart.fill"))
    }

    /// docs/symbols.md lists the names from the table itself.
    @Test func theSymbolsPageListsEveryName() throws {
        let page = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("docs/symbols.md"), encoding: .utf8)
        let begin = try #require(page.range(of: "<!-- symbols: begin -->\n")), end = try #require(page.range(of: "<!-- symbols: end -->"))
        #expect(String(page[begin.upperBound..<end.lowerBound]) == SymbolCatalog.markdownTable,
                "docs/symbols.md's table is not the catalog's: paste 'widgethost symbols --markdown' between the markers")
    }
}
