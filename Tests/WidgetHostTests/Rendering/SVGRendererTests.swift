import FakeGitHub
import Foundation
import HostTestSupport

#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import WidgetHost
import WidgetKinds
@testable import WidgetRendering
import WidgetSDK

@Suite("SVG rendering")
struct SVGRendererTests {
    /// Element names, or nil when the document is not well-formed XML.
    private func elements(_ svg: String) -> [String]? {
        final class Collector: NSObject, XMLParserDelegate {
            var names: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
                names.append(name)
            }
        }
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        return parser.parse() ? collector.names : nil
    }

    @Test func aRealEntryIsValidXMLWithTheRepositoryAndItsCounts() async throws {
        let fixture = try await GitHubFixture()
        let timeline = try await fixture.timeline("SingleRepo", family: .systemLarge, ["repo": .string("apple/swift")])
        let svg = RenderableView(view: timeline.entries[0].view, family: .systemLarge, date: nil, redacted: false).svg()
        let names = try #require(elements(svg), "not well-formed XML")
        #expect(names.first == "svg")
        #expect(svg.contains(">swift</text>"))
        #expect(svg.contains(">67k</text>") && svg.contains(">10.3k</text>") && svg.contains(">7k</text>"))
        #expect(svg.contains(#"width="364" height="382""#))
        #expect(svg.contains("href=\"data:image/png;base64,"), "avatars embedded as data URIs")
        #expect(names.contains("clipPath"), "avatars clipped to a circle")
    }

    @Test func networkTextIsEscapedAndNeverMarkup() async throws {
        let fixture = try await GitHubFixture()
        fixture.server.add(.init(owner: "evil", name: "markup", description: "<script>alert(1)</script> & \"quotes\""))
        let timeline = try await fixture.timeline("SingleRepo", family: .systemLarge, ["repo": .string("evil/markup")])
        let svg = RenderableView(view: timeline.entries[0].view, family: .systemLarge, date: nil, redacted: false).svg()
        let names = try #require(elements(svg), "not well-formed XML")
        #expect(!names.contains("script"))
        #expect(!svg.contains("<script"))
        #expect(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;"))
    }

    @Test(arguments: RenderingMode.allCases)
    func everyModeIsValidXML(_ mode: RenderingMode) async throws {
        let fixture = try await GitHubFixture()
        let svg = try await fixture.workspace.preview(try fixture.kind("SingleRepo"), family: .systemLarge).svg(mode: mode)
        #expect(elements(svg) != nil)
    }

    @Test func accentedOutputUsesOnlyTheAccentAndSecondaryColours() async throws {
        let fixture = try await GitHubFixture()
        let timeline = try await fixture.timeline("SingleRepo", family: .systemLarge, ["repo": .string("apple/swift")])
        let svg = RenderableView(view: timeline.entries[0].view, family: .systemLarge, date: nil, redacted: false).svg(mode: .accented)
        let withoutImages = svg.replacingOccurrences(of: #"<image [^>]*/>"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"<filter .*?</filter>"#, with: "", options: .regularExpression)
        let colours = Set(withoutImages.matches(of: /#[0-9a-fA-F]{6}/).map { String($0.output).lowercased() })
        let palette = Palette(mode: .accented)
        #expect(colours == [palette.legibleAccent, palette.accentedSecondary, palette.tintedCard])
        #expect(svg.contains(#"fill="\#(palette.legibleAccent)""#), "the accentable days and symbols")
    }

    @Test func placeholdersAreRedacted() async throws {
        let fixture = try await GitHubFixture()
        let kind = try fixture.kind("SingleRepo")
        let placeholder = try await kind.descriptor.provider.placeholder(in: kind.context(for: .systemMedium))
        let svg = RenderableView(view: placeholder.view, family: .systemMedium, date: nil, redacted: true).svg()
        #expect(elements(svg) != nil)
        #expect(!svg.contains("<text"), "no words, only bars")
        #expect(svg.contains("fill-opacity=\"0.35\""))
    }

    @Test func escapingCoversEveryMarkupCharacter() {
        #expect(SVGRenderer.escape(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(SVGRenderer.escape("bell\u{07}tab\t") == "belltab\t")
    }
}
