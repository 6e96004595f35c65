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

    /// The shape's outline in the foreground style, centred on its edge.
    public func stroke(lineWidth: Double = 1) -> some View {
        ArchivedView(node.modified(.stroke(lineWidth: max(0, lineWidth))))
    }

    /// The shape's outline in a colour: `Circle().stroke(.blue, lineWidth: 4)`.
    public func stroke(_ color: Color, lineWidth: Double = 1) -> some View {
        ArchivedView(node.modified(.stroke(lineWidth: max(0, lineWidth))).modified(.foregroundStyle(color)))
    }

    /// The shape's outline in a style (a gradient).
    public func stroke(_ style: some ShapeStyle, lineWidth: Double = 1) -> some View {
        stroke(style.archivedColor, lineWidth: lineWidth)
    }

    /// The shape's outline in a colour, as `style` says (its width; caps, joins and dashes are drawn plain).
    public func stroke(_ color: Color, style: StrokeStyle) -> some View {
        stroke(color, lineWidth: style.lineWidth)
    }

    /// The shape's outline in the foreground style, as `style` says.
    public func stroke(style: StrokeStyle) -> some View {
        stroke(lineWidth: style.lineWidth)
    }

    /// The outline drawn inside the shape's frame: `RoundedRectangle(cornerRadius: 8).strokeBorder(.gray, lineWidth: 2)`.
    public func strokeBorder(_ color: Color = .primary, lineWidth: Double = 1) -> some View {
        let width = max(0, lineWidth)
        return ArchivedView(node.modified(.stroke(lineWidth: width)).modified(.foregroundStyle(color))
            .modified(.padding(EdgeInsets(top: width / 2, leading: width / 2, bottom: width / 2, trailing: width / 2))))
    }

    /// Fills the shape with a style: `.fill(LinearGradient(…))`.
    public func fill(_ style: some ShapeStyle) -> some View {
        ArchivedView(node.modified(.foregroundStyle(style.archivedColor)))
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

/// How an outline is drawn: `StrokeStyle(lineWidth: 6, lineCap: .round)`. The
/// width is drawn; caps, joins and dashes are accepted and drawn plain.
public struct StrokeStyle: Sendable, Hashable {
    /// How a line ends.
    public enum LineCap: Sendable, Hashable {
        /// Square, at the end.
        case butt
        /// Round, past the end.
        case round
        /// Square, past the end.
        case square
    }

    /// How lines meet.
    public enum LineJoin: Sendable, Hashable {
        /// Sharp.
        case miter
        /// Round.
        case round
        /// Cut off.
        case bevel
    }

    /// The outline's width in points.
    public var lineWidth: Double
    /// How its ends are drawn.
    public var lineCap: LineCap
    /// How its corners are drawn.
    public var lineJoin: LineJoin
    /// How long a miter may grow.
    public var miterLimit: Double
    /// Lengths of dashes and gaps.
    public var dash: [Double]
    /// Where the dashes start.
    public var dashPhase: Double

    /// A stroke style.
    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
                dash: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}
