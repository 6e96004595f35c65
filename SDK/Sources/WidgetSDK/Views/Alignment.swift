/// Where a vertical stack lines up its children.
public enum HorizontalAlignment: String, Codable, Sendable, Hashable {
    /// At the leading edge (the left, in left-to-right text).
    case leading
    /// Centred.
    case center
    /// At the trailing edge.
    case trailing
}

/// Where a horizontal stack lines up its children.
public enum VerticalAlignment: String, Codable, Sendable, Hashable {
    /// At the top.
    case top
    /// Centred.
    case center
    /// At the bottom.
    case bottom
    /// The first line of text in each child on one baseline (a child
    /// without text by its bottom edge).
    case firstTextBaseline
    /// The last line of text in each child on one baseline.
    case lastTextBaseline
}

/// A two-dimensional alignment, for frames and `ZStack`.
public struct Alignment: Codable, Sendable, Hashable {
    /// The horizontal part.
    public var horizontal: HorizontalAlignment
    /// The vertical part.
    public var vertical: VerticalAlignment

    /// An alignment from its two parts.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Centred both ways.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// At the leading edge, centred vertically.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// At the trailing edge, centred vertically.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// At the top, centred horizontally.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// At the bottom, centred horizontally.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// The top leading corner.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// The top trailing corner.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// The bottom leading corner.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// The bottom trailing corner.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}
