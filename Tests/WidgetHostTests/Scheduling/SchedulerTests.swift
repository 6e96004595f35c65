import Foundation
import HostTestSupport
import Testing
@testable import WidgetContainer
@testable import WidgetHost
import WidgetSDK

/// The scheduler on a manual clock, with providers from a fixture module
/// in its extension process and a real container. Days pass without sleeping.
@Suite("Scheduling timelines")
struct SchedulerTests {
    @Test func atEndReloadsWhenTheLastEntryIsCurrent() async throws {
        let fixture = try await SchedulerFixture()
        let id = try await fixture.add("Ticker", "--entries", "3", "--spacing", "600", "--policy", "atEnd")
        try await fixture.host().run(until: fixture.at(3_600))
        #expect(fixture.reloads(id) == [0, 1_200, 2_400, 3_600])
    }

    @Test func afterReloadsAtItsDate() async throws {
        let fixture = try await SchedulerFixture()
        let id = try await fixture.add("Ticker", "--entries", "1", "--policy", "after", "--after", "7200")
        try await fixture.host().run(until: fixture.at(86_400))
        #expect(fixture.reloads(id) == stride(from: 0, through: 86_400, by: 7_200).map { TimeInterval($0) })
    }

    @Test func neverReloadsOnlyWhenAsked() async throws {
        let fixture = try await SchedulerFixture()
        let id = try await fixture.add("Ticker", "--policy", "never")
        let host = try fixture.host()
        try await host.run(until: fixture.at(3 * 86_400))
        #expect(fixture.reloads(id) == [0])
        #expect(await host.schedule(for: id)?.nextReloadReason == "policy never: only on an explicit reload")
        await host.requestReload(id)
        try await host.run(until: fixture.at(3 * 86_400 + 1))
        #expect(fixture.reloads(id) == [0, 3 * 86_400])
    }

    @Test func entriesBecomeCurrentWithoutProviderCalls() async throws {
        let fixture = try await SchedulerFixture()
        let id = try await fixture.add("Ticker", "--entries", "4", "--spacing", "900", "--policy", "never")
        let host = try fixture.host()
        try await host.run(until: fixture.at(86_400))
        #expect(fixture.transitions(id) == [0, 900, 1_800, 2_700])
        #expect(await host.statistics.providerCalls == 1)
        let current = await host.schedule(for: id)?.currentEntry(at: fixture.at(2_000))
        #expect(current?.view.content == .text("tick 2"))
    }

    @Test func theMinimumIntervalDefersEarlierReloads() async throws {
        let fixture = try await SchedulerFixture(schedule: "min_interval: 5m")
        let id = try await fixture.add("Ticker", "--entries", "1", "--policy", "after", "--after", "10")
        let host = try fixture.host()
        try await host.run(until: fixture.at(1_200))
        #expect(fixture.reloads(id) == [0, 300, 600, 900, 1_200])
        #expect(await host.schedule(for: id)?.nextReloadReason == "policy after, deferred: minimum interval of 5m since the last reload")
    }

    @Test func theDailyBudgetDefersReloadsAndSaysWhy() async throws {
        let fixture = try await SchedulerFixture(schedule: "daily_budget: 4, min_interval: 5m")
        let id = try await fixture.add("Ticker", "--entries", "1", "--policy", "after", "--after", "60")
        let host = try fixture.host()
        try await host.run(until: fixture.at(86_000))
        #expect(fixture.reloads(id) == [0, 300, 600, 900])
        let schedule = try #require(await host.schedule(for: id))
        #expect(schedule.nextReload == fixture.at(86_400))
        #expect(schedule.nextReloadReason.contains("daily budget of 4 reloads used; one frees at"))
        #expect(schedule.chargedReloads(at: fixture.at(86_000)) == 4)

        try await host.run(until: fixture.at(86_400 + 900))
        #expect(fixture.reloads(id) == [0, 300, 600, 900, 86_400, 86_700, 87_000, 87_300])
    }

    @Test func backoffDoublesFromAMinuteToAnHourWithJitter() async throws {
        let fixture = try await SchedulerFixture(schedule: "min_interval: 10s, daily_budget: 1000")
        let id = try await fixture.add("Flaky", "--key", UUID().uuidString, "--pattern", "F")
        try await fixture.host().run(until: fixture.at(6 * 3_600))
        let failures = fixture.failures(id)
        #expect(failures.count >= 9)
        for (index, failure) in failures.prefix(9).enumerated() {
            let nominal = min(60 * pow(2, Double(index)), 3_600)
            let delay = try #require(failure.retry) - failure.at
            #expect(delay <= nominal && delay >= nominal * 0.8, "failure \(index + 1): retry after \(delay)s, expected \(nominal * 0.8)…\(nominal)s")
        }
        #expect(failures.first?.error == "flaky failure on call 0")
        // Each retry happens when it was announced.
        #expect(Array(fixture.reloads(id).dropFirst().prefix(8)) == failures.prefix(8).compactMap(\.retry))
    }

    @Test func theLastGoodEntryIsKeptWhenAReloadFails() async throws {
        let fixture = try await SchedulerFixture()
        let id = try await fixture.add("Flaky", "--key", UUID().uuidString, "--pattern", "SF")
        let host = try fixture.host()
        try await host.run(until: fixture.at(2 * 3_600))
        let schedule = try #require(await host.schedule(for: id))
        #expect(schedule.entries.map(\.view.content) == [.text("good 0")])
        #expect(schedule.consecutiveFailures >= 1)
        #expect(schedule.lastError?.hasPrefix("flaky failure on call") == true)

        let instance = try #require(try fixture.workspace.container.instance(id: id))
        let status = InstanceStatus(instance: instance, placement: .ready, schedule: schedule, at: fixture.at(2 * 3_600))
        #expect(status.state == .stale)
        #expect(status.currentEntry?.view.content == .text("good 0"))
        #expect(status.detail.hasPrefix("stale, 2h old: flaky failure on call"))
    }

    @Test func aRateLimitedInstanceWaitsUntilTheLimitEnds() async throws {
        let fixture = try await SchedulerFixture()
        let id = try await fixture.add("Flaky", "--key", UUID().uuidString, "--pattern", "R")
        let host = try fixture.host()
        try await host.run(until: fixture.at(3 * 3_600))
        #expect(fixture.reloads(id) == [0, 3_600, 7_200, 10_800])
        let schedule = try #require(await host.schedule(for: id))
        let instance = try #require(try fixture.workspace.container.instance(id: id))
        let status = InstanceStatus(instance: instance, placement: .ready, schedule: schedule, at: fixture.at(3 * 3_600 + 1))
        #expect(status.state == .rateLimited)
    }

    @Test func aHangingProviderIsCutOffWhileOthersStayOnTime() async throws {
        // Ten minutes, cut off in simulated time: the call's channel also
        // gives up after the timeout in real time, and thirty seconds of real
        // time ran out before the simulated thirty on a loaded machine.
        let fixture = try await SchedulerFixture(schedule: "timeout: 10m, min_interval: 10s")
        let hang = try await fixture.add("Hang")
        let ticker = try await fixture.add("Ticker", "--entries", "4", "--spacing", "10", "--policy", "never")
        let host = try fixture.host()
        // The settle bounds each step's wait for the hanging call in real time;
        // it must leave the ticker's extension room to answer on a busy machine.
        try await host.run(until: fixture.at(615), settle: .seconds(1))

        #expect(fixture.transitions(ticker) == [0, 10, 20, 30], "the ticker's entries became current on time")
        let failure = try #require(fixture.failures(hang).first)
        #expect(failure.at == 600)
        #expect(failure.error == "timed out after 10m")
        #expect(await host.statistics.timeouts == 1)
    }

    @Test func aReloadAskedForDuringACallRunsAfterIt() async throws {
        // Ten minutes, as the test above: the call's timeout also runs in real
        // time, and on a loaded CI machine thirty real seconds ran out before
        // the simulated five, so the call had ended when the reload was asked.
        let fixture = try await SchedulerFixture(schedule: "timeout: 10m, min_interval: 10s")
        let hang = try await fixture.add("Hang")
        let host = try fixture.host()
        try await host.run(until: fixture.at(5), settle: .milliseconds(50))
        #expect(fixture.reloads(hang) == [0])
        await host.requestReload(hang, force: true)   // while the first call still runs
        try await host.run(until: fixture.at(601), settle: .milliseconds(50))
        #expect(fixture.reloads(hang) == [0, 600], "the request waited for the call to end (its timeout at 10 min), then ran")
    }

    @Test func atMostMaxConcurrentCallsRunAtOnce() async throws {
        let fixture = try await SchedulerFixture(schedule: "timeout: 30s, max_concurrent: 2")
        let ids = [try await fixture.add("Hang"), try await fixture.add("Hang"), try await fixture.add("Hang")]
        try await fixture.host().run(until: fixture.at(31), settle: .milliseconds(50))
        let starts = ids.map { fixture.reloads($0) }.sorted { $0.first ?? 0 < $1.first ?? 0 }
        #expect(starts == [[0], [0], [30]], "the third waits for a slot, which the first timeouts free")
    }

    @Test func reloadRequestsByKindAndByInstance() async throws {
        let fixture = try await SchedulerFixture()
        let first = try await fixture.add("Ticker", "--policy", "never")
        let second = try await fixture.add("Ticker", "--policy", "never")
        let flaky = try await fixture.add("Flaky", "--key", UUID().uuidString, "--pattern", "S")
        let host = try fixture.host()
        try await host.run(until: fixture.at(600))

        try fixture.workspace.container.addReloadRequest(ReloadRequest(kind: "Ticker", force: false))
        try await host.run(until: fixture.at(601))
        #expect(fixture.reloads(first) == [0, 600])
        #expect(fixture.reloads(second) == [0, 600])
        #expect(fixture.reloads(flaky) == [0])

        try fixture.workspace.container.addReloadRequest(ReloadRequest(instanceID: second, force: false))
        try await host.run(until: fixture.at(1_200))
        #expect(fixture.reloads(first) == [0, 600])
        #expect(fixture.reloads(second) == [0, 600, 900], "after the minimum interval since the last reload")
    }

    @Test func explicitReloadsAreNotChargedAndForceSkipsTheMinimumInterval() async throws {
        let fixture = try await SchedulerFixture(schedule: "daily_budget: 2, min_interval: 5m")
        let id = try await fixture.add("Ticker", "--policy", "never")
        let host = try fixture.host()
        try await host.run(until: fixture.at(60))
        await host.requestReload(id, force: true)
        try await host.run(until: fixture.at(61))
        await host.requestReload(id, force: true)
        await host.requestReload(id, force: true)
        try await host.run(until: fixture.at(62))
        #expect(fixture.reloads(id) == [0, 60, 61])
        let schedule = try #require(await host.schedule(for: id))
        #expect(schedule.chargedReloads(at: fixture.at(62)) == 1, "only the first, scheduled reload is charged")
    }

    @Test func anEmptyTimelineKeepsThePreviousEntries() async throws {
        let fixture = try await SchedulerFixture()
        let id = try await fixture.add("Ticker", "--entries", "2", "--spacing", "60", "--policy", "never")
        let host = try fixture.host()
        try await host.run(until: fixture.at(1_000))

        // Reconfigured by another process: no entries, reload at the end.
        var instance = try #require(try fixture.workspace.container.instance(id: id))
        instance.configuration["entries"] = .int(0)
        instance.configuration["policy"] = .string("atEnd")
        instance.updatedAt = Date()
        try await fixture.workspace.container.write { [instance] in try $0.update(instance) }
        try await host.run(until: fixture.at(1_001))

        let schedule = try #require(await host.schedule(for: id))
        #expect(fixture.reloads(id) == [0, 1_000])
        #expect(schedule.entries.map(\.view.content) == [.text("tick 0"), .text("tick 1")])
        #expect(schedule.nextReload == fixture.at(1_300))
        #expect(schedule.nextReloadReason == "atEnd with no entries: after the minimum interval")
    }

    @Test func aRestartedHostResumesWithoutCallingProviders() async throws {
        let fixture = try await SchedulerFixture()
        let id = try await fixture.add("Ticker", "--entries", "3", "--spacing", "600", "--policy", "atEnd")
        try await fixture.host().run(until: fixture.at(100))
        #expect(fixture.reloads(id) == [0])

        let restarted = try fixture.host()
        try await restarted.run(until: fixture.at(1_100))
        #expect(await restarted.statistics.providerCalls == 0, "no reload before its due date")
        #expect(await restarted.schedule(for: id)?.entries.count == 3, "the last timeline is shown at once")
        #expect(fixture.transitions(id).suffix(1) == [600])

        try await restarted.run(until: fixture.at(1_200))
        #expect(await restarted.statistics.providerCalls == 1)
        #expect(fixture.reloads(id) == [0, 1_200])
    }

    @Test func removingAnInstanceCancelsItsRunningCall() async throws {
        // Long enough that the call's channel does not give up in real time first.
        let fixture = try await SchedulerFixture(schedule: "timeout: 10m")
        let id = try await fixture.add("Hang")
        let host = try fixture.host()
        try await host.run(until: fixture.at(5), settle: .milliseconds(20))
        #expect(await host.runningCalls == 1)
        try fixture.workspace.container.removeInstance(id: id)
        try await host.run(until: fixture.at(60), settle: .milliseconds(20))
        #expect(await host.runningCalls == 0)
        #expect(fixture.failures(id).isEmpty, "no timeout is reported for a removed instance")
    }

    @Test func removedInstancesStopAndLoseTheirTimeline() async throws {
        let fixture = try await SchedulerFixture()
        let id = try await fixture.add("Ticker", "--policy", "after", "--after", "600")
        let host = try fixture.host()
        try await host.run(until: fixture.at(100))
        try fixture.workspace.container.removeInstance(id: id)
        try await host.run(until: fixture.at(3_600))
        #expect(fixture.reloads(id) == [0])
        #expect(try fixture.workspace.container.schedule(for: id) == nil)
        #expect(await host.scheduledInstances.isEmpty)
    }
}
