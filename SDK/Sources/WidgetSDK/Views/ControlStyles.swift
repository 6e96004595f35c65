import Foundation

extension ViewNode {
    /// The tree with each node `transform` gives a replacement for replaced
    /// (and not looked into); the others as they are, their children replaced in turn.
    func replacing(_ transform: (ViewNode) -> ViewNode?) -> ViewNode {
        if let replacement = transform(self) { return replacement }
        guard !children.isEmpty else { return self }
        return ViewNode(content, children: children.map { $0.replacing(transform) }, modifiers: modifiers)
    }

    /// This node with `more` modifiers outside its own.
    func modified(_ more: [ArchivedModifier]) -> ViewNode {
        more.reduce(self) { $0.modified($1) }
    }

    /// A control's children as one view.
    static func label(of children: [ViewNode]) -> ViewNode {
        children.count == 1 ? children[0] : ViewNode(.group, children: children)
    }
}

/// A button style of one's own: its `makeBody` draws each button within
/// from the button's label: `.buttonStyle(PillStyle())`. The tap is the
/// button's, wherever the body draws.
public protocol ButtonStyle {
    /// The view a button is drawn as.
    associatedtype Body: View
    /// The button drawn from its label; a card is drawn at rest, so never pressed.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// What a button gives its style.
    typealias Configuration = ButtonStyleConfiguration
}

/// What a button gives a `ButtonStyle` of one's own.
public struct ButtonStyleConfiguration {
    /// The button's label, as a view.
    public struct Label: View, PrimitiveView {
        let node: ViewNode
    }

    /// The button's label.
    public let label: Label
    /// Always false: a card is drawn at rest.
    public let isPressed: Bool
    /// The button's role; buttons here have none.
    public let role: ButtonRole?
}

/// What a button does, as SwiftUI marks it.
public struct ButtonRole: Sendable, Hashable {
    let name: String
    /// Deletes or removes something.
    public static let destructive = ButtonRole(name: "destructive")
    /// Dismisses without acting.
    public static let cancel = ButtonRole(name: "cancel")
}

extension View {
    /// The buttons within drawn by a style of one's own.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        ArchivedView(ViewNode(archiving: self).replacing { node in
            guard case .control(let control) = node.content, control.kind == .button else { return nil }
            let configuration = ButtonStyleConfiguration(label: .init(node: ViewNode.label(of: node.children)), isPressed: false, role: nil)
            return ViewNode(.control(control), children: [ViewNode(archiving: style.makeBody(configuration: configuration))],
                            modifiers: node.modifiers + [.buttonStyle(.plain)])
        })
    }
}

/// A toggle style: one of the system's (`.toggleStyle(.switch)`, drawn as
/// the host draws toggles, a check circle) or one of one's own, whose
/// `makeBody` draws each toggle within from its state and label.
public protocol ToggleStyle {
    /// The view a toggle is drawn as.
    associatedtype Body: View
    /// The toggle drawn from its state and label.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// What a toggle gives its style.
    typealias Configuration = ToggleStyleConfiguration
}

/// What a toggle gives a `ToggleStyle` of one's own.
public struct ToggleStyleConfiguration {
    /// The toggle's label, as a view.
    public struct Label: View, PrimitiveView {
        let node: ViewNode
    }

    /// The toggle's label.
    public let label: Label
    /// Whether it is on.
    public let isOn: Bool
    /// Never: a toggle here is on or off.
    public let isMixed: Bool
}

/// One of the system's toggle styles, drawn as the host draws toggles.
public struct SystemToggleStyle: ToggleStyle {
    let name: String
    /// The host draws a system style: never called.
    public func makeBody(configuration: Configuration) -> some View { EmptyView() }
}

extension ToggleStyle where Self == SystemToggleStyle {
    /// The platform's default.
    public static var automatic: SystemToggleStyle { SystemToggleStyle(name: "automatic") }
    /// A switch, on iOS; a check circle here.
    public static var `switch`: SystemToggleStyle { SystemToggleStyle(name: "switch") }
    /// A button that looks pressed when on; a check circle here.
    public static var button: SystemToggleStyle { SystemToggleStyle(name: "button") }
}

extension View {
    /// How the toggles within are drawn: `.toggleStyle(CheckboxStyle())`.
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        if style is SystemToggleStyle { return ArchivedView(ViewNode(archiving: self)) }
        return ArchivedView(ViewNode(archiving: self).replacing { node in
            guard case .control(let control) = node.content, control.kind == .toggle else { return nil }
            // The first child is the check mark the host would draw.
            let configuration = ToggleStyleConfiguration(label: .init(node: ViewNode.label(of: Array(node.children.dropFirst()))),
                                                         isOn: control.isOn ?? false, isMixed: false)
            return ViewNode(.control(control), children: [ViewNode(.group), ViewNode(archiving: style.makeBody(configuration: configuration))],
                            modifiers: node.modifiers)
        })
    }
}
