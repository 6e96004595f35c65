/// A shape as archived.
public enum ShapeKind: Codable, Sendable, Hashable {
    /// A rectangle filling its frame.
    case rectangle
    /// The largest circle that fits its frame.
    case circle
    /// A rectangle with fully rounded ends.
    case capsule
    /// A rectangle with corners of `cornerRadius` points.
    case roundedRectangle(cornerRadius: Double)
}

/// A shape: drawn as a view (filled with the foreground style) or used to clip
/// one, as in SwiftUI: `.clipShape(Circle())`.
public protocol Shape: View where Body == Never {
    /// Which shape it is, for the archive.
    var kind: ShapeKind { get }
}

extension Shape {
    var node: ViewNode { ViewNode(.shape(kind)) }

    /// Fills the shape with a colour.
    public func fill(_ color: Color) -> some View {
        ArchivedView(node.modified(.foregroundStyle(color)))
    }
}

/// A circle, filled with the foreground style: `Circle().foregroundStyle(.green).frame(width: 8, height: 8)`.
public struct Circle: Shape, PrimitiveView {
    /// A circle.
    public init() {}
    /// `.circle`.
    public var kind: ShapeKind { .circle }
}

/// A capsule: a bar with round ends, filled with the foreground style.
public struct Capsule: Shape, PrimitiveView {
    /// A capsule.
    public init() {}
    /// `.capsule`.
    public var kind: ShapeKind { .capsule }
}

/// A rectangle, filled with the foreground style; with `.frame(height: 1)`, a rule.
public struct Rectangle: Shape, PrimitiveView {
    /// A rectangle.
    public init() {}
    /// `.rectangle`.
    public var kind: ShapeKind { .rectangle }
}

/// A rectangle with rounded corners, filled with the foreground style; also a `clipShape`.
public struct RoundedRectangle: Shape, PrimitiveView {
    /// The corners' radius in points.
    public let cornerRadius: Double
    /// Corners of `cornerRadius` points: `RoundedRectangle(cornerRadius: 12)`.
    public init(cornerRadius: Double) { self.cornerRadius = cornerRadius }
    /// `.roundedRectangle(cornerRadius:)`.
    public var kind: ShapeKind { .roundedRectangle(cornerRadius: cornerRadius) }
}

/// The shape of the widget's container, as WidgetKit's `ContainerRelativeShape`:
/// here a rounded rectangle concentric with the card's corners (22 points)
/// inside its 16-point margins, so 6 points.
public struct ContainerRelativeShape: Shape, PrimitiveView {
    /// The container's shape.
    public init() {}
    /// `.roundedRectangle(cornerRadius: 6)`.
    public var kind: ShapeKind { .roundedRectangle(cornerRadius: Self.cornerRadius) }
    /// The card's corner radius less its content margin.
    public static let cornerRadius = 6.0
}
