import Foundation
import Testing
import WidgetConfiguration
@testable import WidgetContainer
@testable import WidgetHost
@testable import WidgetKinds
import WidgetSDK
import WidgetTestSupport

/// Issue 19: a host that stops, dies or loses an instance while its provider
/// call runs must leave a state from which the next host reloads it. The
/// stored schedule used to say "reloading" with no next reload, which every
/// later host read as "never".
@Suite("Calls cut short")
struct InterruptedCallTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A schedule as a host saves it while a call runs.
    static func savedMidCall(at date: Date) -> InstanceSchedule {
        var core = SchedulerCore(policy: SchedulePolicy())
        _ = core.add("a", schedule: nil, at: date)
        _ = core.advance(to: date)
        return core.schedule(for: "a")!
    }

    @Test func aScheduleSavedMidCallIsDueAtOnceAndItsAttemptIsNotCharged() {
        let saved = Self.savedMidCall(at: Self.start)
        #expect(saved.hadCallRunning && saved.callStartedAt == Self.start && saved.nextReload == nil)
        #expect(saved.chargedReloads(at: Self.start) == 1)

        var core = SchedulerCore(policy: SchedulePolicy())
        let later = Self.start + 5
        _ = core.add("a", schedule: saved, at: later)
        #expect(core.nextDeadline() == later, "due at once, not after the minimum interval since the cut-short call")
        let step = core.advance(to: later)
        #expect(step.calls.map(\.instance) == ["a"])
        #expect(step.calls.first?.reason == "its last call was cut short (the host running it stopped)")
        #expect(core.schedule(for: "a")?.chargedReloads(at: later) == 1, "the attempt that never ended was given back")
    }

    /// Rows saved before `callStartedAt` existed said "reloading" and nothing else.
    @Test func anOlderRowThatSaysReloadingIsDueAtOnceToo() throws {
        var saved = Self.savedMidCall(at: Self.start)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(saved)) as! [String: Any]
        var legacy = json
        legacy.removeValue(forKey: "callStartedAt")
        saved = try JSONDecoder().decode(InstanceSchedule.self, from: JSONSerialization.data(withJSONObject: legacy))
        #expect(saved.callStartedAt == nil && saved.nextReloadReason == "reloading")

        var core = SchedulerCore(policy: SchedulePolicy())
        _ = core.add("a", schedule: saved, at: Self.start + 60)
        #expect(core.nextDeadline() == Self.start + 60)
    }

    @Test func aQuarantineBeforeTheFirstTimelineIsKept() {
        var schedule = InstanceSchedule()
        schedule.crashes = CrashRecord(inARow: 3, last: "extension crashed (SIGILL)", lastAt: Self.start, quarantined: true)
        schedule.nextReloadReason = "quarantined: reload with --force, or change the module, to release it"
        var core = SchedulerCore(policy: SchedulePolicy())
        _ = core.add("a", schedule: schedule, at: Self.start + 60)
        #expect(core.nextDeadline() == nil, "no call for a quarantined instance, whatever it showed before")
        #expect(core.schedule(for: "a")?.isQuarantined == true)
    }

    /// The live case on SQLite: SIGKILL while a reload runs, then a new host.
    /// The instance had a timeline (policy never) before: that is what made
    /// the stored "reloading" read as "never reload again".
    @Test func anInstanceWhoseHostWasKilledMidCallIsReloadedByTheNextHost() async throws {
        // No minimum interval: a new host that starts within it of the last
        // reload would hold the redo back and log that reason instead.
        let fixture = try MisbehavingKindsTests.Fixture(widgets: ["{kind: Gate, module: FixtureSchedules}"],
                                                        schedule: "{timeout: 10m, min_interval: 0s}")
        let gate = fixture.folder.appendingPathComponent("open").path
        FileManager.default.createFile(atPath: gate, contents: nil)
        let id = try await fixture.add("Gate", "--gate", gate)
        let started = "instance=\(id) kind=Gate [widgethost] reload started"
        let received = "instance=\(id) kind=Gate [widgethost] timeline received"

        let killed = try fixture.host()
        #expect(await killed.waitFor(received), "\(killed.output)")
        try FileManager.default.removeItem(atPath: gate)
        #expect(try await fixture.run("reload", "--instance", id, "--force").status == 0)
        #expect(await killed.waitFor(started, count: 2), "\(killed.output)")
        // Killed once the call is saved as running: the log line comes just before the save.
        let container = try SharedContainer(manifest: try Manifest.load(from: fixture.manifestPath))
        #expect(await TestSupport.eventually { (try? container.schedule(for: id))??.hadCallRunning == true })
        #expect(await killed.stop(SIGKILL) == SIGKILL)

        let next = try fixture.host()
        #expect(await next.waitFor(started + " (its last call was cut short (the host running it stopped))"), "\(next.output)")
        FileManager.default.createFile(atPath: gate, contents: nil)
        #expect(await next.waitFor(received), "\(next.output)")
        #expect(try await fixture.timeline(id)["state"] as? String == "fresh")
        #expect(await next.stop() == 0)
    }

    @Test func aReloadLateByMoreThanTheGraceIsOverdueNotFresh() throws {
        let instance = WidgetInstance(id: "abc123", kind: "Ticker", family: .systemSmall, name: nil, configurationIdentifier: nil,
                                      configuration: [:], createdAt: Self.start, updatedAt: Self.start)
        var schedule = InstanceSchedule()
        schedule.entries = [ArchivedEntry(date: Self.start, view: ViewNode(.text("hi")))]
        schedule.lastSuccess = Self.start
        schedule.nextReload = Self.start + 600
        func state(at seconds: TimeInterval, hostRunning: Bool = true) -> InstanceStatus {
            InstanceStatus(instance: instance, placement: .ready, schedule: schedule, at: Self.start + seconds, hostRunning: hostRunning)
        }
        #expect(state(at: 600 + InstanceStatus.overdueGrace).state == .fresh, "a little late is not overdue")
        let late = state(at: 600 + InstanceStatus.overdueGrace + 1)
        #expect(late.state == .overdue)
        #expect(late.detail.hasPrefix("overdue: its reload was due at ") && late.detail.contains("(1m ago) and has not started"), "\(late.detail)")
        #expect(state(at: 3_600, hostRunning: false).state == .noHost, "with no host, that is what it says")

        // A call whose end was never saved: overdue once past its timeout and the grace.
        schedule.nextReload = nil
        schedule.callStartedAt = Self.start + 600
        #expect(state(at: 600 + 30 + InstanceStatus.overdueGrace).state == .fresh)
        let cut = state(at: 600 + 30 + InstanceStatus.overdueGrace + 1)
        #expect(cut.state == .overdue)
        #expect(cut.detail.contains("never ended; the host running it stopped or stalled"), "\(cut.detail)")
    }

    /// Issue 20: a tap's forced reload that found the kind's extension
    /// restarting was retried as an ordinary reload, held back an hour by
    /// the minimum interval, against WidgetKit's guarantee.
    @Test func aForcedReloadThatFindsTheExtensionRestartingStaysForced() throws {
        var core = SchedulerCore(policy: SchedulePolicy())
        _ = core.add("a", schedule: nil, at: Self.start)
        let first = try #require(core.advance(to: Self.start).calls.first)
        let timeline = ArchivedTimeline(entries: [ArchivedEntry(date: Self.start, view: ViewNode(.text("x")))], policy: .never)
        _ = core.complete(first, with: .success(timeline), at: Self.start + 1)

        _ = core.requestReload("a", force: true, at: Self.start + 10)
        let forced = try #require(core.advance(to: Self.start + 10).calls.first)
        #expect(forced.forced)
        let restarting = ExtensionUnavailable(module: "M", reason: "extension crashed; restarting in 4s", retryAfter: .seconds(4))
        _ = core.complete(forced, with: .failure(restarting), at: Self.start + 10)
        #expect(core.schedule(for: "a")?.nextReload == Self.start + 14, "at the restart, not after the minimum interval")
        let retried = core.advance(to: Self.start + 14).calls
        #expect(retried.map(\.instance) == ["a"] && retried.first?.forced == true)
        #expect(core.schedule(for: "a")?.chargedReloads(at: Self.start + 14) == 1, "only the first, scheduled reload is charged")
    }

    /// Issue 21: what a failure is comes from its code, never its message:
    /// a protocol break or an exit mid-call is a crash (it counts towards a
    /// quarantine and is `crashed` in /metrics) though its message says no
    /// "crashed"; a provider's message that mentions a rate limit is a
    /// provider's failure.
    @Test func aFailureIsClassifiedByItsCodeNotItsMessage() throws {
        struct Provider: Error, CustomStringConvertible {
            var description: String { "the rate limit of our own API was reached" }
        }
        let failures: [(any Error, ReloadFailure.Code)] = [
            (ExtensionCrash(module: "M", termination: .exit(3)), .crashed),
            (ExtensionCrash(module: "M", termination: .exit(0), brokenProtocol: "9 bytes that are not a message"), .crashed),
            (ExtensionCrash(module: "M", termination: .signal(SIGSEGV)), .crashed),
            (RateLimitedError(until: Self.start + 3_600), .rateLimited),
            (Provider(), .failed),
        ]
        for (error, code) in failures {
            var core = SchedulerCore(policy: SchedulePolicy())
            _ = core.add("a", schedule: nil, at: Self.start)
            let call = try #require(core.advance(to: Self.start).calls.first)
            let step = core.complete(call, with: .failure(error), at: Self.start + 1)
            let failed = step.events.first { if case .reloadFailed = $0.kind { true } else { false } }
            #expect(failed?.failure == code, "\(error)")
            #expect(ReloadFailure.Code.outcome(of: failed?.failure) == code.rawValue)
            #expect((core.schedule(for: "a")?.crashes != nil) == (code == .crashed), "\(error)")
        }

        var core = SchedulerCore(policy: SchedulePolicy())  // a timeout of 30 s
        _ = core.add("a", schedule: nil, at: Self.start)
        _ = try #require(core.advance(to: Self.start).calls.first)
        let timedOut = core.advance(to: Self.start + 31).events.first { if case .reloadFailed = $0.kind { true } else { false } }
        #expect(timedOut?.failure == .timedOut)
        #expect(ReloadFailure.Code.outcome(of: timedOut?.failure) == "timed_out")
    }

    @Test func aReloadCutShortByCtrlCRunsAgainAtTheNextStart() async throws {
        // A timeout far beyond any wait of the test: however late a busy
        // machine lets the test see the reload start, Ctrl-C comes first.
        let fixture = try MisbehavingKindsTests.Fixture(widgets: ["{kind: Hang, module: FixtureSchedules}"],
                                                        schedule: "{timeout: 1h, min_interval: 5m}")
        let hang = try await fixture.add("Hang")
        let started = "instance=\(hang) kind=Hang [widgethost] reload started"
        let first = try fixture.host()
        #expect(await first.waitFor(started), "\(first.output)")
        #expect(await first.stop(SIGINT) == 0)

        // Not five minutes of placeholder: the interrupted reload did not count.
        let saved = try await fixture.timeline(hang)
        let second = try fixture.host()
        #expect(await second.waitFor(started), "first:\n\(first.output)\nsaved: \(saved)\nsecond:\n\(second.output)")
        #expect(!second.output.contains("minimum interval"), "\(second.output)")
        #expect(await second.stop() == 0)
    }

    @Test func aHostStartedPastADueDateReloadsInsteadOfTimingOut() async throws {
        let fixture = try MisbehavingKindsTests.Fixture(widgets: [])
        let ticker = try await fixture.add("Ticker", "--entries", "1", "--policy", "after", "--after", "1")
        let received = "instance=\(ticker) kind=Ticker [widgethost] timeline received"
        let first = try fixture.host()
        #expect(await first.waitFor(received), "\(first.output)")
        #expect(await first.stop() == 0)
        try await Task.sleep(for: .seconds(2))  // past the next reload's due date

        let second = try fixture.host()
        #expect(await second.waitFor(received), "\(second.output)")
        #expect(!second.output.contains("timed out"))
        #expect(try await fixture.timeline(ticker)["state"] as? String == "fresh")
        #expect(await second.stop() == 0)
    }
}
