/// Builds a view's children from statements, as SwiftUI's `@ViewBuilder` does,
/// archiving each child as it goes.
@resultBuilder
public enum ViewBuilder {
    /// One view of a builder block.
    public static func buildExpression(_ view: some View) -> ViewGroup {
        ViewGroup(ViewNode(archiving: view).flattened)
    }

    /// The views of a block, in order.
    public static func buildBlock(_ parts: ViewGroup...) -> ViewGroup {
        ViewGroup(parts.flatMap(\.nodes))
    }

    /// An `if` without `else`: its views, or none.
    public static func buildOptional(_ part: ViewGroup?) -> ViewGroup {
        part ?? ViewGroup([])
    }

    /// The `if` branch (or a `switch` case) taken.
    public static func buildEither(first: ViewGroup) -> ViewGroup { first }
    /// The `else` branch (or a later `switch` case) taken.
    public static func buildEither(second: ViewGroup) -> ViewGroup { second }

    /// The views of a `for` loop.
    public static func buildArray(_ parts: [ViewGroup]) -> ViewGroup {
        ViewGroup(parts.flatMap(\.nodes))
    }

    /// An `if #available` branch.
    public static func buildLimitedAvailability(_ part: ViewGroup) -> ViewGroup { part }
}

/// The children a `@ViewBuilder` produced; archived as a group that its parent
/// stack takes in as its own children.
public struct ViewGroup: View, PrimitiveView {
    let nodes: [ViewNode]

    init(_ nodes: [ViewNode]) {
        self.nodes = nodes
    }

    var node: ViewNode {
        nodes.count == 1 ? nodes[0] : ViewNode(.group, children: nodes)
    }
}

/// Creates views from a collection, as SwiftUI's `ForEach`.
public struct ForEach<Data: RandomAccessCollection>: View, PrimitiveView {
    let nodes: [ViewNode]
    /// In a `Chart`: the marks for each element (see `ChartContent`).
    let marks: [ChartMarkArchive]

    init(nodes: [ViewNode], marks: [ChartMarkArchive]) {
        self.nodes = nodes
        self.marks = marks
    }

    /// A view for each element of `data`: `ForEach(contributors) { Text($0.login) }`.
    public init(_ data: Data, @ViewBuilder content: (Data.Element) -> some View) {
        self.init(nodes: data.flatMap { ViewNode(archiving: content($0)).flattened }, marks: [])
    }

    /// SwiftUI's form with identities, `ForEach(lines, id: \.self) { … }`: a
    /// drawing has no identity to keep between entries, so `id` is not used.
    public init<ID: Hashable>(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: (Data.Element) -> some View) {
        self.init(data, content: content)
    }

    var node: ViewNode { ViewNode(.group, children: nodes) }
}

extension ViewNode {
    /// A group without modifiers dissolves into its children.
    var flattened: [ViewNode] {
        content == .group && modifiers.isEmpty ? children : [self]
    }
}
