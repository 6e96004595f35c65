import FakeGitHub
import Foundation
import HostTestSupport
import Testing
@testable import WidgetHost
import WidgetSDK

/// Each kind's timeline from the fake GitHub, per family, and every state a
/// person must be able to tell apart.
@Suite("GitHub kinds")
struct GitHubKindsTests {
    @Test func singleRepoMediumShowsCountsAndDaysWithoutContributors() async throws {
        let fixture = try await GitHubFixture()
        let timeline = try await fixture.timeline("SingleRepo", family: .systemMedium, ["repo": .string("apple/swift")])
        #expect(timeline.policy == .after(GitHubFixture.start + 12 * 3_600))
        #expect(timeline.entries.count == 3, "now and the next two midnights")
        #expect(timeline.entries.dropFirst().allSatisfy { Calendar.current.component(.hour, from: $0.date) == 0 })
        let texts = timeline.entries[0].view.texts
        #expect(texts.contains("swift"))
        #expect(texts.contains("67k") && texts.contains("10.3k") && texts.contains("7k"), "\(texts)")
        #expect(texts.contains("11"), "days since the push at 1_799_000_000")
        #expect(timeline.entries[1].view.texts.contains("12"), "the midnight entry counts one more day")
        #expect(fixture.apiRequests(to: "/repos/apple/swift/contributors").isEmpty)
        #expect(!fixture.server.requests(to: "/avatars/apple").isEmpty, "the owner's avatar")
        #expect(timeline.entries[0].view.containsImageData)
    }

    @Test func countsAreRoundedAsGitHubShowsThem() async throws {
        let fixture = try await GitHubFixture()
        let cases = [(999, "999"), (1_000, "1k"), (1_049, "1k"), (1_050, "1.1k"), (65_076, "65.1k"), (99_960, "100k"),
                     (123_456, "123k"), (999_499, "999k"), (999_950, "1M"), (1_250_000, "1.3M")]
        for (index, (stars, shown)) in cases.enumerated() {
            fixture.server.add(.init(owner: "counts", name: "r\(index)", stars: stars))
            let timeline = try await fixture.timeline("SingleRepo", family: .systemMedium, ["repo": .string("counts/r\(index)")])
            #expect(timeline.entries[0].view.texts.contains(shown), "\(stars) → \(timeline.entries[0].view.texts)")
        }
    }

    @Test func singleRepoLargeAddsDescriptionAndTopContributors() async throws {
        let fixture = try await GitHubFixture()
        let timeline = try await fixture.timeline("SingleRepo", family: .systemLarge, ["repo": .string("apple/swift")])
        let texts = timeline.entries[0].view.texts
        #expect(texts.contains("The Swift Programming Language"))
        #expect(texts.contains("Top Contributors"))
        #expect(texts.contains("octocat") && texts.contains("42") && texts.contains("hubot"))
        #expect(fixture.apiRequests(to: "/repos/apple/swift/contributors").count == 1)
    }

    @Test func doubleRepoShowsBothRepositories() async throws {
        let fixture = try await GitHubFixture()
        let timeline = try await fixture.timeline("DoubleRepo", family: .systemLarge,
                                                  ["topRepo": .string("apple/swift"), "bottomRepo": .string("swiftlang/swift-syntax")])
        let texts = timeline.entries[0].view.texts
        #expect(texts.contains("swift") && texts.contains("swift-syntax"))
        #expect(texts.contains("67k") && texts.contains("3.2k"))
    }

    @Test func contributorUsesTheManifestsRepository() async throws {
        let fixture = try await GitHubFixture()
        let timeline = try await fixture.timeline("Contributor", family: .systemLarge)
        #expect(timeline.entries[0].view.texts.contains("octocat"))
        #expect(fixture.apiRequests(to: "/repos/apple/swift").count == 1)
    }

    @Test func aMissingRepositorySaysSo() async throws {
        let fixture = try await GitHubFixture()
        let timeline = try await fixture.timeline("SingleRepo", family: .systemMedium, ["repo": .string("nobody/nothing")])
        #expect(timeline.entries[0].view.texts == ["Repository not found", "nobody/nothing"])
    }

    @Test func anEmptyRepositorySaysSo() async throws {
        let fixture = try await GitHubFixture()
        let timeline = try await fixture.timeline("SingleRepo", family: .systemLarge, ["repo": .string("owner/empty")])
        #expect(timeline.entries[0].view.texts.contains("No contributors yet: the repository is empty."))
    }

    @Test func transientProblemsAreThrownSoTheLastGoodEntryStays() async throws {
        // Roomy: on a loaded machine an answer that is not slow on purpose can still take seconds.
        let fixture = try await GitHubFixture(github: "timeout: 15s")
        let repo: ConfigurationValues = ["repo": .string("apple/swift")]

        fixture.server.setFault(.status(500), for: "/repos/apple/swift")
        // GitHubError lives in the kinds' module, which tests must not link: match its words.
        await #expect { try await fixture.timeline("SingleRepo", family: .systemMedium, repo) } throws: {
            String(describing: $0) == "GitHub answered 500 for /repos/apple/swift"
        }

        fixture.server.setFault(.malformedJSON, for: "/repos/apple/swift")
        await #expect(throws: HTTPServiceError.invalidResponse("malformed JSON from /repos/apple/swift")) {
            try await fixture.timeline("SingleRepo", family: .systemMedium, repo)
        }

        // Twice the timeout: the request can only end by timing out.
        fixture.server.setFault(.slow(seconds: 30), for: "/repos/apple/swift")
        await #expect(throws: HTTPServiceError.timedOut) { try await fixture.timeline("SingleRepo", family: .systemMedium, repo) }

        fixture.server.setFault(.rateLimited, for: "/repos/apple/swift")
        await #expect(throws: RateLimitedError.self) { try await fixture.timeline("SingleRepo", family: .systemMedium, repo) }
    }

    @Test func anUnreachableServerIsOffline() async throws {
        // Port 9 (discard) on loopback: nothing listens, the connection is refused.
        let fixture = try await GitHubFixture(api: "http://127.0.0.1:9")
        await #expect { try await fixture.timeline("SingleRepo", family: .systemMedium, ["repo": .string("apple/swift")]) } throws: {
            guard case .unreachable(let reason)? = $0 as? HTTPServiceError else { return false }
            return reason == "127.0.0.1:9: connection refused"
        }
    }

    @Test func markupInADescriptionIsPlainText() async throws {
        let fixture = try await GitHubFixture()
        let description = #"<script>alert("x")</script> & <b>bold</b>"#
        fixture.server.add(.init(owner: "evil", name: "markup", description: description))
        let timeline = try await fixture.timeline("SingleRepo", family: .systemLarge, ["repo": .string("evil/markup")])
        #expect(timeline.entries[0].view.texts.contains(description))
    }

    @Test func aFailingReloadLeavesTheLastGoodEntryMarkedStale() async throws {
        let fixture = try await GitHubFixture()
        let id = try await fixture.add("SingleRepo", "--repo", "apple/swift")
        let host = try TimelineHost(workspace: fixture.workspace, seed: 1)
        try await host.run(until: GitHubFixture.start + 1)
        fixture.server.setFault(.status(502), for: "/repos/apple/swift")
        // Past the 10-minute fresh cache, so the reload asks GitHub.
        try await host.run(until: GitHubFixture.start + 20 * 60)
        await host.requestReload(id, force: true)
        try await host.run(until: GitHubFixture.start + 2 * 3_600)

        let status = try #require(try fixture.workspace.statuses(at: fixture.clock.now()).first)
        #expect(status.state == .stale)
        // The age runs from the first success, which a loaded machine may
        // finish later in simulated time than start + 1 s.
        let success = try #require(status.schedule?.lastSuccess)
        #expect(success < GitHubFixture.start + 20 * 60, "the success was before the fault")
        let age = InstanceStatus.age(fixture.clock.now().timeIntervalSince(success))
        #expect(status.detail == "stale, \(age) old: GitHub answered 502 for /repos/apple/swift")
        #expect(status.currentEntry?.view.texts.contains("swift") == true, "the last good entry is still shown")
    }

    @Test func aRateLimitedInstanceSaysUntilWhen() async throws {
        let fixture = try await GitHubFixture()
        _ = try await fixture.add("SingleRepo", "--repo", "swiftlang/swift-syntax")
        fixture.server.setFault(.rateLimited, for: "/repos/swiftlang")
        let host = try TimelineHost(workspace: fixture.workspace, seed: 1)
        try await host.run(until: GitHubFixture.start + 60)
        let status = try #require(try fixture.workspace.statuses(at: fixture.clock.now()).first)
        #expect(status.state == .rateLimited)
        #expect(status.detail == "rate-limited until \(InstanceStatus.clock(GitHubFixture.start + 3_600))")
        #expect(status.schedule?.nextReload == GitHubFixture.start + 3_600, "not asked again before the reset")
    }
}

extension ViewNode {
    var containsImageData: Bool {
        if case .image(.data(let data)) = content, !data.isEmpty { return true }
        return children.contains { $0.containsImageData }
    }
}
