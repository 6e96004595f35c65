import Foundation

/// A JSON document as a value: what a path selects from and a card shows.
/// Numbers are doubles, as JavaScript reads them; members are unordered.
public enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value as a number: a number, or a string that reads as one
    /// (APIs often quote prices: `"amount": "97012.55"`).
    public var number: Double? {
        switch self {
        case .number(let value): value
        case .string(let text): Double(text.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? $0 : nil }
        case .bool(let value): value ? 1 : 0
        default: nil
        }
    }

    /// What the value is, for a message: "a string", "an object of 3 members".
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array(let elements): "a list of \(elements.count)"
        case .object(let members): "an object of \(members.count) member\(members.count == 1 ? "" : "s")"
        }
    }
}
