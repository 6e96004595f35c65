import FakeGitHub
import Foundation
import HostTestSupport
import Testing
import WidgetContainer
@testable import WidgetHost
@testable import WidgetKinds
import WidgetSDK
import WidgetTestSupport

/// Issue 22: what a widget extension written for iOS does outside SwiftUI,
/// done the host's way. FixturePorted's Stars kind calls
/// `URLSession.shared` for `https://api.github.com/repos/…` and for the
/// owner's avatar, and keeps a visit count in
/// `UserDefaults(suiteName: "group.test.github")` (GitHubFixture's group):
/// a real extension process, the real host service, the fake GitHub.
@Suite("URLSession and UserDefaults in a ported kind")
struct PortedNetworkTests {
    static func fixture(token: String? = nil) async throws -> GitHubFixture {
        try await GitHubFixture(token: token, widgets: "  - {kind: Stars, module: FixturePorted}")
    }

    static func lines(_ timeline: ArchivedTimeline) throws -> [String] {
        try #require(timeline.entries.first).view.texts
    }

    @Test func urlSessionReachesTheAPIThroughTheHostWithItsToken() async throws {
        let token = "ghp_PORTED_\(UUID().uuidString.prefix(8))"
        let fixture = try await Self.fixture(token: token)
        let lines = try Self.lines(try await fixture.timeline("Stars", family: .systemSmall, ["repo": .string("apple/swift")]))
        #expect(lines.contains("swift 67000 stars"), "the manifest's github.api answered, not github.com: \(lines)")
        let requests = fixture.apiRequests(to: "/repos/apple/swift")
        #expect(requests.count == 1)
        #expect(requests.first?.authorization == "Bearer \(token)", "the host added its token")
        #expect(lines.contains { $0.hasPrefix("avatar ") && $0.hasSuffix(" bytes") }, "another URL, fetched by the host: \(lines)")
        let avatars = fixture.server.requests.filter { $0.path.hasPrefix("/avatars/") }
        #expect(avatars.count == 1 && avatars.first?.authorization == nil, "the token goes to the API only")
        #expect(!lines.joined().contains(token))
    }

    @Test func aKindOnURLSessionAndABuiltInKindShareOneRequest() async throws {
        let fixture = try await Self.fixture()
        async let stars = fixture.timeline("Stars", family: .systemSmall, ["repo": .string("apple/swift")])
        async let single = fixture.timeline("SingleRepo", family: .systemSmall, ["repo": .string("apple/swift")])
        let (starsLines, _) = (try Self.lines(try await stars), try await single)
        #expect(starsLines.contains("swift 67000 stars"), "\(starsLines)")
        #expect(fixture.apiRequests(to: "/repos/apple/swift").count == 1, "coalesced or served from the host's cache")
    }

    @Test func aRateLimitMetThroughURLSessionHoldsBackEveryKind() async throws {
        let fixture = try await Self.fixture()
        fixture.server.setFault(.rateLimited, for: "/repos")
        let lines = try Self.lines(try await fixture.timeline("Stars", family: .systemSmall, ["repo": .string("apple/swift")]))
        #expect(lines.contains("HTTP 403"), "the kind saw GitHub's own answer to a spent budget: \(lines)")
        let sent = fixture.apiRequestCount
        await #expect(throws: RateLimitedError.self, "the built-in kind is held back without a request") {
            try await fixture.timeline("SingleRepo", family: .systemSmall, ["repo": .string("swiftlang/swift-syntax")])
        }
        let again = try Self.lines(try await fixture.timeline("Stars", family: .systemSmall, ["repo": .string("apple/swift")]))
        #expect(again.contains("HTTP 403"), "and so is the URLSession kind: \(again)")
        #expect(fixture.apiRequestCount == sent, "no request reached GitHub while the limit held")
    }

    @Test func userDefaultsWithTheGroupsNameIsTheAppGroup() async throws {
        let fixture = try await Self.fixture()
        let container = fixture.workspace.container
        try container.writeDefaults(Data(#""hello from the CLI""#.utf8), forKey: "ported.greeting")
        let first = try Self.lines(try await fixture.timeline("Stars", family: .systemSmall, ["repo": .string("apple/swift")]))
        #expect(first.prefix(2) == ["hello from the CLI", "visit 1"], "\(first)")
        #expect(try container.defaultsValue(forKey: "ported.visits") == Data("1".utf8), "written to the App Group as JSON")
        let second = try Self.lines(try await fixture.timeline("Stars", family: .systemSmall, ["repo": .string("apple/swift")]))
        #expect(second.prefix(2) == ["hello from the CLI", "visit 2"], "\(second)")
        #expect(first.contains("previous none") && second.contains("previous apple/swift"), "a file in the App Group's folder: \(second)")
        let file = fixture.folder.appendingPathComponent("data/extensions/FixturePorted/last-repo.txt")
        #expect(try String(contentsOf: file, encoding: .utf8) == "apple/swift", "the module's own folder of the container")
        #expect(FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent("data/extensions/FixturePorted").path))

        // UserDefaults.standard is the module's own: kept, but not in the App Group.
        let all = try container.allDefaults()
        let own = try #require(all.first { $0.key.hasSuffix("lastRepo") })
        #expect(own.key == "widgethost.suite.FixturePorted/standard/lastRepo")
        #expect(String(decoding: own.value, as: UTF8.self) == #"{"last":"apple/swift"}"#)
        let listed = try await TestSupport.widgethost(["defaults", "read", "--config", fixture.manifestPath])
        #expect(listed.stdout.contains("ported.visits") && !listed.stdout.contains("lastRepo"), "\(listed.stdout)")
    }

    /// A `Date` goes in and out of the App Group as a `Date`, from the
    /// command line and from the kind (issue 37: it came back as text).
    @Test func aDateInTheAppGroupIsADate() async throws {
        let fixture = try await Self.fixture()
        let written = try await TestSupport.widgethost(["defaults", "write", "ported.lastGlass", "--date", "2026-11-26T09:30:00Z", "--config", fixture.manifestPath])
        #expect(written.status == 0, "\(written.stderr)")
        let lines = try Self.lines(try await fixture.timeline("Stars", family: .systemSmall, ["repo": .string("apple/swift")]))
        #expect(lines.contains("last glass 2026-11-26T09:30:00Z"), "object(forKey:) as? Date: \(lines)")
        let checked = try await TestSupport.widgethost(["defaults", "read", "ported.checked", "--config", fixture.manifestPath])
        #expect(checked.stdout.contains(#""$date" : "20"#) || checked.stdout.contains(#""$date": "20"#), "the kind's Date, readable: \(checked.stdout)")
        let refused = try await TestSupport.widgethost(["defaults", "write", "x", "--date", "tomorrow", "--config", fixture.manifestPath])
        #expect(refused.status != 0 && refused.stderr.contains("'tomorrow' is not an ISO 8601 date"), "\(refused.stderr)")
    }

    /// `WidgetCenter` from an intent's `perform()`: the tapped Greeting's
    /// intent reads the placed widgets and reloads the Stars kind, which a
    /// running host does at once (Stars' own policy would wait a minute).
    @Test func widgetCenterFromATappedIntentReloadsAnotherKindOfTheModule() async throws {
        let fixture = try await GitHubFixture(widgets: "  - {kind: Stars, module: FixturePorted}\n  - {kind: Greeting, module: FixturePorted}")
        func widgethost(_ arguments: String...) async throws -> TestSupport.ProcessResult {
            try await TestSupport.widgethost(arguments + ["--config", fixture.manifestPath])
        }
        let stars = ContainerFixture.instanceID(addedBy: try await widgethost("add-instance", "Stars", "--repo", "apple/swift", "--family", "systemMedium"))
        let greeting = ContainerFixture.instanceID(addedBy: try await widgethost("add-instance", "Greeting"))
        _ = ContainerFixture.instanceID(addedBy: try await widgethost("add-instance", "SingleRepo", "--repo", "apple/swift"))
        let host = try RunningHost(manifestPath: fixture.manifestPath, folder: fixture.folder, arguments: ["--log"])
        #expect(await host.waitFor("instance=\(stars) kind=Stars [widgethost] entry of"), "\(host.output)")
        #expect(await host.waitFor("instance=\(greeting) kind=Greeting [widgethost] entry of"), "\(host.output)")

        let tapped = try await widgethost("tap", greeting, "1")
        #expect(tapped.status == 0, "\(tapped.stderr)")
        #expect(await host.waitFor("instance=\(stars) kind=Stars [widgethost] entry of", count: 2), "reloaded at WidgetCenter's request: \(host.output)")
        #expect(await host.stop() == 0)

        let container = fixture.workspace.container
        #expect(try container.defaultsValue(forKey: "ported.placed") == Data(#"["Greeting systemSmall","Stars systemMedium"]"#.utf8),
                "its own module's widgets only, not SingleRepo")
        #expect(try container.defaultsValue(forKey: "ported.repos") == Data(#"["apple/swift"]"#.utf8), "configurations as the kind's intent")
        #expect(try container.defaultsValue(forKey: "ported.friends") == Data(#"["Ann"]"#.utf8),
                "an entity parameter found by its query before widgetConfigurationIntent(of:), which is synchronous")
    }
}
