import Foundation

/// A Swift type a `@Parameter` can hold.
public protocol ParameterValue: Sendable {
    /// The parameter type this Swift type stands for.
    static var parameterType: ParameterType { get }
    /// True for `Optional` and for lists: the parameter may have no value
    /// (a list then holds none).
    static var isOptional: Bool { get }
    /// True for an array: the parameter holds a list of `parameterType` values.
    static var isList: Bool { get }
    /// The value of an optional parameter that has none; nil for other types.
    static var absentValue: Self? { get }
    /// The Swift value of a stored value, or nil when it has another type.
    init?(configurationValue: ConfigurationValue)
    /// Nil when an optional parameter has no value.
    var configurationValue: ConfigurationValue? { get }

    /// The choices every parameter of this type has (an `AppEnum`'s cases); nil for most types.
    static var impliedOptions: [ConfigurationValue]? { get }
    /// Names for people of some of those choices (an `AppEnum`'s `caseDisplayRepresentations`); empty for most types.
    static var impliedOptionTitles: [ConfigurationValue: String] { get }
    /// Choices a query computes for every parameter of this type (an `AppEntity`'s); nil for most types.
    static var impliedDynamicOptions: DynamicOptions? { get }
    /// True when a stored value becomes a Swift value only through a query
    /// (an `AppEntity`): `resolve`, not `init(configurationValue:)`.
    static var needsQuery: Bool { get }
    /// The Swift value of a stored value, asking a query if the type needs one.
    static func resolve(_ value: ConfigurationValue) async throws -> Self?
    /// The Swift values of a list's stored values, in their order, those a
    /// query no longer finds left out; nil when one has another type. An
    /// `AppEntity` asks its query once for all of them, as iOS does.
    static func resolveAll(_ values: [ConfigurationValue]) async throws -> [Self]?
}

extension ParameterValue {
    public static var isOptional: Bool { false }
    public static var isList: Bool { false }
    public static var absentValue: Self? { nil }
    public static var impliedOptions: [ConfigurationValue]? { nil }
    public static var impliedOptionTitles: [ConfigurationValue: String] { [:] }
    public static var impliedDynamicOptions: DynamicOptions? { nil }
    public static var needsQuery: Bool { false }
    public static func resolve(_ value: ConfigurationValue) async throws -> Self? { Self(configurationValue: value) }
    public static func resolveAll(_ values: [ConfigurationValue]) async throws -> [Self]? {
        var resolved: [Self] = []
        for value in values {
            guard let element = try await resolve(value) else { return nil }
            resolved.append(element)
        }
        return resolved
    }
}

extension String: ParameterValue {
    /// `.string`.
    public static var parameterType: ParameterType { .string }
    /// The string of a `.string` value.
    public init?(configurationValue: ConfigurationValue) {
        guard case .string(let value) = configurationValue else { return nil }
        self = value
    }
    public var configurationValue: ConfigurationValue? { .string(self) }
}

extension Int: ParameterValue {
    /// `.integer`.
    public static var parameterType: ParameterType { .integer }
    /// The integer of an `.int` value.
    public init?(configurationValue: ConfigurationValue) {
        guard case .int(let value) = configurationValue else { return nil }
        self = value
    }
    public var configurationValue: ConfigurationValue? { .int(self) }
}

extension Double: ParameterValue {
    /// `.double`.
    public static var parameterType: ParameterType { .double }
    /// The number of a `.double` value, or of an `.int` one.
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
    /// `.boolean`.
    public static var parameterType: ParameterType { .boolean }
    /// The flag of a `.bool` value.
    public init?(configurationValue: ConfigurationValue) {
        guard case .bool(let value) = configurationValue else { return nil }
        self = value
    }
    public var configurationValue: ConfigurationValue? { .bool(self) }
}

extension Date: ParameterValue {
    /// `.date`.
    public static var parameterType: ParameterType { .date }
    /// The date of a `.string` value in ISO 8601.
    public init?(configurationValue: ConfigurationValue) {
        guard case .string(let text) = configurationValue, let date = ParameterType.date(from: text) else { return nil }
        self = date
    }
    public var configurationValue: ConfigurationValue? { .string(ParameterType.string(from: self)) }
}

extension URL: ParameterValue {
    /// `.url`.
    public static var parameterType: ParameterType { .url }
    /// The URL of a `.string` value that is an absolute URL.
    public init?(configurationValue: ConfigurationValue) {
        guard case .string(let text) = configurationValue, let url = ParameterType.url(from: text) else { return nil }
        self = url
    }
    public var configurationValue: ConfigurationValue? { .string(absoluteString) }
}

extension Optional: ParameterValue where Wrapped: ParameterValue {
    /// The wrapped type's: an optional parameter has its values' type.
    public static var parameterType: ParameterType { Wrapped.parameterType }
    public static var isOptional: Bool { true }
    /// The wrapped type's: `[String]?` is a list.
    public static var isList: Bool { Wrapped.isList }
    public static var absentValue: Self? { .some(.none) }
    /// The wrapped type's value of a stored value.
    public init?(configurationValue: ConfigurationValue) {
        guard let value = Wrapped(configurationValue: configurationValue) else { return nil }
        self = .some(value)
    }
    public var configurationValue: ConfigurationValue? { self?.configurationValue }
    /// The wrapped type's.
    public static var impliedOptions: [ConfigurationValue]? { Wrapped.impliedOptions }
    /// The wrapped type's.
    public static var impliedOptionTitles: [ConfigurationValue: String] { Wrapped.impliedOptionTitles }
    /// The wrapped type's.
    public static var impliedDynamicOptions: DynamicOptions? { Wrapped.impliedDynamicOptions }
    /// The wrapped type's.
    public static var needsQuery: Bool { Wrapped.needsQuery }
    /// The wrapped type's value of a stored value.
    public static func resolve(_ value: ConfigurationValue) async throws -> Self? {
        try await Wrapped.resolve(value).map { .some($0) }
    }
}

extension Measurement: ParameterValue where UnitType: Dimension {
    /// `.double`: the value in the dimension's base unit (metres, seconds,
    /// kelvin, …), as `add-instance --distance 5000` gives it.
    public static var parameterType: ParameterType { .double }
    /// The measurement of a number in the base unit.
    public init?(configurationValue: ConfigurationValue) {
        guard let value = Double(configurationValue: configurationValue) else { return nil }
        self.init(value: value, unit: UnitType.baseUnit())
    }
    public var configurationValue: ConfigurationValue? {
        let value = converted(to: UnitType.baseUnit()).value
        return value.isFinite ? .double(value) : nil
    }
}

/// A list parameter (`@Parameter var tickers: [String]`): stored as a list
/// of its elements' values, given on the command line by repeating the flag
/// and in the manifest as a YAML sequence.
extension Array: ParameterValue where Element: ParameterValue {
    /// The element's type.
    public static var parameterType: ParameterType { Element.parameterType }
    /// True.
    public static var isList: Bool { true }
    /// True: a list the user did not fill holds nothing.
    public static var isOptional: Bool { true }
    /// The empty list.
    public static var absentValue: Self? { [] }
    /// The elements of a `.list` value (a single value stored before the
    /// parameter became a list is a list of one), or nil when one has another type.
    public init?(configurationValue: ConfigurationValue) {
        var elements: [Element] = []
        for value in configurationValue.elements {
            guard let element = Element(configurationValue: value) else { return nil }
            elements.append(element)
        }
        self = elements
    }
    public var configurationValue: ConfigurationValue? { .list(compactMap(\.configurationValue)) }
    /// The element's: the choices of each value.
    public static var impliedOptions: [ConfigurationValue]? { Element.impliedOptions }
    /// The element's.
    public static var impliedOptionTitles: [ConfigurationValue: String] { Element.impliedOptionTitles }
    /// The element's: the choices of each value.
    public static var impliedDynamicOptions: DynamicOptions? { Element.impliedDynamicOptions }
    /// The element's.
    public static var needsQuery: Bool { Element.needsQuery }
    /// The elements of a `.list` value, found with one query for all of them.
    public static func resolve(_ value: ConfigurationValue) async throws -> Self? {
        try await Element.resolveAll(value.elements)
    }
}
