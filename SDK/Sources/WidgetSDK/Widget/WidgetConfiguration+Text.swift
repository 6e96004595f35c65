import Foundation

extension WidgetConfiguration {
    /// The name shown in the widget gallery, as a `Text`.
    public func configurationDisplayName(_ text: Text) -> Self {
        configurationDisplayName(text.node.labelText)
    }

    /// The description shown in the widget gallery, as a `Text`.
    public func description(_ text: Text) -> Self {
        description(text.node.labelText)
    }
}
