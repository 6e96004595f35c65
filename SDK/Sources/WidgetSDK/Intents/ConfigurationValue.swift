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

    public var description: String {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): String(value)
        }
    }

    /// The type of this value.
    public var type: ParameterType {
        switch self {
        case .string: .string
        case .int: .integer
        case .double: .double
        case .bool: .boolean
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
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

    public var description: String { rawValue }

    /// "an integer", "a string": for messages.
    public var withArticle: String {
        self == .integer ? "an integer" : "a \(rawValue)"
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
        }
    }

    /// Whether a stored value fits; an integer fits a double parameter.
    public func accepts(_ value: ConfigurationValue) -> Bool {
        value.type == self || (self == .double && value.type == .integer)
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
