/// A control that runs an intent when tapped, as in WidgetKit:
/// `ControlWidgetButton(action: StartWorkoutIntent()) { Label("Workout", systemImage: "figure.run") }`.
public struct ControlWidgetButton: ControlWidgetTemplate {
    /// Its label and action.
    public var controlTemplate: ControlTemplate

    /// A button that runs `action`, shown as `label`.
    public init(action: some AppIntent, @ViewBuilder label: () -> ViewGroup) {
        controlTemplate = ControlTemplate(style: .button, label: ViewNode(archiving: label()), isOn: nil, action: action.reference)
    }

    /// A button with a label for while its action runs (`actionLabel(true)`).
    /// Accepted: here an action's run is not shown.
    public init(action: some AppIntent, @ViewBuilder label: () -> ViewGroup, @ViewBuilder actionLabel: (Bool) -> ViewGroup) {
        self.init(action: action, label: label)
    }

    /// A button titled `title` with an SF Symbol: `ControlWidgetButton("Lights", systemImage: "lightbulb", action: LightsIntent())`.
    public init(_ title: LocalizedStringKey, systemImage: String, action: some AppIntent) {
        self.init(action: action) { Label { Text(title) } icon: { Image(systemName: systemImage) } }
    }

    /// A button titled by a string value (`room.name`), with an SF Symbol.
    @_disfavoredOverload
    public init(_ title: some StringProtocol, systemImage: String, action: some AppIntent) {
        let title = String(title)
        self.init(action: action) { Label { Text(verbatim: title) } icon: { Image(systemName: systemImage) } }
    }
}
