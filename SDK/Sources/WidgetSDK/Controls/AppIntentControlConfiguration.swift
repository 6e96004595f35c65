/// A control the user configures with an intent, as in WidgetKit:
///
/// ```swift
/// AppIntentControlConfiguration(kind: "com.example.room", provider: RoomLightProvider()) { isOn in
///     ControlWidgetToggle("Room", isOn: isOn, action: SetRoomLightIntent()) { on in Label(on ? "On" : "Off", systemImage: "lightbulb") }
/// }
/// ```
///
/// Here there is no place to configure a control: it is shown once, with
/// each of the intent's parameters at its default.
public struct AppIntentControlConfiguration<ConfigurationIntent: ControlConfigurationIntent, Content: ControlWidgetTemplate>: ControlWidgetConfiguration {
    /// The control's kind, names and content.
    public var descriptor: ControlDescriptor

    /// A control of `kind` made from its configuration alone.
    public init(kind: String, intent: ConfigurationIntent.Type = ConfigurationIntent.self,
                @ControlWidgetTemplateBuilder content: @escaping @Sendable (ConfigurationIntent) -> Content) {
        descriptor = ControlDescriptor(kind: kind, isConfigurable: true) { _ in content(ConfigurationIntent()).controlTemplate }
    }

    /// A control of `kind` whose content shows `provider`'s value for its configuration.
    public init<Provider: AppIntentControlValueProvider>(kind: String, provider: Provider,
                                                         @ControlWidgetTemplateBuilder content: @escaping @Sendable (Provider.Value) -> Content)
    where Provider.Configuration == ConfigurationIntent {
        descriptor = ControlDescriptor(kind: kind, isConfigurable: true) { preview in
            let configuration = ConfigurationIntent()
            let value = if preview {
                provider.previewValue(configuration: configuration)
            } else {
                try await provider.currentValue(configuration: configuration)
            }
            return content(value).controlTemplate
        }
    }
}
