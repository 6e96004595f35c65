import Foundation

extension View {
    /// A view behind this one, laid out at this one's size:
    /// `.background(RoundedRectangle(cornerRadius: 8).fill(.blue), alignment: .center)`.
    public func background(_ content: some View, alignment: Alignment = .center) -> some View {
        ArchivedView(ViewNode(.layered(alignment: alignment, behind: true), children: [ViewNode(archiving: self), ViewNode(archiving: content)]))
    }

    /// A view behind this one, laid out at this one's size: `.background { Color.blue.opacity(0.2) }`.
    public func background(alignment: Alignment = .center, @ViewBuilder content: () -> ViewGroup) -> some View {
        background(content(), alignment: alignment)
    }

    /// A view in front of this one, laid out at this one's size:
    /// `.overlay(Text("New"), alignment: .topTrailing)`.
    public func overlay(_ content: some View, alignment: Alignment = .center) -> some View {
        ArchivedView(ViewNode(.layered(alignment: alignment, behind: false), children: [ViewNode(archiving: self), ViewNode(archiving: content)]))
    }

    /// A view in front of this one, laid out at this one's size: `.overlay(alignment: .topTrailing) { Badge() }`.
    public func overlay(alignment: Alignment = .center, @ViewBuilder content: () -> ViewGroup) -> some View {
        overlay(content(), alignment: alignment)
    }

    /// Draws the view moved by `x` and `y` points; the views around it are laid out as if it had not moved.
    public func offset(x: Double = 0, y: Double = 0) -> some View {
        modified(.offset(x: x.isFinite ? x : 0, y: y.isFinite ? y : 0))
    }

    /// The view at its ideal size, whatever it is offered: text on one line, for example.
    public func fixedSize() -> some View {
        modified(.fixedSize(horizontal: true, vertical: true))
    }

    /// The view at its ideal size on the axes given.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        modified(.fixedSize(horizontal: horizontal, vertical: vertical))
    }

    /// Clips the view's images to rounded corners, as `.clipShape(RoundedRectangle(cornerRadius:))`.
    public func cornerRadius(_ radius: Double) -> some View {
        clipShape(RoundedRectangle(cornerRadius: radius))
    }
}

// Modifiers that change how a widget animates or is treated by the system, not
// what a still drawing shows: accepted so that widget code builds, and ignored.
extension View {
    /// Ignored: a drawn entry does not animate between values.
    public func contentTransition(_ transition: ContentTransition) -> Self { self }
    /// Ignored: nothing is invalidated while an intent runs here.
    public func invalidatableContent(_ invalidatable: Bool = true) -> Self { self }
    /// Ignored: the host draws no locked or always-on state.
    public func privacySensitive(_ sensitive: Bool = true) -> Self { self }
    /// Ignored: stacks share space by ideal sizes here.
    public func layoutPriority(_ value: Double) -> Self { self }
    /// Ignored: DejaVu Sans's digits are all one width already.
    public func monospacedDigit() -> Self { self }
    /// Ignored: text is drawn upright; the font has no italic here yet.
    public func italic(_ isActive: Bool = true) -> Self { self }
    /// Ignored: controls are drawn in the accent colour.
    public func tint(_ color: Color?) -> Self { self }
}

/// How a view's content changes between entries; a drawing does not animate, so any is accepted.
public struct ContentTransition: Sendable, Equatable {
    let name: String

    /// No transition.
    public static let identity = ContentTransition(name: "identity")
    /// A cross-fade.
    public static let opacity = ContentTransition(name: "opacity")
    /// A blend of the shapes.
    public static let interpolate = ContentTransition(name: "interpolate")

    /// Digits that roll, as numbers change.
    public static func numericText(countsDown: Bool = false) -> ContentTransition {
        ContentTransition(name: "numericText")
    }

    /// Digits that roll towards `value`.
    public static func numericText(value: Double) -> ContentTransition {
        ContentTransition(name: "numericText")
    }
}
