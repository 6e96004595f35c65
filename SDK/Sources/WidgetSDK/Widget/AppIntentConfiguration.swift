/// A kind whose instances are configured by the user through a
/// `WidgetConfigurationIntent`.
public struct AppIntentConfiguration<Intent: WidgetConfigurationIntent, Provider: AppIntentTimelineProvider, Content: View>: WidgetConfiguration
where Provider.Intent == Intent {
    /// What the host reads of the kind.
    public var descriptor: WidgetDescriptor

    /// A kind users configure through `intent`'s `@Parameter`s; `content` draws each entry.
    public init(kind: String, intent: Intent.Type = Intent.self, provider: Provider,
                @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content) {
        ConfigurationIntents.register(Intent.self)
        descriptor = WidgetDescriptor(
            kind: kind, configuration: Intent.configurationDescriptor,
            provider: AnyTimelineProvider(provider, content: content))
    }
}
