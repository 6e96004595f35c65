import Foundation

/// Any feed a site offers: RSS, Atom or JSON Feed, whatever its encoding.
enum FeedParser {
    struct Unreadable: Error, LocalizedError {
        let source: String
        let reason: String
        var errorDescription: String? { "\(source): \(reason)" }
    }

    /// `source` names the feed where it names nothing itself (its host).
    static func parse(_ data: Data, source: String) throws -> Feed {
        guard let first = data.first(where: { !(" \t\r\n".utf8.contains($0)) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) else {
            throw Unreadable(source: source, reason: "the feed is empty")
        }
        var feed: Feed
        if first == UInt8(ascii: "{") {
            feed = try json(data, source: source)
        } else {
            var (parsed, reason) = XMLFeedParser.parse(data, source: source)
            if parsed == nil, String(data: data, encoding: .utf8) == nil {
                // Bytes that are not the UTF-8 the feed says it is: read
                // what can be read, as a browser shows such a page.
                (parsed, reason) = XMLFeedParser.parse(Data(String(decoding: data, as: UTF8.self).utf8), source: source)
            }
            guard let parsed else { throw Unreadable(source: source, reason: reason ?? "not a feed") }
            feed = parsed
        }
        feed.items = newestFirst(feed.items)
        return feed
    }

    /// Dated items newest first, then undated ones as the feed lists them,
    /// at most `Feed.mostItems`.
    static func newestFirst(_ items: [FeedItem]) -> [FeedItem] {
        let dated = items.enumerated().sorted { left, right in
            switch (left.element.date, right.element.date) {
            case let (l?, r?): l != r ? l > r : left.offset < right.offset
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): left.offset < right.offset
            }
        }
        return Array(dated.map(\.element).prefix(Feed.mostItems))
    }

    private struct JSONFeed: Decodable {
        struct Item: Decodable {
            var id: Identifier?
            var url: String?
            var title: String?
            var summary: String?
            var contentText: String?
            var datePublished: String?
            var dateModified: String?

            enum CodingKeys: String, CodingKey {
                case id, url, title, summary
                case contentText = "content_text", datePublished = "date_published", dateModified = "date_modified"
            }
        }

        /// The spec says a string; feeds in the wild write numbers too.
        struct Identifier: Decodable {
            let text: String

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let text = try? container.decode(String.self) {
                    self.text = text
                } else {
                    text = String(try container.decode(Double.self))
                }
            }
        }

        var version: String?
        var title: String?
        var items: [Item]?
    }

    private static func json(_ data: Data, source: String) throws -> Feed {
        let decoded: JSONFeed
        do {
            decoded = try JSONDecoder().decode(JSONFeed.self, from: data)
        } catch {
            throw Unreadable(source: source, reason: "JSON, but not a JSON Feed")
        }
        guard decoded.version?.hasPrefix("https://jsonfeed.org/version/") == true, let items = decoded.items else {
            throw Unreadable(source: source, reason: "JSON, but not a JSON Feed (no jsonfeed.org version, or no items)")
        }
        let name = decoded.title.map { PlainText.from($0, limit: 80) } ?? source
        let read: [FeedItem] = items.prefix(XMLFeedParser.mostItemsRead).compactMap { item in
            let link = item.url.flatMap(URL.init(string:)).flatMap { ["http", "https"].contains($0.scheme?.lowercased() ?? "") ? $0 : nil }
            var heading = PlainText.from(item.title ?? "")
            if heading.isEmpty { heading = PlainText.from(item.summary ?? item.contentText ?? "", limit: 80) }
            guard !heading.isEmpty || link != nil else { return nil }
            return FeedItem(id: String((item.id?.text ?? link?.absoluteString ?? heading).prefix(512)), title: heading.isEmpty ? "Untitled" : heading,
                            link: link, date: (item.datePublished ?? item.dateModified).flatMap(FeedDates.parse), source: name)
        }
        return Feed(title: name, items: read)
    }
}
