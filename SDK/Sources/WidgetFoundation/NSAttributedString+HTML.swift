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
    static func read(_ html: String) -> (text: String, links: [(NSRange, URL)]) {
        var text = ""
        var links: [(NSRange, URL)] = []
        var openLink: (start: Int, url: URL)?
        var skipping: String?
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            if skipping == nil { append(decoded(rest[..<open]), to: &text) }
            guard let close = rest[open...].firstIndex(of: ">") else { rest = rest[rest.endIndex...]; break }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
            let closing = tag.hasPrefix("/")
            if let skipped = skipping {
                if closing && name == skipped { skipping = nil }
                continue
            }
            switch name {
            case "script", "style": if !closing { skipping = name }
            case "br": lineBreak(&text)
            case "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6":
                if !text.isEmpty, !text.hasSuffix("\n") { lineBreak(&text) }
            case "a":
                let length = (text as NSString).length
                if closing, let link = openLink {
                    links.append((NSRange(location: link.start, length: length - link.start), link.url))
                    openLink = nil
                } else if !closing, let href = attribute("href", in: tag), let url = URL(string: href) {
                    openLink = (length, url)
                }
            default: break
            }
        }
        if skipping == nil { append(decoded(rest), to: &text) }
        while text.hasSuffix("\n") || text.hasSuffix(" ") { text.removeLast() }
        return (text, links)
    }

    /// Text after a line break, or at the start, begins without a space.
    private static func append(_ chunk: String, to text: inout String) {
        text += text.isEmpty || text.hasSuffix("\n") ? String(chunk.drop { $0 == " " }) : chunk
    }

    private static func lineBreak(_ text: inout String) {
        while text.hasSuffix(" ") { text.removeLast() }
        text += "\n"
    }

    private static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let found = tag.range(of: name + "=") else { return nil }
        let value = tag[found.upperBound...]
        guard let quote = value.first, quote == "\"" || quote == "'" else {
            return String(value.prefix { !$0.isWhitespace })
        }
        return String(value.dropFirst().prefix { $0 != quote })
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "mdash": "—", "ndash": "–",
        "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "copy": "©", "reg": "®", "trade": "™", "middot": "·",
    ]

    /// Character references decoded; runs of white space (line breaks in
    /// the source included) are one space, as a browser shows them.
    static func decoded(_ source: Substring) -> String {
        var out = ""
        var rest = source
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semicolon = after.prefix(10).firstIndex(of: ";"), let character = reference(after[..<semicolon]) {
                out += character
                rest = after[after.index(after: semicolon)...]
            } else {
                out += "&"
                rest = after
            }
        }
        out += rest
        var collapsed = ""
        var space = false
        for character in out {
            // A no-break space is kept: it is there to be seen.
            if character.isWhitespace && character != "\u{00A0}" {
                space = true
                continue
            }
            if space { collapsed.append(" ") }
            space = false
            collapsed.append(character)
        }
        if space { collapsed.append(" ") }
        return collapsed
    }

    private static func reference(_ name: Substring) -> String? {
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        if name.hasPrefix("#") {
            return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
        return named[String(name)]
    }
}
