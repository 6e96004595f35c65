import Foundation
import JSONWidgetSpec
import WidgetKit

/// The declared URL's document, fetched through the host (which adds the
/// declared headers, and bounds the answer's size and time) with a
/// conditional GET: the answer and its ETag and Last-Modified are kept in
/// the module's folder of the container, so an API that sends validators
/// and has not changed costs a 304.
struct JSONSource {
    /// What is kept of an answer between reloads.
    struct Kept: Codable {
        var etag: String?
        var lastModified: String?
        var body: Data
    }

    let url: String
    var session = URLSession.shared
    /// Where answers are kept; nil keeps nothing.
    var folder: URL? = AppGroup.folder?.appendingPathComponent("json", isDirectory: true)

    func document() async throws -> JSONValue {
        guard let url = URL(string: url) else { throw JSONKindError.undeclared }
        let file = folder?.appendingPathComponent(Self.fileName(url))
        let kept = file.flatMap { try? Data(contentsOf: $0) }.flatMap { try? JSONDecoder().decode(Kept.self, from: $0) }
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let etag = kept?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = kept?.lastModified { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        let (answer, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        let host = url.host ?? self.url
        let status = http?.statusCode ?? 200
        var data = answer
        if status == 304, let kept {
            data = kept.body
        } else if !(200..<300).contains(status) {
            throw JSONKindError.status(status, host: host)
        }
        // JSON between systems is UTF-8 (RFC 8259); UTF-16 or 32, which the decoder would take, is refused before the count, which reads bytes.
        if data.prefix(4).contains(0) || data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) {
            throw JSONKindError.notJSON(host: host, looksLike: "text that is not UTF-8")
        }
        guard Self.depth(of: data) <= JSONKindError.deepest else { throw JSONKindError.tooDeep(host: host) }
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw JSONKindError.notJSON(host: host, looksLike: Self.describe(data))
        }
        let etag = http?.value(forHTTPHeaderField: "ETag"), lastModified = http?.value(forHTTPHeaderField: "Last-Modified")
        if status != 304, let file, let folder, etag != nil || lastModified != nil {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Beside and renamed over, as Feeds keeps its feeds: a reader never sees half a file.
            let partial = file.appendingPathExtension("partial")
            if (try? JSONEncoder().encode(Kept(etag: etag, lastModified: lastModified, body: data)).write(to: partial)) != nil { rename(partial.path, file.path) }
        }
        return document
    }

    /// A file name for a URL: its FNV-1a hash, stable across runs.
    static func fileName(_ url: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16) + ".json"
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
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(depth - 1, 0)
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
