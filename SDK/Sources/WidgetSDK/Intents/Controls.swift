import Foundation

/// Runs an `AppIntent` when tapped; the host then reloads the kind's
/// instances at once. `Button(intent: RefreshIntent()) { Image(systemName: "arrow.clockwise") }`
public struct Button: View, PrimitiveView {
    let node: ViewNode

    /// A button that runs `intent` when tapped: `Button(intent: RefreshIntent()) { Image(systemName: "arrow.clockwise") }`.
    public init(intent: some AppIntent, @ViewBuilder label: () -> ViewGroup) {
        node = ViewNode(.control(Control(kind: .button, intent: intent.reference)), children: label().nodes)
    }

    /// A button titled `title`: `Button("Refresh", intent: RefreshIntent())`.
    public init(_ title: some StringProtocol, intent: some AppIntent) {
        self.init(intent: intent) { Text(String(title)) }
    }

    /// A button with a title and an SF Symbol: `Button("Add", systemImage: "plus", intent: AddIntent())`.
    public init(_ title: some StringProtocol, systemImage: String, intent: some AppIntent) {
        self.init(intent: intent) { Label(String(title), systemImage: systemImage) }
    }
}

/// Shows an on/off state and runs an `AppIntent` when tapped, which is
/// expected to flip it: `Toggle(isOn: task.isDone, intent: ToggleTodoIntent(taskID: task.id)) { Text(task.title) }`.
/// Drawn as a check circle before its label.
public struct Toggle: View, PrimitiveView {
    let node: ViewNode

    /// A toggle showing `isOn` that runs `intent` when tapped; the intent flips the state the next entry shows.
    public init(isOn: Bool, intent: some AppIntent, @ViewBuilder label: () -> ViewGroup) {
        let mark = ViewNode(.image(.symbol(isOn ? "checkmark.circle.fill" : "circle")), modifiers: [.foregroundStyle(isOn ? .accent : .secondary)])
        node = ViewNode(.control(Control(kind: .toggle, isOn: isOn, intent: intent.reference)), children: [mark] + label().nodes)
    }
}

/// Opens `destination` (http or https) when tapped.
public struct Link: View, PrimitiveView {
    let node: ViewNode

    /// A link to an http or https `destination`: `Link(destination: url) { Text("apple/swift") }`.
    public init(destination: URL, @ViewBuilder label: () -> ViewGroup) {
        node = ViewNode(.link(destination), children: label().nodes)
    }
}
