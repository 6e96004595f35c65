import Foundation
import Testing
import WidgetContainer
@testable import WidgetHost

/// The host loop's collaborators on their own, without a container or a
/// clock: what wakes it, and what it has to save.
@Suite("The host loop's parts")
struct HostLoopPartsTests {
    @Test func causesSignalledBeforeTheWaitEndItAtOnceTogether() async {
        let wakeups = HostWakeups()
        wakeups.signal(.containerChanged)
        wakeups.signal(.filesChanged)
        wakeups.signal(.containerChanged)
        #expect(await wakeups.next() == [.containerChanged, .filesChanged])
    }

    @Test func aWaitEndsWithTheCauseThatCameWhileItWaited() async {
        let wakeups = HostWakeups()
        async let woken = wakeups.next()
        // Signalled from another thread, as a watcher's callback is, once the
        // loop waits: the path that resumes a waiter, not the one that finds
        // a cause already there.
        Thread.detachNewThread {
            while !wakeups.isWaiting { sched_yield() }
            wakeups.signal(.callEnded)
        }
        #expect(await woken == .callEnded)
    }

    @Test func eachWaitTakesWhatCameSinceTheLast() async {
        let wakeups = HostWakeups()
        wakeups.signal(.asked)
        #expect(await wakeups.next() == .asked)
        wakeups.signal(.deadline)
        #expect(await wakeups.next() == .deadline)
    }

    @Test func aSaveWaitsForTheIntervalAndThenTakesEverythingChangedMeanwhile() {
        var buffer = SaveBuffer()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(buffer.timing(at: start) == .idle)

        buffer.record(SchedulerEvent(date: start, instance: "a", kind: .added))
        #expect(buffer.timing(at: start) == .now)
        buffer.changed("b")
        guard case .after(let wait) = buffer.timing(at: start + 0.01) else {
            Issue.record("a change 10 ms after a save waits for the interval")
            return
        }
        #expect(abs(wait - (SaveBuffer.interval - 0.01)) < 0.001)
        buffer.changed("c")
        #expect(buffer.timing(at: start + SaveBuffer.interval) == .now)
        #expect(buffer.instances == ["a", "b", "c"])

        buffer.savedInstances()
        #expect(buffer.isEmpty)
        #expect(buffer.takeEvents().map(\.instance) == ["a"])
        #expect(buffer.takeEvents().isEmpty, "events are handed on once")
    }

    @Test func anInstanceHandedOverIsNotSavedAndEventsStayBounded() {
        var buffer = SaveBuffer()
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        buffer.changed("mine")
        buffer.changed("theirs")
        buffer.forget("theirs")
        #expect(buffer.instances == ["mine"])

        for index in 0 ..< SaveBuffer.eventLimit + 1 {
            buffer.record(SchedulerEvent(date: date, instance: "i\(index)", kind: .added))
        }
        #expect(buffer.events.count <= SaveBuffer.eventLimit)
        #expect(buffer.events.last?.instance == "i\(SaveBuffer.eventLimit)", "the newest are kept")
    }
}

/// A fleet of two live hosts whose database is a dictionary: the leases a
/// host's turn takes and gives back, without PostgreSQL.
@Suite("A fleet host's turn")
struct FleetTurnTests {
    final class MemoryClaim: HostClaim, @unchecked Sendable {
        // Touched by one test at a time, from its own task.
        var free: [String]
        var mine: [String: Int64] = [:]
        var released: [String] = []
        init(free: [String]) { self.free = free }

        var leaseDuration: Duration? { .seconds(60) }
        var member: String? { "this" }
        var lastConnectionFailure: ContinuousClock.Instant? { nil }
        func renew() throws -> LeaseRenewal {
            LeaseRenewal(lapsed: false, hosts: [FleetMember(id: "this", holder: HostHolder(pid: 1, since: nil)),
                                                FleetMember(id: "other", holder: HostHolder(pid: 2, since: nil))])
        }
        func heldLeases() throws -> [String: Int64] { mine }
        func claim(_ count: Int, takingOverFrom lapsedHosts: [String]) throws -> [ClaimedLease] {
            let taken = free.prefix(count)
            free.removeFirst(taken.count)
            for id in taken { mine[id] = 1 }
            return taken.map { ClaimedLease(instance: $0, token: 1, from: nil) }
        }
        func release(_ instances: [String]) throws {
            for id in instances { mine[id] = nil }
            released += instances
        }
        func releaseAll() throws { mine = [:] }
    }

    func turn(stored: Int, busy: Set<String> = []) -> FleetTurn {
        var changes = ContainerChanges()
        changes.fleet = true
        return FleetTurn(changes: changes, renewing: true, stored: stored, busy: busy, reportsLosses: true)
    }

    @Test func aHostTakesItsShareAndGivesBackWhatIsOverItSavedFirst() throws {
        let claim = MemoryClaim(free: ["a", "b", "c", "d", "e"])
        var keeper = try #require(LeaseKeeper(claim: claim))
        var news: [String] = []
        var saves = 0
        let taken = try keeper.follow(turn(stored: 5), health: HostHealth(), report: { news.append("\($0)") }) { saves += 1 }
        #expect(taken == ["a", "b", "c"], "two live hosts share five: three each at most")
        #expect(keeper.share(of: 5) == 3)
        #expect(saves == 0)

        // Two of the five were removed: the share is one now, and "a" is mid-call.
        let given = try keeper.follow(turn(stored: 2, busy: ["a"]), health: HostHealth(), report: { news.append("\($0)") }) { saves += 1 }
        #expect(given == ["b", "c"])
        #expect(claim.released == ["b", "c"])
        #expect(saves == 1, "saved before another host may take them")
        #expect(news.last?.contains("gave 2 instances to other hosts: 2 hosts share the container, 1 each at most") == true, "\(news)")
    }
}
