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

/// Children top to bottom, as `VStack` lays them out: a widget is drawn
/// once, whole, so there is nothing to load lazily.
public struct LazyVStack: View, PrimitiveView {
    let node: ViewNode

    /// Children top to bottom; `pinnedViews` has nothing to pin in a still card.
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> ViewGroup) {
        node = ViewNode(.vstack(alignment: alignment, spacing: spacing), children: content().nodes)
    }
}

/// Children leading to trailing, as `HStack` lays them out.
public struct LazyHStack: View, PrimitiveView {
    let node: ViewNode

    /// Children leading to trailing; `pinnedViews` has nothing to pin in a still card.
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> ViewGroup) {
        node = ViewNode(.hstack(alignment: alignment, spacing: spacing), children: content().nodes)
    }
}

/// The headers and footers a lazy stack in a scroll view keeps in sight.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Section headers.
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    /// Section footers.
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

extension Grid {
    /// SwiftUI's grid of `GridRow`s: `Grid { GridRow { Text("Mon"); Text("12°") } }`.
    /// Drawn with columns of equal width (SwiftUI sizes each to its widest
    /// cell); a child that is not a row (a `Divider`) spans the grid, and an
    /// `HStack` directly inside is taken as a row.
    public init(alignment: Alignment = .center, horizontalSpacing: Double? = nil, verticalSpacing: Double? = nil,
                @ViewBuilder content: () -> ViewGroup) {
        let rows = content().nodes.map { row -> ViewNode in
            guard case .hstack(let rowAlignment, let spacing) = row.content else { return row }
            let cells = row.children.map { cell in
                ViewNode(archiving: ArchivedView(cell).frame(maxWidth: .infinity, alignment: alignment))
            }
            return ViewNode(.hstack(alignment: rowAlignment, spacing: spacing ?? horizontalSpacing), children: cells, modifiers: row.modifiers)
        }
        node = ViewNode(.vstack(alignment: alignment.horizontal, spacing: verticalSpacing), children: rows)
    }
}

/// A row of a `Grid`: its children are the row's cells, a column each.
public struct GridRow: View, PrimitiveView {
    let node: ViewNode

    /// A row whose cells line up vertically by `alignment`.
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> ViewGroup) {
        node = ViewNode(.hstack(alignment: alignment ?? .center, spacing: nil), children: content().nodes)
    }
}
