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
    private let check: @Sendable (ConfigurationValue) throws -> ConfigurationValue

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
    public func validate(_ value: ConfigurationValue) throws -> ConfigurationValue { try check(value) }
}
