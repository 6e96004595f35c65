import Foundation
import GRDB

/// A key and its JSON value in the shared defaults suite.
struct DefaultsRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "defaults"
    var key: String
    var value: Data
    var updatedAt: Date
}

/// An instance's persisted schedule: its timeline, entries with their view
/// archives, policy, next reload and reload history.
struct TimelineRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "timeline"
    var instanceID: String
    var schedule: Data
    var updatedAt: Date
}

/// The container's operations on one GRDB connection inside a transaction.
struct SQLiteTransaction: ContainerTransaction {
    let db: Database

    func defaultsData(forKey key: String) throws -> Data? {
        try DefaultsRecord.fetchOne(db, key: key)?.value
    }

    func setDefaultsData(_ data: Data?, forKey key: String) throws {
        if let data {
            try DefaultsRecord(key: key, value: data, updatedAt: Date()).save(db)
        } else {
            _ = try DefaultsRecord.deleteOne(db, key: key)
        }
    }

    func deleteDefaults(forKey key: String) throws -> Bool {
        try DefaultsRecord.deleteOne(db, key: key)
    }

    func allDefaults() throws -> [(key: String, value: Data)] {
        try DefaultsRecord.order(Column("key")).fetchAll(db).map { ($0.key, $0.value) }
    }

    func instance(id: String) throws -> WidgetInstance? {
        try WidgetInstance.fetchOne(db, key: id)
    }

    func instances() throws -> [WidgetInstance] {
        try WidgetInstance.order(Column("createdAt"), Column("id")).fetchAll(db)
    }

    func instances(ids: [String]) throws -> [WidgetInstance] {
        // In slices: SQLite takes at most 32,766 variables in a statement.
        try stride(from: 0, to: ids.count, by: 10_000).flatMap { start in
            try WidgetInstance.fetchAll(db, keys: ids[start ..< min(start + 10_000, ids.count)])
        }
    }

    func instanceIDs() throws -> [String] {
        try String.fetchAll(db, sql: "SELECT id FROM instance")
    }

    func insert(_ instance: WidgetInstance) throws {
        try instance.insert(db)
    }

    func update(_ instance: WidgetInstance) throws {
        try instance.update(db)
    }

    func deleteInstance(id: String) throws {
        _ = try WidgetInstance.deleteOne(db, key: id)
    }

    func stashRemoved(_ instance: WidgetInstance, schedule: Data?, at date: Date) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO stashedInstance (id, instance, schedule, removedAt) VALUES (?, ?, ?, ?)",
                       arguments: [instance.id, try StashedInstance.encode(instance), schedule, date])
    }

    func takeStashed(id: String) throws -> StashedInstance? {
        guard let row = try Row.fetchOne(db, sql: "SELECT instance, schedule, removedAt FROM stashedInstance WHERE id = ?", arguments: [id]) else {
            return nil
        }
        try db.execute(sql: "DELETE FROM stashedInstance WHERE id = ?", arguments: [id])
        return StashedInstance(instance: try StashedInstance.decode(row["instance"]), schedule: row["schedule"], removedAt: row["removedAt"])
    }

    func purgeStashed(removedBefore date: Date) throws {
        try db.execute(sql: "DELETE FROM stashedInstance WHERE removedAt < ?", arguments: [date])
    }

    func managedInstanceIDs() throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT id FROM instance WHERE managed"))
    }

    func setManaged(_ managed: Bool, id: String) throws {
        try db.execute(sql: "UPDATE instance SET managed = ? WHERE id = ? AND managed != ?", arguments: [managed, id, managed])
    }

    func insert(_ request: ReloadRequest) throws {
        try request.insert(db)
    }

    /// One host per SQLite file: it takes every request, and writes are never fenced.
    func takeReloadRequests(fence: LeaseFence?, orphans: Bool) throws -> [ReloadRequest] {
        let taken = try ReloadRequest.order(Column("id")).fetchAll(db)
        if !taken.isEmpty { try ReloadRequest.deleteAll(db) }
        return taken
    }

    /// One prepared statement for every row, which writes only for an
    /// instance that exists (GRDB's record `save` took two statements and a
    /// Codable pass over the whole row each).
    func saveTimelines(_ rows: [(instance: String, schedule: Data)], fence: LeaseFence?, at date: Date) throws -> Set<String> {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO timeline (instanceID, schedule, updatedAt)
            SELECT id, ?, ? FROM instance WHERE id = ?
            ON CONFLICT (instanceID) DO UPDATE SET schedule = excluded.schedule, updatedAt = excluded.updatedAt
            """)
        var saved = Set<String>()
        for (instance, schedule) in rows {
            try statement.execute(arguments: [schedule, date, instance])
            if db.changesCount > 0 { saved.insert(instance) }
        }
        return saved
    }

    func timelines(of instanceIDs: [String]?) throws -> [(instance: String, schedule: Data)] {
        guard let instanceIDs else { return try TimelineRecord.fetchAll(db).map { ($0.instanceID, $0.schedule) } }
        // In slices: SQLite takes at most 32,766 variables in a statement.
        return try stride(from: 0, to: instanceIDs.count, by: 10_000).flatMap { start in
            try TimelineRecord.fetchAll(db, keys: instanceIDs[start ..< min(start + 10_000, instanceIDs.count)])
        }.map { ($0.instanceID, $0.schedule) }
    }

    func timeline(instance: String) throws -> Data? {
        try TimelineRecord.fetchOne(db, key: instance)?.schedule
    }

    /// One prepared statement, read column by column: the record's
    /// `fetchOne(key:)` compiled its SQL again for every request a kind
    /// made (7 % of the host's time in a SingleRepo reload).
    func cachedResponse(for url: String) throws -> CachedResponse? {
        let statement = try db.cachedStatement(sql: "SELECT status, etag, body, fetchedAt FROM httpCache WHERE url = ?")
        guard let row = try Row.fetchOne(statement, arguments: [url]) else { return nil }
        return CachedResponse(url: url, status: row[0], etag: row[1], body: row[2], fetchedAt: row[3])
    }

    func store(_ response: CachedResponse) throws {
        try response.save(db)
    }

    func markRevalidated(_ url: String, at date: Date) throws {
        try db.execute(sql: "UPDATE httpCache SET fetchedAt = ? WHERE url = ?", arguments: [date, url])
    }

    // MARK: Dashboard accounts

    private static func user(from row: Row) -> DashboardUser {
        DashboardUser(name: row["name"], passwordHash: row["passwordHash"], only: DashboardUser.decode(only: row["only"]), createdAt: row["createdAt"])
    }

    func dashboardUsers() throws -> [DashboardUser] {
        try Row.fetchAll(db, sql: "SELECT * FROM dashboardUser ORDER BY name").map(Self.user)
    }

    func dashboardUser(named name: String) throws -> DashboardUser? {
        try Row.fetchOne(db, sql: "SELECT * FROM dashboardUser WHERE name = ?", arguments: [name]).map(Self.user)
    }

    func save(_ user: DashboardUser) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO dashboardUser (name, passwordHash, only, createdAt) VALUES (?, ?, ?, ?)",
                       arguments: [user.name, user.passwordHash, DashboardUser.encode(only: user.only), user.createdAt])
    }

    func deleteDashboardUser(named name: String) throws -> Bool {
        try db.execute(sql: "DELETE FROM dashboardUser WHERE name = ?", arguments: [name])
        return db.changesCount > 0
    }

    private static func credential(from row: Row) throws -> DashboardCredential {
        guard let kind = DashboardCredential.Kind(rawValue: row["kind"]) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a dashboard credential of unknown kind '\(row["kind"] as String)'"))
        }
        return DashboardCredential(digest: row["digest"], kind: kind, owner: row["owner"], readOnly: row["readOnly"], csrf: row["csrf"],
                                   only: DashboardUser.decode(only: row["only"]), createdAt: row["createdAt"], expiresAt: row["expiresAt"])
    }

    func dashboardCredentials(kind: DashboardCredential.Kind) throws -> [DashboardCredential] {
        try Row.fetchAll(db, sql: "SELECT * FROM dashboardCredential WHERE kind = ? ORDER BY createdAt, digest", arguments: [kind.rawValue])
            .map(Self.credential)
    }

    func dashboardCredential(digest: String) throws -> DashboardCredential? {
        try Row.fetchOne(db, sql: "SELECT * FROM dashboardCredential WHERE digest = ?", arguments: [digest]).map(Self.credential)
    }

    func insert(_ credential: DashboardCredential) throws {
        try db.execute(sql: """
            INSERT INTO dashboardCredential (digest, kind, owner, readOnly, csrf, only, createdAt, expiresAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [credential.digest, credential.kind.rawValue, credential.owner, credential.readOnly, credential.csrf,
                               DashboardUser.encode(only: credential.only), credential.createdAt, credential.expiresAt])
    }

    func deleteDashboardCredentials(owner: String, kind: DashboardCredential.Kind) throws -> Int {
        try db.execute(sql: "DELETE FROM dashboardCredential WHERE owner = ? AND kind = ?", arguments: [owner, kind.rawValue])
        return db.changesCount
    }

    func deleteDashboardCredential(digest: String) throws {
        try db.execute(sql: "DELETE FROM dashboardCredential WHERE digest = ?", arguments: [digest])
    }

    func purgeDashboardCredentials(expiredBefore date: Date) throws {
        try db.execute(sql: "DELETE FROM dashboardCredential WHERE expiresAt < ?", arguments: [date])
    }

    func hasDashboardAccounts() throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM dashboardUser) OR EXISTS (SELECT 1 FROM dashboardCredential WHERE kind = 'token')") ?? false
    }

    private static func device(from row: Row) -> EInkDevice {
        EInkDevice(mac: row["mac"], screen: row["screen"], friendlyID: row["friendlyID"], keyDigest: row["keyDigest"], setupUntil: row["setupUntil"],
                   declared: row["declared"], firstSeen: row["firstSeen"], lastContact: row["lastContact"],
                   telemetry: DeviceTelemetry.decode(row["telemetry"]))
    }

    func devices() throws -> [EInkDevice] {
        try Row.fetchAll(db, sql: "SELECT * FROM einkDevice ORDER BY mac").map(Self.device)
    }

    func device(mac: String) throws -> EInkDevice? {
        try Row.fetchOne(db, sql: "SELECT * FROM einkDevice WHERE mac = ?", arguments: [mac]).map(Self.device)
    }

    func save(_ device: EInkDevice) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO einkDevice (mac, screen, friendlyID, keyDigest, setupOpen, setupUntil, declared, firstSeen, lastContact, telemetry)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [device.mac, device.screen, device.friendlyID, device.keyDigest, device.setupUntil != nil, device.setupUntil, device.declared,
                             device.firstSeen, device.lastContact, DeviceTelemetry.encode(device.telemetry)])
    }

    func deleteDevice(mac: String) throws -> Bool {
        try db.execute(sql: "DELETE FROM einkDevice WHERE mac = ?", arguments: [mac])
        return db.changesCount > 0
    }

    func trimWaitingDevices(keeping kept: Int) throws {
        try db.execute(sql: """
            DELETE FROM einkDevice WHERE screen IS NULL AND mac NOT IN
                (SELECT mac FROM einkDevice WHERE screen IS NULL ORDER BY lastContact DESC, mac LIMIT ?)
            """, arguments: [kept])
    }

    private static func activity(from row: Row) -> LiveActivity {
        LiveActivity(id: row["id"], type: row["type"], attributes: row["attributes"], state: row["state"], staleDate: row["staleDate"],
                     relevanceScore: row["relevanceScore"], startedAt: row["startedAt"], updatedAt: row["updatedAt"], lastTimestamp: row["lastTimestamp"],
                     endedAt: row["endedAt"],
                     dismissAt: row["dismissAt"], budget: row["budget"], budgetAt: row["budgetAt"], view: row["view"], staleView: row["staleView"])
    }

    func activities() throws -> [LiveActivity] {
        try Row.fetchAll(db, sql: "SELECT * FROM activity ORDER BY startedAt, id").map(Self.activity)
    }

    func activity(id: String) throws -> LiveActivity? {
        try Row.fetchOne(db, sql: "SELECT * FROM activity WHERE id = ?", arguments: [id]).map(Self.activity)
    }

    func save(_ activity: LiveActivity) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO activity (id, type, attributes, state, staleDate, relevanceScore, startedAt, updatedAt, lastTimestamp, endedAt,
                                             dismissAt, budget, budgetAt, view, staleView)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [activity.id, activity.type, activity.attributes, activity.state, activity.staleDate, activity.relevanceScore,
                             activity.startedAt, activity.updatedAt, activity.lastTimestamp, activity.endedAt, activity.dismissAt, activity.budget, activity.budgetAt,
                             activity.view, activity.staleView])
    }

    func deleteActivities(ids: [String]) throws {
        for id in ids { try db.execute(sql: "DELETE FROM activity WHERE id = ?", arguments: [id]) }
    }

    private static func pushToken(from row: Row) -> PushToken {
        PushToken(kind: row["kind"], secret: row["secret"], createdAt: row["createdAt"], told: row["told"], budget: row["budget"], budgetAt: row["budgetAt"])
    }

    func pushTokens() throws -> [PushToken] {
        try Row.fetchAll(db, sql: "SELECT * FROM pushToken ORDER BY kind").map(Self.pushToken)
    }

    func pushToken(kind: String) throws -> PushToken? {
        try Row.fetchOne(db, sql: "SELECT * FROM pushToken WHERE kind = ?", arguments: [kind]).map(Self.pushToken)
    }

    func save(_ token: PushToken) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO pushToken (kind, secret, createdAt, told, budget, budgetAt) VALUES (?, ?, ?, ?, ?, ?)",
                       arguments: [token.kind, token.secret, token.createdAt, token.told, token.budget, token.budgetAt])
    }
}
