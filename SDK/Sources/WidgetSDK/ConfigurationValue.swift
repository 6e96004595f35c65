import Foundation

/// One parameter's value as it is stored and passed across the module boundary.
public enum ConfigurationValue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A `String` parameter's value.
    case string(String)
    /// An `Int` parameter's value.
    case int(Int)
    /// A `Double` parameter's value (always finite).
    case double(Double)
    /// A `Bool` parameter's value.
    case bool(Bool)
    /// A list parameter's values (`[String]`, `[FriendEntity]`), each one of the other cases.
    case list([ConfigurationValue])

    /// The value as text; a list's as `[a, b]`.
    public var description: String {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): String(value)
        case .list(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        }
    }

    /// The type of this value; a list's is its first value's (a string when empty).
    public var type: ParameterType {
        switch self {
        case .string: .string
        case .int: .integer
        case .double: .double
        case .bool: .boolean
        case .list(let values): values.first?.type ?? .string
        }
    }

    /// The values of a list, or this value alone.
    public var elements: [ConfigurationValue] {
        if case .list(let values) = self { return values }
        return [self]
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let values = try? container.decode([ConfigurationValue].self) {
            self = .list(values)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .list(let values): try container.encode(values)
        }
    }
}

/// An instance's configuration: parameter name to value.
public typealias ConfigurationValues = [String: ConfigurationValue]

/// The value types a parameter can have.
public enum ParameterType: String, Sendable, Codable, CustomStringConvertible {
    /// `String`.
    case string
    /// `Int`.
    case integer
    /// `Double`.
    case double
    /// `Bool`.
    case boolean
    /// `Date`: stored as an ISO 8601 string (`2026-12-24T18:00:00Z`).
    case date
    /// `URL`: stored as its absolute string.
    case url

    public var description: String { self == .url ? "URL" : rawValue }

    /// "list of integers", "list of URLs": a list parameter of this type, for messages and `widgethost kinds`.
    public var listDescription: String {
        "list of " + (self == .integer ? "integers" : self == .boolean ? "booleans" : "\(description)s")
    }

    /// "an integer", "a string", "a URL": for messages.
    public var withArticle: String {
        self == .integer ? "an integer" : "a \(description)"
    }

    /// A date as a parameter stores it: ISO 8601 with its offset
    /// (`2026-12-24T18:00:00+01:00`), a UTC instant, or a day (`2026-12-24`, midnight UTC).
    static func date(from text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        if let date = try? Date(text + "T00:00:00Z", strategy: .iso8601), text.count == 10 { return date }
        return nil
    }

    /// The string a date parameter stores.
    static func string(from date: Date) -> String { date.ISO8601Format() }

    /// A URL a parameter stores: absolute, with a scheme.
    static func url(from text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty else { return nil }
        return url
    }

    /// Reads a value typed on a command line.
    public func parse(_ text: String) -> ConfigurationValue? {
        switch self {
        case .string: .string(text)
        case .integer: Int(text).map(ConfigurationValue.int)
        // NaN and infinity cannot be stored (JSON has neither) nor mean anything as a setting.
        case .double: Double(text).flatMap { $0.isFinite ? ConfigurationValue.double($0) : nil }
        case .boolean:
            switch text.lowercased() {
            case "true", "yes", "1": .bool(true)
            case "false", "no", "0": .bool(false)
            default: nil
            }
        case .date: (text == "now" ? Date() : Self.date(from: text)).map { ConfigurationValue.string(Self.string(from: $0)) }
        case .url: Self.url(from: text).map { ConfigurationValue.string($0.absoluteString) }
        }
    }

    /// Whether a stored value fits; an integer fits a double parameter, a
    /// date or URL string a date or URL parameter. A list fits a list
    /// parameter (`ConfigurationParameter.accepts`), never a type itself.
    public func accepts(_ value: ConfigurationValue) -> Bool {
        switch (self, value) {
        case (_, .list): false
        case (.date, .string(let text)): Self.date(from: text) != nil
        case (.url, .string(let text)): Self.url(from: text) != nil
        default: value.type == self || (self == .double && value.type == .integer)
        }
    }
}

/// Raised when stored values do not fit an intent's parameters.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    /// The parameter's name.
    public let parameter: String
    /// What is wrong with its value.
    public let message: String

    /// An error about one parameter.
    public init(parameter: String, message: String) {
        self.parameter = parameter
        self.message = message
    }

    public var description: String { "parameter '\(parameter)': \(message)" }
}
