import FakeGitHub
import Foundation
import Synchronization
import HostTestSupport
import Testing
@testable import WidgetHost
import WidgetSDK
import WidgetTestSupport

/// Issue 40: a reload that failed because its source gave no answer is
/// reloaded as soon as the source answers again, not at the end of its
/// backoff.
@Suite("Back online")
struct BackOnlineTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// One reload that worked, then one that got no answer.
    static func afterAnUnansweredReload(_ code: ReloadFailure.Code) -> (SchedulerCore, Date) {
        var core = SchedulerCore(policy: SchedulePolicy(), seed: 1)
        _ = core.add("a", schedule: nil, at: start)
        let first = core.advance(to: start).calls[0]
        let timeline = ArchivedTimeline(entries: [ArchivedEntry(date: start, view: ViewNode(.text("ok")))], policy: .after(start + 600))
        _ = core.complete(first, with: .success(timeline), at: start)
        let due = start + 600
        let second = core.advance(to: due).calls[0]
        _ = core.complete(second, with: .failure(ReloadFailure(code, "api.github.com:443: connection refused")), at: due + 1)
        return (core, due + 1)
    }

    @Test func anUnansweredReloadCountsTowardNeitherBudgetNorIntervalAndIsRetriedWhenItsSourceAnswers() throws {
        var (core, failedAt) = Self.afterAnUnansweredReload(.unreachable)
        let schedule = try #require(core.schedule(for: "a"))
        #expect(schedule.consecutiveFailures == 1)
        #expect(schedule.reloads.count == 1, "the source never saw the second: only the first counts")
        #expect(try #require(schedule.nextReload) >= failedAt + 30, "backoff meanwhile: \(schedule.nextReloadReason)")

        // Back 20 s later, within the minimum interval of the failed attempt: it would not have counted anyway.
        let back = failedAt + 20
        let events = core.retryUnreachable("a", at: back, why: "https://api.github.com:443 answers again")
        #expect(events.count == 1 && core.schedule(for: "a")?.nextReload == back, "\(events)")
        #expect(core.advance(to: back).calls.map(\.instance) == ["a"])
        // Running now: asking again changes nothing.
        #expect(core.retryUnreachable("a", at: back, why: "again").isEmpty)
    }

    @Test func anotherFailureKeepsItsIntervalAndAnInstanceThatWorkedIsNotReloaded() throws {
        var (core, failedAt) = Self.afterAnUnansweredReload(.failed)
        #expect(core.schedule(for: "a")?.reloads.count == 2)
        let events = core.retryUnreachable("a", at: failedAt + 20, why: "back")
        #expect(core.schedule(for: "a")?.nextReload ?? .distantPast > failedAt + 20, "the minimum interval still holds: \(events)")

        var fresh = SchedulerCore(policy: SchedulePolicy(), seed: 1)
        _ = fresh.add("b", schedule: nil, at: Self.start)
        let call = fresh.advance(to: Self.start).calls[0]
        _ = fresh.complete(call, with: .success(ArchivedTimeline(entries: [ArchivedEntry(date: Self.start, view: ViewNode(.text("ok")))], policy: .never)), at: Self.start)
        #expect(fresh.retryUnreachable("b", at: Self.start + 60, why: "back").isEmpty)
    }

    @Test func originsAreNamedWithTheirPortAndTheWatchSaysWhenOneIsOutAndBack() {
        #expect(NetworkWatch.origin(of: "https://API.github.com/repos/a/b") == "https://api.github.com:443")
        #expect(NetworkWatch.origin(of: "http://127.0.0.1:8080/x?y") == "http://127.0.0.1:8080")
        #expect(NetworkWatch.origin(of: "http://[::1]:9/") == "http://[::1]:9")
        #expect(NetworkWatch.origin(of: "file:///etc/passwd") == nil)
        let watch = NetworkWatch()
        let heard = Mutex<[String]>([])
        watch.onChange { change in
            heard.withLock {
                switch change {
                case .began(let outage): $0.append("began \(outage.origin) \(outage.instances.sorted())")
                case .ended(let outage, _): $0.append("ended \(outage.origin) \(outage.instances.sorted())")
                }
            }
        }
        #expect(watch.unanswered("https://a.example/1", instance: "x", allowance: nil, reason: "refused", at: Self.start))
        #expect(!watch.unanswered("https://a.example/2", instance: "y", allowance: nil, reason: "refused", at: Self.start))
        #expect(watch.isWaiting("x") && watch.isWaiting("y") && !watch.isWaiting("z"))
        watch.answered("https://b.example/", at: Self.start + 1)
        watch.answered("https://a.example/3", at: Self.start + 2)
        #expect(!watch.isWaiting("x"))
        #expect(heard.withLock { $0 } == ["began https://a.example:443 [\"x\"]", "ended https://a.example:443 [\"x\", \"y\"]"])
    }

    /// The whole way: GitHub is not there, the instance fails; GitHub comes
    /// back on the same address, and the host notices by itself and reloads.
    @Test func aHostReloadsWhatFailedAsSoonAsGitHubAnswersAgain() async throws {
        // A port nothing listens on yet, where GitHub will come back.
        let port = try TestSupport.freePort()
        let fixture = try ContainerFixture(githubAPI: "http://127.0.0.1:\(port)")
        let id = ContainerFixture.instanceID(addedBy: try await fixture.run("add-instance", "SingleRepo", "--repo", "apple/swift", "--family", "systemMedium"))
        let host = try RunningHost(fixture, arguments: ["--log"])
        #expect(await host.waitFor("no answer from http://127.0.0.1:\(port)"), "\(host.output)")
        // Three failures: the next backoff is 192 s or more, and a busy
        // machine that is slow to start the server must not let it win the
        // race with the probe (every 15 s), which is what this test is about.
        // After two (96 s) a loaded CI run lost it: the server came up 112 s
        // later, as the backoff's reload had started.
        #expect(await host.waitFor("reload failed (3 in a row)", bound: 600), "\(host.output)")
        #expect(host.output.contains("backoff after 3 failures"), "\(host.output)")

        let server = FakeGitHub()
        try await server.start(port: port)
        defer { server.stop() }
        server.add(.init(owner: "apple", name: "swift", stars: 65_076))
        // Asked again within a probe interval (15 s), not at the end of the backoff (a minute and more).
        #expect(await host.waitFor("http://127.0.0.1:\(port) answers again after"), "\(host.output)")
        #expect(await host.waitFor("reloading 1 instance whose reloads failed meanwhile"), "\(host.output)")
        #expect(await host.waitFor("instance=\(id) kind=SingleRepo [widgethost] timeline received"), "\(host.output)")
        #expect(await host.stop() == 0)
    }
}
