/// What the host reads of a control: its kind and names, and how to read
/// its content now.
public struct ControlDescriptor: Sendable {
    /// The control's kind (`com.example.timer`), as `widgethost controls tap` names it.
    public let kind: String
    /// `.displayName(_:)`.
    public var displayName = ""
    /// `.description(_:)`.
    public var description = ""
    /// `.promptsForUserConfiguration()`, recorded.
    public var promptsForUserConfiguration = false
    /// An `AppIntentControlConfiguration`'s: shown with its intent's defaults.
    public let isConfigurable: Bool
    private let template: @Sendable (_ preview: Bool) async throws -> ControlTemplate

    init(kind: String, isConfigurable: Bool, template: @escaping @Sendable (_ preview: Bool) async throws -> ControlTemplate) {
        self.kind = kind
        self.isConfigurable = isConfigurable
        self.template = template
    }

    /// The control as it is now (its provider's `currentValue`), or as
    /// previewed (`previewValue`): its state, its action, and its drawing.
    /// Throws `EntryRefused` for a drawing the host would not draw.
    public func read(preview: Bool = false) async throws -> ControlReading {
        let reading = ControlReading(kind: kind, displayName: displayName, template: try await template(preview))
        _ = try EntryValidator().validate(reading.view)
        return reading
    }
}
