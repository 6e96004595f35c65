/// One parameter of a configuration, as the host sees it.
public struct ConfigurationParameter: Sendable {
    /// The property's name: the key of its value, and the flag's (`topRepo` is `--top-repo`).
    public let name: String
    /// The `title:` of its `@Parameter`.
    public let title: String
    /// The `description:` of its `@Parameter`, if any.
    public let description: String?
    /// The type of its values.
    public let type: ParameterType
    /// Whether it holds a list of values of `type` (`[String]`, `[FriendEntity]`).
    public let isList: Bool
    /// How many values a list holds, by family; none for a family not named.
    public let listSizes: [WidgetFamily: IntentCollectionSize]
    /// Whether the property is an optional, so an instance may leave it unset.
    public let isOptional: Bool
    /// The default declared on the parameter.
    public let defaultValue: ConfigurationValue?
    /// Where its choices come from: nowhere, a static list, or a provider.
    public let options: OptionSource
    /// Names for people of some choices (an `AppEnum`'s cases), by value.
    public let optionTitles: [ConfigurationValue: String]

    /// A parameter as the SDK reflects it from an intent's `@Parameter` properties.
    public init(name: String, title: String, description: String?, type: ParameterType, isList: Bool = false,
                listSizes: [WidgetFamily: IntentCollectionSize] = [:], isOptional: Bool,
                defaultValue: ConfigurationValue?, options: OptionSource, optionTitles: [ConfigurationValue: String] = [:]) {
        self.name = name
        self.title = title
        self.description = description
        self.type = type
        self.isList = isList
        self.listSizes = listSizes
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.options = options
        self.optionTitles = optionTitles
    }

    /// Whether a stored value fits: one of `type`, or for a list, a list of them.
    public func accepts(_ value: ConfigurationValue) -> Bool {
        guard isList else { return type.accepts(value) }
        guard case .list(let values) = value else { return false }
        return values.allSatisfy(type.accepts)
    }

    /// "string", "list of strings": for messages and `widgethost kinds`.
    public var typeDescription: String {
        isList ? type.listDescription : type.description
    }

    /// The declared default, else the option provider's `defaultResult()`.
    /// A list's provider gives one value: the list holds it alone.
    public func resolvedDefault() async -> ConfigurationValue? {
        if let defaultValue { return defaultValue }
        guard case .dynamic(let provider) = options, let value = await provider.defaultResult() else { return nil }
        // A provider of single values gives a list one; a list is no single value.
        if case .list = value { return isList ? value : nil }
        return isList ? .list([value]) : value
    }
}

/// Where a parameter's choices come from.
public enum OptionSource: Sendable {
    /// Any value of the parameter's type.
    case any
    /// A fixed list declared with the parameter.
    case list([ConfigurationValue])
    /// A `DynamicOptionsProvider`, asked when the choices are needed.
    case dynamic(DynamicOptions)
}

/// A `DynamicOptionsProvider` with its types erased.
public struct DynamicOptions: Sendable {
    /// The provider's type name, for help text.
    public let providerName: String
    /// See `DynamicOptionsProvider.savedListKey`.
    public let savedListKey: String?
    private let fetchResults: @Sendable () async throws -> [ConfigurationValue]
    private let fetchDefault: @Sendable () async -> ConfigurationValue?
    private let check: @Sendable (ConfigurationValue) async throws -> ConfigurationValue

    /// Options answered elsewhere: the host builds these for kinds that run in
    /// an extension process, each closure a call across the process boundary.
    public init(providerName: String, savedListKey: String?,
                results: @escaping @Sendable () async throws -> [ConfigurationValue],
                defaultResult: @escaping @Sendable () async -> ConfigurationValue?,
                validate: @escaping @Sendable (ConfigurationValue) async throws -> ConfigurationValue) {
        self.providerName = providerName
        self.savedListKey = savedListKey
        fetchResults = results
        fetchDefault = defaultResult
        check = validate
    }

    init<P: DynamicOptionsProvider>(_ provider: P) {
        providerName = String(describing: P.self)
        savedListKey = P.savedListKey
        fetchResults = { try await provider.results().compactMap(\.configurationValue) }
        fetchDefault = { await provider.defaultResult()?.configurationValue }
        check = { value in
            guard let typed = P.Result(configurationValue: value) else {
                throw OptionValidationError("expected \(P.Result.parameterType.withArticle) value, found \(value.type) '\(value)'")
            }
            guard let checked = try provider.validate(typed).configurationValue else {
                throw OptionValidationError("'\(value)' is not a valid choice")
            }
            return checked
        }
    }

    /// The provider's choices, as configuration values.
    public func results() async throws -> [ConfigurationValue] { try await fetchResults() }
    /// The provider's default, if it has one.
    public func defaultResult() async -> ConfigurationValue? { await fetchDefault() }

    /// The provider's check of a value the user gave; returns it normalised.
    public func validate(_ value: ConfigurationValue) async throws -> ConfigurationValue { try await check(value) }
}
