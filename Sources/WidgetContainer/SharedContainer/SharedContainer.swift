import Foundation
import WidgetConfiguration

/// The App Group of widgethost: the instances, shared defaults, timelines,
/// reload requests and HTTP cache of one group, shared by the command line,
/// the running host and every widget module. It lives in a SQLite file, or
/// in a PostgreSQL database shared by several hosts (`container.url`).
/// Any number of processes may use it at once; each write is one transaction.
package final class SharedContainer: Sendable {
    package let location: ContainerLocation
    package let store: any ContainerStore

    /// Opens the container, creating it if needed and bringing its schema up to date.
    package init(location: ContainerLocation) throws(ContainerError) {
        self.location = location
        if let url = location.postgres {
            store = try PostgresStore(url: url, group: location.group, lease: location.leaseDuration)
        } else {
            store = try SQLiteStore(location: location)
        }
    }

    /// The container of a manifest.
    package convenience init(manifest: Manifest) throws(ContainerError) {
        try self.init(location: ContainerLocation(manifest: manifest))
    }

    /// Opens the container on its own threads: opening may create its file
    /// and schema, or connect to a server, and a task must not wait for that.
    package static func open(manifest: Manifest) async throws -> SharedContainer {
        try await ContainerThreads.shared.run { try SharedContainer(manifest: manifest) }
    }

    /// Whether the container exists, without creating it. A database server
    /// is not asked: its container is made when first opened.
    package static func exists(at location: ContainerLocation) -> Bool {
        location.postgres != nil || FileManager.default.fileExists(atPath: location.databasePath)
    }

    /// One transaction, blocking this thread until the database answers:
    /// for the host's loop on its own thread, and for commands. A task on
    /// the cooperative pool uses the async API instead.
    package func write<T>(operation: String = #function, _ updates: (any ContainerTransaction) throws -> T) throws -> T {
        try BlockingCalls.measure(operation) { try store.write(updates) }
    }

    package func read<T>(operation: String = #function, _ value: (any ContainerTransaction) throws -> T) throws -> T {
        try BlockingCalls.measure(operation) { try store.read(value) }
    }

    /// One transaction on the container's own threads, suspending the
    /// caller instead of holding its thread.
    package func write<T: Sendable>(operation: String = #function, _ updates: @escaping @Sendable (any ContainerTransaction) throws -> T) async throws -> T {
        try await offPool { container in try container.write(operation: operation, updates) }
    }

    package func read<T: Sendable>(operation: String = #function, _ value: @escaping @Sendable (any ContainerTransaction) throws -> T) async throws -> T {
        try await offPool { container in try container.read(operation: operation, value) }
    }

    /// `work` (blocking calls of this container) on the container's own
    /// threads, suspending the caller instead of holding its thread.
    package func offPool<T: Sendable>(_ work: @escaping @Sendable (SharedContainer) throws -> T) async throws -> T {
        try await ContainerThreads.shared.run { [self] in try work(self) }
    }

    /// Checks that the container can be written now, with a real commit that changes nothing.
    package func checkWritable() throws(ContainerError) {
        try store.checkWritable()
    }

    /// Tells whether another process changed the container since the last
    /// look: its instances, defaults or reload requests, and with
    /// `includingTimelines` also what hosts saved of their timelines.
    package func changeWatcher(includingTimelines: Bool = false) throws -> any ContainerChangeWatching {
        try store.changeWatcher(includingTimelines: includingTimelines)
    }

    /// Marks this process as a host of the container until the claim is
    /// dropped or the process ends: the one host of a SQLite file (nil while
    /// another holds it), or one of a fleet on PostgreSQL, whose leases
    /// lapse `leaseDuration` after their last renewal.
    package func claimHost(leaseDuration: Duration = ContainerSettings.defaultLease) throws -> (any HostClaim)? {
        try store.claimHost(leaseDuration: leaseDuration)
    }

    /// The hosts running on this container, oldest first.
    package func runningHosts() -> [HostHolder] {
        store.runningHosts()
    }

    /// The running host that reloads `instance`: the one host, or in a fleet
    /// the holder of its lease (nil between leases).
    package func host(of instance: String) -> HostHolder? {
        store.host(of: instance)
    }

    /// Every host the container knows of, lapsed fleet hosts included, oldest first.
    package func fleetHosts() -> [HostHolder] {
        store.fleetHosts()
    }

    /// How many leases each live fleet host holds, as the database counts
    /// them; nil for a SQLite container.
    package func leaseCounts() -> [(host: HostHolder, leases: Int)]? {
        store.leaseCounts()
    }

    /// The oldest host running on this container, if one is.
    package func runningHost() -> HostHolder? {
        runningHosts().first
    }

    /// Runs `body` while no other host of the fleet runs it for `key`; see `ContainerStore.exclusively`.
    package func exclusively<T: Sendable>(_ key: String, waitingAtMost limit: Duration,
                                         _ body: @Sendable (_ waited: Bool) async throws -> T) async throws -> T {
        try await store.exclusively(key, waitingAtMost: limit, body)
    }

    /// The fleet's GitHub budget for `token`, kept in the container; nil on SQLite, whose one host counts alone.
    package func rateLimitLedger(for token: String?) -> (any RateLimitLedger)? {
        store.rateLimitLedger(for: token)
    }
}
