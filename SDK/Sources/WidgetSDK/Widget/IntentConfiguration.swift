/// A kind users configure through a SiriKit intent, as WidgetKit did before
/// App Intents: the intent's class is generated from the extension's
/// `.intentdefinition` (`widgethost import` does it), its options come
/// from the Intents extension's handler, and a later version of the kind
/// may move to an `AppIntentConfiguration` whose intent is a
/// `CustomIntentMigratedAppIntent` naming this intent's class: placed
/// instances keep their values.
public struct IntentConfiguration<Intent: INIntent, Content: View>: WidgetConfiguration {
    /// What the host reads of the kind.
    public var descriptor: WidgetDescriptor

    /// A kind configured by `intent`; `content` draws each entry.
    public init<Provider: IntentTimelineProvider>(kind: String, intent: Intent.Type, provider: Provider,
                                                  @ViewBuilder content: @escaping @Sendable (Provider.Entry) -> Content)
    where Provider.Intent == Intent {
        descriptor = WidgetDescriptor(kind: kind, configuration: Intent.configurationDescriptor,
                                      provider: AnyTimelineProvider(provider, content: content))
    }
}
