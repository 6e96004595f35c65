import AppIntents
import Foundation
import WidgetKit

struct FeedsIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Feeds"
    static let description: IntentDescription = "The newest items of one or more feeds."

    @Parameter(title: "Feeds", default: ["https://www.swift.org/atom.xml"])
    var feeds: [String]

    @Parameter(title: "Title", default: "News")
    var title: String

    init() {}
}

/// Every feed at once, merged newest first, with what is unread counted
/// against the App Group's read marks.
struct FeedsProvider: AppIntentTimelineProvider {
    /// The most items an entry carries: the large card shows seven.
    static let shownItems = 12

    func placeholder(in context: Context) async -> FeedsEntry {
        Self.entry(title: "News", feeds: [.sample(at: context.date)], problems: [], at: context.date)
    }

    func snapshot(for configuration: FeedsIntent, in context: Context) async -> FeedsEntry {
        Self.entry(title: configuration.title, feeds: [.sample(at: context.date)], problems: [], at: context.date)
    }

    /// A fresh look every half hour; a feed that has not changed answers 304.
    func timeline(for configuration: FeedsIntent, in context: Context) async throws -> Timeline<FeedsEntry> {
        let urls = configuration.feeds.prefix(10).compactMap { text -> URL? in
            guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return nil }
            return url
        }
        guard !urls.isEmpty else {
            throw FeedFetcher.Failed(source: "Feeds", reason: "no http(s) feed among \(configuration.feeds)")
        }
        var feeds: [Int: Feed] = [:]
        var problems: [String] = []
        await withTaskGroup(of: (Int, Result<Feed, any Error>).self) { group in
            for (index, url) in urls.enumerated() {
                group.addTask {
                    do { return (index, .success(try await FeedFetcher().feed(url))) } catch { return (index, .failure(error)) }
                }
            }
            for await (index, result) in group {
                switch result {
                case .success(let feed): feeds[index] = feed
                case .failure(let error): problems.append((error as? any LocalizedError)?.errorDescription ?? "\(urls[index].host ?? "a feed"): \(error)")
                }
            }
        }
        // Nothing read at all: the reload fails, and the last good entry stays.
        guard !feeds.isEmpty else { throw FeedFetcher.Failed(source: "Feeds", reason: problems.sorted().joined(separator: "; ")) }
        let ordered = feeds.keys.sorted().compactMap { feeds[$0] }
        let entry = Self.entry(title: configuration.title, feeds: ordered, problems: problems.sorted(), at: context.date)
        return Timeline(entries: [entry], policy: .after(context.date.addingTimeInterval(30 * 60)))
    }

    static func entry(title: String, feeds: [Feed], problems: [String], at date: Date) -> FeedsEntry {
        var seen = Set<String>()
        let merged = FeedParser.newestFirst(feeds.flatMap(\.items).filter { seen.insert($0.id).inserted })
        let read = Set(ReadItems.all())
        let unread = feeds.flatMap(\.items).filter { !read.contains($0.key) }.map(\.key)
        return FeedsEntry(date: date, title: title, items: merged.prefix(shownItems).map { .init(item: $0, isUnread: !read.contains($0.key)) },
                          unread: Set(unread).count, problems: problems)
    }
}

extension Feed {
    /// The gallery's feed: four items of the last two days.
    static func sample(at date: Date) -> Feed {
        let titles = ["Swift 6.3 Released", "Introducing the Swift Android Workgroup", "Swift Student Challenge winners",
                      "Embedded Swift on the Raspberry Pi Pico"]
        let ages: [TimeInterval] = [3_600, 5 * 3_600, 26 * 3_600, 50 * 3_600]
        return Feed(title: "Swift.org", items: titles.indices.map {
            FeedItem(id: String($0), title: titles[$0], link: $0 == 0 ? URL(string: "https://www.swift.org/blog/") : nil, date: date - ages[$0], source: "Swift.org")
        })
    }
}
