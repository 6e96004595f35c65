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
}

/// Which parts of a `Label` are drawn.
public struct LabelStyle: Sendable, Equatable {
    let keepsTitle: Bool
    let keepsIcon: Bool

    /// Both, side by side (the default).
    public static let titleAndIcon = LabelStyle(keepsTitle: true, keepsIcon: true)
    /// The title alone.
    public static let titleOnly = LabelStyle(keepsTitle: true, keepsIcon: false)
    /// The icon alone.
    public static let iconOnly = LabelStyle(keepsTitle: false, keepsIcon: true)
    /// As the platform chooses: both, here.
    public static let automatic = titleAndIcon
}

extension View {
    /// Which parts of the labels within are drawn: `.labelStyle(.iconOnly)`.
    /// A label inside another `.labelStyle` keeps that one.
    public func labelStyle(_ style: LabelStyle) -> some View {
        ArchivedView(ViewNode(archiving: self).applyingLabelStyle(style))
    }
}

extension ViewNode {
    /// Every label not styled yet becomes a row of the parts `style` keeps:
    /// an `.hstack` is a styled label, so an outer style leaves it alone.
    func applyingLabelStyle(_ style: LabelStyle) -> ViewNode {
        var copy = self
        if content == .label, children.count == 2 {
            let kept = [style.keepsIcon ? children[0] : nil, style.keepsTitle ? children[1] : nil].compactMap { $0 }
            copy.content = .hstack(alignment: .center, spacing: Label.spacing)
            copy.children = kept
            return copy
        }
        copy.children = children.map { $0.applyingLabelStyle(style) }
        return copy
    }
}

extension Label {
    /// Between the icon and the title, as the host lays a label out.
    public static let spacing = 6.0
}
