import Foundation
import PostgresNIO
import WidgetConfiguration

/// One host of a fleet sharing a container on PostgreSQL. The host is a row
/// in `fleet_host` whose `expires_at` each renewal pushes on; each instance
/// is leased to one host in `lease`. A lease is live while its holder's row
/// is, so a renewal is one row however many instances the host holds, and a
/// host that dies (even by SIGKILL) loses them all once its row expires.
///
/// Instances are taken with `FOR UPDATE SKIP LOCKED`, in batches: hosts
/// claiming at the same moment skip each other's rows instead of waiting or
/// taking one twice. Every claim makes the lease's token grow, and the host
/// writes with the token it took (see `LeaseFence`).
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

    var member: String? { id }

    private var connections: PostgresConnections { store.connections }

    var lastConnectionFailure: ContinuousClock.Instant? { connections.lastFailure }

    /// Two statements, neither in a transaction nor touching a lease: this
    /// host's row, then every host's row (a few).
    func renew() throws -> LeaseRenewal {
        try store.statements { transaction in
            let wasLive = try transaction.run("""
                WITH previous AS (SELECT expires_at FROM fleet_host WHERE id = \(id))
                INSERT INTO fleet_host (id, pid, machine, since, expires_at, renewed_at)
                VALUES (\(id), \(holder.pid), \(holder.machine ?? ""), \(holder.since ?? Date()), now() + \(seconds) * interval '1 second', now())
                ON CONFLICT (id) DO UPDATE SET expires_at = excluded.expires_at, renewed_at = excluded.renewed_at
                RETURNING (SELECT expires_at > now() FROM previous)
                """).first?.decode(Bool?.self) ?? nil
            let hosts = try Self.members(transaction)
            // A lapsed host's row stays an hour, to name it when its instances are taken over.
            if hosts.contains(where: { !$0.holder.isLive && ($0.holder.renewedAt ?? .distantFuture) < Date() - 3_600 }) {
                try transaction.run("""
                    DELETE FROM fleet_host WHERE expires_at < now() - interval '1 hour'
                    AND NOT EXISTS (SELECT 1 FROM lease WHERE holder = fleet_host.id)
                    """)
            }
            return LeaseRenewal(lapsed: wasLive != true, hosts: hosts)
        }
    }

    func heldLeases() throws -> [String: Int64] {
        try store.statements { transaction in
            var held: [String: Int64] = [:]
            for row in try transaction.run("SELECT instance_id, token FROM lease WHERE holder = \(id)") {
                let (instance, token) = try row.decode((String, Int64).self)
                held[instance] = token
            }
            return held
        }
    }

    func claim(_ count: Int, takingOverFrom lapsedHosts: [String]) throws -> [ClaimedLease] {
        guard count > 0 else { return [] }
        // Without a lapsed host, the partial index on free leases answers
        // without reading a held one. A lapsed host's leases are taken only
        // while its row is still lapsed, checked in the statement.
        let query: PostgresQuery = lapsedHosts.isEmpty ? """
            WITH free AS (
                SELECT l.instance_id, l.holder FROM lease l WHERE l.holder IS NULL
                ORDER BY l.instance_id LIMIT \(count)
                FOR UPDATE OF l SKIP LOCKED)
            UPDATE lease SET holder = \(id), since = now(), token = lease.token + 1 FROM free
            WHERE lease.instance_id = free.instance_id
            RETURNING lease.instance_id, lease.token, free.holder
            """ : """
            WITH free AS (
                SELECT l.instance_id, l.holder FROM lease l
                WHERE l.holder IS NULL OR (l.holder = ANY(\(lapsedHosts))
                    AND NOT EXISTS (SELECT 1 FROM fleet_host h WHERE h.id = l.holder AND h.expires_at > now()))
                ORDER BY l.instance_id LIMIT \(count)
                FOR UPDATE OF l SKIP LOCKED)
            UPDATE lease SET holder = \(id), since = now(), token = lease.token + 1 FROM free
            WHERE lease.instance_id = free.instance_id
            RETURNING lease.instance_id, lease.token, free.holder
            """
        return try store.statements { transaction in
            try transaction.run(query).map { row in
                let (instance, token, from) = try row.decode((String, Int64, String?).self)
                return ClaimedLease(instance: instance, token: token, from: from)
            }
        }
    }

    func release(_ instances: [String]) throws {
        guard !instances.isEmpty else { return }
        try store.statements { transaction in
            try transaction.run("UPDATE lease SET holder = NULL, since = NULL WHERE holder = \(id) AND instance_id = ANY(\(instances))")
        }
    }

    func releaseAll() throws {
        try store.inOwnTransaction { transaction in
            try transaction.run("UPDATE lease SET holder = NULL, since = NULL WHERE holder = \(id)")
            try transaction.run("DELETE FROM fleet_host WHERE id = \(id)")
        }
    }

    /// Every host's row, live or lapsed, oldest first.
    static func members(_ transaction: PostgresTransaction) throws -> [FleetMember] {
        try transaction.run(
            "SELECT id, pid, machine, since, renewed_at, expires_at > now() FROM fleet_host ORDER BY since, id"
        ).map { row in
            let (id, pid, machine, since, renewedAt, live) = try row.decode((String, Int32, String, Date, Date, Bool).self)
            return FleetMember(id: id, holder: HostHolder(pid: pid, since: since, machine: machine, renewedAt: renewedAt, isLive: live))
        }
    }

    /// The live host holding `instance`'s lease.
    static func holder(of instance: String, _ store: PostgresStore) throws -> HostHolder? {
        try store.statements { transaction in
            try transaction.run("""
                SELECT h.pid, h.machine, h.since, h.renewed_at FROM lease l JOIN fleet_host h ON h.id = l.holder
                WHERE l.instance_id = \(instance) AND h.expires_at > now()
                """).first.map { row in
                let (pid, machine, since, renewedAt) = try row.decode((Int32, String, Date, Date).self)
                return HostHolder(pid: pid, since: since, machine: machine, renewedAt: renewedAt)
            }
        }
    }

    /// How many leases each live host holds, as the database counts them (for `/metrics`).
    static func leaseCounts(_ store: PostgresStore) throws -> [(host: HostHolder, leases: Int)] {
        try store.statements { transaction in
            try transaction.run("""
                SELECT h.pid, h.machine, h.since, h.renewed_at, count(l.instance_id)
                FROM fleet_host h LEFT JOIN lease l ON l.holder = h.id
                WHERE h.expires_at > now() GROUP BY h.id ORDER BY h.since, h.id
                """).map { row in
                let (pid, machine, since, renewedAt, count) = try row.decode((Int32, String, Date, Date, Int).self)
                return (HostHolder(pid: pid, since: since, machine: machine, renewedAt: renewedAt), count)
            }
        }
    }
}
