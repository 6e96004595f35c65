import Foundation
import HostTestSupport
import PostgresNIO
import Testing
@testable import WidgetContainer
@testable import WidgetHost
import WidgetSDK
import WidgetTestSupport

/// Every operation of the container, called as the host calls it, on SQLite
/// and on PostgreSQL: the two must behave alike in everything a user sees.
@Suite("The container on both backends")
struct ContainerStoreTests {
    static let backends = ContainerFixture.Backend.allCases

    private func newInstance(_ kind: String = "Gauge", name: String? = nil, lists: [String: [String]] = [:]) -> SharedContainer.NewInstance {
        SharedContainer.NewInstance(
            kind: kind, family: .systemSmall, name: name, configurationIdentifier: "GaugeIntent",
            configuration: ["level": .int(3), "label": .string("CPU")], savedListAdditions: lists, savedListInitialValues: ["repos": ["a/seed"]])
    }

    @Test(arguments: backends) func instancesKeepEveryFieldAndTheirOrder(backend: ContainerFixture.Backend) throws {
        let container = try ContainerFixture(backend: backend).container()
        let first = try container.insert(newInstance(name: "first")).instance
        // Later by more than the stored times' millisecond, or the tie is broken by id.
        Thread.sleep(forTimeInterval: 0.005)
        let second = try container.insert(newInstance(name: nil)).instance
        #expect(try container.instances().map(\.id) == [first.id, second.id], "oldest first")
        let read = try #require(try container.instance(id: first.id))
        #expect(read.kind == "Gauge" && read.family == .systemSmall && read.name == "first")
        #expect(read.configurationIdentifier == "GaugeIntent")
        #expect(read.configuration == ["level": .int(3), "label": .string("CPU")])
        #expect(abs(read.createdAt.timeIntervalSince(first.createdAt)) < 0.001)
        #expect(try container.instance(id: second.id)?.name == nil)

        let typo = String(first.id.dropLast()) + (first.id.last == "z" ? "y" : "z")
        #expect(throws: ContainerError.self) { try container.existingInstance(id: typo) }
        #expect(throws: ContainerError.self) { try container.removeInstances(ids: [first.id, "nope"]) }
        #expect(try container.instances().count == 2, "all or nothing")
        #expect(try container.removeInstances(ids: [first.id, first.id]).map(\.id) == [first.id], "an id given twice is removed once")
        #expect(try container.instances().map(\.id) == [second.id])
    }

    @Test(arguments: backends) func savedListsAreCaseInsensitiveAndGuardedByTheirUsers(backend: ContainerFixture.Backend) throws {
        let container = try ContainerFixture(backend: backend).container()
        #expect(try container.savedList(key: "repos", initial: ["a/seed"]) == ["a/seed"])
        let added = try container.insert(newInstance(lists: ["repos": ["b/two", "A/SEED"]])).addedToSavedLists
        #expect(added == ["repos": ["b/two"]])
        #expect(try container.savedList(key: "repos", initial: []) == ["a/seed", "b/two"], "the initial list was saved with the addition")
        #expect(try container.addToSavedList(["B/Two", "c/three"], key: "repos", initial: []) == ["c/three"])

        let user = try container.insert(SharedContainer.NewInstance(
            kind: "SingleRepo", family: .systemMedium, name: nil, configurationIdentifier: nil,
            configuration: ["repo": .string("c/three")], savedListAdditions: [:], savedListInitialValues: [:])).instance
        let usedBy = [SharedContainer.SavedListUser(kind: "SingleRepo", parameter: "repo")]
        #expect(throws: ContainerError.self) {
            try container.removeFromSavedList("C/Three", key: "repos", initial: [], usedBy: usedBy, force: false)
        }
        #expect(try container.instance(id: user.id) != nil)
        // A list parameter holding the value uses it as much as a single one does.
        let listUser = try container.insert(SharedContainer.NewInstance(
            kind: "Watch", family: .systemMedium, name: nil, configurationIdentifier: nil,
            configuration: ["repos": .list([.string("b/two"), .string("c/three")])], savedListAdditions: [:], savedListInitialValues: [:])).instance
        #expect(try container.instance(id: listUser.id)?.configuration == ["repos": .list([.string("b/two"), .string("c/three")])])
        let usedByEither = usedBy + [SharedContainer.SavedListUser(kind: "Watch", parameter: "repos", fewest: [.systemSmall: 2])]
        // In a family whose list holds two at least, one left is too few: that instance goes.
        let smallListUser = try container.insert(SharedContainer.NewInstance(
            kind: "Watch", family: .systemSmall, name: nil, configurationIdentifier: nil,
            configuration: ["repos": .list([.string("a/seed"), .string("c/three")])], savedListAdditions: [:], savedListInitialValues: [:])).instance
        #expect(throws: ContainerError.self) {
            try container.removeFromSavedList("C/Three", key: "repos", initial: [], usedBy: usedByEither, force: false)
        }
        let removal = try container.removeFromSavedList("C/Three", key: "repos", initial: [], usedBy: usedByEither, force: true)
        #expect(Set(removal.removed.map(\.id)) == [user.id, smallListUser.id], "one showed the repository alone, one would hold too few")
        #expect(removal.edited.map(\.id) == [listUser.id], "its list keeps the rest")
        #expect(try container.instance(id: listUser.id)?.configuration == ["repos": .list([.string("b/two")])])
        #expect(try container.instance(id: user.id) == nil)
        #expect(try container.savedList(key: "repos", initial: []) == ["a/seed", "b/two"])
        #expect(throws: ContainerError.self) {
            try container.removeFromSavedList("nobody/nothing", key: "repos", initial: [], usedBy: usedBy, force: false)
        }
    }

    @Test(arguments: backends) func defaultsHoldJSONByKeyInOrder(backend: ContainerFixture.Backend) throws {
        let container = try ContainerFixture(backend: backend).container()
        let store = ContainerDefaultsStore(container: container)
        try container.writeDefaults(Data(#"{"b":1}"#.utf8), forKey: "zeta")
        try store.setData(Data("[1,2]".utf8), forKey: "Alpha")
        try container.writeDefaults(Data("true".utf8), forKey: "alpha")
        #expect(try container.allDefaults().map(\.key) == ["Alpha", "alpha", "zeta"], "sorted byte by byte, as SQLite sorts")
        #expect(try store.data(forKey: "zeta") == Data(#"{"b":1}"#.utf8))
        try container.writeDefaults(Data("2".utf8), forKey: "zeta")
        #expect(try container.defaultsValue(forKey: "zeta") == Data("2".utf8), "a second write replaces the first")
        #expect(try container.deleteDefaults(forKey: "zeta"))
        #expect(try !container.deleteDefaults(forKey: "zeta"))
        try store.setData(nil, forKey: "Alpha")
        #expect(try container.allDefaults().map(\.key) == ["alpha"])
    }

    @Test(arguments: backends) func timelinesFollowTheirInstances(backend: ContainerFixture.Backend) throws {
        let container = try ContainerFixture(backend: backend).container()
        let kept = try container.insert(newInstance()).instance
        let removed = try container.insert(newInstance()).instance
        var schedule = InstanceSchedule()
        schedule.nextReload = Date(timeIntervalSince1970: 1_800_000_000)
        schedule.nextReloadReason = "policy after"
        schedule.consecutiveFailures = 2
        try container.saveSchedules([(kept.id, schedule), (removed.id, schedule), ("gone00", schedule)])
        #expect(try container.schedules().keys.sorted() == [kept.id, removed.id].sorted(), "an unknown instance's schedule is skipped")
        #expect(try container.schedule(for: kept.id) == schedule)
        schedule.consecutiveFailures = 0
        try container.saveSchedules([(kept.id, schedule)])
        #expect(try container.schedule(for: kept.id)?.consecutiveFailures == 0, "saving again replaces it")
        try container.removeInstance(id: removed.id)
        #expect(try container.schedules().keys.sorted() == [kept.id], "a removed instance takes its timeline with it")
    }

    @Test(arguments: backends) func reloadRequestsAreTakenOnceInOrder(backend: ContainerFixture.Backend) throws {
        let container = try ContainerFixture(backend: backend).container()
        let gauge = try container.insert(newInstance("Gauge")).instance.id
        let note = try container.insert(newInstance("Note")).instance.id
        try container.addReloadRequest(ReloadRequest(kind: "Gauge", force: false))
        try container.addReloadRequest(ReloadRequest(instanceID: note, force: true))
        try container.addReloadRequest(ReloadRequest(force: false))
        let taken = try container.takeReloadRequests()
        // A request for a kind or for all is kept per instance, in the
        // instances' order (placed in one millisecond, they tie and go by id):
        // in a fleet each host takes its own.
        let order = try container.instances().map(\.id)
        #expect(taken.map(\.kind) == ["Gauge", nil, nil, nil])
        #expect(taken.map(\.instanceID) == [gauge, note] + order)
        #expect(taken.map(\.force) == [false, true, false, false])
        #expect(try container.takeReloadRequests().isEmpty)
    }

    @Test func aFleetHostTakesOnlyTheRequestsOfWhatItHoldsWithItsToken() throws {
        let container = try ContainerFixture(backend: .postgres).container()
        let held = try container.insert(newInstance()).instance.id
        let other = try container.insert(newInstance()).instance.id
        let gone = try container.insert(newInstance()).instance.id
        let host = try #require(try container.claimHost(leaseDuration: .seconds(60)))
        _ = try host.renew()
        let token = try #require(try host.claim(10, takingOverFrom: []).first { $0.instance == held }?.token)
        try container.addReloadRequest(ReloadRequest(force: true))
        try container.removeInstances(ids: [gone])
        let member = try #require(host.member)
        #expect(try container.takeReloadRequests(fence: LeaseFence(member: member, tokens: [held: token + 1]), orphans: false).isEmpty,
                "not with a token the lease no longer has")
        #expect(try container.takeReloadRequests(fence: LeaseFence(member: member, tokens: [held: token]), orphans: true).compactMap(\.instanceID).sorted()
                    == [held, gone].sorted(), "its own, and those of instances gone")
        #expect(try container.takeReloadRequests().map(\.instanceID) == [other], "the other one stays for whoever holds it")
    }

    @Test(arguments: backends) func theHTTPCacheKeepsBodiesAndETags(backend: ContainerFixture.Backend) async throws {
        let container = try ContainerFixture(backend: backend).container()
        let url = "http://127.0.0.1:9/repos/apple/swift"
        #expect(try await container.cachedResponse(for: url) == nil)
        let body = Data((0..<256).map { UInt8($0) })
        let fetched = Date(timeIntervalSince1970: 1_700_000_000)
        try await container.storeResponse(CachedResponse(url: url, status: 200, etag: #"W/"abc""#, body: body, fetchedAt: fetched))
        let cached = try #require(try await container.cachedResponse(for: url))
        #expect(cached.body == body && cached.etag == #"W/"abc""# && cached.status == 200 && cached.fetchedAt == fetched)
        try await container.markRevalidated(url, at: fetched + 60)
        #expect(try await container.cachedResponse(for: url)?.fetchedAt == fetched + 60)
        try await container.storeResponse(CachedResponse(url: url, status: 200, etag: nil, body: Data("new".utf8), fetchedAt: fetched + 120))
        #expect(try await container.cachedResponse(for: url)?.etag == nil)
    }

    @Test(arguments: backends) func aChangeByAnotherProcessIsSeen(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        let container = try fixture.container()
        let watcher = try container.changeWatcher()
        #expect(try watcher.hasChanged(), "the first look always reports a change")
        #expect(try !watcher.hasChanged())
        #expect(try await fixture.run("add-instance", "Gauge").status == 0)
        // PostgreSQL's notice arrives on its own connection, a moment after the commit.
        #expect(try await TestSupport.eventually { try watcher.hasChanged() })
        #expect(try !watcher.hasChanged())
    }

    /// Issue 19: a host re-read every instance on every change; the
    /// container now names what changed, and a host's own saves are no change.
    @Test(arguments: backends) func changesNameWhatChanged(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        let container = try fixture.container()
        let watcher = try container.changeWatcher()
        #expect(try watcher.changes().everything, "the first look reads everything")
        func next() async throws -> ContainerChanges {
            // PostgreSQL's notice arrives on its own connection, a moment after the commit.
            var changes = ContainerChanges()
            _ = await TestSupport.eventually {
                changes.formUnion((try? watcher.changes()) ?? ContainerChanges())
                return !changes.isEmpty
            }
            return changes
        }
        let added = try await fixture.run("add-instance", "Gauge")
        let id = String(added.stdout.dropFirst("added ".count).prefix(6))
        var changes = try await next()
        #expect(!changes.everything && changes.instances == [id], "\(changes)")

        #expect(try await fixture.run("reload", "--instance", id).status == 0)
        changes = try await next()
        #expect(changes.reloadRequests == [id] && changes.instances.isEmpty, "\(changes)")

        // A host's own saves are not news to it; a placement after them is.
        try container.saveSchedules([(id, InstanceSchedule())])
        #expect(try await fixture.run("remove-instance", id).status == 0)
        changes = try await next()
        #expect(!changes.everything && changes.instances == [id] && changes.timelines.isEmpty, "\(changes)")
    }

    @Test func aWatcherThatFellFurtherBehindThanTheLogReadsEverything() throws {
        let container = try ContainerFixture(backend: .sqlite).container()
        let watcher = try container.changeWatcher()
        _ = try watcher.changes()
        try container.write { db in
            for index in 0...10_000 { try db.setDefaultsData(Data("\(index)".utf8), forKey: "key") }
        }
        #expect(try watcher.changes().everything)
        try container.write { db in try db.setDefaultsData(Data("1".utf8), forKey: "other") }
        let changes = try watcher.changes()
        #expect(changes.defaults && !changes.everything)
    }

    @Test func oneHostAtATimeOnSQLiteAndItsClaimEndsWithIt() throws {
        let container = try ContainerFixture(backend: .sqlite).container()
        #expect(container.runningHost() == nil)
        var claim = try container.claimHost()
        #expect(claim != nil)
        #expect(claim?.leaseDuration == nil, "the lock lasts as long as the process")
        #expect(container.runningHost()?.pid == getpid())
        #expect(try container.claimHost() == nil, "a second claim is refused while the first is held")
        claim = nil
        #expect(container.runningHost() == nil)
        #expect(try container.claimHost() != nil)
        try container.checkWritable()
    }

    @Test func hostsOnPostgreSQLShareTheInstancesThroughLeases() throws {
        let container = try ContainerFixture(backend: .postgres).container()
        let ids = try (0..<4).map { _ in try container.insert(newInstance()).instance.id }
        #expect(container.runningHosts().isEmpty)
        let first = try #require(try container.claimHost(leaseDuration: .seconds(60)))
        #expect(try first.renew().lapsed, "a new host has nothing to renew: it reads what it holds")
        #expect(try !first.renew().lapsed)
        let taken = try first.claim(10, takingOverFrom: [])
        #expect(taken.map(\.instance).sorted() == ids.sorted() && taken.allSatisfy { $0.token == 1 && $0.from == nil }, "alone, it takes everything")
        #expect(try first.heldLeases() == Dictionary(uniqueKeysWithValues: ids.map { ($0, 1) }))
        #expect(container.runningHosts().map(\.pid) == [getpid()])
        #expect(container.host(of: ids[0])?.pid == getpid())

        let second = try #require(try container.claimHost(leaseDuration: .seconds(60)))
        #expect(try second.renew().hosts.count == 2)
        #expect(try second.claim(10, takingOverFrom: []).isEmpty, "nothing is free")
        try first.release(Array(ids.prefix(2)))
        let given = try second.claim(10, takingOverFrom: [])
        #expect(given.map(\.instance).sorted() == ids.prefix(2).sorted(), "what is given back is taken")
        #expect(given.allSatisfy { $0.token == 2 }, "each time a lease changes hands its token grows")
        #expect(try Set(first.heldLeases().keys) == Set(ids.suffix(2)))

        let added = try container.insert(newInstance()).instance.id
        #expect(try first.claim(1, takingOverFrom: []).map(\.instance) == [added], "a new instance is leased at once")
        #expect(try container.leaseCounts()?.map(\.leases) == [3, 2], "as the database counts them")

        try first.releaseAll()
        #expect(container.runningHosts().count == 1, "a host that stops is gone from the fleet")
        #expect(try second.claim(10, takingOverFrom: []).count == 3)
    }

    /// Issue 19, item 3: a host stopped inside a write kept the group's
    /// lock, and every other host and command waited until it resumed (for
    /// ever, if it never did). The server now ends such a session a third
    /// of a lease on, and its lock with it.
    @Test func aWriterStalledInsideATransactionHoldsNoOneUp() async throws {
        let fixture = try ContainerFixture(backend: .postgres)
        let container = try fixture.container()
        let store = try #require(container.store as? PostgresStore)
        // A host's session, stopped right after taking the write lock: it never sends another byte.
        _ = try container.claimHost(leaseDuration: .seconds(3))
        let stalled = try store.connections.connect()
        let connections = store.connections
        try connections.wait(stalled.query("BEGIN", logger: connections.logger), on: stalled)
        try connections.wait(stalled.query("SELECT pg_advisory_xact_lock(\(PostgresStore.LockSpace.writes.rawValue), hashtext(\(connections.group)))",
                                           logger: connections.logger), on: stalled)
        // Another process's write waits for the lock, which the server takes back.
        let added = try await fixture.run("add-instance", "Gauge")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(await TestSupport.eventually { stalled.isClosed }, "the server ended the stalled session")
    }

    @Test func aLapsedHostsInstancesAreTakenOverOnlyWhenNamed() throws {
        let container = try ContainerFixture(backend: .postgres).container()
        let ids = try (0..<3).map { _ in try container.insert(newInstance()).instance.id }
        let dying = try #require(try container.claimHost(leaseDuration: .seconds(2)))
        _ = try dying.renew()
        #expect(try dying.claim(10, takingOverFrom: []).count == 3)
        let survivor = try #require(try container.claimHost(leaseDuration: .seconds(60)))
        _ = try survivor.renew()
        let dyingID = try #require(dying.member)
        #expect(try survivor.claim(10, takingOverFrom: [dyingID]).isEmpty, "a live host's leases are not taken, even when named")
        // The dying host renews no more; its row says when its leases lapse.
        Thread.sleep(forTimeInterval: 2.5)
        let hosts = try survivor.renew().hosts
        #expect(hosts.map(\.holder.isLive) == [false, true] && container.runningHosts().count == 1)
        #expect(container.fleetHosts().count == 2, "a lapsed host is still listed, for status to flag it")
        #expect(try survivor.claim(10, takingOverFrom: []).isEmpty, "not unless its host is named")
        let taken = try survivor.claim(10, takingOverFrom: [dyingID])
        #expect(taken.map(\.instance).sorted() == ids.sorted())
        #expect(taken.allSatisfy { $0.from == dyingID && $0.token == 2 })
        #expect(try dying.renew().lapsed, "the dying host, back, learns that its row lapsed")
        #expect(try dying.heldLeases().isEmpty)
    }

    /// Issue 19: a host that lost an instance still saved it, and the new
    /// holder's timeline went back to an older one.
    @Test func aSaveWithATokenTheLeaseNoLongerHasIsRefused() async throws {
        let container = try ContainerFixture(backend: .postgres).container()
        let id = try container.insert(newInstance()).instance.id
        let old = try #require(try container.claimHost(leaseDuration: .seconds(60)))
        let new = try #require(try container.claimHost(leaseDuration: .seconds(60)))
        let oldToken = try #require(try old.claim(1, takingOverFrom: []).first?.token)
        var schedule = InstanceSchedule()
        schedule.nextReloadReason = "from the old holder"
        let oldFence = LeaseFence(member: try #require(old.member), tokens: [id: oldToken])
        #expect(try container.saveSchedules([(id, schedule)], fence: oldFence) == [id])

        try old.release([id])
        let newToken = try #require(try new.claim(1, takingOverFrom: []).first?.token)
        schedule.nextReloadReason = "from the new holder"
        #expect(try container.saveSchedules([(id, schedule)], fence: LeaseFence(member: try #require(new.member), tokens: [id: newToken])) == [id])
        schedule.nextReloadReason = "late, from the old holder"
        #expect(try container.saveSchedules([(id, schedule)], fence: oldFence).isEmpty, "refused in the statement that would write")
        #expect(try container.schedule(for: id)?.nextReloadReason == "from the new holder")

        // Nor does it spend the fleet's GitHub budget for the instance.
        let ledger = try #require(container.rateLimitLedger(for: nil))
        let (oldMember, newMember) = (try #require(old.member), try #require(new.member))
        let stale = try #require(HeldLease("\(oldMember) \(id) \(oldToken)"))
        await #expect(throws: LeaseLost.self) { try await ledger.reserve(at: Date(), lease: stale) }
        let current = try #require(HeldLease("\(newMember) \(id) \(newToken)"))
        try await ledger.reserve(at: Date(), lease: current)
    }
}
