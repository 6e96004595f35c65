import Foundation
import JSONWidgetSpec

/// The declared URL's document, fetched through the host (which adds the
/// declared headers, and bounds the answer's size and time).
struct JSONSource {
    let url: String
    var session = URLSession.shared

    func document() async throws -> JSONValue {
        guard let url = URL(string: url) else { throw JSONKindError.undeclared }
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await session.data(for: request)
        let host = url.host ?? self.url
        let status = (response as? HTTPURLResponse)?.statusCode ?? 200
        guard (200..<300).contains(status) else { throw JSONKindError.status(status, host: host) }
        guard Self.depth(of: data) <= JSONKindError.deepest else { throw JSONKindError.tooDeep(host: host) }
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw JSONKindError.notJSON(host: host, looksLike: Self.describe(data))
        }
    }

    /// How deeply arrays and objects nest, counted before parsing: the
    /// decoder recurses once a level.
    static func depth(of data: Data) -> Int {
        var (depth, deepest, inString, escaped) = (0, 0, false, false)
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
                if depth > JSONKindError.deepest { return depth }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// What an answer that is not JSON looks like, for the message.
    static func describe(_ data: Data) -> String {
        let start = String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if data.isEmpty { return "nothing" }
        if start.hasPrefix("<!doctype html") || start.hasPrefix("<html") { return "an HTML page" }
        if start.hasPrefix("<") { return "XML" }
        return "\(data.count) bytes"
    }
}
