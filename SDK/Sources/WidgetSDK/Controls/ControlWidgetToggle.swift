/// A control that shows an on/off value and flips it when tapped, as in
/// WidgetKit. Its action is a `SetValueIntent` of `Bool`, run with the new value:
///
/// ```swift
/// ControlWidgetToggle("Work Timer", isOn: isRunning, action: SetTimerIntent()) { isOn in
///     Label(isOn ? "Running" : "Stopped", systemImage: "timer")
/// }
/// ```
public struct ControlWidgetToggle: ControlWidgetTemplate {
    /// Its label, value and action.
    public var controlTemplate: ControlTemplate

    /// A toggle showing `isOn`, shown as `label`.
    public init<Action: SetValueIntent>(isOn: Bool, action: Action, @ViewBuilder label: () -> ViewGroup) where Action.ValueType == Bool {
        controlTemplate = ControlTemplate(style: .toggle, label: ViewNode(archiving: label()), isOn: isOn, action: action.reference)
    }

    /// A toggle with a label, and a label of its value (`valueLabel(isOn)`).
    public init<Action: SetValueIntent>(isOn: Bool, action: Action, @ViewBuilder label: () -> ViewGroup,
                                        @ViewBuilder valueLabel: (Bool) -> ViewGroup) where Action.ValueType == Bool {
        self.init(isOn: isOn, action: action, label: label)
        controlTemplate.valueLabel = ViewNode(archiving: valueLabel(isOn))
    }

    /// A toggle titled `title`, its value shown by `valueLabel(isOn)`.
    public init<Action: SetValueIntent>(_ title: LocalizedStringKey, isOn: Bool, action: Action,
                                        @ViewBuilder valueLabel: (Bool) -> ViewGroup) where Action.ValueType == Bool {
        self.init(isOn: isOn, action: action) { Text(title) } valueLabel: { valueLabel($0) }
        controlTemplate.title = ViewNode(archiving: Text(title))
    }

    /// A toggle titled `title` with an SF Symbol.
    public init<Action: SetValueIntent>(_ title: LocalizedStringKey, systemImage: String, isOn: Bool,
                                        action: Action) where Action.ValueType == Bool {
        self.init(isOn: isOn, action: action) { Label { Text(title) } icon: { Image(systemName: systemImage) } }
    }

    /// A toggle titled by a string value (`timer.name`), its value shown by `valueLabel(isOn)`.
    @_disfavoredOverload
    public init<Action: SetValueIntent>(_ title: some StringProtocol, isOn: Bool, action: Action,
                                        @ViewBuilder valueLabel: (Bool) -> ViewGroup) where Action.ValueType == Bool {
        let title = String(title)
        self.init(isOn: isOn, action: action) { Text(verbatim: title) } valueLabel: { valueLabel($0) }
        controlTemplate.title = ViewNode(archiving: Text(verbatim: title))
    }

    /// A toggle titled by a string value, with an SF Symbol.
    @_disfavoredOverload
    public init<Action: SetValueIntent>(_ title: some StringProtocol, systemImage: String, isOn: Bool,
                                        action: Action) where Action.ValueType == Bool {
        let title = String(title)
        self.init(isOn: isOn, action: action) { Label { Text(verbatim: title) } icon: { Image(systemName: systemImage) } }
    }
}
