import Foundation
import WidgetKit

/// Fetches a feed with a conditional GET: the answer's ETag and
/// Last-Modified are kept with the feed as read, in the module's own folder
/// of the container, so a feed that has not changed costs a 304 and no
/// parsing.
struct FeedFetcher {
    struct Failed: Error, LocalizedError {
        let source: String
        let reason: String
        var errorDescription: String? { "\(source): \(reason)" }
    }

    /// What is kept of a feed between reloads.
    struct Kept: Codable {
        var etag: String?
        var lastModified: String?
        var feed: Feed
    }

    var session = URLSession.shared
    /// Where feeds are kept; nil keeps nothing (a preview).
    var folder: URL? = AppGroup.folder?.appendingPathComponent("feeds", isDirectory: true)

    /// The feed at `url`, fresh or as kept when it has not changed.
    func feed(_ url: URL) async throws -> Feed {
        let source = url.host ?? url.absoluteString
        let file = folder?.appendingPathComponent(Self.fileName(url))
        let kept = file.flatMap { try? Data(contentsOf: $0) }.flatMap { try? JSONDecoder().decode(Kept.self, from: $0) }
        var request = URLRequest(url: url)
        request.setValue("application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, */*;q=0.8", forHTTPHeaderField: "Accept")
        if let etag = kept?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified = kept?.lastModified { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        let (data, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        let status = http?.statusCode ?? 0
        if status == 304, let kept { return kept.feed }
        guard (200..<300).contains(status) else { throw Failed(source: source, reason: "HTTP \(status)") }
        let feed = try FeedParser.parse(data, source: source)
        if let file, let folder {
            let fresh = Kept(etag: http?.value(forHTTPHeaderField: "ETag"), lastModified: http?.value(forHTTPHeaderField: "Last-Modified"), feed: feed)
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Written beside and renamed over, so a reader never sees half a
            // file. Not `.atomic`: Foundation's looks for a folder for the
            // copy by way of the user's home, which the sandbox does not open.
            let partial = file.appendingPathExtension("partial")
            if (try? JSONEncoder().encode(fresh).write(to: partial)) != nil { rename(partial.path, file.path) }
        }
        return feed
    }

    /// A file name for a feed's URL: its FNV-1a hash, stable across runs.
    static func fileName(_ url: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16) + ".json"
    }
}
