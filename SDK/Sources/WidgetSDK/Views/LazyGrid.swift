/// A column of a `LazyVGrid` or a row of a `LazyHGrid`, as SwiftUI's `GridItem`.
public struct GridItem: Sendable, Hashable {
    /// How wide a column (or tall a row) is.
    public enum Size: Sendable, Hashable {
        /// Exactly this many points.
        case fixed(Double)
        /// A share of what the fixed tracks leave, within the bounds.
        case flexible(minimum: Double = 10, maximum: Double = .infinity)
        /// As many tracks of at least `minimum` points as fit, sharing the space.
        case adaptive(minimum: Double, maximum: Double = .infinity)
    }

    /// The track's size.
    public var size: Size
    /// Space after this track; the grid's spacing when nil.
    public var spacing: Double?
    /// Where a cell sits in its track (the cells are centred here).
    public var alignment: Alignment?

    /// A track: `GridItem(.flexible())`, `GridItem(.fixed(40))`, `GridItem(.adaptive(minimum: 60))`.
    public init(_ size: Size = .flexible(), spacing: Double? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// Children in rows across the columns given, as SwiftUI's `LazyVGrid` (all
/// drawn: a widget does not scroll).
public struct LazyVGrid: View, PrimitiveView {
    let node: ViewNode

    /// `LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())], spacing: 8) { ForEach(stats) { … } }`.
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> ViewGroup) {
        node = ViewNode(.lazyGrid(tracks: columns.map(\.archived), vertical: true, spacing: spacing), children: content().nodes)
    }
}

/// Children in columns down the rows given, as SwiftUI's `LazyHGrid`.
public struct LazyHGrid: View, PrimitiveView {
    let node: ViewNode

    /// `LazyHGrid(rows: [GridItem(.fixed(20)), GridItem(.fixed(20))]) { … }`.
    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> ViewGroup) {
        node = ViewNode(.lazyGrid(tracks: rows.map(\.archived), vertical: false, spacing: spacing), children: content().nodes)
    }
}

/// A grid track as archived: JSON has no infinity, so an unbounded maximum is `Frame.unbounded`.
public struct GridTrack: Codable, Sendable, Hashable {
    /// How the track is sized.
    public enum Kind: String, Codable, Sendable, Hashable {
        /// `minimum` points exactly.
        case fixed
        /// A share of what is left, from `minimum` to `maximum`.
        case flexible
        /// As many tracks of at least `minimum` as fit.
        case adaptive
    }

    /// How the track is sized.
    public var kind: Kind
    /// The fixed size, or the least.
    public var minimum: Double
    /// The most.
    public var maximum: Double
    /// Space after the track, or nil for the grid's.
    public var spacing: Double?

    /// A track as archived.
    public init(kind: Kind, minimum: Double, maximum: Double, spacing: Double?) {
        self.kind = kind
        self.minimum = minimum
        self.maximum = maximum
        self.spacing = spacing
    }
}

extension GridItem {
    var archived: GridTrack {
        switch size {
        case .fixed(let length): GridTrack(kind: .fixed, minimum: length, maximum: length, spacing: spacing)
        case .flexible(let minimum, let maximum): GridTrack(kind: .flexible, minimum: minimum, maximum: Frame.bounded(maximum), spacing: spacing)
        case .adaptive(let minimum, let maximum): GridTrack(kind: .adaptive, minimum: minimum, maximum: Frame.bounded(maximum), spacing: spacing)
        }
    }
}
