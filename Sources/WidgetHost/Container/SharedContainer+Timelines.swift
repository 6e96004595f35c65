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

    /// Every stored schedule that can be read. A row this build cannot
    /// decode (written by a newer widgethost, or damaged) is left out rather
    /// than failing every reader: its instance starts again from its
    /// placeholder, and its next save replaces the row. `unreadable` hears
    /// of each such instance and why.
    public func schedules(unreadable: (_ instance: String, _ reason: String) -> Void = { _, _ in }) throws -> [String: InstanceSchedule] {
        let records = try read { db in try TimelineRecord.fetchAll(db) }
        var schedules: [String: InstanceSchedule] = [:]
        for record in records {
            do {
                schedules[record.instanceID] = try Self.decoder.decode(InstanceSchedule.self, from: record.schedule)
            } catch {
                unreadable(record.instanceID, Self.reason(error))
            }
        }
        return schedules
    }

    /// The instance's schedule, or nil when none is stored or it cannot be read (see `schedules`).
    public func schedule(for instance: String) throws -> InstanceSchedule? {
        guard let record = try read({ db in try TimelineRecord.fetchOne(db, key: instance) }) else { return nil }
        return try? Self.decoder.decode(InstanceSchedule.self, from: record.schedule)
    }

    /// "missing 'entries' at policy", "data is not JSON": one line.
    private static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            "missing '\(key.stringValue)'" + path(context)
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            context.debugDescription + path(context)
        default:
            "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "" : " at " + context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
