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
