import Foundation
import PostgresNIO

/// One host per container on PostgreSQL, as `host.lock` is for SQLite: a
/// session advisory lock on a connection held for the host's life. The
/// server drops it when that connection ends, however the host ends, so a
/// killed host never blocks the next. A row in `host` says who holds it.
final class PostgresHostClaim: HostClaim {
    private let connection: PostgresConnection

    private init(connection: PostgresConnection) {
        self.connection = connection
    }

    static func claim(_ connections: PostgresConnections) throws -> PostgresHostClaim? {
        let connection = try connections.connect()
        let logger = connections.logger
        do {
            let taken = try connection.query(
                "SELECT pg_try_advisory_lock(\(PostgresStore.LockSpace.host.rawValue), hashtext(\(connections.group)))", logger: logger
            ).wait().first?.decode(Bool.self) ?? false
            guard taken else {
                _ = try? connection.close().wait()
                return nil
            }
            let machine = ProcessInfo.processInfo.hostName
            _ = try connection.query("DELETE FROM host", logger: logger).wait()
            _ = try connection.query("INSERT INTO host (pid, machine, since) VALUES (\(Int32(getpid())), \(machine), \(Date()))", logger: logger).wait()
            return PostgresHostClaim(connection: connection)
        } catch {
            _ = try? connection.close().wait()
            throw error
        }
    }

    /// The holder, when the lock is held: a row left by a host that died is not one.
    static func holder(_ connections: PostgresConnections) throws -> HostHolder? {
        try connections.with { connection in
            let held = try connection.query("""
                SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted
                AND classid = \(PostgresStore.LockSpace.host.rawValue)::oid AND objid = hashtext(\(connections.group))::oid
                """, logger: connections.logger).wait().first?.decode(Int.self) ?? 0
            guard held > 0 else { return nil }
            guard let row = try connection.query("SELECT pid, machine, since FROM host", logger: connections.logger).wait().first else {
                return HostHolder(pid: -1, since: nil)
            }
            let (pid, machine, since) = try row.decode((Int32, String, Date).self)
            return HostHolder(pid: pid, since: since, machine: machine)
        }
    }

    deinit {
        _ = try? connection.close().wait()
    }
}
