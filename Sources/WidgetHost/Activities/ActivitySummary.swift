import Foundation
import WidgetContainer

/// A Live Activity as `activity list --json` and the dashboard's
/// `/activities` show it: its attributes and state as the JSON they were given.
package struct ActivitySummary: Encodable, Sendable {
    package let id: String
    package let type: String
    package let phase: ActivityPhase
    package let attributes: JSONObjectValue
    package let state: JSONObjectValue
    package let staleDate: Date?
    package let relevanceScore: Double
    package let startedAt: Date
    package let updatedAt: Date
    package let endedAt: Date?
    package let dismissAt: Date

    package init(_ activity: LiveActivity, at date: Date) {
        id = activity.id
        type = activity.type
        phase = activity.phase(at: date)
        attributes = JSONObjectValue(activity.attributes)
        state = JSONObjectValue(activity.state)
        staleDate = activity.staleDate
        relevanceScore = activity.relevanceScore
        startedAt = activity.startedAt
        updatedAt = activity.updatedAt
        endedAt = activity.endedAt ?? (activity.effectiveEnd <= date ? activity.effectiveEnd : nil)
        dismissAt = activity.effectiveDismissal
    }
}

/// JSON the container holds, written out again as it is (keys sorted).
package struct JSONObjectValue: Encodable, Sendable {
    private let value: Node

    private indirect enum Node: Sendable, Decodable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([Node])
        case object([String: Node])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let value = try? container.decode(Bool.self) { self = .bool(value) }
            else if let value = try? container.decode(Double.self) { self = .number(value) }
            else if let value = try? container.decode(String.self) { self = .string(value) }
            else if let value = try? container.decode([Node].self) { self = .array(value) }
            else { self = .object(try container.decode([String: Node].self)) }
        }
    }

    package init(_ data: Data) {
        value = (try? JSONDecoder().decode(Node.self, from: data)) ?? .null
    }

    package func encode(to encoder: any Encoder) throws {
        try Self.encode(value, to: encoder)
    }

    private static func encode(_ node: Node, to encoder: any Encoder) throws {
        switch node {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let value):
            var container = encoder.singleValueContainer()
            if value == value.rounded(), abs(value) < 1e15 { try container.encode(Int64(value)) } else { try container.encode(value) }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let nodes):
            var container = encoder.unkeyedContainer()
            for node in nodes { try encode(node, to: container.superEncoder()) }
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (key, node) in members { try encode(node, to: container.superEncoder(forKey: Key(key))) }
        }
    }

    private struct Key: CodingKey {
        let stringValue: String
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
