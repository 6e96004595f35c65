import Foundation
import PostgresNIO

/// One host of a fleet sharing a container on PostgreSQL. The host is a row
/// in `fleet_host` whose `expires_at` each renewal pushes on; each instance
/// is leased to one host in `lease`. A lease is live while its holder's row
/// is, so a renewal is one row however many instances the host holds, and a
/// host that dies (even by SIGKILL) loses them all once its row expires.
///
/// Instances are taken with `FOR UPDATE SKIP LOCKED`: hosts claiming at the
/// same moment skip each other's rows instead of waiting or taking one twice.
final class PostgresLeases: HostClaim {
    private let store: PostgresStore
    /// This run of the host: a restarted process is a new member.
    let id = UUID().uuidString.lowercased()
    let leaseDuration: Duration?
    private let seconds: Double
    private let holder = HostHolder(pid: getpid(), since: Date(), machine: ProcessInfo.processInfo.hostName)

    init(store: PostgresStore, leaseDuration: Duration) {
        self.store = store
        self.leaseDuration = leaseDuration
        seconds = leaseDuration.seconds
    }

    private var connections: PostgresConnections { store.connections }

    func renew(takingOverLapsed: Bool) throws -> LeaseRenewal {
        try store.inOwnTransaction { transaction in
            try transaction.run("""
                INSERT INTO fleet_host (id, pid, machine, since, expires_at)
                VALUES (\(id), \(holder.pid), \(holder.machine ?? ""), \(holder.since ?? Date()), now() + \(seconds) * interval '1 second')
                ON CONFLICT (id) DO UPDATE SET expires_at = excluded.expires_at
                """)
            let (hosts, instances, heldCount) = try transaction.run("""
                SELECT (SELECT count(*) FROM fleet_host WHERE expires_at > now()),
                       (SELECT count(*) FROM lease),
                       (SELECT count(*) FROM lease WHERE holder = \(id))
                """).first!.decode((Int, Int, Int).self)
            let share = (instances + hosts - 1) / max(hosts, 1)
            var takenOver: [(instance: String, from: HostHolder?)] = []
            if heldCount < share {
                takenOver = try claim(share - heldCount, takingOverLapsed: takingOverLapsed, in: transaction)
            }
            let held = Set(try transaction.run("SELECT instance_id FROM lease WHERE holder = \(id)").map { try $0.decode(String.self) })
            // A lapsed host's row stays an hour, to name it when its instances are taken over.
            try transaction.run("""
                DELETE FROM fleet_host WHERE expires_at < now() - interval '1 hour'
                AND NOT EXISTS (SELECT 1 FROM lease WHERE holder = fleet_host.id)
                """)
            return LeaseRenewal(held: held, share: share, hosts: hosts, takenOver: takenOver)
        }
    }

    /// Takes up to `count` instances that no one holds, and with
    /// `takingOverLapsed` those of hosts whose leases lapsed.
    private func claim(_ count: Int, takingOverLapsed: Bool, in transaction: PostgresTransaction) throws -> [(instance: String, from: HostHolder?)] {
        let lapsed = takingOverLapsed
            ? "OR NOT EXISTS (SELECT 1 FROM fleet_host h WHERE h.id = l.holder AND h.expires_at > now())" : ""
        let taken = try transaction.run("""
            WITH free AS (
                SELECT l.instance_id, l.holder FROM lease l
                WHERE l.holder IS NULL \(unescaped: lapsed)
                ORDER BY l.instance_id LIMIT \(count)
                FOR UPDATE OF l SKIP LOCKED)
            UPDATE lease SET holder = \(id), since = now() FROM free
            WHERE lease.instance_id = free.instance_id
            RETURNING lease.instance_id, free.holder
            """).map { try $0.decode((String, String?).self) }
        let previous = Set(taken.compactMap(\.1))
        guard !previous.isEmpty else { return [] }
        var hosts: [String: HostHolder] = [:]
        for row in try transaction.run("SELECT id, pid, machine, since FROM fleet_host WHERE id = ANY(\(Array(previous)))") {
            let (id, pid, machine, since) = try row.decode((String, Int32, String, Date).self)
            hosts[id] = HostHolder(pid: pid, since: since, machine: machine)
        }
        return taken.compactMap { instance, from in from.map { (instance, hosts[$0]) } }
    }

    func release(_ instances: [String]) throws {
        guard !instances.isEmpty else { return }
        try store.inOwnTransaction { transaction in
            try transaction.run("UPDATE lease SET holder = NULL, since = NULL WHERE holder = \(id) AND instance_id = ANY(\(instances))")
        }
    }

    func releaseAll() throws {
        try store.inOwnTransaction { transaction in
            try transaction.run("UPDATE lease SET holder = NULL, since = NULL WHERE holder = \(id)")
            try transaction.run("DELETE FROM fleet_host WHERE id = \(id)")
        }
    }

    /// The live host holding `instance`'s lease.
    static func holder(of instance: String, _ connections: PostgresConnections) throws -> HostHolder? {
        try connections.with { connection in
            try PostgresTransaction(connection: connection, logger: connections.logger).run("""
                SELECT h.pid, h.machine, h.since FROM lease l JOIN fleet_host h ON h.id = l.holder
                WHERE l.instance_id = \(instance) AND h.expires_at > now()
                """).first.map { row in
                let (pid, machine, since) = try row.decode((Int32, String, Date).self)
                return HostHolder(pid: pid, since: since, machine: machine)
            }
        }
    }

    /// The live hosts, oldest first.
    static func hosts(_ connections: PostgresConnections) throws -> [HostHolder] {
        try connections.with { connection in
            try PostgresTransaction(connection: connection, logger: connections.logger).run(
                "SELECT pid, machine, since FROM fleet_host WHERE expires_at > now() ORDER BY since, id"
            ).map { row in
                let (pid, machine, since) = try row.decode((Int32, String, Date).self)
                return HostHolder(pid: pid, since: since, machine: machine)
            }
        }
    }
}
