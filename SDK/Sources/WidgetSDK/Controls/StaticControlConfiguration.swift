/// A control with no configuration, as in WidgetKit: its content is made
/// from its provider's current value, or once when it has no provider.
///
/// ```swift
/// StaticControlConfiguration(kind: "com.example.lights") {
///     ControlWidgetButton(action: LightsIntent()) { Label("Lights", systemImage: "lightbulb") }
/// }
/// ```
public struct StaticControlConfiguration<Content: ControlWidgetTemplate>: ControlWidgetConfiguration {
    /// The control's kind, names and content.
    public var descriptor: ControlDescriptor

    /// A control of `kind` whose content never changes but by its action.
    public init(kind: String, @ControlWidgetTemplateBuilder content: () -> Content) {
        let template = content().controlTemplate
        descriptor = ControlDescriptor(kind: kind, isConfigurable: false) { _ in template }
    }

    /// A control of `kind` whose content shows `provider`'s value.
    public init<Provider: ControlValueProvider>(kind: String, provider: Provider,
                                                @ControlWidgetTemplateBuilder content: @escaping @Sendable (Provider.Value) -> Content) {
        descriptor = ControlDescriptor(kind: kind, isConfigurable: false) { preview in
            let value = if preview { provider.previewValue } else { try await provider.currentValue() }
            return content(value).controlTemplate
        }
    }
}
