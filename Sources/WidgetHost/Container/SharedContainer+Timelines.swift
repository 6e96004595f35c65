import Foundation
import GRDB

/// An instance's persisted schedule: its timeline, entries with their view
/// archives, policy, next reload and reload history.
struct TimelineRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "timeline"
    var instanceID: String
    var schedule: Data
    var updatedAt: Date
}

extension SharedContainer {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }()

    /// Saves schedules in one transaction. Instances removed meanwhile by
    /// another process are skipped.
    public func saveSchedules(_ schedules: [(instance: String, schedule: InstanceSchedule)]) throws {
        guard !schedules.isEmpty else { return }
        let now = Date()
        let records = try schedules.map {
            TimelineRecord(instanceID: $0.instance, schedule: try Self.encoder.encode($0.schedule), updatedAt: now)
        }
        try write { db in
            let existing = Set(try String.fetchAll(db, sql: "SELECT id FROM instance"))
            for record in records where existing.contains(record.instanceID) {
                try record.save(db)
            }
        }
    }

    public func schedules() throws -> [String: InstanceSchedule] {
        let records = try read { db in try TimelineRecord.fetchAll(db) }
        return try Dictionary(uniqueKeysWithValues: records.map { ($0.instanceID, try Self.decoder.decode(InstanceSchedule.self, from: $0.schedule)) })
    }

    public func schedule(for instance: String) throws -> InstanceSchedule? {
        guard let record = try read({ db in try TimelineRecord.fetchOne(db, key: instance) }) else { return nil }
        return try Self.decoder.decode(InstanceSchedule.self, from: record.schedule)
    }
}
