/// Views together without a layout of their own, as SwiftUI's `Group`: in
/// a stack, its children are the stack's.
public struct Group: View, PrimitiveView {
    let node: ViewNode

    /// The views `content` builds.
    public init(@ViewBuilder content: () -> ViewGroup) {
        node = ViewNode(.group, children: content().nodes)
    }
}

/// Nothing: takes no space and draws nothing.
public struct EmptyView: View, PrimitiveView {
    /// Nothing.
    public init() {}

    var node: ViewNode { ViewNode(.group) }
}

/// A thin line that separates content: across a `VStack` (and outside any
/// stack) a horizontal line, in an `HStack` a vertical one.
public struct Divider: View, PrimitiveView {
    /// A divider.
    public init() {}

    var node: ViewNode { ViewNode(.divider) }
}
