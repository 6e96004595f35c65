import Foundation
import Logging
import PostgresNIO
import WidgetConfiguration
import WidgetSDK

/// The container's operations as SQL on one connection, inside the
/// transaction `PostgresStore` opened (or none, for a read).
struct PostgresTransaction: ContainerTransaction {
    let connection: PostgresConnection
    let connections: PostgresConnections
    var logger: Logger { connections.logger }

    /// Runs `query` and waits for its answer, never longer than the
    /// connections' answer limit (see `PostgresConnections.wait`).
    @discardableResult
    func run(_ query: PostgresQuery) throws -> PostgresQueryResult {
        try connections.wait(connection.query(query, logger: logger), on: connection)
    }

    private static let encoder = JSONEncoder()
    private static let decoder = JSONDecoder()

    // MARK: Defaults

    func defaultsData(forKey key: String) throws -> Data? {
        try run("SELECT value FROM defaults WHERE key = \(key)").first?.decode(Data.self)
    }

    func setDefaultsData(_ data: Data?, forKey key: String) throws {
        guard let data else {
            _ = try deleteDefaults(forKey: key)
            return
        }
        try run("""
            INSERT INTO defaults (key, value, updated_at) VALUES (\(key), \(data), \(Date()))
            ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
            """)
    }

    func deleteDefaults(forKey key: String) throws -> Bool {
        try run("DELETE FROM defaults WHERE key = \(key)").metadata.rows ?? 0 > 0
    }

    func allDefaults() throws -> [(key: String, value: Data)] {
        // COLLATE "C": the order SQLite gives, byte by byte.
        try run(#"SELECT key, value FROM defaults ORDER BY key COLLATE "C""#).map { row in
            let (key, value) = try row.decode((String, Data).self)
            return (key, value)
        }
    }

    // MARK: Instances

    private static let instanceColumns = "id, kind, family, name, configuration_identifier, configuration, created_at, updated_at"

    private func instance(from row: PostgresRow) throws -> WidgetInstance {
        let (id, kind, family, name, identifier, configuration, createdAt, updatedAt) =
            try row.decode((String, String, String, String?, String?, String, Date, Date).self)
        guard let family = WidgetFamily(rawValue: family) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "instance \(id) has an unknown family '\(family)'"))
        }
        return WidgetInstance(
            id: id, kind: kind, family: family, name: name, configurationIdentifier: identifier,
            configuration: try Self.decoder.decode(ConfigurationValues.self, from: Data(configuration.utf8)),
            createdAt: createdAt, updatedAt: updatedAt)
    }

    func instance(id: String) throws -> WidgetInstance? {
        try run("SELECT \(unescaped: Self.instanceColumns) FROM instance WHERE id = \(id)").first.map(instance(from:))
    }

    func instances() throws -> [WidgetInstance] {
        try run(#"SELECT \#(unescaped: Self.instanceColumns) FROM instance ORDER BY created_at, id COLLATE "C""#).map(instance(from:))
    }

    func instances(ids: [String]) throws -> [WidgetInstance] {
        guard !ids.isEmpty else { return [] }
        return try run("SELECT \(unescaped: Self.instanceColumns) FROM instance WHERE id = ANY(\(ids))").map(instance(from:))
    }

    func instanceIDs() throws -> [String] {
        try run("SELECT id FROM instance").map { try $0.decode(String.self) }
    }

    func insert(_ instance: WidgetInstance) throws {
        let configuration = String(decoding: try Self.encoder.encode(instance.configuration), as: UTF8.self)
        try run("""
            INSERT INTO instance (\(unescaped: Self.instanceColumns)) VALUES (
                \(instance.id), \(instance.kind), \(instance.family.rawValue), \(instance.name),
                \(instance.configurationIdentifier), \(configuration), \(instance.createdAt), \(instance.updatedAt))
            """)
    }

    func update(_ instance: WidgetInstance) throws {
        let configuration = String(decoding: try Self.encoder.encode(instance.configuration), as: UTF8.self)
        try run("""
            UPDATE instance SET kind = \(instance.kind), family = \(instance.family.rawValue), name = \(instance.name),
                configuration_identifier = \(instance.configurationIdentifier), configuration = \(configuration),
                created_at = \(instance.createdAt), updated_at = \(instance.updatedAt)
            WHERE id = \(instance.id)
            """)
    }

    func deleteInstance(id: String) throws {
        try run("DELETE FROM instance WHERE id = \(id)")
    }

    func stashRemoved(_ instance: WidgetInstance, schedule: Data?, at date: Date) throws {
        let encoded = try StashedInstance.encode(instance)
        try run("""
            INSERT INTO stashed_instance (id, instance, schedule, removed_at) VALUES (\(instance.id), \(encoded), \(schedule), \(date))
            ON CONFLICT (id) DO UPDATE SET instance = excluded.instance, schedule = excluded.schedule, removed_at = excluded.removed_at
            """)
    }

    func takeStashed(id: String) throws -> StashedInstance? {
        guard let row = try run("DELETE FROM stashed_instance WHERE id = \(id) RETURNING instance, schedule, removed_at").first else { return nil }
        let (instance, schedule, removedAt) = try row.decode((Data, Data?, Date).self)
        return StashedInstance(instance: try StashedInstance.decode(instance), schedule: schedule, removedAt: removedAt)
    }

    func purgeStashed(removedBefore date: Date) throws {
        try run("DELETE FROM stashed_instance WHERE removed_at < \(date)")
    }

    func managedInstanceIDs() throws -> Set<String> {
        Set(try run("SELECT id FROM instance WHERE managed").map { try $0.decode(String.self) })
    }

    func setManaged(_ managed: Bool, id: String) throws {
        try run("UPDATE instance SET managed = \(managed) WHERE id = \(id) AND managed <> \(managed)")
    }

    // MARK: Reload requests

    func insert(_ request: ReloadRequest) throws {
        try run("""
            INSERT INTO reload_request (kind, instance_id, force, requested_at)
            VALUES (\(request.kind), \(request.instanceID), \(request.force), \(request.requestedAt))
            """)
    }

    /// A fleet host takes the requests of the instances it still holds with
    /// the tokens it names, in the statement that checks them.
    func takeReloadRequests(fence: LeaseFence?, orphans: Bool) throws -> [ReloadRequest] {
        var taken: [PostgresRow] = []
        if let fence {
            if !fence.tokens.isEmpty {
                let ids = Array(fence.tokens.keys), tokens = ids.map { fence.tokens[$0]! }
                taken += Array(try run("""
                    DELETE FROM reload_request r USING unnest(\(ids)::text[], \(tokens)::int8[]) AS held(id, token), lease l
                    WHERE r.instance_id = held.id AND l.instance_id = held.id AND l.holder = \(fence.member) AND l.token = held.token
                    RETURNING r.id, r.kind, r.instance_id, r.force, r.requested_at
                    """))
            }
        } else {
            taken += Array(try run("DELETE FROM reload_request RETURNING id, kind, instance_id, force, requested_at"))
        }
        if orphans {
            // No instance, or one gone: a request for every instance of a kind, from an older widgethost, or one nobody will take.
            taken += Array(try run("""
                DELETE FROM reload_request WHERE instance_id IS NULL
                OR NOT EXISTS (SELECT 1 FROM instance WHERE id = reload_request.instance_id)
                RETURNING id, kind, instance_id, force, requested_at
                """))
        }
        return try taken.map { row in
            let (id, kind, instanceID, force, requestedAt) = try row.decode((Int64, String?, String?, Bool, Date).self)
            var request = ReloadRequest(kind: kind, instanceID: instanceID, force: force, requestedAt: requestedAt)
            request.id = id
            return request
        }.sorted { ($0.id ?? 0) < ($1.id ?? 0) }
    }

    // MARK: Timelines

    /// One statement for every row: with a fence, the lease rows are
    /// locked for share while it writes, so a host claiming one at that
    /// moment skips it, and one claimed before makes the token differ.
    func saveTimelines(_ rows: [(instance: String, schedule: Data)], fence: LeaseFence?, at date: Date) throws -> Set<String> {
        guard !rows.isEmpty else { return [] }
        let ids = rows.map(\.instance)
        // JSON is UTF-8: sent as text, stored as the bytes it was.
        let schedules = rows.map { String(decoding: $0.schedule, as: UTF8.self) }
        let saved: PostgresQueryResult
        if let fence {
            let tokens = ids.map { fence.tokens[$0] ?? -1 }
            saved = try run("""
                INSERT INTO timeline (instance_id, schedule, updated_at)
                SELECT l.instance_id, convert_to(s.schedule, 'UTF8'), \(date)
                FROM unnest(\(ids)::text[], \(tokens)::int8[], \(schedules)::text[]) AS s(id, token, schedule)
                JOIN lease l ON l.instance_id = s.id AND l.holder = \(fence.member) AND l.token = s.token
                FOR SHARE OF l
                ON CONFLICT (instance_id) DO UPDATE SET schedule = excluded.schedule, updated_at = excluded.updated_at
                RETURNING instance_id
                """)
        } else {
            saved = try run("""
                INSERT INTO timeline (instance_id, schedule, updated_at)
                SELECT i.id, convert_to(s.schedule, 'UTF8'), \(date)
                FROM unnest(\(ids)::text[], \(schedules)::text[]) AS s(id, schedule) JOIN instance i ON i.id = s.id
                ON CONFLICT (instance_id) DO UPDATE SET schedule = excluded.schedule, updated_at = excluded.updated_at
                RETURNING instance_id
                """)
        }
        return Set(try saved.map { try $0.decode(String.self) })
    }

    func timelines(of instanceIDs: [String]?) throws -> [(instance: String, schedule: Data)] {
        let query: PostgresQuery = if let instanceIDs {
            "SELECT instance_id, schedule FROM timeline WHERE instance_id = ANY(\(instanceIDs))"
        } else {
            "SELECT instance_id, schedule FROM timeline"
        }
        return try run(query).map { row in
            let (instance, schedule) = try row.decode((String, Data).self)
            return (instance, schedule)
        }
    }

    func timeline(instance: String) throws -> Data? {
        try run("SELECT schedule FROM timeline WHERE instance_id = \(instance)").first?.decode(Data.self)
    }

    // MARK: The HTTP cache

    func cachedResponse(for url: String) throws -> CachedResponse? {
        try run("SELECT url, status, etag, body, fetched_at FROM http_cache WHERE url = \(url)").first.map { row in
            let (url, status, etag, body, fetchedAt) = try row.decode((String, Int, String?, Data, Date).self)
            return CachedResponse(url: url, status: status, etag: etag, body: body, fetchedAt: fetchedAt)
        }
    }

    func store(_ response: CachedResponse) throws {
        try run("""
            INSERT INTO http_cache (url, status, etag, body, fetched_at)
            VALUES (\(response.url), \(response.status), \(response.etag), \(response.body), \(response.fetchedAt))
            ON CONFLICT (url) DO UPDATE SET status = excluded.status, etag = excluded.etag,
                body = excluded.body, fetched_at = excluded.fetched_at
            """)
    }

    func markRevalidated(_ url: String, at date: Date) throws {
        try run("UPDATE http_cache SET fetched_at = \(date) WHERE url = \(url)")
    }
}

extension PostgresTransaction {
    // MARK: Dashboard accounts

    private static func user(from row: PostgresRow) throws -> DashboardUser {
        let (name, hash, only, createdAt) = try row.decode((String, String, String?, Date).self)
        return DashboardUser(name: name, passwordHash: hash, only: DashboardUser.decode(only: only), createdAt: createdAt)
    }

    func dashboardUsers() throws -> [DashboardUser] {
        try run(#"SELECT name, password_hash, only_instances, created_at FROM dashboard_user ORDER BY name COLLATE "C""#).map(Self.user)
    }

    func dashboardUser(named name: String) throws -> DashboardUser? {
        try run("SELECT name, password_hash, only_instances, created_at FROM dashboard_user WHERE name = \(name)").first.map(Self.user)
    }

    func save(_ user: DashboardUser) throws {
        let only = DashboardUser.encode(only: user.only)
        try run("""
            INSERT INTO dashboard_user (name, password_hash, only_instances, created_at) VALUES (\(user.name), \(user.passwordHash), \(only), \(user.createdAt))
            ON CONFLICT (name) DO UPDATE SET password_hash = excluded.password_hash, only_instances = excluded.only_instances
            """)
    }

    func deleteDashboardUser(named name: String) throws -> Bool {
        try run("DELETE FROM dashboard_user WHERE name = \(name)").metadata.rows ?? 0 > 0
    }

    private static let credentialColumns = "digest, kind, owner, read_only, csrf, only_instances, created_at, expires_at"

    private static func credential(from row: PostgresRow) throws -> DashboardCredential {
        let (digest, kind, owner, readOnly, csrf, only, createdAt, expiresAt) =
            try row.decode((String, String, String, Bool, String, String?, Date, Date?).self)
        guard let kind = DashboardCredential.Kind(rawValue: kind) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a dashboard credential of unknown kind '\(kind)'"))
        }
        return DashboardCredential(digest: digest, kind: kind, owner: owner, readOnly: readOnly, csrf: csrf,
                                   only: DashboardUser.decode(only: only), createdAt: createdAt, expiresAt: expiresAt)
    }

    func dashboardCredentials(kind: DashboardCredential.Kind) throws -> [DashboardCredential] {
        try run("""
            SELECT \(unescaped: Self.credentialColumns) FROM dashboard_credential WHERE kind = \(kind.rawValue) ORDER BY created_at, digest
            """).map(Self.credential)
    }

    func dashboardCredential(digest: String) throws -> DashboardCredential? {
        try run("SELECT \(unescaped: Self.credentialColumns) FROM dashboard_credential WHERE digest = \(digest)").first.map(Self.credential)
    }

    func insert(_ credential: DashboardCredential) throws {
        let only = DashboardUser.encode(only: credential.only)
        try run("""
            INSERT INTO dashboard_credential (\(unescaped: Self.credentialColumns))
            VALUES (\(credential.digest), \(credential.kind.rawValue), \(credential.owner), \(credential.readOnly), \(credential.csrf), \(only),
                    \(credential.createdAt), \(credential.expiresAt))
            """)
    }

    func deleteDashboardCredentials(owner: String, kind: DashboardCredential.Kind) throws -> Int {
        try run("DELETE FROM dashboard_credential WHERE owner = \(owner) AND kind = \(kind.rawValue)").metadata.rows ?? 0
    }

    func deleteDashboardCredential(digest: String) throws {
        try run("DELETE FROM dashboard_credential WHERE digest = \(digest)")
    }

    func purgeDashboardCredentials(expiredBefore date: Date) throws {
        try run("DELETE FROM dashboard_credential WHERE expires_at < \(date)")
    }

    func hasDashboardAccounts() throws -> Bool {
        try run("""
            SELECT EXISTS (SELECT 1 FROM dashboard_user) OR EXISTS (SELECT 1 FROM dashboard_credential WHERE kind = 'token')
            """).first?.decode(Bool.self) ?? false
    }

    private static let deviceColumns = "mac, screen, friendly_id, key_digest, setup_until, declared, first_seen, last_contact, telemetry"

    private static func device(from row: PostgresRow) throws -> EInkDevice {
        let (mac, screen, friendlyID, keyDigest, setupUntil, declared, firstSeen, lastContact, telemetry) =
            try row.decode((String, String?, String, String?, Date?, Bool, Date, Date?, String).self)
        return EInkDevice(mac: mac, screen: screen, friendlyID: friendlyID, keyDigest: keyDigest, setupUntil: setupUntil, declared: declared,
                          firstSeen: firstSeen, lastContact: lastContact, telemetry: DeviceTelemetry.decode(telemetry))
    }

    func devices() throws -> [EInkDevice] {
        try run(#"SELECT \#(unescaped: Self.deviceColumns) FROM eink_device ORDER BY mac COLLATE "C""#).map(Self.device)
    }

    func device(mac: String) throws -> EInkDevice? {
        try run("SELECT \(unescaped: Self.deviceColumns) FROM eink_device WHERE mac = \(mac)").first.map(Self.device)
    }

    func save(_ device: EInkDevice) throws {
        let telemetry = DeviceTelemetry.encode(device.telemetry)
        try run("""
            INSERT INTO eink_device (mac, screen, friendly_id, key_digest, setup_open, setup_until, declared, first_seen, last_contact, telemetry)
            VALUES (\(device.mac), \(device.screen), \(device.friendlyID), \(device.keyDigest), \(device.setupUntil != nil), \(device.setupUntil),
                    \(device.declared), \(device.firstSeen), \(device.lastContact), \(telemetry))
            ON CONFLICT (mac) DO UPDATE SET screen = excluded.screen, friendly_id = excluded.friendly_id, key_digest = excluded.key_digest,
                setup_open = excluded.setup_open, setup_until = excluded.setup_until, declared = excluded.declared, last_contact = excluded.last_contact, telemetry = excluded.telemetry
            """)
    }

    func deleteDevice(mac: String) throws -> Bool {
        try run("DELETE FROM eink_device WHERE mac = \(mac)").metadata.rows ?? 0 > 0
    }

    func trimWaitingDevices(keeping kept: Int) throws {
        try run("""
            DELETE FROM eink_device WHERE screen IS NULL AND mac NOT IN
                (SELECT mac FROM eink_device WHERE screen IS NULL ORDER BY last_contact DESC NULLS LAST, mac LIMIT \(kept))
            """)
    }

    private static let activityColumns = "id, type, attributes, state, stale_date, relevance_score, started_at, updated_at, last_timestamp, ended_at, dismiss_at, budget, budget_at, view, stale_view"

    private static func activity(from row: PostgresRow) throws -> LiveActivity {
        let (id, type, attributes, state, staleDate, relevanceScore, startedAt, updatedAt, lastTimestamp, endedAt, dismissAt, budget, budgetAt, view, staleView) =
            try row.decode((String, String, Data, Data, Date?, Double, Date, Date, Int64?, Date?, Date?, Double, Date, Data, Data?).self)
        return LiveActivity(id: id, type: type, attributes: attributes, state: state, staleDate: staleDate, relevanceScore: relevanceScore,
                            startedAt: startedAt, updatedAt: updatedAt, lastTimestamp: lastTimestamp, endedAt: endedAt, dismissAt: dismissAt, budget: budget, budgetAt: budgetAt,
                            view: view, staleView: staleView)
    }

    func activities() throws -> [LiveActivity] {
        try run(#"SELECT \#(unescaped: Self.activityColumns) FROM activity ORDER BY started_at, id COLLATE "C""#).map(Self.activity)
    }

    func activity(id: String) throws -> LiveActivity? {
        try run("SELECT \(unescaped: Self.activityColumns) FROM activity WHERE id = \(id)").first.map(Self.activity)
    }

    func save(_ activity: LiveActivity) throws {
        try run("""
            INSERT INTO activity (\(unescaped: Self.activityColumns))
            VALUES (\(activity.id), \(activity.type), \(activity.attributes), \(activity.state), \(activity.staleDate),
                    \(activity.relevanceScore), \(activity.startedAt), \(activity.updatedAt), \(activity.lastTimestamp), \(activity.endedAt), \(activity.dismissAt),
                    \(activity.budget), \(activity.budgetAt), \(activity.view), \(activity.staleView))
            ON CONFLICT (id) DO UPDATE SET state = excluded.state, stale_date = excluded.stale_date, relevance_score = excluded.relevance_score,
                updated_at = excluded.updated_at, last_timestamp = excluded.last_timestamp, ended_at = excluded.ended_at, dismiss_at = excluded.dismiss_at, budget = excluded.budget,
                budget_at = excluded.budget_at, view = excluded.view, stale_view = excluded.stale_view
            """)
    }

    func deleteActivities(ids: [String]) throws {
        for id in ids { try run("DELETE FROM activity WHERE id = \(id)") }
    }

    private static func pushToken(from row: PostgresRow) throws -> PushToken {
        let (kind, secret, createdAt, told, budget, budgetAt) = try row.decode((String, String, Date, String?, Double, Date).self)
        return PushToken(kind: kind, secret: secret, createdAt: createdAt, told: told, budget: budget, budgetAt: budgetAt)
    }

    func pushTokens() throws -> [PushToken] {
        try run(#"SELECT kind, secret, created_at, told, budget, budget_at FROM push_token ORDER BY kind COLLATE "C""#).map(Self.pushToken)
    }

    func pushToken(kind: String) throws -> PushToken? {
        try run("SELECT kind, secret, created_at, told, budget, budget_at FROM push_token WHERE kind = \(kind)").first.map(Self.pushToken)
    }

    func save(_ token: PushToken) throws {
        try run("""
            INSERT INTO push_token (kind, secret, created_at, told, budget, budget_at)
            VALUES (\(token.kind), \(token.secret), \(token.createdAt), \(token.told), \(token.budget), \(token.budgetAt))
            ON CONFLICT (kind) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at, told = excluded.told,
                budget = excluded.budget, budget_at = excluded.budget_at
            """)
    }
}

/// The database did not answer a statement within the answer limit.
struct StatementUnanswered: Error, CustomStringConvertible {
    let limit: Duration
    var description: String { "the database did not answer within \(DurationValue(seconds: limit.seconds))" }
}
