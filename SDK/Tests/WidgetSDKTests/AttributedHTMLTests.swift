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

    @Test func whatIsNotATagIsTextAndWhatIsHiddenStaysHidden() throws {
        #expect(try read(#"<p title="a>b">5 < 6</p><!-- <p>old</p> --><P>Up<BR>case</P>"#).string == "5 < 6\nUp\ncase")
        #expect(try read("<ul><li>one</li><li>two</li></ul><table><tr><td>a</td><td>b</td></tr></table>").string == "• one\n• two\na\tb")
        #expect(try read("a\n<b> b</b>  <i>c</i>").string == "a b c", "white space between elements is one space")
        #expect(try read("<p>x <a href=u>").string == "x", "an unclosed tag at the end")
    }

    @Test func linksAreReadAsBrowsersReadThemAndNeverPastTheText() throws {
        func links(_ html: String) throws -> [String] {
            let text = AttributedString(try read(html))
            return text.runs.compactMap { run in run.link.map { "\(String(text[run.range].characters))=\($0.absoluteString)" } }
        }
        // Trailing white space inside a link at the end is trimmed from the text; the link stops there.
        #expect(try links(#"<a href="https://x/a">Read more </a>"#) == ["Read more=https://x/a"])
        #expect(try links("<p>x <a href=https://x/e></a></p>\n") == [], "an empty link is no link")
        #expect(try links(#"<A HREF = 'https://x/q?a=1&amp;b=2'>q</A> <a data-href="no">n</a>"#) == ["q=https://x/q?a=1&b=2"])
        #expect(try links(#"<a href="https://x/1">one <a href="https://x/2">two</a> three</a>"#) == ["one=https://x/1", "two=https://x/2"],
                "a link opened inside another closes the first")
        #expect(try links(#"🙂 <a href="https://x/e">é</a>"#) == ["é=https://x/e"], "ranges count UTF-16")
    }

    @Test func plainTextIsTakenAsItIs() throws {
        let plain = try NSAttributedString(data: Data("a <b>".utf8), options: [:], documentAttributes: nil)
        #expect(plain.string == "a <b>")
    }
}
