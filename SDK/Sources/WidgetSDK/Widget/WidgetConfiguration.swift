/// What a widget's `body` returns: `StaticConfiguration` or
/// `AppIntentConfiguration`. Widget authors use the two the SDK provides and
/// their modifiers; the host reads `descriptor`.
public protocol WidgetConfiguration: Sendable {
    /// What the host reads of the kind.
    var descriptor: WidgetDescriptor { get }
    /// Returns a copy with the descriptor changed; the modifiers are built on it.
    func updatingDescriptor(_ change: (inout WidgetDescriptor) -> Void) -> Self
}

extension WidgetConfiguration {
    /// The name shown in the widget gallery.
    public func configurationDisplayName(_ name: String) -> Self {
        updatingDescriptor { $0.displayName = name }
    }

    /// The description shown in the widget gallery.
    public func description(_ text: String) -> Self {
        updatingDescriptor { $0.description = text }
    }

    /// The families this kind can be placed at. Instances of any other family
    /// are refused by the host.
    public func supportedFamilies(_ families: [WidgetFamily]) -> Self {
        updatingDescriptor { $0.supportedFamilies = families }
    }
}
