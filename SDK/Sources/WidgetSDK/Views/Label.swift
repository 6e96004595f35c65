/// A title with an icon, as SwiftUI's `Label`: `Label("3 stars", systemImage: "star.fill")`.
/// `.labelStyle(.iconOnly)` and `.titleOnly` keep one of the two.
public struct Label: View, PrimitiveView {
    let node: ViewNode

    /// A title and an SF Symbol.
    public init(_ title: String, systemImage name: String) {
        node = ViewNode(.label, children: [ViewNode(.image(.symbol(name))), ViewNode(.text(title))])
    }

    /// A title and an icon, each a view.
    public init(@ViewBuilder title: () -> ViewGroup, @ViewBuilder icon: () -> ViewGroup) {
        node = ViewNode(.label, children: [ViewNode(archiving: icon()), ViewNode(archiving: title())])
    }

    /// The label a style was given, drawn as a label again (within a style of one's own).
    public init(_ configuration: LabelStyleConfiguration) {
        node = ViewNode(.label, children: [configuration.icon.node, configuration.title.node])
    }
}

/// How a `Label` is drawn: one of the system's (`.labelStyle(.iconOnly)`)
/// or one of one's own, whose `makeBody` draws each label within from its
/// title and icon.
public protocol LabelStyle {
    /// The view a label is drawn as.
    associatedtype Body: View
    /// The label drawn from its title and icon.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// What a label gives its style.
    typealias Configuration = LabelStyleConfiguration
}

/// What a label gives a `LabelStyle` of one's own.
public struct LabelStyleConfiguration {
    /// The label's title, as a view.
    public struct Title: View, PrimitiveView {
        let node: ViewNode
    }

    /// The label's icon, as a view.
    public struct Icon: View, PrimitiveView {
        let node: ViewNode
    }

    /// The label's title.
    public let title: Title
    /// The label's icon.
    public let icon: Icon
}

/// A system style that keeps the title, the icon or both, side by side.
/// `.labelStyle(_:)` draws it directly; its `makeBody` is for a style of
/// one's own that hands a label on to it.
public protocol SystemLabelStyle: LabelStyle {}

/// The title and the icon, side by side.
public struct TitleAndIconLabelStyle: SystemLabelStyle {
    /// The style.
    public init() {}
    /// The icon, then the title.
    public func makeBody(configuration: Configuration) -> some View {
        HStack(spacing: Label.spacing) {
            configuration.icon
            configuration.title
        }
    }
}

/// The title alone.
public struct TitleOnlyLabelStyle: SystemLabelStyle {
    /// The style.
    public init() {}
    /// The title.
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

/// The icon alone.
public struct IconOnlyLabelStyle: SystemLabelStyle {
    /// The style.
    public init() {}
    /// The icon.
    public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}

/// As the platform chooses: the title and the icon, here.
public struct DefaultLabelStyle: SystemLabelStyle {
    /// The style.
    public init() {}
    /// The icon, then the title.
    public func makeBody(configuration: Configuration) -> some View { TitleAndIconLabelStyle().makeBody(configuration: configuration) }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
    /// Both, side by side (the default).
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

extension LabelStyle where Self == TitleOnlyLabelStyle {
    /// The title alone.
    public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

extension LabelStyle where Self == IconOnlyLabelStyle {
    /// The icon alone.
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

extension LabelStyle where Self == DefaultLabelStyle {
    /// As the platform chooses: both, here.
    public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}

extension View {
    /// How the labels within are drawn: `.labelStyle(.iconOnly)`, or a style
    /// of one's own. A label inside another `.labelStyle` keeps that one.
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        let node = ViewNode(archiving: self)
        switch style {
        case is TitleOnlyLabelStyle: return ArchivedView(node.applyingLabelStyle(keepsTitle: true, keepsIcon: false))
        case is IconOnlyLabelStyle: return ArchivedView(node.applyingLabelStyle(keepsTitle: false, keepsIcon: true))
        case is any SystemLabelStyle: return ArchivedView(node.applyingLabelStyle(keepsTitle: true, keepsIcon: true))
        default:
            return ArchivedView(node.replacing { label in
                guard label.content == .label, label.children.count == 2 else { return nil }
                let configuration = LabelStyleConfiguration(title: .init(node: label.children[1]), icon: .init(node: label.children[0]))
                // A group, not a label: an outer style leaves what this one drew alone.
                return ViewNode(.group, children: [ViewNode(archiving: style.makeBody(configuration: configuration))], modifiers: label.modifiers)
            })
        }
    }
}

extension ViewNode {
    /// Every label not styled yet becomes a row of the parts `style` keeps:
    /// an `.hstack` is a styled label, so an outer style leaves it alone.
    func applyingLabelStyle(keepsTitle: Bool, keepsIcon: Bool) -> ViewNode {
        var copy = self
        if content == .label, children.count == 2 {
            let kept = [keepsIcon ? children[0] : nil, keepsTitle ? children[1] : nil].compactMap { $0 }
            copy.content = .hstack(alignment: .center, spacing: Label.spacing)
            copy.children = kept
            return copy
        }
        copy.children = children.map { $0.applyingLabelStyle(keepsTitle: keepsTitle, keepsIcon: keepsIcon) }
        return copy
    }
}

extension Label {
    /// Between the icon and the title, as the host lays a label out.
    public static let spacing = 6.0
}
