/// The user-facing configuration of a kind, as in WidgetKit:
///
/// ```swift
/// struct SelectRepoIntent: WidgetConfigurationIntent {
///     static var title: LocalizedStringResource { "Select Repo" }
///     @Parameter(title: "Repo", optionsProvider: RepoOptionsProvider())
///     var repo: String
///     init() {}
/// }
/// ```
///
/// Each `@Parameter` property is one parameter, named after the property.
/// As in App Intents it is an `AppIntent`, whose `perform()` does nothing
/// unless the intent says otherwise.
public protocol WidgetConfigurationIntent: AppIntent {
    /// What the configuration sets; empty by default.
    static var description: IntentDescription { get }
}

/// An intent that replaces an older configuration; instances stored under
/// `intentClassName` are migrated to this one, keeping every parameter whose
/// name still exists.
public protocol CustomIntentMigratedAppIntent: WidgetConfigurationIntent {
    /// The identifier of the configuration this one replaces (an older intent's type name).
    static var intentClassName: String { get }
}

extension WidgetConfigurationIntent {
    /// No description.
    public static var description: IntentDescription { "" }

    /// Nothing to do: a configuration only configures.
    public func perform() async throws -> EmptyIntentResult { .result() }

    /// The identifier instances store, so a later version can migrate them.
    public static var identifier: String { String(describing: Self.self) }

    static var configurationDescriptor: ConfigurationDescriptor {
        ConfigurationDescriptor(
            style: .appIntent,
            identifier: identifier,
            title: String(localized: title),
            replacedIdentifier: (Self.self as? any CustomIntentMigratedAppIntent.Type)?.intentClassName,
            parameters: ParameterReflection.parameters(of: Self()).map(\.descriptor))
    }

    /// Builds the intent from stored values; parameters without a value keep
    /// their default.
    /// (`AppEntity` parameters stay unset: only `resolved(values:)` can ask their queries.)
    init(values: ConfigurationValues) throws {
        self.init()
        try ParameterReflection.assign(values, to: self)
    }

    /// Builds the intent from stored values, `AppEntity` parameters found by their queries.
    static func resolved(values: ConfigurationValues) async throws -> Self {
        let intent = Self()
        try await ParameterReflection.resolve(values, to: intent)
        return intent
    }

    /// True when some parameter is an `AppEntity`, which `init(values:)` leaves unset.
    static var hasEntityParameters: Bool {
        ParameterReflection.parameters(of: Self()).contains { $0.storage.needsQuery }
    }
}
