/// What a control's content returns: a `ControlWidgetButton` or a
/// `ControlWidgetToggle`. The host reads its `controlTemplate`.
public protocol ControlWidgetTemplate: Sendable {
    /// What the host reads of it; the modifiers change it.
    var controlTemplate: ControlTemplate { get set }
}

/// A control as its content made it: a button or a toggle, its label, its
/// state and its action.
public struct ControlTemplate: Sendable {
    /// How a tap acts.
    public enum Style: String, Codable, Sendable {
        /// Runs its action.
        case button
        /// Runs its action with the value flipped.
        case toggle
    }

    /// A button or a toggle.
    public var style: Style
    /// Its title, when given apart from the label (`ControlWidgetToggle("Timer", …)`).
    var title: ViewNode?
    /// The label: its text and image are what is shown.
    var label: ViewNode
    /// A toggle's label for its current value, when it has one.
    var valueLabel: ViewNode?
    /// A toggle's value; nil for a button.
    public var isOn: Bool?
    /// What a tap runs.
    public var action: IntentReference
    /// `.tint(_:)`: the colour of the control when on.
    public var tint: Color?
}

extension ControlWidgetTemplate {
    /// The colour the control is drawn in when on (a toggle) or always (a button).
    public func tint(_ color: Color?) -> Self {
        var copy = self
        copy.controlTemplate.tint = color
        return copy
    }
}

/// Builds a control's content: one template, one of two (`if`/`else`), or
/// the branch of an `if #available`.
@resultBuilder
public enum ControlWidgetTemplateBuilder {
    /// The one template.
    public static func buildBlock<Content: ControlWidgetTemplate>(_ content: Content) -> Content {
        content
    }

    /// The first branch of an `if`/`else`.
    public static func buildEither(first: some ControlWidgetTemplate) -> AnyControlWidgetTemplate {
        AnyControlWidgetTemplate(controlTemplate: first.controlTemplate)
    }

    /// The second branch of an `if`/`else`.
    public static func buildEither(second: some ControlWidgetTemplate) -> AnyControlWidgetTemplate {
        AnyControlWidgetTemplate(controlTemplate: second.controlTemplate)
    }

    /// The branch of an `if #available`.
    public static func buildLimitedAvailability(_ content: some ControlWidgetTemplate) -> AnyControlWidgetTemplate {
        AnyControlWidgetTemplate(controlTemplate: content.controlTemplate)
    }
}

/// A template with its type erased, as `if`/`else` gives.
public struct AnyControlWidgetTemplate: ControlWidgetTemplate {
    /// The branch taken's.
    public var controlTemplate: ControlTemplate
}

extension View {
    /// What the control's action does, as a hint beside it on iOS (`"Start"`).
    /// Accepted: the host names the control by its title and value.
    public func controlWidgetActionHint(_ hint: LocalizedStringResource) -> some View { ArchivedView(ViewNode(archiving: self)) }

    /// What the control's action does, as a text.
    public func controlWidgetActionHint(_ hint: Text) -> some View { ArchivedView(ViewNode(archiving: self)) }

    /// A status iOS shows for a moment after a tap (`"Timer started"`).
    /// Accepted: the host shows the control's new value instead.
    public func controlWidgetStatus(_ status: LocalizedStringResource) -> some View { ArchivedView(ViewNode(archiving: self)) }

    /// A status, as a text.
    public func controlWidgetStatus(_ status: Text) -> some View { ArchivedView(ViewNode(archiving: self)) }
}
