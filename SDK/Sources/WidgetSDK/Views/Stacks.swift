/// Children top to bottom.
public struct VStack: View, PrimitiveView {
    let node: ViewNode

    /// Children top to bottom, `spacing` points apart (8 by default): `VStack(alignment: .leading, spacing: 4) { … }`.
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> ViewGroup) {
        node = ViewNode(.vstack(alignment: alignment, spacing: spacing), children: content().nodes)
    }
}

/// Children leading to trailing.
public struct HStack: View, PrimitiveView {
    let node: ViewNode

    /// Children leading to trailing, `spacing` points apart (8 by default).
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> ViewGroup) {
        node = ViewNode(.hstack(alignment: alignment, spacing: spacing), children: content().nodes)
    }
}

/// Children on top of each other, the last frontmost.
public struct ZStack: View, PrimitiveView {
    let node: ViewNode

    /// Children on top of each other, the first at the back.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> ViewGroup) {
        node = ViewNode(.zstack(alignment: alignment), children: content().nodes)
    }
}

/// Children in rows of `columns` equal, flexible columns.
public struct Grid: View, PrimitiveView {
    let node: ViewNode

    /// Children in rows of `columns` equal columns: `Grid(columns: 2) { ForEach(stats) { … } }`.
    public init(columns: Int, spacing: Double? = nil, @ViewBuilder content: () -> ViewGroup) {
        node = ViewNode(.grid(columns: max(1, columns), spacing: spacing), children: content().nodes)
    }
}

/// Takes the space its stack does not need.
public struct Spacer: View, PrimitiveView {
    let minLength: Double?

    /// Space that grows to fill its stack; at least `minLength` points.
    public init(minLength: Double? = nil) {
        self.minLength = minLength
    }

    var node: ViewNode { ViewNode(.spacer(minLength: minLength)) }
}
