import Foundation

/// A configurable parameter of a `WidgetConfigurationIntent`.
///
/// ```swift
/// @Parameter(title: "Top Repo", default: "apple/swift", optionsProvider: RepoOptionsProvider())
/// var topRepo: String
/// ```
///
/// A class, as in App Intents: the host fills a fresh intent's parameters in
/// place before it hands the intent to the provider; after that it is only read.
@propertyWrapper
public final class Parameter<Value: ParameterValue>: @unchecked Sendable {
    /// The name users see, in `add-instance --help` and `kinds`.
    public let title: LocalizedStringResource
    /// A longer explanation, if any.
    public let description: LocalizedStringResource?
    private let defaultValue: Value?
    private var options: OptionSource
    /// A list's sizes by family; set once, in an initializer.
    private var listSizes: [WidgetFamily: IntentCollectionSize] = [:]
    private let lock = NSLock()
    private var value: Value?

    /// A parameter with a default: `@Parameter(title: "City", default: "Lisbon") var city: String`.
    /// Its choices are any value, an `AppEnum`'s cases, or what an `AppEntity`'s query suggests.
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil) {
        self.title = title
        self.description = description
        self.defaultValue = defaultValue
        self.options = Value.impliedDynamicOptions.map(OptionSource.dynamic) ?? Value.impliedOptions.map(OptionSource.list) ?? .any
    }

    /// A parameter limited to a static list, which must contain the default: `@Parameter(title: "Days", default: 7, options: [1, 7, 30]) var days: Int`.
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil, options: [Value]) {
        self.title = title
        self.description = description
        self.defaultValue = defaultValue
        self.options = .list(options.compactMap(\.configurationValue))
    }

    /// A parameter whose choices a `DynamicOptionsProvider` computes; its `defaultResult()` stands in for a missing default.
    public init<Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil, optionsProvider: Provider
    ) where Provider.Result == Value {
        self.title = title
        self.description = description
        self.defaultValue = defaultValue
        self.options = .dynamic(DynamicOptions(optionsProvider))
    }

    /// An optional parameter whose choices a `DynamicOptionsProvider` computes.
    public init<Provider: DynamicOptionsProvider, Wrapped>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: Value? = nil, optionsProvider: Provider
    ) where Provider.Result == Wrapped, Value == Wrapped? {
        self.title = title
        self.description = description
        self.defaultValue = defaultValue
        self.options = .dynamic(DynamicOptions(optionsProvider))
    }

    /// A list of at most, exactly or between so many values, whatever the
    /// family: `@Parameter(title: "Stocks", size: 3) var stocks: [String]`.
    public convenience init<Element: ParameterValue>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: [Element]? = nil,
        size: IntentCollectionSize
    ) where Value == [Element] {
        self.init(title: title, description: description, default: defaultValue)
        listSizes = Dictionary(uniqueKeysWithValues: WidgetFamily.allCases.map { ($0, size) })
    }

    /// A list whose size depends on the family it is placed in
    /// (`size: [.systemSmall: 1, .systemMedium: 3]`); unbounded in a family not named.
    public convenience init<Element: ParameterValue>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: [Element]? = nil,
        size: [IntentWidgetFamily: IntentCollectionSize]
    ) where Value == [Element] {
        self.init(title: title, description: description, default: defaultValue)
        listSizes = size
    }

    /// An optional list of so many values.
    public convenience init<Element: ParameterValue>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: [Element]? = nil,
        size: IntentCollectionSize
    ) where Value == [Element]? {
        self.init(title: title, description: description, default: defaultValue.map { .some($0) })
        listSizes = Dictionary(uniqueKeysWithValues: WidgetFamily.allCases.map { ($0, size) })
    }

    /// An optional list whose size depends on the family.
    public convenience init<Element: ParameterValue>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: [Element]? = nil,
        size: [IntentWidgetFamily: IntentCollectionSize]
    ) where Value == [Element]? {
        self.init(title: title, description: description, default: defaultValue.map { .some($0) })
        listSizes = size
    }

    /// A list whose every value is one of a fixed list:
    /// `@Parameter(title: "Days", default: [1], options: [1, 7, 30]) var days: [Int]`.
    public convenience init<Element: ParameterValue>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: [Element]? = nil,
        size: IntentCollectionSize? = nil, options: [Element]
    ) where Value == [Element] {
        self.init(title: title, description: description, default: defaultValue)
        self.options = .list(options.compactMap(\.configurationValue))
        if let size { listSizes = Dictionary(uniqueKeysWithValues: WidgetFamily.allCases.map { ($0, size) }) }
    }

    /// An optional list whose every value is one of a fixed list.
    public convenience init<Element: ParameterValue>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: [Element]? = nil,
        size: IntentCollectionSize? = nil, options: [Element]
    ) where Value == [Element]? {
        self.init(title: title, description: description, default: defaultValue.map { .some($0) })
        self.options = .list(options.compactMap(\.configurationValue))
        if let size { listSizes = Dictionary(uniqueKeysWithValues: WidgetFamily.allCases.map { ($0, size) }) }
    }

    /// A list of a provider's choices whose size depends on the family.
    public convenience init<Element: ParameterValue, Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: [Element]? = nil,
        size: [IntentWidgetFamily: IntentCollectionSize], optionsProvider: Provider
    ) where Provider.Result == Element, Value == [Element] {
        self.init(title: title, description: description, default: defaultValue)
        options = .dynamic(DynamicOptions(optionsProvider))
        listSizes = size
    }

    /// An optional list of a provider's choices whose size depends on the family.
    public convenience init<Element: ParameterValue, Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: [Element]? = nil,
        size: [IntentWidgetFamily: IntentCollectionSize], optionsProvider: Provider
    ) where Provider.Result == Element, Value == [Element]? {
        self.init(title: title, description: description, default: defaultValue.map { .some($0) })
        options = .dynamic(DynamicOptions(optionsProvider))
        listSizes = size
    }

    /// A list whose every value is one of a provider's choices:
    /// `@Parameter(title: "Repos", optionsProvider: RepoOptions()) var repos: [String]`.
    public convenience init<Element: ParameterValue, Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: [Element]? = nil,
        size: IntentCollectionSize? = nil, optionsProvider: Provider
    ) where Provider.Result == Element, Value == [Element] {
        self.init(title: title, description: description, default: defaultValue)
        options = .dynamic(DynamicOptions(optionsProvider))
        if let size { listSizes = Dictionary(uniqueKeysWithValues: WidgetFamily.allCases.map { ($0, size) }) }
    }

    /// An optional list whose every value is one of a provider's choices.
    public convenience init<Element: ParameterValue, Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil, default defaultValue: [Element]? = nil,
        size: IntentCollectionSize? = nil, optionsProvider: Provider
    ) where Provider.Result == Element, Value == [Element]? {
        self.init(title: title, description: description, default: defaultValue.map { .some($0) })
        options = .dynamic(DynamicOptions(optionsProvider))
        if let size { listSizes = Dictionary(uniqueKeysWithValues: WidgetFamily.allCases.map { ($0, size) }) }
    }

    /// The parameter itself, as `\.$repo` names it in a `Summary`.
    public var projectedValue: Parameter<Value> { self }

    /// The instance's value; the default when it has none. The host resolves
    /// every required parameter before a provider runs.
    public var wrappedValue: Value {
        get {
            if let value = lock.withLock({ value }) ?? defaultValue ?? Value.absentValue { return value }
            preconditionFailure("parameter '\(title)' has no value and no default")
        }
        set { lock.withLock { value = newValue } }
    }
}

/// What `WidgetConfigurationIntent` needs from a `Parameter`, without its type.
protocol ParameterStorage: AnyObject {
    func descriptor(name: String) -> ConfigurationParameter
    func assign(_ value: ConfigurationValue?, name: String) throws
    /// The value set, else the default.
    var currentValue: ConfigurationValue? { get }
    /// `assign`, asking the type's query when it needs one (an `AppEntity`).
    func resolve(_ value: ConfigurationValue?, name: String) async throws
    /// True when only `resolve` can set the value (an `AppEntity`).
    var needsQuery: Bool { get }
}

extension Parameter: ParameterStorage {
    var currentValue: ConfigurationValue? {
        (lock.withLock { value } ?? defaultValue)?.configurationValue
    }

    var needsQuery: Bool { Value.needsQuery }

    func descriptor(name: String) -> ConfigurationParameter {
        ConfigurationParameter(
            name: name, title: String(localized: title), description: description.map { String(localized: $0) }, type: Value.parameterType,
            isList: Value.isList, listSizes: listSizes, isOptional: Value.isOptional, defaultValue: defaultValue?.configurationValue, options: options,
            optionTitles: Value.impliedOptionTitles)
    }

    /// A list stored before the parameter became a single value reads as
    /// its first value (none when empty).
    static func fitted(_ stored: ConfigurationValue?) -> ConfigurationValue? {
        guard let stored, case .list(let values) = stored, !Value.isList else { return stored }
        return values.first
    }

    func assign(_ stored: ConfigurationValue?, name: String) throws {
        // An entity needs its query, which only `resolve` can ask.
        guard let stored = Self.fitted(stored), !Value.needsQuery else { return }
        guard let typed = Value(configurationValue: stored) else {
            throw ConfigurationError(
                parameter: name, message: "expected \(Value.parameterType.withArticle) value, found \(stored.type) '\(stored)'")
        }
        lock.withLock { value = typed }
    }
}

extension Parameter {
    func resolve(_ stored: ConfigurationValue?, name: String) async throws {
        guard Value.needsQuery else { return try assign(stored, name: name) }
        guard let stored = Self.fitted(stored) else { return }
        guard let typed = try await Value.resolve(stored) else {
            throw ConfigurationError(parameter: name, message: "no \(Value.self) '\(stored)' any more")
        }
        lock.withLock { value = typed }
    }
}
