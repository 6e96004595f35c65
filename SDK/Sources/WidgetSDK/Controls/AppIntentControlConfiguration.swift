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
        descriptor = ControlDescriptor(kind: kind, isConfigurable: true) { _ in content(try await ConfigurationIntent.defaultConfiguration()).controlTemplate }
    }

    /// A control of `kind` whose content shows `provider`'s value for its configuration.
    public init<Provider: AppIntentControlValueProvider>(kind: String, provider: Provider,
                                                         @ControlWidgetTemplateBuilder content: @escaping @Sendable (Provider.Value) -> Content)
    where Provider.Configuration == ConfigurationIntent {
        descriptor = ControlDescriptor(kind: kind, isConfigurable: true) { preview in
            let configuration = try await ConfigurationIntent.defaultConfiguration()
            let value = if preview {
                provider.previewValue(configuration: configuration)
            } else {
                try await provider.currentValue(configuration: configuration)
            }
            return content(value).controlTemplate
        }
    }
}

extension ControlConfigurationIntent {
    /// The configuration a control is shown with here: each parameter at
    /// its default, or its options provider's or query's default result.
    /// A parameter with neither, that must have a value, is said, not
    /// left to trap when the content reads it.
    static func defaultConfiguration() async throws -> Self {
        let intent = Self()
        var values: ConfigurationValues = [:]
        for parameter in ParameterReflection.parameters(of: intent).map(\.descriptor) {
            if let value = parameter.defaultValue {
                values[parameter.name] = value
            } else if case .dynamic(let options) = parameter.options, let value = await options.defaultResult() {
                values[parameter.name] = value
            } else if !parameter.isOptional {
                throw IntentError(message: "the control's '\(parameter.title)' has no default, and there is no place here to configure a control")
            }
        }
        try await ParameterReflection.resolve(values, to: intent)
        return intent
    }
}
