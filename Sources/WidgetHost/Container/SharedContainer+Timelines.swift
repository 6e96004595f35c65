import Foundation

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
        let encoded = try schedules.map { ($0.instance, try Self.encoder.encode($0.schedule)) }
        try write { db in
            for (instance, schedule) in encoded {
                try db.saveTimeline(instance: instance, schedule: schedule, at: now)
            }
        }
    }

    /// Every stored schedule that can be read, or those of `instanceIDs`. A row this build cannot
    /// decode (written by a newer widgethost, or damaged) is left out rather
    /// than failing every reader: its instance starts again from its
    /// placeholder, and its next save replaces the row. `unreadable` hears
    /// of each such instance and why.
    public func schedules(of instanceIDs: [String]? = nil,
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
    public func schedule(for instance: String) throws -> InstanceSchedule? {
        guard let data = try read({ db in try db.timeline(instance: instance) }) else { return nil }
        return try? Self.decoder.decode(InstanceSchedule.self, from: data)
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
