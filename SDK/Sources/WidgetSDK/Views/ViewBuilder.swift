/// Builds a view's children from statements, as SwiftUI's `@ViewBuilder` does,
/// archiving each child as it goes.
@resultBuilder
public enum ViewBuilder {
    /// One view of a builder block.
    public static func buildExpression(_ view: some View) -> ViewGroup {
        ViewGroup(ViewNode(archiving: view).flattened, marks: (view as? any CarriesMarks)?.carriedMarks ?? [])
    }

    /// The views of a block, in order.
    public static func buildBlock(_ parts: ViewGroup...) -> ViewGroup {
        ViewGroup(parts.flatMap(\.nodes), marks: parts.flatMap(\.marks))
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
        ViewGroup(parts.flatMap(\.nodes), marks: parts.flatMap(\.marks))
    }

    /// An `if #available` branch.
    public static func buildLimitedAvailability(_ part: ViewGroup) -> ViewGroup { part }
}

/// The children a `@ViewBuilder` produced; archived as a group that its parent
/// stack takes in as its own children.
public struct ViewGroup: View, PrimitiveView, CarriesMarks {
    let nodes: [ViewNode]
    /// A chart's marks, when what was built was a `ForEach` of marks (see `CarriesMarks`).
    let marks: [ChartMarkArchive]

    init(_ nodes: [ViewNode], marks: [ChartMarkArchive] = []) {
        self.nodes = nodes
        self.marks = marks
    }

    var carriedMarks: [ChartMarkArchive] { marks }

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
        var nodes: [ViewNode] = [], marks: [ChartMarkArchive] = []
        for element in data {
            let view = content(element)
            nodes += ViewNode(archiving: view).flattened
            // A ForEach of marks inside this one (a heat map's rows and columns):
            // both forms of ForEach fit, so this one is taken, and keeps the marks too.
            if let inner = view as? any CarriesMarks { marks += inner.carriedMarks }
        }
        self.init(nodes: nodes, marks: marks)
    }

    /// SwiftUI's form with identities, `ForEach(lines, id: \.self) { … }`: a
    /// drawing has no identity to keep between entries, so `id` is not used.
    public init<ID: Hashable>(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: (Data.Element) -> some View) {
        self.init(data, content: content)
    }

    var node: ViewNode { ViewNode(.group, children: nodes) }
}

/// A view that may carry a chart's marks too: a `ForEach`, which is
/// either (see `ChartContent`).
protocol CarriesMarks {
    var carriedMarks: [ChartMarkArchive] { get }
}

extension ForEach: CarriesMarks {
    var carriedMarks: [ChartMarkArchive] { marks }
}

extension ViewNode {
    /// A group without modifiers dissolves into its children.
    var flattened: [ViewNode] {
        content == .group && modifiers.isEmpty ? children : [self]
    }
}
