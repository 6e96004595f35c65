import Foundation
import PostgresNIO
import WidgetConfiguration

/// A container in a PostgreSQL database, in a schema named after its group,
/// so that hosts on several machines can share it. Writers take turns through
/// an advisory lock per group, as SQLite's writers take turns on the file.
final class PostgresStore: ContainerStore {
    let connections: PostgresConnections

    /// Advisory lock namespaces (the first key), so that ours never meet another application's.
    enum LockSpace: Int32 {
        case writes = 0x5748_0001
        /// One host of the fleet fetching a URL (see `exclusively`).
        case fetch = 0x5748_0003
    }

    /// How long a fleet host's leases outlive its renewals: no host waits on another longer.
    let lease: Duration

    init(url: PostgresURL, group: String, lease: Duration) throws(ContainerError) {
        self.lease = lease
        connections = PostgresConnections(url: url, group: group, lease: lease)
        do {
            try upgradeSchema()
        } catch {
            throw .cannotOpen(path: url.description, reason: connections.reason(error))
        }
    }

    /// Creates the group's schema and applies the migrations it lacks, in one
    /// transaction under the group's write lock: hosts starting together take turns.
    private func upgradeSchema() throws {
        let connection = try connections.connect(searchPath: false)
        defer { PostgresConnections.close(connection) }
        try inWriteTransaction(PostgresTransaction(connection: connection, connections: connections)) { transaction in
            try transaction.run(PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(connections.schema)"))
            try transaction.run(PostgresQuery(unsafeSQL: "SET LOCAL search_path TO \(connections.schema)"))
            try transaction.run("CREATE TABLE IF NOT EXISTS migrations (identifier text PRIMARY KEY, applied_at timestamptz NOT NULL)")
            let applied = Set(try transaction.run("SELECT identifier FROM migrations").map { try $0.decode(String.self) })
            for migration in PostgresSchema.migrations where !applied.contains(migration.identifier) {
                for statement in migration.sql { try transaction.run(PostgresQuery(unsafeSQL: statement)) }
                try transaction.run("INSERT INTO migrations VALUES (\(migration.identifier), now())")
            }
        }
    }

    /// `body` in one transaction that holds the group's write lock (unless
    /// the rows guard themselves, as leases do): commits what it did, or
    /// rolls it back when it throws.
    private func inWriteTransaction<T>(_ transaction: PostgresTransaction, locking: Bool = true,
                                       _ body: (PostgresTransaction) throws -> T) throws -> T {
        try transaction.run("BEGIN")
        do {
            if locking {
                try transaction.run("SELECT pg_advisory_xact_lock(\(LockSpace.writes.rawValue), hashtext(\(connections.group)))")
            }
            let result = try body(transaction)
            try transaction.run("COMMIT")
            return result
        } catch {
            // A connection that failed is closed, which ends its transaction.
            if !PostgresConnections.isConnectionFailure(error) { _ = try? transaction.run("ROLLBACK") }
            throw error
        }
    }

    func read<T>(_ body: (any ContainerTransaction) throws -> T) throws -> T {
        do {
            return try connections.with { connection in
                try body(PostgresTransaction(connection: connection, connections: connections))
            }
        } catch {
            throw containerError(error, writing: false)
        }
    }

    func write<T>(_ body: (any ContainerTransaction) throws -> T) throws -> T {
        do {
            return try connections.with { connection in
                try inWriteTransaction(PostgresTransaction(connection: connection, connections: connections), body)
            }
        } catch {
            throw containerError(error, writing: true)
        }
    }

    func writeGuarded<T>(_ body: (any ContainerTransaction) throws -> T) throws -> T {
        try inOwnTransaction(body)
    }

    /// `body` as statements of their own, outside any transaction: each
    /// is atomic, and none holds a lock while the next is sent.
    @discardableResult
    func statements<T>(_ body: (PostgresTransaction) throws -> T) throws -> T {
        do {
            return try connections.with { connection in
                try body(PostgresTransaction(connection: connection, connections: connections))
            }
        } catch {
            throw containerError(error, writing: true)
        }
    }

    /// `body` in a transaction that does not wait for other writers: for
    /// rows that guard themselves, such as leases taken with SKIP LOCKED.
    @discardableResult
    func inOwnTransaction<T>(_ body: (PostgresTransaction) throws -> T) throws -> T {
        do {
            return try connections.with { connection in
                try inWriteTransaction(PostgresTransaction(connection: connection, connections: connections), locking: false, body)
            }
        } catch {
            throw containerError(error, writing: true)
        }
    }

    /// The container's own errors (an unknown id) pass as they are; the
    /// database's become one line naming the database, never its password.
    func containerError(_ error: any Error, writing: Bool) -> any Error {
        if error is ContainerError || error is DecodingError || error is EncodingError { return error }
        let url = connections.url.description
        return writing ? ContainerError.cannotWrite(path: url, reason: connections.reason(error))
            : ContainerError.cannotOpen(path: url, reason: connections.reason(error))
    }

    /// Takes the write lock and commits: the same round trips as any write.
    func checkWritable() throws(ContainerError) {
        do {
            try write { _ in }
        } catch let error as ContainerError {
            throw error
        } catch {
            throw .cannotWrite(path: connections.url.description, reason: connections.reason(error))
        }
    }

    func changeWatcher(includingTimelines: Bool) throws -> any ContainerChangeWatching {
        PostgresChangeListener(connections: connections, tables: includingTimelines ? nil : ["instance", "reload_request", "defaults", "lease", "fleet_host", "activity"])
    }

    /// A fleet member; from here on this process's sessions have a host's
    /// limits, every wait shorter than a third of the lease.
    func claimHost(leaseDuration: Duration) throws -> (any HostClaim)? {
        connections.sessionLimits = .host(lease: leaseDuration, url: connections.url)
        return PostgresLeases(store: self, leaseDuration: leaseDuration)
    }

    func runningHosts() -> [HostHolder] {
        fleetHosts().filter(\.isLive)
    }

    func fleetHosts() -> [HostHolder] {
        (try? statements { try PostgresLeases.members($0) })?.map(\.holder) ?? []
    }

    func host(of instance: String) -> HostHolder? {
        try? PostgresLeases.holder(of: instance, self)
    }

    func leaseCounts() -> [(host: HostHolder, leases: Int)]? {
        try? PostgresLeases.leaseCounts(self)
    }

    func rateLimitLedger(for token: String?) -> (any RateLimitLedger)? {
        PostgresRateLimit(store: self, token: token)
    }

    /// A session advisory lock per key, waited for on the server without
    /// holding a thread. The server lets it go if this host dies holding
    /// it. When the database cannot be asked, or the wait runs out, `body`
    /// runs anyway: coordination saves requests, it must not stop them.
    func exclusively<T: Sendable>(_ key: String, waitingAtMost limit: Duration,
                                  _ body: @Sendable (_ waited: Bool) async throws -> T) async throws -> T {
        let space = LockSpace.fetch.rawValue
        let lockKey = connections.group + " " + key
        guard let connection = try? await connections.connectAsync() else { return try await body(false) }
        let logger = connections.logger
        var waited = false
        do {
            let taken = try await connection.query("SELECT pg_try_advisory_lock(\(space), hashtext(\(lockKey)))", logger: logger).get()
                .first?.decode(Bool.self) ?? false
            if !taken {
                waited = true
                // A host stalled while holding it delays the others half a lease at most.
                let milliseconds = Int(min(limit, lease / 2).seconds * 1000)
                _ = try await connection.query(PostgresQuery(unsafeSQL: "SET lock_timeout = \(milliseconds)"), logger: logger).get()
                _ = try await connection.query(PostgresQuery(unsafeSQL: "SET statement_timeout = \(milliseconds + 1000)"), logger: logger).get()
                _ = try await connection.query("SELECT pg_advisory_lock(\(space), hashtext(\(lockKey)))", logger: logger).get()
                // Back to what the session started with.
                _ = try await connection.query("RESET lock_timeout", logger: logger).get()
                _ = try await connection.query("RESET statement_timeout", logger: logger).get()
            }
        } catch {
            _ = try? await connection.close().get()
            return try await body(false)
        }
        let result: Result<T, any Error>
        do {
            result = .success(try await body(waited))
        } catch {
            result = .failure(error)
        }
        // A lock that would not let go must not stay with a pooled connection.
        if (try? await connection.query("SELECT pg_advisory_unlock(\(space), hashtext(\(lockKey)))", logger: logger).get()) != nil {
            await connections.giveBack(connection)
        } else {
            _ = try? await connection.close().get()
        }
        return try result.get()
    }

    deinit {
        connections.closeAll()
    }
}
