/// The first of its views that fits, as SwiftUI's `ViewThatFits`:
/// `ViewThatFits { LongLayout(); ShortLayout() }`. A view fits when its
/// ideal size is within what the container offers on the axes given; when
/// none does, the last is drawn.
public struct ViewThatFits: View, PrimitiveView {
    let node: ViewNode

    /// The first of `content`'s views that fits along `axes` (both by default).
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> ViewGroup) {
        node = ViewNode(.viewThatFits(horizontal: axes.contains(.horizontal), vertical: axes.contains(.vertical)), children: content().nodes)
    }
}

/// The axes of a layout, as SwiftUI's `Axis`.
public enum Axis: Sendable, Hashable {
    /// Leading to trailing.
    case horizontal
    /// Top to bottom.
    case vertical

    /// A set of axes: `[.horizontal, .vertical]`.
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Leading to trailing.
        public static let horizontal = Set(rawValue: 1)
        /// Top to bottom.
        public static let vertical = Set(rawValue: 2)
    }
}
