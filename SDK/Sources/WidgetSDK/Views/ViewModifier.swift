/// A modifier of one's own, as SwiftUI's: a `body(content:)` that wraps
/// the view it is applied to, with `.modifier(_:)` or an extension on `View`.
///
/// ```swift
/// struct Card: ViewModifier {
///     func body(content: Content) -> some View {
///         content.padding(8).background(.fill.tertiary)
///     }
/// }
/// Text("Hi").modifier(Card())
/// ```
public protocol ViewModifier {
    /// The view the modifier makes.
    associatedtype Body: View
    /// The view it modifies, as it stands in `body(content:)`.
    typealias Content = ModifiedViewContent
    /// The modified view.
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a `ViewModifier` is applied to, inside its `body(content:)`.
public struct ModifiedViewContent: View, PrimitiveView {
    let node: ViewNode
}

extension View {
    /// This view as `modifier`'s `body(content:)` makes it.
    public func modifier<Modifier: ViewModifier>(_ modifier: Modifier) -> some View {
        ArchivedView(ViewNode(archiving: modifier.body(content: ModifiedViewContent(node: ViewNode(archiving: self)))))
    }
}
