import Foundation

/// RSS 2.0, RSS 1.0 (RDF) and Atom, read with `XMLParser` as an iOS app
/// reads them: the feed's title and each item's title, link, id and date.
final class XMLFeedParser: NSObject, XMLParserDelegate {
    /// The most text kept of one element: a title or a date is short, and
    /// an item's whole article is not needed.
    static let longestText = 20_000
    /// Items past this many are not kept (newest first is sorted later).
    static let mostItemsRead = 1_000

    /// Deeper than any feed nests (RSS's item title is at four).
    static let deepest = 64

    private var path: [String] = []
    private var tooDeep = false
    private var text = ""
    private var title: String?
    private var items: [FeedItem] = []
    private var item: [String: String]?
    private var isFeed = false
    private var source = ""

    /// The feed, or nil with the parser's reason when the document is no feed.
    static func parse(_ data: Data, source: String) -> (Feed?, String?) {
        let reader = XMLFeedParser()
        reader.source = source
        let parser = XMLParser(data: data)
        parser.delegate = reader
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        // corelibs' parse() says true even where libxml2 stopped at an error.
        let parsed = parser.parse() && parser.parserError == nil && !reader.tooDeep
        guard reader.isFeed else {
            let reason = parser.parserError.map { "not XML a feed reader can read (line \(parser.lineNumber): \(($0 as NSError).code))" }
            return (nil, reason ?? "XML, but neither RSS nor Atom")
        }
        if reader.tooDeep {
            return (nil, "elements nested deeper than \(Self.deepest)")
        }
        if !parsed {
            // A feed cut short (a dropped connection, a broken server) is not
            // shown as what it still holds: the last good card stays.
            return (nil, "broken XML at line \(parser.lineNumber)")
        }
        return (Feed(title: reader.title ?? source, items: reader.items), nil)
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let name = elementName.lowercased()
        if path.isEmpty { isFeed = ["rss", "feed", "rdf"].contains(name) }
        guard path.count < Self.deepest else {
            tooDeep = true
            parser.abortParsing()
            return
        }
        path.append(name)
        text = ""
        if name == "item" || name == "entry" {
            item = items.count < Self.mostItemsRead ? [:] : nil
        } else if name == "link", item != nil, let href = attributes["href"] {
            // Atom: the alternate link is the article; others (enclosures, replies) are not.
            let relation = attributes["rel"] ?? "alternate"
            let known = item?["link"]
            if relation == "alternate" || known == nil { item?["link"] = href }
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if text.utf8.count < Self.longestText { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        if text.utf8.count < Self.longestText { text += String(decoding: block.prefix(Self.longestText), as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard !tooDeep, !path.isEmpty else { return }
        let name = elementName.lowercased()
        defer {
            path.removeLast()
            text = ""
        }
        let parent = path.count >= 2 ? path[path.count - 2] : ""
        if name == "item" || name == "entry" {
            if let item { finish(item) }
            item = nil
            return
        }
        if item != nil, parent == "item" || parent == "entry" {
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            switch name {
            case "title": item?["title"] = value
            case "link" where !value.isEmpty:
                let known = item?["link"]
                item?["link"] = known ?? value
            case "guid", "id": item?["id"] = value
            case "pubdate", "published", "date", "issued": item?["date"] = value
            case "updated", "modified": item?["updated"] = value
            case "description", "summary", "content", "encoded":
                let known = item?["summary"]
                item?["summary"] = known ?? value
            default: break
            }
        } else if name == "title", title == nil, parent == "channel" || parent == "feed" {
            title = PlainText.from(text, limit: 80)
        }
    }

    private func finish(_ fields: [String: String]) {
        let link = fields["link"].flatMap { URL(string: $0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            .flatMap { ["http", "https"].contains($0.scheme?.lowercased() ?? "") ? $0 : nil }
        var heading = PlainText.from(fields["title"] ?? "")
        if heading.isEmpty { heading = PlainText.from(fields["summary"] ?? "", limit: 80) }
        guard !heading.isEmpty || link != nil else { return }
        let id = fields["id"].flatMap { $0.isEmpty ? nil : $0 } ?? link?.absoluteString ?? heading
        items.append(FeedItem(id: String(id.prefix(512)), title: heading.isEmpty ? (link?.host ?? "Untitled") : heading, link: link,
                              date: (fields["date"] ?? fields["updated"]).flatMap(FeedDates.parse), source: title ?? source))
    }
}
