/// A view that is already archived; what every modifier returns.
public struct ArchivedView: View, PrimitiveView {
    let node: ViewNode

    /// A view that draws `node` as it is.
    public init(_ node: ViewNode) {
        self.node = node
    }
}
