import Foundation
import HostTestSupport
import Testing
@testable import WidgetContainer
@testable import WidgetHost
import WidgetSDK

/// Issue 19: a host with 1,868 instances waiting for a provider slot died of
/// a stack overflow when its leases lapsed (launch, fail, start the next
/// waiting one, launch, … one frame each), with no line in its log.
@Suite("Many instances on one host")
struct ManyInstancesTests {
    /// A fleet member whose leases lapse the moment they are renewed.
    final class LapsingClaim: HostClaim {
        let held: Set<String>
        init(held: Set<String>) { self.held = held }
        var leaseDuration: Duration? { .nanoseconds(1) }
        var member: String? { "lapsing" }
        func renew() throws -> LeaseRenewal { LeaseRenewal(lapsed: false, hosts: []) }
        func heldLeases() throws -> [String: Int64] { Dictionary(uniqueKeysWithValues: held.map { ($0, 1) }) }
    }

    /// Places `count` Ticker instances in one transaction; returns their ids.
    static func place(_ count: Int, in fixture: SchedulerFixture) async throws -> [String] {
        let template = try fixture.workspace.container.existingInstance(id: try await fixture.add("Ticker", "--policy", "never"))
        let ids = (1..<count).map { String(format: "m%05d", $0) }
        try await fixture.workspace.container.write { db in
            for id in ids {
                var instance = template
                instance.id = id
                try db.insert(instance)
            }
        }
        return [template.id] + ids
    }

    @Test func fiftyThousandDueInstancesWhoseLeasesLapseWaitWithoutACrash() async throws {
        let fixture = try await SchedulerFixture(schedule: "max_concurrent: 8")
        let ids = try await Self.place(50_000, in: fixture)
        let host = try TimelineHost(workspace: fixture.workspace, claim: LapsingClaim(held: Set(ids)), seed: 1)
        try await host.run(until: fixture.at(60))
        #expect(await host.scheduledInstances.count == 50_000)
        #expect(await host.statistics.providerCalls == 0, "no call starts on a lease that lapsed")
        #expect(await host.runningCalls == 0)
        #expect(await host.heldStarts, "every due instance waits for the leases, its due date kept")
        let stored = try fixture.workspace.container.schedules()
        #expect(stored.count == 50_000)
        #expect(stored.values.allSatisfy { $0.nextReload == SchedulerFixture.start && !$0.hadCallRunning })
    }
}
