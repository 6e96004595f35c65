import Foundation
import Testing
import WidgetFoundation

/// Issue 37: `NSAttributedString` from HTML, as news and feed widgets make
/// their snippets, and `AttributedString(_:)` from it: the text and links.
@Suite("Attributed text from HTML")
struct AttributedHTMLTests {
    private func read(_ html: String) throws -> NSAttributedString {
        try NSAttributedString(data: Data(html.utf8), options: [.documentType: NSAttributedString.DocumentType.html], documentAttributes: nil)
    }

    @Test func theTextIsKeptWithBlocksAsLinesAndReferencesDecoded() throws {
        let html = """
            <html><head><style>p { color: red }</style><script>alert("no")</script></head>
            <body><h1>Rain   at&nbsp;noon</h1><p>Bring an <b>umbrella</b> &amp; boots &#8212; &#x2603;</p>line<br>two</body></html>
            """
        #expect(try read(html).string == "Rain at\u{00A0}noon\nBring an umbrella & boots — ☃\nline\ntwo")
        #expect(try read("a &unknown; b &lt;c&gt;").string == "a &unknown; b <c>")
    }

    @Test func linksBecomeTheRunsLinks() throws {
        let text = AttributedString(try read(#"Read <a href="https://example.com/a">the story</a> now"#))
        #expect(String(text.characters) == "Read the story now")
        let linked = text.runs.compactMap { run in run.link.map { (String(text[run.range].characters), $0) } }
        #expect(linked.map(\.0) == ["the story"] && linked.map(\.1) == [URL(string: "https://example.com/a")!])
    }

    @Test func plainTextIsTakenAsItIs() throws {
        let plain = try NSAttributedString(data: Data("a <b>".utf8), options: [:], documentAttributes: nil)
        #expect(plain.string == "a <b>")
    }
}
