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
    /// Marks this process as the container's host; nil while another holds it.
    func claimHost() throws -> (any HostClaim)?
    /// The host holding the container, if one does.
    func runningHost() -> HostHolder?
}

/// Held while a host runs; released when dropped, or when the process ends.
public protocol HostClaim: Sendable {}

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
