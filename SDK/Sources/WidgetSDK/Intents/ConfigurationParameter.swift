/// One parameter of a configuration, as the host sees it.
public struct ConfigurationParameter: Sendable {
    public let name: String
    public let title: String
    public let description: String?
    public let type: ParameterType
    public let isOptional: Bool
    /// The default declared on the parameter.
    public let defaultValue: ConfigurationValue?
    public let options: OptionSource

    public init(name: String, title: String, description: String?, type: ParameterType, isOptional: Bool,
                defaultValue: ConfigurationValue?, options: OptionSource) {
        self.name = name
        self.title = title
        self.description = description
        self.type = type
        self.isOptional = isOptional
        self.defaultValue = defaultValue
        self.options = options
    }

    /// The declared default, else the option provider's `defaultResult()`.
    public func resolvedDefault() async -> ConfigurationValue? {
        if let defaultValue { return defaultValue }
        if case .dynamic(let provider) = options { return await provider.defaultResult() }
        return nil
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

    public func results() async throws -> [ConfigurationValue] { try await fetchResults() }
    public func defaultResult() async -> ConfigurationValue? { await fetchDefault() }

    /// The provider's check of a value the user gave; returns it normalised.
    public func validate(_ value: ConfigurationValue) async throws -> ConfigurationValue { try await check(value) }
}
