import Foundation
import Synchronization

/// A SiriKit configuration intent: the base class of those Xcode generates
/// from an `.intentdefinition`, for `IntentConfiguration`. `widgethost
/// import` generates the subclasses here, from the definition itself: a
/// property per parameter, kept as the values a placed instance stores
/// (by parameter name, so an App Intent that migrates the instance finds
/// them), and the parameters' descriptions for the host.
open class INIntent: @unchecked Sendable {
    // Unchecked: the values are kept under a lock.
    private let values = Mutex<ConfigurationValues>([:])

    /// An intent with every parameter unset.
    public required init() {}

    /// The parameters, as the definition declares them; the generated class says.
    open class var intentParameters: [ConfigurationParameter] { [] }

    /// The intent's title in the definition.
    open class var intentTitle: String { "" }

    /// The name instances store, which a `CustomIntentMigratedAppIntent`
    /// names as its `intentClassName`: the class's name, as on iOS.
    public class var intentClassName: String { String(describing: self) }

    /// The stored value of a parameter, as the host keeps it.
    public func configurationValue(forParameter name: String) -> ConfigurationValue? {
        values.withLock { $0[name] }
    }

    /// Sets (or with nil, unsets) a parameter's stored value.
    public func setConfigurationValue(_ value: ConfigurationValue?, forParameter name: String) {
        values.withLock { $0[name] = value }
    }

    /// Every stored value, by parameter name.
    var configurationValues: ConfigurationValues {
        values.withLock { $0 }
    }

    /// The intent with a placed instance's values.
    public required convenience init(values: ConfigurationValues) {
        self.init()
        self.values.withLock { $0 = values }
    }

    static var configurationDescriptor: ConfigurationDescriptor {
        ConfigurationDescriptor(style: .intent, identifier: intentClassName, title: intentTitle.isEmpty ? nil : intentTitle,
                                replacedIdentifier: nil, parameters: intentParameters)
    }
}

// The accessors generated properties use: each converts between a
// parameter's Swift type on iOS and the value the host stores.
extension INIntent {
    /// A `String` parameter.
    public func string(_ name: String) -> String? {
        guard case .string(let value)? = configurationValue(forParameter: name) else { return nil }
        return value
    }

    /// A `[String]` parameter.
    public func strings(_ name: String) -> [String]? {
        guard case .list(let values)? = configurationValue(forParameter: name) else { return nil }
        return values.compactMap { if case .string(let value) = $0 { value } else { nil } }
    }

    /// An Integer, Boolean or Decimal parameter, an `NSNumber` as on iOS.
    public func number(_ name: String) -> NSNumber? {
        switch configurationValue(forParameter: name) {
        case .int(let value)?: NSNumber(value: value)
        case .double(let value)?: NSNumber(value: value)
        case .bool(let value)?: NSNumber(value: value)
        default: nil
        }
    }

    /// A URL parameter.
    public func url(_ name: String) -> URL? {
        string(name).flatMap(URL.init(string:))
    }

    /// A date parameter, as the `DateComponents` SiriKit gives.
    public func dateComponents(_ name: String) -> DateComponents? {
        guard let text = string(name), let date = ISO8601DateFormatter().date(from: text) else { return nil }
        return Calendar.current.dateComponents([.calendar, .timeZone, .year, .month, .day, .hour, .minute, .second], from: date)
    }

    /// A custom type's parameter: an object of the generated class, by the identifier stored.
    public func object<Object: INObject>(_ name: String, as type: Object.Type) -> Object? {
        string(name).map { Object(identifier: $0, display: $0) }
    }

    /// A list of a custom type's objects.
    public func objects<Object: INObject>(_ name: String, as type: Object.Type) -> [Object]? {
        strings(name).map { $0.map { Object(identifier: $0, display: $0) } }
    }

    /// Stores a `String` parameter.
    public func setString(_ value: String?, _ name: String) {
        setConfigurationValue(value.map(ConfigurationValue.string), forParameter: name)
    }

    /// Stores a list of strings (identifiers, for objects).
    public func setStrings(_ value: [String]?, _ name: String) {
        setConfigurationValue(value.map { .list($0.map(ConfigurationValue.string)) }, forParameter: name)
    }

    /// Stores a number as the parameter's type wants it.
    public func setNumber(_ value: NSNumber?, _ name: String, as type: ParameterType) {
        let stored: ConfigurationValue? = value.map { number in
            switch type {
            case .boolean: .bool(number.boolValue)
            case .double: .double(number.doubleValue)
            default: .int(number.intValue)
            }
        }
        setConfigurationValue(stored, forParameter: name)
    }

    /// Stores date components as the ISO 8601 date they make.
    public func setDateComponents(_ value: DateComponents?, _ name: String) {
        let date = value.flatMap { ($0.calendar ?? Calendar.current).date(from: $0) }
        setString(date.map { ISO8601DateFormatter().string(from: $0) }, name)
    }
}

// The options of a parameter whose definition says they are provided
// (dynamic enumeration): asked of the Intents extension's handler, as iOS
// asks it, on an intent with nothing set.
extension INIntent {
    /// Options from `results`, the handler's `provide…OptionsCollection(for:)`,
    /// and a default from `defaultResult`, its `default…(for:)`. A value
    /// given must be one of the options, when the handler gives any.
    public static func handlerOptions(provider: String, results: @escaping @Sendable (INIntent) async throws -> [Any],
                                      defaultResult: @escaping @Sendable (INIntent) -> Any?) -> OptionSource {
        let intent = self
        let options: @Sendable () async throws -> [ConfigurationValue] = { INOptionValues.values(try await results(intent.init())) }
        return .dynamic(DynamicOptions(
            providerName: provider, savedListKey: nil, results: options,
            defaultResult: {
                guard let value = defaultResult(intent.init()) else { return nil }
                if let list = value as? [Any] { return .list(INOptionValues.values(list)) }
                return INOptionValues.value(value)
            },
            validate: { value in
                let choices = try await options()
                let given = if case .list(let values) = value { values } else { [value] }
                if !choices.isEmpty, let refused = given.first(where: { !choices.contains($0) }) {
                    throw OptionValidationError("'\(refused)' is not one of the options \(provider) gives")
                }
                return value
            }))
    }
}
