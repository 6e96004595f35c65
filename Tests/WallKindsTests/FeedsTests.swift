import FakeSources
import Foundation
import Testing
@testable import WidgetKinds
import WidgetSDK
import WidgetTestSupport

/// Issue 41's Feeds kind (Widgets/Feeds): RSS 2.0, Atom and JSON Feed
/// through `URLSession` and `XMLParser`, merged newest first, with conditional
/// GETs and read marks in the App Group; feeds of Feeds/ served by FakeSources.
@Suite("Feeds")
struct FeedsTests {
    static let all = ["swift-org.atom", "kitchen.rss", "releases.json", "latin1.rss", "broken-utf8.rss"]

    static func titles(_ timeline: ArchivedTimeline) throws -> [String] {
        // A row's title is the first text of each ItemRow: the large card's rows follow the header's title and count.
        try #require(timeline.entries.first).view.texts
    }

    @Test func threeFormatsAndTwoEncodingsMergedNewestFirst() async throws {
        let fixture = try await WallFixture(kinds: ["Feeds"])
        try fixture.serveFeeds()
        let timeline = try await fixture.timeline("Feeds", family: .systemLarge, ["feeds": .list(Self.all.map(fixture.feedURL)), "title": .string("Morning")])
        let texts = try Self.titles(timeline)
        let expected = ["widgethost 1.4", "Sourdough, day <3>", "Swift 6.3 Released", "Crème brûlée", "Na\u{FFFD}ve \u{FFFD} bytes", "Knife skills",
                        "Embedded Swift & the Pico"]
        #expect(texts.filter { expected.contains($0) } == expected, "\(texts)")
        #expect(texts.prefix(2) == ["Morning", "9"], "nine unread in all: \(texts)")
        #expect(texts.contains("The Kitchen Blog") && texts.contains("Café News") && texts.contains("Releases"), "each row names its feed: \(texts)")
        #expect(timeline.policy == .after(WallFixture.start.addingTimeInterval(1_800)))
        let links = try #require(timeline.entries.first).view.actions.compactMap { action -> String? in
            if case .link(let url) = action.action { url.absoluteString } else { nil }
        }
        #expect(links.first == "https://releases.example/42", "a row opens its article: \(links)")
        #expect(links.contains("https://www.swift.org/blog/swift-6.3-released/"), "Atom's alternate link, not its replies: \(links)")
        #expect(!links.contains { $0.hasPrefix("javascript") }, "only http(s) links")
    }

    /// A feed that has not changed costs a 304 and no parsing: the second
    /// reload asks with the first answer's ETag and gets the same card.
    @Test func anUnchangedFeedIsAskedForWithItsETag() async throws {
        let fixture = try await WallFixture(kinds: ["Feeds"])
        try fixture.serveFeeds()
        let configuration: ConfigurationValues = ["feeds": .list([fixture.feedURL("kitchen.rss")])]
        let first = try await fixture.timeline("Feeds", family: .systemMedium, configuration)
        let second = try await fixture.timeline("Feeds", family: .systemMedium, configuration)
        let requests = fixture.sources.requests(to: "/feeds/kitchen.rss")
        #expect(requests.map(\.status) == [200, 304])
        #expect(requests.last?.headers["if-none-match"] != nil && requests.last?.headers["if-modified-since"] != nil)
        #expect(first.entries.first?.view == second.entries.first?.view)
        // Changed at the source: a 200 again, and the new item.
        fixture.sources.set(.init(try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Feeds/kitchen.rss"), encoding: .utf8)
            .replacingOccurrences(of: "Knife skills", with: "Knife skills, again"), contentType: "application/rss+xml"), at: "/feeds/kitchen.rss")
        let third = try await fixture.timeline("Feeds", family: .systemLarge, configuration)
        #expect(fixture.sources.requests(to: "/feeds/kitchen.rss").last?.status == 200)
        #expect(try Self.titles(third).contains("Knife skills, again"))
    }

    /// The check mark runs MarkReadIntent in the extension, which keeps the
    /// marks in the App Group's defaults: the next reload counts none unread.
    @Test func theCheckMarkMarksTheShownItemsRead() async throws {
        let fixture = try await WallFixture(kinds: ["Feeds"])
        try fixture.serveFeeds()
        let configuration: ConfigurationValues = ["feeds": .list([fixture.feedURL("kitchen.rss"), fixture.feedURL("releases.json")])]
        let before = try #require(try await fixture.timeline("Feeds", family: .systemLarge, configuration).entries.first)
        #expect(before.view.texts.prefix(2) == ["News", "5"], "\(before.view.texts)")
        let control = try #require(before.view.actions.compactMap { action -> Control? in
            if case .control(let control) = action.action { control } else { nil }
        }.first)
        #expect(control.intent.title == "Mark read")
        let kind = try fixture.kind("Feeds")
        try await fixture.workspace.withServices { try await kind.perform(control.intent) }
        let marks = try #require(try fixture.workspace.container.defaultsValue(forKey: "feeds.read"))
        #expect(try JSONDecoder().decode([String].self, from: marks).count == 5, "kept in the App Group")
        let after = try #require(try await fixture.timeline("Feeds", family: .systemLarge, configuration).entries.first)
        #expect(after.view.texts.first == "News" && after.view.texts.dropFirst().first != "5", "\(after.view.texts)")
        #expect(!after.view.actions.contains { if case .control = $0.action { true } else { false } }, "nothing left to mark")
    }

    /// One feed failing leaves the others on the card, saying so; all failing
    /// fails the reload, so the last good entry stays.
    @Test func aFailingFeedIsNamedAndOnlyAllFailingFailsTheReload() async throws {
        let fixture = try await WallFixture(kinds: ["Feeds"])
        try fixture.serveFeeds()
        let some = try await fixture.timeline("Feeds", family: .systemLarge, ["feeds": .list([fixture.feedURL("kitchen.rss"), fixture.feedURL("gone.rss")])])
        #expect(try Self.titles(some).contains("1 feed could not be read"))
        let error = await #expect(throws: (any Error).self) {
            try await fixture.timeline("Feeds", family: .systemLarge, ["feeds": .list([fixture.feedURL("gone.rss")])])
        }
        #expect(String(describing: error.map { $0 } as Any).contains("HTTP 404"), "\(String(describing: error))")
    }

    /// What a hostile or broken server sends, by name (a test's arguments are printed).
    enum Trouble: String, CaseIterable, Sendable {
        case hundredMegabytes, deepNesting, billionLaughs, notAFeed, jsonThatIsNoFeed, hugeItems

        var document: FakeSources.Fault {
            switch self {
            case .hundredMegabytes: .flood(bytes: 100_000_000, byte: 0x3C)
            case .deepNesting: .body("<rss>" + String(repeating: "<a>", count: 100_000), contentType: "application/rss+xml")
            case .billionLaughs:
                .body("""
                    <?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
                    <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">
                    <!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]>
                    <rss><channel><title>Laughs</title><item><title>&h;</title></item></channel></rss>
                    """, contentType: "application/rss+xml")
            case .notAFeed: .body("<html><body>Moved</body></html>", contentType: "text/html")
            case .jsonThatIsNoFeed: .body(#"{"hello": "world"}"#, contentType: "application/json")
            case .hugeItems:
                .body("<rss><channel><title>Big</title>" + String(repeating: "<item><title>" + String(repeating: "long ", count: 8_000) + "</title></item>", count: 50)
                      + "</channel></rss>", contentType: "application/rss+xml")
            }
        }
    }

    /// Each fails that one reload with a reason, or is read within bounds;
    /// never a hung or crashed extension: the next reload is answered.
    // One at a time: each case starts an extension, and a busy machine has enough.
    @Test(.serialized, arguments: Trouble.allCases)
    func hostileFeedsFailOneReloadOrAreReadWithinBounds(trouble: Trouble) async throws {
        let fixture = try await WallFixture(kinds: ["Feeds"])
        try fixture.serveFeeds()
        fixture.sources.setFault(trouble.document, for: "/feeds/hostile")
        let configuration: ConfigurationValues = ["feeds": .list([fixture.feedURL("hostile")])]
        do {
            let timeline = try await fixture.timeline("Feeds", family: .systemLarge, configuration)
            let texts = try Self.titles(timeline)
            #expect(texts.allSatisfy { $0.count <= FeedItemBounds.longestTitle }, "titles are cut: \(texts.map(\.count))")
            #expect(trouble == .hugeItems || trouble == .billionLaughs, "read: \(texts.prefix(4))")
        } catch {
            #expect(![.hugeItems].contains(trouble), "\(error)")
            #expect(!String(describing: error).isEmpty)
        }
        let again = try await fixture.timeline("Feeds", family: .systemMedium, ["feeds": .list([fixture.feedURL("kitchen.rss")])])
        #expect(try Self.titles(again).contains("Sourdough, day <3>"), "the same extension answers")
    }
}

/// The kind's bounds, as its code states them.
enum FeedItemBounds {
    static let longestTitle = 300
}
