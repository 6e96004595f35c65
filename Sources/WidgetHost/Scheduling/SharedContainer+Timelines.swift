import Foundation
import HostText
import WidgetContainer

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

    /// Rows per statement when saving: a cold start saves every instance's
    /// first schedule at once, and one statement must stay well within the
    /// database's statement timeout.
    static let saveBatch = 1_000

    /// Saves schedules in one transaction, a statement per batch. Instances
    /// removed meanwhile by another process are skipped; for a fleet host
    /// (`fence`), so are those whose lease it no longer holds with the token
    /// it names. Returns the instances saved.
    ///
    /// A schedule that cannot be encoded is left out, and `unsavable` hears
    /// of it and why; the others are saved. One instance can never stop the
    /// saves of all the rest (a non-finite number in one entry once did).
    @discardableResult
    package func saveSchedules(_ schedules: [(instance: String, schedule: InstanceSchedule)], fence: LeaseFence? = nil,
                              unsavable: (_ instance: String, _ reason: String) -> Void = { _, _ in }) throws -> Set<String> {
        guard !schedules.isEmpty else { return [] }
        let now = Date()
        let encoded = schedules.compactMap { row -> (instance: String, schedule: Data)? in
            do {
                return (instance: row.instance, schedule: try Self.encoder.encode(row.schedule))
            } catch {
                unsavable(row.instance, Self.reason(error))
                return nil
            }
        }
        guard !encoded.isEmpty else { return [] }
        let save = { (db: any ContainerTransaction) throws -> Set<String> in
            var saved = Set<String>()
            for start in stride(from: 0, to: encoded.count, by: Self.saveBatch) {
                saved.formUnion(try db.saveTimelines(Array(encoded[start ..< min(start + Self.saveBatch, encoded.count)]), fence: fence, at: now))
            }
            return saved
        }
        // Fenced rows guard themselves: the fleet's hosts save side by side.
        return try fence == nil ? write(save) : store.writeGuarded(save)
    }

    /// Every stored schedule that can be read, or those of `instanceIDs`. A row this build cannot
    /// decode (written by a newer widgethost, or damaged) is left out rather
    /// than failing every reader: its instance starts again from its
    /// placeholder, and its next save replaces the row. `unreadable` hears
    /// of each such instance and why.
    package func schedules(of instanceIDs: [String]? = nil,
                          unreadable: (_ instance: String, _ reason: String) -> Void = { _, _ in }) throws -> [String: InstanceSchedule] {
        let records = try read { db in try db.timelines(of: instanceIDs) }
        var schedules: [String: InstanceSchedule] = [:]
        for record in records {
            do {
                schedules[record.instance] = try Self.decoder.decode(InstanceSchedule.self, from: record.schedule)
            } catch {
                unreadable(record.instance, Self.reason(error))
            }
        }
        return schedules
    }

    /// The instance's schedule, or nil when none is stored or it cannot be read (see `schedules`).
    package func schedule(for instance: String) throws -> InstanceSchedule? {
        guard let data = try read({ db in try db.timeline(instance: instance) }) else { return nil }
        return try? Self.decoder.decode(InstanceSchedule.self, from: data)
    }

    /// "missing 'entries' at policy", "data is not JSON": one line.
    private static func reason(_ error: any Error) -> String {
        if case .invalidValue(let value, let context)? = error as? EncodingError {
            return "\(value) cannot be stored" + path(context.codingPath)
        }
        return switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            "missing '\(key.stringValue)'" + path(context.codingPath)
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            context.debugDescription + path(context.codingPath)
        default:
            "\(ErrorText.describe(error))"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "" : " at " + codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
