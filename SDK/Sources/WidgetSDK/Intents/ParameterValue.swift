/// A Swift type a `@Parameter` can hold.
public protocol ParameterValue: Sendable {
    static var parameterType: ParameterType { get }
    /// True for `Optional`: the parameter may have no value.
    static var isOptional: Bool { get }
    /// The value of an optional parameter that has none; nil for other types.
    static var absentValue: Self? { get }
    init?(configurationValue: ConfigurationValue)
    /// Nil when an optional parameter has no value.
    var configurationValue: ConfigurationValue? { get }
}

extension ParameterValue {
    public static var isOptional: Bool { false }
    public static var absentValue: Self? { nil }
}

extension String: ParameterValue {
    public static var parameterType: ParameterType { .string }
    public init?(configurationValue: ConfigurationValue) {
        guard case .string(let value) = configurationValue else { return nil }
        self = value
    }
    public var configurationValue: ConfigurationValue? { .string(self) }
}

extension Int: ParameterValue {
    public static var parameterType: ParameterType { .integer }
    public init?(configurationValue: ConfigurationValue) {
        guard case .int(let value) = configurationValue else { return nil }
        self = value
    }
    public var configurationValue: ConfigurationValue? { .int(self) }
}

extension Double: ParameterValue {
    public static var parameterType: ParameterType { .double }
    public init?(configurationValue: ConfigurationValue) {
        switch configurationValue {
        case .double(let value): self = value
        case .int(let value): self = Double(value)
        default: return nil
        }
    }
    public var configurationValue: ConfigurationValue? { .double(self) }
}

extension Bool: ParameterValue {
    public static var parameterType: ParameterType { .boolean }
    public init?(configurationValue: ConfigurationValue) {
        guard case .bool(let value) = configurationValue else { return nil }
        self = value
    }
    public var configurationValue: ConfigurationValue? { .bool(self) }
}

extension Optional: ParameterValue where Wrapped: ParameterValue {
    public static var parameterType: ParameterType { Wrapped.parameterType }
    public static var isOptional: Bool { true }
    public static var absentValue: Self? { .some(.none) }
    public init?(configurationValue: ConfigurationValue) {
        guard let value = Wrapped(configurationValue: configurationValue) else { return nil }
        self = .some(value)
    }
    public var configurationValue: ConfigurationValue? { self?.configurationValue }
}
