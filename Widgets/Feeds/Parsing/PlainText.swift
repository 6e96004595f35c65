import Foundation

/// Text from a feed as a card shows it: markup dropped, entities decoded,
/// whitespace folded, cut to a length.
enum PlainText {
    static func from(_ text: String, limit: Int = FeedItem.longestTitle) -> String {
        var result = ""
        result.reserveCapacity(min(text.utf8.count, limit * 2))
        // A tag starts with a letter, "/" or "!": "<p>", "</em>", "<!-- -->";
        // "<3" and "a < b" are text.
        var inTag = false
        var previous: Character?
        for character in text {
            defer { previous = character }
            if inTag {
                if character == ">" {
                    inTag = false
                    result.append(" ")
                }
                continue
            }
            if previous == "<", character.isLetter || character == "/" || character == "!" {
                result.removeLast()
                inTag = true
                continue
            }
            result.append(character)
        }
        let decoded = decodeEntities(result)
        let folded = decoded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return folded.count > limit ? String(folded.prefix(limit - 1)) + "…" : folded
    }

    static let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "hellip": "…",
                                          "mdash": "—", "ndash": "–", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“"]

    /// `&amp;`, `&#8217;`, `&#x2019;`: what HTML escaped inside a feed's text still holds.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(10).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            var scalar: Unicode.Scalar?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
            }
            if let scalar {
                result.unicodeScalars.append(scalar)
            } else if let replacement = named[String(name)] {
                result += replacement
            } else {
                result += "&" + name + ";"
            }
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }
}
