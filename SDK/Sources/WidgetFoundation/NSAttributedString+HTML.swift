import Foundation

extension NSAttributedString.Key {
    /// A run's link, as Apple's Foundation names it (`NSLink`); read by
    /// `AttributedString(_:)` and drawn as the run's link.
    public static let link = NSAttributedString.Key("NSLink")
}

extension NSAttributedString {
    /// The formats `init(data:options:documentAttributes:)` reads.
    public struct DocumentType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        /// A document type by name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Plain text.
        public static let plain = DocumentType(rawValue: "NSPlainText")
        /// HTML: its text, with the tags left out (see `init(data:options:documentAttributes:)`).
        public static let html = DocumentType(rawValue: "NSHTML")
    }

    /// What `init(data:options:documentAttributes:)` is told.
    public struct DocumentReadingOptionKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        /// An option by name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The document's format: a `DocumentType`.
        public static let documentType = DocumentReadingOptionKey(rawValue: "DocumentType")
        /// The bytes' encoding: a `String.Encoding`'s raw value; UTF-8 when absent.
        public static let characterEncoding = DocumentReadingOptionKey(rawValue: "CharacterEncoding")
    }

    /// A document's text, as UIKit reads HTML for a news or feed widget:
    /// here the tags are left out, block ends (`<p>`, `<br>`, `<div>`,
    /// `<li>`) become line breaks, `<script>` and `<style>` are dropped and
    /// character references are decoded. Bold, italics and colours are
    /// not carried: style the `Text`. Links are kept as the runs' links.
    public convenience init(data: Data, options: [DocumentReadingOptionKey: Any] = [:],
                            documentAttributes dict: UnsafeMutablePointer<NSDictionary?>?) throws {
        let encoding = (options[.characterEncoding] as? UInt).map(String.Encoding.init(rawValue:)) ?? .utf8
        guard let text = String(data: data, encoding: encoding) else {
            throw CocoaError(.fileReadInapplicableStringEncoding)
        }
        guard (options[.documentType] as? DocumentType) == .html else {
            self.init(string: text)
            return
        }
        let (plain, links) = HTMLText.read(text)
        let string = NSMutableAttributedString(string: plain)
        for (range, url) in links { string.addAttribute(.link, value: url, range: range) }
        self.init(attributedString: string)
    }
}

/// HTML's text and links, read without a browser's rules: enough for the
/// snippets a widget shows.
enum HTMLText {
    /// Elements whose content is never shown.
    private static let hidden: Set<String> = ["head", "script", "style", "title", "noscript", "template"]
    /// Elements that start and end a line.
    private static let blocks: Set<String> = [
        "p", "div", "ul", "ol", "li", "tr", "table", "blockquote", "pre", "section", "article", "header", "footer",
        "h1", "h2", "h3", "h4", "h5", "h6",
    ]

    static func read(_ html: String) -> (text: String, links: [(NSRange, URL)]) {
        let characters = Array(html)
        var output = Output()
        var hiddenBy: String?
        var index = 0
        while index < characters.count {
            if characters[index] == "<", let tag = Tag(characters, at: index) {
                index = tag.end
                if let element = hiddenBy {
                    if tag.isClosing && tag.name == element { hiddenBy = nil }
                    continue
                }
                output.apply(tag, hiding: &hiddenBy)
                continue
            }
            if hiddenBy == nil {
                if characters[index] == "&", let (text, end) = reference(characters, at: index) {
                    output.append(text)
                    index = end
                    continue
                }
                // A no-break space is kept: it is there to be seen.
                if characters[index].isWhitespace && characters[index] != "\u{00A0}" {
                    output.space()
                } else {
                    output.append(String(characters[index]))
                }
            }
            index += 1
        }
        return output.finished()
    }

    /// The text as a browser lays it out: runs of white space are one space,
    /// none at a line's start or end.
    private struct Output {
        var text = ""
        var pendingSpace = false
        var links: [(NSRange, URL)] = []
        var link: (url: URL, start: Int?)?

        var length: Int { text.utf16.count }

        mutating func append(_ part: String) {
            if pendingSpace, let last = text.last, last != "\n", last != "\t", last != " " { text += " " }
            pendingSpace = false
            if let open = link, open.start == nil { link = (open.url, length) }
            text += part
        }

        mutating func space() {
            pendingSpace = true
        }

        mutating func lineBreak() {
            pendingSpace = false
            while text.hasSuffix(" ") { text.removeLast() }
            text += "\n"
        }

        mutating func closeLink() {
            if let open = link, let start = open.start, length > start {
                links.append((NSRange(location: start, length: length - start), open.url))
            }
            link = nil
        }

        mutating func apply(_ tag: Tag, hiding: inout String?) {
            switch tag.name {
            case _ where HTMLText.hidden.contains(tag.name):
                if !tag.isClosing && !tag.isSelfClosing { hiding = tag.name }
            case "br":
                lineBreak()
            case "li" where !tag.isClosing:
                if !text.isEmpty && !text.hasSuffix("\n") { lineBreak() }
                append("• ")
            case "td", "th":
                if !tag.isClosing, !text.isEmpty, !text.hasSuffix("\n") {
                    pendingSpace = false
                    text += "\t"
                }
            case _ where HTMLText.blocks.contains(tag.name):
                if !text.isEmpty && !text.hasSuffix("\n") { lineBreak() }
            case "a":
                if tag.isClosing {
                    closeLink()
                } else if let href = tag.attributes["href"], let url = URL(string: href) {
                    closeLink()
                    link = (url, nil)
                }
            default:
                break
            }
        }

        /// The text without white space at its end, and the links within it.
        mutating func finished() -> (text: String, links: [(NSRange, URL)]) {
            closeLink()
            while let last = text.last, last.isWhitespace, last != "\u{00A0}" { text.removeLast() }
            let whole = length
            let kept = links.compactMap { range, url -> (NSRange, URL)? in
                let end = min(range.location + range.length, whole)
                return end > range.location ? (NSRange(location: range.location, length: end - range.location), url) : nil
            }
            return (text, kept)
        }
    }

    /// A tag: `<a href="…">`, `</p>`, `<br/>`; a comment or declaration
    /// (`<!-- … -->`, `<!DOCTYPE …>`) is a tag with no name.
    struct Tag {
        var name = ""
        var isClosing = false
        var isSelfClosing = false
        var attributes: [String: String] = [:]
        /// Just past its `>`.
        var end: Int

        /// The tag at `start` (a `<`), or nil when the `<` is text (`5 < 6`).
        init?(_ characters: [Character], at start: Int) {
            guard start + 1 < characters.count else { return nil }
            let next = characters[start + 1]
            if next == "!" {
                if start + 3 < characters.count, characters[start + 2] == "-", characters[start + 3] == "-" {
                    end = HTMLText.index(of: Array("-->"), in: characters, from: start + 4).map { $0 + 3 } ?? characters.count
                } else {
                    end = (characters[start...].firstIndex(of: ">") ?? characters.count - 1) + 1
                }
                return
            }
            guard next == "/" || next.isLetter else { return nil }
            // The first `>` outside quotes: an attribute may hold one.
            var quote: Character?
            var close: Int?
            for index in (start + 1)..<characters.count {
                let character = characters[index]
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "\"" || character == "'" {
                    quote = character
                } else if character == ">" {
                    close = index
                    break
                }
            }
            guard let close else { return nil }
            end = close + 1
            var body = characters[(start + 1)..<close]
            if body.first == "/" {
                isClosing = true
                body = body.dropFirst()
            }
            if body.last == "/" {
                isSelfClosing = true
                body = body.dropLast()
            }
            let nameEnd = body.firstIndex { !($0.isLetter || $0.isNumber) } ?? body.endIndex
            name = String(body[..<nameEnd]).lowercased()
            attributes = Self.attributes(body[nameEnd...])
        }

        /// `name="value"`, `name='value'`, `name=value` and `name`, by lowercased name, values decoded.
        private static func attributes(_ text: ArraySlice<Character>) -> [String: String] {
            var found: [String: String] = [:]
            var index = text.startIndex
            func skipSpace() { while index < text.endIndex, text[index].isWhitespace { index += 1 } }
            while index < text.endIndex {
                skipSpace()
                let nameStart = index
                while index < text.endIndex, !text[index].isWhitespace, text[index] != "=" { index += 1 }
                let name = String(text[nameStart..<index]).lowercased()
                skipSpace()
                var value = ""
                if index < text.endIndex, text[index] == "=" {
                    index += 1
                    skipSpace()
                    if index < text.endIndex, text[index] == "\"" || text[index] == "'" {
                        let quote = text[index]
                        index += 1
                        let valueStart = index
                        while index < text.endIndex, text[index] != quote { index += 1 }
                        value = String(text[valueStart..<index])
                        if index < text.endIndex { index += 1 }
                    } else {
                        let valueStart = index
                        while index < text.endIndex, !text[index].isWhitespace { index += 1 }
                        value = String(text[valueStart..<index])
                    }
                }
                if !name.isEmpty, found[name] == nil { found[name] = HTMLText.decoded(value) }
            }
            return found
        }
    }

    private static func index(of needle: [Character], in characters: [Character], from start: Int) -> Int? {
        guard start <= characters.count - needle.count else { return nil }
        return (start...(characters.count - needle.count)).first { characters[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "mdash": "—", "ndash": "–",
        "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "copy": "©", "reg": "®", "trade": "™", "middot": "·",
        "bull": "•", "deg": "°", "euro": "€", "pound": "£", "times": "×",
    ]

    /// A character reference at `start` (an `&`) and the index past its `;`, or nil when it is none.
    private static func reference(_ characters: [Character], at start: Int) -> (String, Int)? {
        let limit = min(characters.count, start + 12)
        guard let semicolon = characters[(start + 1)..<limit].firstIndex(of: ";") else { return nil }
        let name = String(characters[(start + 1)..<semicolon])
        let scalar: Unicode.Scalar?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        } else if name.hasPrefix("#") {
            scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
        } else {
            return named[name].map { ($0, semicolon + 1) }
        }
        return scalar.map { (String(Character($0)), semicolon + 1) }
    }

    /// An attribute's value with its character references decoded.
    static func decoded(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        var index = 0
        while index < characters.count {
            if characters[index] == "&", let (decoded, end) = reference(characters, at: index) {
                out += decoded
                index = end
            } else {
                out.append(characters[index])
                index += 1
            }
        }
        return out
    }
}
