/// A kind whose instances are configured by the user through a
/// `WidgetConfigurationIntent`.
public struct AppIntentConfiguration<Intent: WidgetConfigurationIntent, Provider: AppIntentTimelineProvider, Content: View>: WidgetConfiguration
where Provider.Intent == Intent {
    public private(set) var descriptor: WidgetDescriptor

    public init(kind: String, intent: Intent.Type = Intent.self, provider: Provider,
                @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content) {
        descriptor = WidgetDescriptor(
            kind: kind, configuration: Intent.configurationDescriptor,
            provider: AnyTimelineProvider(provider, content: content))
    }

    public func updatingDescriptor(_ change: (inout WidgetDescriptor) -> Void) -> Self {
        var copy = self
        change(&copy.descriptor)
        return copy
    }
}
