import Foundation

/// Where a container's transactions run: a SQLite file or a PostgreSQL
/// database. Calls block their thread until the database answers, as
/// SQLite's always did.
protocol ContainerStore: Sendable {
    func read<T>(_ body: (any ContainerTransaction) throws -> T) throws -> T
    /// One transaction; writers take turns, across processes and hosts.
    func write<T>(_ body: (any ContainerTransaction) throws -> T) throws -> T
    /// A real commit that changes nothing.
    func checkWritable() throws(ContainerError)
    /// Tells whether another process changed the container since the last look.
    func changeWatcher(includingTimelines: Bool) throws -> any ContainerChangeWatching
    /// Marks this process as a host of the container; nil when the
    /// container takes one host and another holds it (SQLite).
    func claimHost(leaseDuration: Duration) throws -> (any HostClaim)?
    /// The hosts running on the container, oldest first.
    func runningHosts() -> [HostHolder]
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
public protocol HostClaim: Sendable {
    /// How long a lease outlives its last renewal; nil for a claim that
    /// lasts as long as the process (SQLite's lock).
    var leaseDuration: Duration? { get }
    /// Renews the claim and takes instances no one holds, up to a fair
    /// share. Instances of a host whose lease lapsed are taken only when
    /// `takingOverLapsed`.
    func renew(takingOverLapsed: Bool) throws -> LeaseRenewal
    /// Gives instances back, for another host to take at once.
    func release(_ instances: [String]) throws
    /// Gives every lease back as the host stops.
    func releaseAll() throws
}

extension HostClaim {
    public var leaseDuration: Duration? { nil }
    public func renew(takingOverLapsed: Bool) throws -> LeaseRenewal { LeaseRenewal(held: nil, share: .max, hosts: 1) }
    public func release(_ instances: [String]) throws {}
    public func releaseAll() throws {}
}

extension ContainerStore {
    func exclusively<T: Sendable>(_ key: String, waitingAtMost limit: Duration,
                                  _ body: @Sendable (_ waited: Bool) async throws -> T) async throws -> T {
        try await body(false)
    }

    func rateLimitLedger(for token: String?) -> (any RateLimitLedger)? { nil }

    func host(of instance: String) -> HostHolder? { runningHosts().first }
}

/// Tells whether the container changed since the last look.
public protocol ContainerChangeWatching: Sendable {
    /// True the first time, then whenever another connection has committed a change.
    func hasChanged() throws -> Bool
    /// Runs `action` as soon as a change is announced, where the container
    /// announces them (PostgreSQL); SQLite's are found by asking.
    func onChange(_ action: @escaping @Sendable () -> Void)
}

extension ContainerChangeWatching {
    public func onChange(_ action: @escaping @Sendable () -> Void) {}
}
