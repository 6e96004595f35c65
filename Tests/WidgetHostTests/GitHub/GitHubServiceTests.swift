import FakeGitHub
import Foundation
import HostTestSupport
import Testing
import WidgetContainer
@testable import WidgetHost
import WidgetSDK

/// The host's HTTP service spends GitHub's rate limit as if it were money.
@Suite("The host's HTTP service")
struct GitHubServiceTests {
    @Test func twentyInstancesOfThreeRepositoriesSendThreeRepositoryRequests() async throws {
        let fixture = try await GitHubFixture()
        let repositories = ["apple/swift", "sallen0400/swift-news", "swiftlang/swift-syntax"]
        for index in 0..<20 {
            _ = try await fixture.add("SingleRepo", "--repo", repositories[index % 3])
        }
        let host = try TimelineHost(workspace: fixture.workspace, seed: 1)
        try await host.run(until: GitHubFixture.start + 1)
        #expect(await host.statistics.providerCalls == 20)
        for repository in repositories {
            #expect(fixture.apiRequests(to: "/repos/\(repository)").count == 1, "\(repository)")
        }
        #expect(fixture.apiRequestCount == 3)
        #expect(try fixture.workspace.statuses(at: fixture.clock.now()).allSatisfy { $0.state == .fresh })
    }

    @Test func aSecondRefreshOfUnchangedDataIsAnsweredWith304() async throws {
        let fixture = try await GitHubFixture(github: "cache_for: 1m")
        _ = try await fixture.add("SingleRepo", "--repo", "apple/swift")
        let host = try TimelineHost(workspace: fixture.workspace, seed: 1)
        try await host.run(until: GitHubFixture.start + 12 * 3_600)
        let requests = fixture.apiRequests(to: "/repos/apple/swift")
        #expect(requests.map(\.status) == [200, 304])
        #expect(requests[1].ifNoneMatch != nil)
        #expect(await fixture.workspace.http.statistics.notModified == 1)
        let id = try fixture.workspace.container.instances()[0].id
        let lastError = await host.schedule(for: id)?.lastError
        #expect(await host.statistics.failures == 0, "\(lastError ?? "-")")
    }

    @Test func freshResponsesAreReusedWithoutARequest() async throws {
        let fixture = try await GitHubFixture(github: "cache_for: 10m")
        _ = try await fixture.timeline("SingleRepo", family: .systemMedium, ["repo": .string("apple/swift")])
        fixture.clock.set(GitHubFixture.start + 9 * 60)
        _ = try await fixture.timeline("SingleRepo", family: .systemMedium, ["repo": .string("apple/swift")])
        #expect(fixture.apiRequests(to: "/repos/apple/swift").count == 1)
        fixture.clock.set(GitHubFixture.start + 11 * 60)
        _ = try await fixture.timeline("SingleRepo", family: .systemMedium, ["repo": .string("apple/swift")])
        #expect(fixture.apiRequests(to: "/repos/apple/swift").map(\.status) == [200, 304])
    }

    @Test func afterA403WithResetNothingIsSentUntilTheReset() async throws {
        let fixture = try await GitHubFixture(github: "cache_for: 1s")
        fixture.server.setRateLimit(3)
        let repo: ConfigurationValues = ["repo": .string("apple/swift")]
        // Three requests use the window up; the service then holds back by itself.
        _ = try await fixture.timeline("SingleRepo", family: .systemMedium, repo)
        _ = try await fixture.timeline("SingleRepo", family: .systemMedium, ["repo": .string("swiftlang/swift-syntax")])
        _ = try await fixture.timeline("SingleRepo", family: .systemMedium, ["repo": .string("sallen0400/swift-news")])
        let sent = fixture.apiRequestCount
        fixture.clock.set(GitHubFixture.start + 60)
        await #expect { try await fixture.timeline("SingleRepo", family: .systemMedium, repo) } throws: {
            ($0 as? RateLimitedError)?.until == GitHubFixture.start + 3_600
        }
        #expect(fixture.apiRequestCount == sent, "held back before being refused")
        #expect(!fixture.server.requests.contains { $0.status == 403 })

        // A 403 from the server itself blocks every kind until its reset.
        fixture.server.setRateLimit(100)
        fixture.clock.set(GitHubFixture.start + 3_600)
        fixture.server.setFault(.rateLimited, for: "/repos/apple")
        await #expect(throws: RateLimitedError.self) { try await fixture.timeline("SingleRepo", family: .systemMedium, repo) }
        let afterRefusal = fixture.apiRequestCount
        fixture.server.setFault(nil, for: "/repos/apple")
        await #expect(throws: RateLimitedError.self) {
            try await fixture.timeline("DoubleRepo", family: .systemLarge, ["topRepo": .string("swiftlang/swift-syntax"), "bottomRepo": .string("apple/swift")])
        }
        #expect(fixture.apiRequestCount == afterRefusal, "nothing sent while blocked, for any kind")
    }

    @Test func avatarsAreNotFetchedAgainWithinADay() async throws {
        let fixture = try await GitHubFixture(github: "cache_for: 1s")
        let repo: ConfigurationValues = ["repo": .string("apple/swift")]
        _ = try await fixture.timeline("SingleRepo", family: .systemLarge, repo)
        fixture.clock.set(GitHubFixture.start + 23 * 3_600)
        _ = try await fixture.timeline("SingleRepo", family: .systemLarge, repo)
        #expect(fixture.server.requests(to: "/avatars/apple").count == 1)
        fixture.clock.set(GitHubFixture.start + 25 * 3_600)
        _ = try await fixture.timeline("SingleRepo", family: .systemLarge, repo)
        #expect(fixture.server.requests(to: "/avatars/apple").count == 2)
    }

    @Test func theTokenIsSentToTheAPIOnly() async throws {
        let fixture = try await GitHubFixture(token: "ghp_unitTestToken123")
        _ = try await fixture.timeline("SingleRepo", family: .systemLarge, ["repo": .string("apple/swift")])
        #expect(fixture.apiRequests(to: "/repos/apple/swift").first?.authorization == "Bearer ghp_unitTestToken123")
        #expect(fixture.server.requests.filter { $0.path.hasPrefix("/avatars/") }.allSatisfy { $0.authorization == nil })
    }
}
