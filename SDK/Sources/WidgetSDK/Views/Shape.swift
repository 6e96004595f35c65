/// A shape as archived.
public enum ShapeKind: Codable, Sendable, Hashable {
    case rectangle
    case circle
    case capsule
    case roundedRectangle(cornerRadius: Double)
}

/// A shape: drawn as a view (filled with the foreground style) or used to clip
/// one, as in SwiftUI: `.clipShape(Circle())`.
public protocol Shape: View where Body == Never {
    var kind: ShapeKind { get }
}

extension Shape {
    var node: ViewNode { ViewNode(.shape(kind)) }

    /// Fills the shape with a colour.
    public func fill(_ color: Color) -> some View {
        ArchivedView(node.modified(.foregroundStyle(color)))
    }
}

public struct Circle: Shape, PrimitiveView {
    public init() {}
    public var kind: ShapeKind { .circle }
}

public struct Capsule: Shape, PrimitiveView {
    public init() {}
    public var kind: ShapeKind { .capsule }
}

public struct Rectangle: Shape, PrimitiveView {
    public init() {}
    public var kind: ShapeKind { .rectangle }
}

public struct RoundedRectangle: Shape, PrimitiveView {
    public let cornerRadius: Double
    public init(cornerRadius: Double) { self.cornerRadius = cornerRadius }
    public var kind: ShapeKind { .roundedRectangle(cornerRadius: cornerRadius) }
}
