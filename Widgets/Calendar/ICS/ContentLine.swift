import Foundation

/// A line of an iCalendar file (RFC 5545, 3.1): `NAME;PARAM=value:VALUE`,
/// after unfolding.
struct ContentLine: Sendable, Equatable {
    var name: String
    var parameters: [String: String]
    var value: String

    /// The lines of `text`, unfolded (a line starting with a space or a tab
    /// continues the one before), names and parameter names uppercased.
    static func lines(_ text: String) -> [ContentLine] {
        var unfolded: [String] = []
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var line = Substring(raw)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if let first = line.first, first == " " || first == "\t", !unfolded.isEmpty {
                unfolded[unfolded.count - 1] += line.dropFirst()
            } else if !line.isEmpty {
                unfolded.append(String(line))
            }
        }
        return unfolded.compactMap(parse)
    }

    /// One unfolded line; nil when it has no name and value.
    static func parse(_ line: String) -> ContentLine? {
        // The name and parameters end at the first colon outside quotes.
        var inQuotes = false
        var colon: String.Index?
        for index in line.indices {
            let character = line[index]
            if character == "\"" { inQuotes.toggle() }
            if character == ":" && !inQuotes {
                colon = index
                break
            }
        }
        guard let colon else { return nil }
        let head = line[..<colon]
        let value = String(line[line.index(after: colon)...])
        var parts: [Substring] = []
        var current = Substring()
        inQuotes = false
        var start = head.startIndex
        for index in head.indices {
            if head[index] == "\"" { inQuotes.toggle() }
            if head[index] == ";" && !inQuotes {
                parts.append(head[start..<index])
                start = head.index(after: index)
            }
        }
        current = head[start...]
        parts.append(current)
        guard let name = parts.first, !name.isEmpty else { return nil }
        var parameters: [String: String] = [:]
        for part in parts.dropFirst() {
            guard let equals = part.firstIndex(of: "=") else { continue }
            var parameter = String(part[part.index(after: equals)...])
            if parameter.hasPrefix("\""), parameter.hasSuffix("\""), parameter.count >= 2 { parameter = String(parameter.dropFirst().dropLast()) }
            parameters[part[..<equals].uppercased()] = parameter
        }
        return ContentLine(name: name.uppercased(), parameters: parameters, value: value)
    }

    /// A TEXT value with its escapes undone: `\n`, `\,`, `\;`, `\\`.
    var text: String {
        guard value.contains("\\") else { return value }
        var result = ""
        var escaped = false
        for character in value {
            if escaped {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
