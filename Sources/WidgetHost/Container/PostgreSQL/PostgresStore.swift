import Foundation
import PostgresNIO

/// A container in a PostgreSQL database, in a schema named after its group,
/// so that hosts on several machines can share it. Writers take turns through
/// an advisory lock per group, as SQLite's writers take turns on the file.
final class PostgresStore: ContainerStore {
    let connections: PostgresConnections

    /// Advisory lock namespaces (the first key), so that ours never meet another application's.
    enum LockSpace: Int32 {
        case writes = 0x5748_0001
        case host = 0x5748_0002
    }

    init(url: PostgresURL, group: String) throws(ContainerError) {
        connections = PostgresConnections(url: url, group: group)
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
        defer { _ = try? connection.close().wait() }
        try inWriteTransaction(PostgresTransaction(connection: connection, logger: connections.logger)) { transaction in
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

    /// `body` in one transaction that holds the group's write lock: commits
    /// what it did, or rolls it back when it throws.
    private func inWriteTransaction<T>(_ transaction: PostgresTransaction, _ body: (PostgresTransaction) throws -> T) throws -> T {
        try transaction.run("BEGIN")
        do {
            try transaction.run("SELECT pg_advisory_xact_lock(\(LockSpace.writes.rawValue), hashtext(\(connections.group)))")
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
                try body(PostgresTransaction(connection: connection, logger: connections.logger))
            }
        } catch {
            throw containerError(error, writing: false)
        }
    }

    func write<T>(_ body: (any ContainerTransaction) throws -> T) throws -> T {
        do {
            return try connections.with { connection in
                try inWriteTransaction(PostgresTransaction(connection: connection, logger: connections.logger), body)
            }
        } catch {
            throw containerError(error, writing: true)
        }
    }

    /// The container's own errors (an unknown id) pass as they are; the
    /// database's become one line naming the database, never its password.
    private func containerError(_ error: any Error, writing: Bool) -> any Error {
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
        PostgresChangeListener(connections: connections, tables: includingTimelines ? nil : ["instance", "reload_request", "defaults"])
    }

    func claimHost() throws -> (any HostClaim)? {
        do {
            return try PostgresHostClaim.claim(connections)
        } catch {
            throw containerError(error, writing: true)
        }
    }

    func runningHost() -> HostHolder? {
        try? PostgresHostClaim.holder(connections)
    }

    deinit {
        connections.closeAll()
    }
}
