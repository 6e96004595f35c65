import Synchronization

/// The configuration intents of the kinds this process offers, by
/// identifier, so that `WidgetCenter.currentConfigurations()` can find a
/// placed widget's `AppEntity` parameters with their queries before it
/// hands the widget out: `WidgetInfo.widgetConfigurationIntent(of:)` is
/// synchronous, as in WidgetKit, and cannot ask a query itself.
enum ConfigurationIntents {
    private typealias Resolver = @Sendable (ConfigurationValues) async throws -> any WidgetConfigurationIntent

    private static let resolvers = Mutex<[String: Resolver]>([:])

    /// Called as a kind's `AppIntentConfiguration` is made; an intent
    /// without entity parameters needs nothing resolved and is left out.
    static func register<Intent: WidgetConfigurationIntent>(_ type: Intent.Type) {
        guard Intent.hasEntityParameters else { return }
        resolvers.withLock { $0[Intent.identifier] = { values in try await Intent.resolved(values: values) } }
    }

    /// `info`, carrying its intent with entities found when its intent has
    /// any; as it was when a query fails (the entity is then unset, as
    /// before), so one missing entity does not lose the other widgets.
    static func resolvingEntities(of info: WidgetInfo) async -> WidgetInfo {
        guard let identifier = info.configurationIdentifier,
              let resolve = resolvers.withLock({ $0[identifier] }),
              let intent = try? await resolve(info.values) else { return info }
        var resolved = info
        resolved.resolvedIntent = intent
        return resolved
    }
}
