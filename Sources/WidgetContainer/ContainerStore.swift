import Foundation

/// Where a container's transactions run: a SQLite file or a PostgreSQL
/// database. Calls block their thread until the database answers, as
/// SQLite's always did.
package protocol ContainerStore: Sendable {
    func read<T>(_ body: (any ContainerTransaction) throws -> T) throws -> T
    /// One transaction; writers take turns, across processes and hosts.
    func write<T>(_ body: (any ContainerTransaction) throws -> T) throws -> T
    /// One transaction that writes only rows which guard themselves (a
    /// fleet host's fenced timelines): it need not wait for other writers.
    func writeGuarded<T>(_ body: (any ContainerTransaction) throws -> T) throws -> T
    /// A real commit that changes nothing.
    func checkWritable() throws(ContainerError)
    /// Tells whether another process changed the container since the last look.
    func changeWatcher(includingTimelines: Bool) throws -> any ContainerChangeWatching
    /// Marks this process as a host of the container; nil when the
    /// container takes one host and another holds it (SQLite).
    func claimHost(leaseDuration: Duration) throws -> (any HostClaim)?
    /// The hosts running on the container, oldest first.
    func runningHosts() -> [HostHolder]
    /// Every host the container knows of, those whose leases lapsed
    /// included (a fleet keeps a lapsed host's row for an hour), oldest first.
    func fleetHosts() -> [HostHolder]
    /// How many leases each live host holds, as the database counts them;
    /// nil where there are no leases.
    func leaseCounts() -> [(host: HostHolder, leases: Int)]?
    /// The running host that reloads `instance`.
    func host(of instance: String) -> HostHolder?
    /// Runs `body` while no other host runs it for the same `key`: two hosts
    /// that want one resource at once fetch it once. `body` hears whether it
    /// waited for another host. Within one process the caller shares its own
    /// requests.
    func exclusively<T: Sendable>(_ key: String, waitingAtMost limit: Duration,
                                  _ body: @Sendable (_ waited: Bool) async throws -> T) async throws -> T
    /// The fleet's GitHub budget for `token`; nil where one host spends it alone.
    func rateLimitLedger(for token: String?) -> (any RateLimitLedger)?
}

/// Held while a host runs; released when dropped, or when the process ends.
/// On SQLite it covers the whole container, for one host at a time; on
/// PostgreSQL it is a share of the instances, leased and renewed, so that
/// several hosts serve one container.
package protocol HostClaim: Sendable {
    /// How long a lease outlives its last renewal; nil for a claim that
    /// lasts as long as the process (SQLite's lock).
    var leaseDuration: Duration? { get }
    /// This host's id in the fleet, which its leases name; nil for the one
    /// host of a SQLite file.
    var member: String? { get }
    /// Pushes this host's own row on (one row, however many instances it
    /// holds) and reads every host's row.
    func renew() throws -> LeaseRenewal
    /// Every lease this host holds, with its token.
    func heldLeases() throws -> [String: Int64]
    /// Takes up to `count` leases that no one holds, and those of
    /// `lapsedHosts` (if they have not renewed meanwhile), in one statement.
    /// Each taken lease's token grows.
    func claim(_ count: Int, takingOverFrom lapsedHosts: [String]) throws -> [ClaimedLease]
    /// Gives instances back, for another host to take at once.
    func release(_ instances: [String]) throws
    /// Gives every lease back as the host stops.
    func releaseAll() throws
    /// When a connection to the container last failed: takeovers wait for a
    /// whole lease of unbroken connection after it.
    var lastConnectionFailure: ContinuousClock.Instant? { get }
}

extension HostClaim {
    package var leaseDuration: Duration? { nil }
    package var member: String? { nil }
    package func renew() throws -> LeaseRenewal { LeaseRenewal(lapsed: false, hosts: []) }
    package func heldLeases() throws -> [String: Int64] { [:] }
    package func claim(_ count: Int, takingOverFrom lapsedHosts: [String]) throws -> [ClaimedLease] { [] }
    package func release(_ instances: [String]) throws {}
    package func releaseAll() throws {}
    package var lastConnectionFailure: ContinuousClock.Instant? { nil }
}

extension ContainerStore {
    func writeGuarded<T>(_ body: (any ContainerTransaction) throws -> T) throws -> T {
        try write(body)
    }

    func exclusively<T: Sendable>(_ key: String, waitingAtMost limit: Duration,
                                  _ body: @Sendable (_ waited: Bool) async throws -> T) async throws -> T {
        try await body(false)
    }

    func rateLimitLedger(for token: String?) -> (any RateLimitLedger)? { nil }

    func host(of instance: String) -> HostHolder? { runningHosts().first }

    func fleetHosts() -> [HostHolder] { runningHosts() }

    func leaseCounts() -> [(host: HostHolder, leases: Int)]? { nil }
}

/// What other processes changed in the container since the last look. A
/// PostgreSQL container names what changed; SQLite's says only that something
/// did (`everything`).
package struct ContainerChanges: Sendable, Equatable {
    /// Read it all again: the first look, a reconnect after which notices
    /// may have been missed, or a container that cannot say more.
    package var everything = false
    /// Instances placed, changed or removed.
    package var instances: Set<String> = []
    /// Instances with reload requests waiting; nil among them stands for
    /// "every instance" (an older request naming none).
    package var reloadRequests: Set<String> = []
    package var allReloadRequests = false
    /// A lease given back, or a host that joined or left.
    package var fleet = false
    /// Timelines saved (only for a watcher that asked for them).
    package var timelines: Set<String> = []
    package var defaults = false
    /// Live Activities started, updated, ended or removed.
    package var activities = false

    package init(everything: Bool = false) {
        self.everything = everything
    }

    package var isEmpty: Bool {
        !everything && instances.isEmpty && reloadRequests.isEmpty && !allReloadRequests && !fleet && timelines.isEmpty && !defaults && !activities
    }

    package mutating func formUnion(_ other: ContainerChanges) {
        everything = everything || other.everything
        instances.formUnion(other.instances)
        reloadRequests.formUnion(other.reloadRequests)
        allReloadRequests = allReloadRequests || other.allReloadRequests
        fleet = fleet || other.fleet
        timelines.formUnion(other.timelines)
        defaults = defaults || other.defaults
        activities = activities || other.activities
    }
}

/// Tells what changed in the container since the last look.
package protocol ContainerChangeWatching: Sendable {
    /// Everything, the first time; then what other connections committed.
    func changes() throws -> ContainerChanges
    /// Runs `action` as soon as a change is announced: PostgreSQL's NOTIFY,
    /// inotify on a SQLite file. Returns whether changes will be announced;
    /// where they will not, the caller must look at its own pace.
    @discardableResult
    func onChange(_ action: @escaping @Sendable () -> Void) -> Bool
}

extension ContainerChangeWatching {

    /// Whether anything changed since the last look.
    package func hasChanged() throws -> Bool {
        !(try changes().isEmpty)
    }
}
