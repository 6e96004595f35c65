import Foundation
import WidgetHost
import WidgetSDK

/// A Live Activity's start, update or end as `POST /activities` takes it:
/// the fields of an APNs Live Activity payload (`event`, `attributes-type`,
/// `attributes`, `content-state`, `stale-date`, `relevance-score`,
/// `dismissal-date`, `timestamp`, dates in Unix seconds), at the top level
/// or inside `aps` as a push server already sends them.
package struct ActivityPush: Sendable {
    package enum Event: String, Sendable {
        case start, update, end
    }

    /// The largest body taken: ActivityKit's 4 KB of content, with room for the rest.
    package static let maximumBody = 16 * 1024

    package var event: Event
    package var attributesType: String?
    package var attributes: Data?
    package var state: Data?
    package var staleDate: Date?
    package var relevanceScore: Double
    package var dismissalDate: Date?
    package var timestamp: Date?

    package struct Refused: Error, CustomStringConvertible {
        package let description: String
    }

    package init(json: Data) throws {
        guard let top = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw Refused(description: "the body is not a JSON object")
        }
        let fields = top["aps"] as? [String: Any] ?? top
        guard let name = fields["event"] as? String, let event = Event(rawValue: name) else {
            throw Refused(description: "'event' is start, update or end")
        }
        self.event = event
        func object(_ key: String) throws -> Data? {
            guard let value = fields[key] else { return nil }
            guard let object = value as? [String: Any] else { throw Refused(description: "'\(key)' is a JSON object") }
            return try JSONSerialization.data(withJSONObject: object)
        }
        func number(_ key: String) throws -> Double? {
            guard let value = fields[key] else { return nil }
            guard let number = value as? Double ?? (value as? Int).map(Double.init), number.isFinite else {
                throw Refused(description: "'\(key)' is a number")
            }
            return number
        }
        func date(_ key: String) throws -> Date? {
            guard let seconds = try number(key) else { return nil }
            // Unix seconds up to the year 9999; milliseconds would be far beyond.
            guard (0...253_402_300_799).contains(seconds) else { throw Refused(description: "'\(key)' is in Unix seconds, from 0 to 253402300799") }
            return Date(timeIntervalSince1970: seconds)
        }
        attributesType = fields["attributes-type"] as? String
        attributes = try object("attributes")
        state = try object("content-state")
        staleDate = try date("stale-date")
        relevanceScore = try number("relevance-score") ?? 0
        dismissalDate = try date("dismissal-date")
        timestamp = try date("timestamp")
        switch event {
        case .start:
            guard attributesType != nil, attributes != nil, state != nil else {
                throw Refused(description: "a start gives 'attributes-type', 'attributes' and 'content-state'")
            }
        case .update:
            guard state != nil else { throw Refused(description: "an update gives 'content-state'") }
        case .end:
            break
        }
    }

    package var content: ActivityContentUpdate? {
        state.map { ActivityContentUpdate(state: $0, staleDate: staleDate, relevanceScore: relevanceScore) }
    }

    /// APNs' rule: no `dismissal-date` is the default; one in the past is at once.
    package func dismissal(at now: Date) -> ActivityUIDismissalPolicy {
        guard let dismissalDate else { return .default }
        return dismissalDate <= now ? .immediate : .after(dismissalDate)
    }
}
