import Foundation
import SwiftUI
import Testing
import WidgetKit
@testable import WidgetRendering
@testable import WidgetSDK

/// Issue 38: asset catalogs as iOS reads them. SVG vectors drawn as they
/// are, `template-rendering-intent` and `.renderingMode(.template)` drawn as
/// the image's shape in the foreground style, colorsets' Display P3 and
/// high-contrast appearances.
@Suite("Asset images and colours")
struct AssetImageTests {
    static let triangle = Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- exported -->
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><path d="M12 2 L22 21 H2 Z"/></svg>
        """.utf8)

    @Test func anSVGDocumentsSizeIsItsRootsWidthAndHeightElseItsViewBox() {
        func size(_ text: String) -> [Int]? { ImageHeader.size(of: Data(text.utf8)).map { [$0.width, $0.height] } }
        #expect(size(String(decoding: Self.triangle, as: UTF8.self)) == [24, 24])
        #expect(size(#"<svg viewBox="0 0 120 40.5"/>"#) == [120, 41])
        #expect(size(#"<svg width="60" viewBox="0,0,120,40"></svg>"#) == [60, 20], "one side and the box's proportions")
        #expect(size(#"<svg width="100%" height="100%" viewBox="0 0 32 16"/>"#) == [32, 16], "relative lengths take the box")
        #expect(size(#"<svg width="1in" height="36pt"/>"#) == [96, 48])
        #expect(size("\u{FEFF}<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n<svg width='8' height='8'/>") == [8, 8])
        #expect(size(#"<svg width="8"/>"#) == nil, "no height and no box: no size")
        #expect(size(#"<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg width="8" height="8">&a;</svg>"#) == nil, "a DOCTYPE of its own is refused")
        #expect(size(#"<svg width="8" height="8"><!ENTITY a "x"></svg>"#) == nil)
        #expect(size(#"<svgx width="8" height="8"/>"#) == nil)
        #expect(size(#"<html><svg width="8" height="8"/></html>"#) == nil, "the root must be the svg")
        #expect(size(#"<svg data-width="8" height="8" viewBox="0 0 4 4"/>"#) == [8, 8], "an attribute ending in width is not width")
        #expect(EntryValidator.accepts(image: Self.triangle))
    }

    /// An untrusted kind's SVG must not pass as smaller than it is drawn:
    /// the size is read attribute by attribute, and what cannot be known
    /// for certain is refused.
    @Test func anSVGThatCouldHideItsSizeIsRefused() {
        func size(_ text: String) -> [Int]? { ImageHeader.size(of: Data(text.utf8)).map { [$0.width, $0.height] } }
        #expect(size(#"<svg a=" width='1' height='1'" width="30000" height="30000"/>"#) == [30000, 30000], "a width inside another value is not the width")
        #expect(!EntryValidator.accepts(image: Data(#"<svg a=" width='1' height='1'" width="30000" height="30000"/>"#.utf8)))
        #expect(size(#"<svg width="&#51;&#48;&#48;&#48;&#48;" viewBox="0 0 1 1"/>"#) == nil, "a character reference")
        #expect(size(#"<svg width="100em" height="100em" viewBox="0 0 1 1"/>"#) == nil, "a unit of the font's size")
        #expect(size(#"<svg style="width: 9000px" viewBox="0 0 1 1"/>"#) == nil, "a size in the root's style")
        #expect(size(#"<svg style="enable-background:new 0 0 24 24" viewBox="0 0 24 24"/>"#) == [24, 24], "Illustrator's style is no size")
        #expect(size(#"<svg width="8"height="8"/>"#) == nil, "attributes run together")
        #expect(size(#"<svg width=8 height=8/>"#) == nil, "unquoted values")
        #expect(size("<?x ?>\n<!DOCTYPE svg SYSTEM \"svg.dtd\"><svg width='8' height='8'/>") == [8, 8], "an external DTD is never fetched")
        #expect(size(String(repeating: "<?a?>", count: 50_000) + #"<svg width="8" height="8"/>"#) == [8, 8], "a long prolog is read once")
    }

    @Test func anSVGIsResizedToBeDrawnSharpAndKeepsItsDrawing() throws {
        let icon = try #require(SVGRootElement(Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="12"><path d="M0 0h24v12z"/></svg>"#.utf8)))
        let resized = try #require(icon.resized(width: 240, height: 120))
        let text = String(decoding: resized, as: UTF8.self)
        #expect(text == #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24.0 12.0" width="240.0" height="120.0"><path d="M0 0h24v12z"/></svg>"#,
                "a box of its own size, so the drawing scales: \(text)")
        #expect(SVGRootElement(resized)?.size.map { [$0.width, $0.height] } == [240, 120])

        // In a card about to be drawn as PNG: its frame's size times the scale, covering the frame.
        let card = #"<svg><image x="0" y="0" width="60" height="20" preserveAspectRatio="xMidYMid slice" href="data:image/svg+xml;base64,\#(Data(#"<svg width="24" height="12"/>"#.utf8).base64EncodedString())"/><image href="data:image/png;base64,AAAA"/></svg>"#
        let sharpened = NestedSVGImages.sharpened(card, scale: 2)
        let encoded = try #require(sharpened.firstRange(of: "base64,").map { sharpened[$0.upperBound...].prefix { $0 != "\"" } })
        let nestedData = try #require(Data(base64Encoded: String(encoded)))
        let nested = try #require(SVGRootElement(nestedData))
        #expect(nested.size.map { [$0.width, $0.height] } == [120, 60], "60 wide at scale 2, its proportions kept")
        #expect(sharpened.hasSuffix(#"<image href="data:image/png;base64,AAAA"/></svg>"#), "other images as they were")
    }

    struct Marks: View {
        var body: some View {
            HStack {
                Image(data: AssetImageTests.triangle).renderingMode(.template).frame(width: 20, height: 20)
                Image(data: AssetImageTests.triangle).frame(width: 20, height: 20)
            }
            .foregroundStyle(Color(red: 1, green: 0, blue: 0))
        }
    }

    @Test func aTemplateImageIsItsShapeInTheForegroundStyleAndAnSVGIsEmbeddedAsOne() async throws {
        let view = try await EnvironmentVariantsTests.snapshot { _ in Marks() }
        let svg = RenderableView(view: view, family: .systemSmall, date: nil, redacted: false).svg()
        let embedded = "data:image/svg+xml;base64,\(Self.triangle.base64EncodedString())"
        #expect(svg.components(separatedBy: embedded).count == 3, "both images, as SVG: \(svg)")
        #expect(svg.components(separatedBy: ##"<feFlood flood-color="#ff0000"/><feComposite in2="SourceGraphic" operator="in"/>"##).count == 2,
                "only the template one is flooded: \(svg)")
        let outline = RenderableView(view: view, family: .systemSmall, date: nil, redacted: false).layout().outline
        #expect(outline.components(separatedBy: " template").count == 2, "\(outline)")
    }

    @Test func aColorSetsDisplayP3ColourIsConvertedAndItsHighContrastAppearancesKept() throws {
        let contents = Data(#"""
            {"colors": [
              {"color": {"color-space": "display-p3", "components": {"alpha": "1.000", "blue": "0.400", "green": "0.600", "red": "0.200"}}, "idiom": "universal"},
              {"appearances": [{"appearance": "luminosity", "value": "dark"}],
               "color": {"color-space": "srgb", "components": {"alpha": "1.000", "blue": "1.000", "green": "1.000", "red": "1.000"}}, "idiom": "universal"},
              {"appearances": [{"appearance": "contrast", "value": "high"}],
               "color": {"color-space": "srgb", "components": {"alpha": "1.000", "blue": "0", "green": "0", "red": "0"}}, "idiom": "universal"}
            ]}
            """#.utf8)
        let set = try #require(ModuleResources.parseColorSet(contents))
        guard case .rgb(let red, let green, let blue, _) = set.light else { Issue.record("\(set.light)"); return }
        // P3's green is beyond sRGB's: red goes below 0 and is clipped.
        #expect(red == 0 && abs(green - 0.6102) < 0.001 && abs(blue - 0.3814) < 0.001, "\(set.light)")
        #expect(set.dark == Color(red: 1, green: 1, blue: 1, opacity: 1))
        #expect(set.resolved(dark: false, highContrast: true) == Color(red: 0, green: 0, blue: 0, opacity: 1))
        #expect(set.resolved(dark: true, highContrast: true) == set.dark, "no dark high-contrast appearance: the dark one")
        let grey = ModuleResources.sRGB(displayP3: (0.5, 0.5, 0.5))
        #expect(abs(grey.0 - 0.5) < 1e-6 && abs(grey.1 - 0.5) < 1e-6 && abs(grey.2 - 0.5) < 1e-6, "the same white point: greys are kept")
    }
}
