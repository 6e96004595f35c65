import Foundation
import GRDB

/// A key and its JSON value in the shared defaults suite.
struct DefaultsRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "defaults"
    var key: String
    var value: Data
    var updatedAt: Date
}

extension SharedContainer {
    func defaultsData(forKey key: String, in db: Database) throws -> Data? {
        try DefaultsRecord.fetchOne(db, key: key)?.value
    }

    func setDefaultsData(_ data: Data?, forKey key: String, in db: Database) throws {
        if let data {
            try DefaultsRecord(key: key, value: data, updatedAt: Date()).save(db)
        } else {
            _ = try DefaultsRecord.deleteOne(db, key: key)
        }
    }

    func stringList(forKey key: String, in db: Database) throws -> [String]? {
        guard let data = try defaultsData(forKey: key, in: db) else { return nil }
        return try JSONDecoder().decode([String].self, from: data)
    }

    func setStringList(_ list: [String], forKey key: String, in db: Database) throws {
        try setDefaultsData(try JSONEncoder().encode(list), forKey: key, in: db)
    }
}

/// The shared defaults suite as the `defaults` command sees it: keys and
/// their JSON values.
extension SharedContainer {
    /// Every key with its value, sorted by key.
    public func allDefaults() throws -> [(key: String, value: Data)] {
        try read { db in try DefaultsRecord.order(Column("key")).fetchAll(db).map { ($0.key, $0.value) } }
    }

    public func defaultsValue(forKey key: String) throws -> Data? {
        try read { db in try defaultsData(forKey: key, in: db) }
    }

    /// Stores `json` (already checked to be JSON) under `key`.
    public func writeDefaults(_ json: Data, forKey key: String) throws {
        try write { db in try setDefaultsData(json, forKey: key, in: db) }
    }

    /// Whether there was a value to delete.
    public func deleteDefaults(forKey key: String) throws -> Bool {
        try write { db in try DefaultsRecord.deleteOne(db, key: key) }
    }
}
