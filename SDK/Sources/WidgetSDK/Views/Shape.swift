import Foundation

/// A shape as archived.
public indirect enum ShapeKind: Codable, Sendable, Hashable {
    /// A rectangle filling its frame.
    case rectangle
    /// The largest circle that fits its frame.
    case circle
    /// A rectangle with fully rounded ends.
    case capsule
    /// A rectangle with corners of `cornerRadius` points.
    case roundedRectangle(cornerRadius: Double)
    /// The ellipse that fills its frame.
    case ellipse
    /// A `Path`, or the path a custom `Shape` made.
    case path(ArchivedPath)
    /// Part of a shape's outline, from `from` to `to` of its length
    /// (`.trim(from:to:)`); the shape is never itself trimmed.
    case trimmed(ShapeKind, from: Double, to: Double)

    // Named keys for the archive's readers (docs/archive.md).
    enum PathCodingKeys: String, CodingKey { case _0 = "path" }
    enum TrimmedCodingKeys: String, CodingKey { case _0 = "shape", from, to }

    /// The shape's outline in `rect`, as the host draws it.
    public func path(in rect: CGRect) -> Path {
        switch self {
        case .rectangle: Path(rect)
        case .circle:
            Path(ellipseIn: CGRect(x: rect.midX - min(rect.width, rect.height) / 2, y: rect.midY - min(rect.width, rect.height) / 2,
                                   width: min(rect.width, rect.height), height: min(rect.width, rect.height)))
        case .capsule: Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2)
        case .roundedRectangle(let radius): Path(roundedRect: rect, cornerRadius: radius)
        case .ellipse: Path(ellipseIn: rect)
        case .path(let path): path.placed(in: rect)
        case .trimmed(let shape, let from, let to): shape.path(in: rect).trimmedPath(from: from, to: to)
        }
    }

    /// Whether it is a path (or part of one) rather than a named shape.
    public var isPath: Bool {
        switch self {
        case .path: true
        case .trimmed(let shape, _, _): shape.isPath
        default: false
        }
    }

    /// The outline in `rect` as runs of points joined by straight lines
    /// (curves in short steps): what a grid of character cells draws.
    public func polylines(in rect: CGRect) -> [[CGPoint]] {
        path(in: rect).polylines()
    }
}

/// A shape, as SwiftUI's: a view filled with the foreground style (or
/// stroked), a clip (`.clipShape(Circle())`), a background. A shape of
/// one's own gives its outline in a rectangle:
///
/// ```swift
/// struct Sparkline: Shape {
///     let values: [Double]
///     func path(in rect: CGRect) -> Path {
///         Path { path in
///             for (index, value) in values.enumerated() {
///                 let point = CGPoint(x: rect.width * Double(index) / Double(values.count - 1),
///                                     y: rect.height * (1 - value))
///                 index == 0 ? path.move(to: point) : path.addLine(to: point)
///             }
///         }
///     }
/// }
/// ```
///
/// The view is made once per entry, before the host lays it out, so
/// `path(in:)` is asked for the widget's size inside its margins (as a
/// `GeometryReader` is), and the path is scaled to the frame the shape
/// gets: exact for outlines made in proportion to `rect`, as most are.
public protocol Shape: View where Body == Never {
    /// The shape's outline in `rect`.
    func path(in rect: CGRect) -> Path
}

/// The shapes the host knows by name: archived as that name, not as points.
protocol ArchivableShape {
    var kind: ShapeKind { get }
}

extension Shape {
    /// The shape as archived: by name, or as the path it makes in the widget's size.
    var kind: ShapeKind {
        if let known = self as? any ArchivableShape { return known.kind }
        let size = EnvironmentValues.current.contentSize
        let reference = CGRect(x: 0, y: 0, width: max(1, size.width), height: max(1, size.height))
        return .path(ArchivedPath(elements: path(in: reference).elements, reference: reference))
    }

    var node: ViewNode { ViewNode(.shape(kind)) }

    /// Part of the outline, from `from` to `to` of its length: a ring's
    /// progress is `Circle().trim(from: 0, to: 0.7).stroke(…)`.
    public func trim(from: CGFloat = 0, to: CGFloat = 1) -> some Shape {
        TrimmedShape(base: kind, from: from, to: to)
    }

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

    /// The shape's outline in a colour, as `style` says: its width, caps, joins and dashes.
    public func stroke(_ color: Color, style: StrokeStyle) -> some View {
        ArchivedView(node.modified(.stroke(lineWidth: max(0, style.lineWidth))).modified(.strokeStyle(style)).modified(.foregroundStyle(color)))
    }

    /// The shape's outline in a style (a gradient), as `style` says.
    public func stroke(_ shapeStyle: some ShapeStyle, style: StrokeStyle) -> some View {
        stroke(shapeStyle.archivedColor, style: style)
    }

    /// The shape's outline in the foreground style, as `style` says.
    public func stroke(style: StrokeStyle) -> some View {
        ArchivedView(node.modified(.stroke(lineWidth: max(0, style.lineWidth))).modified(.strokeStyle(style)))
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
public struct Circle: Shape, PrimitiveView, ArchivableShape {
    /// A circle.
    public init() {}
    var kind: ShapeKind { .circle }
    /// The largest circle centred in `rect`.
    public func path(in rect: CGRect) -> Path { kind.path(in: rect) }
}

/// An ellipse filling its frame.
public struct Ellipse: Shape, PrimitiveView, ArchivableShape {
    /// An ellipse.
    public init() {}
    var kind: ShapeKind { .ellipse }
    /// The ellipse inscribed in `rect`.
    public func path(in rect: CGRect) -> Path { kind.path(in: rect) }
}

/// A capsule: a bar with round ends, filled with the foreground style.
public struct Capsule: Shape, PrimitiveView, ArchivableShape {
    /// A capsule.
    public init() {}
    var kind: ShapeKind { .capsule }
    /// `rect` with ends rounded by half its shorter side.
    public func path(in rect: CGRect) -> Path { kind.path(in: rect) }
}

/// A rectangle, filled with the foreground style; with `.frame(height: 1)`, a rule.
public struct Rectangle: Shape, PrimitiveView, ArchivableShape {
    /// A rectangle.
    public init() {}
    var kind: ShapeKind { .rectangle }
    /// `rect` itself.
    public func path(in rect: CGRect) -> Path { kind.path(in: rect) }
}

/// A rectangle with rounded corners, filled with the foreground style; also a `clipShape`.
public struct RoundedRectangle: Shape, PrimitiveView, ArchivableShape {
    /// The corners' radius in points.
    public let cornerRadius: Double
    /// Corners of `cornerRadius` points: `RoundedRectangle(cornerRadius: 12)`.
    /// Continuous corners are drawn as circular ones: at widget sizes the
    /// two differ by under half a point.
    public init(cornerRadius: Double, style: RoundedCornerStyle = .circular) { self.cornerRadius = cornerRadius }
    /// Corners of `cornerSize` (their larger side, here): `RoundedRectangle(cornerSize: CGSize(width: 8, height: 8))`.
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .circular) { self.cornerRadius = max(cornerSize.width, cornerSize.height) }
    var kind: ShapeKind { .roundedRectangle(cornerRadius: cornerRadius) }
    /// `rect` with corners of `cornerRadius`.
    public func path(in rect: CGRect) -> Path { kind.path(in: rect) }
}

/// How a rounded rectangle's corners curve: `.continuous` (iOS's squircle)
/// or `.circular`. Both are drawn as circular arcs here.
public enum RoundedCornerStyle: Sendable, Hashable {
    /// Quarter circles.
    case circular
    /// A curve that eases into the straight edges.
    case continuous
}

/// The shape of the widget's container, as WidgetKit's `ContainerRelativeShape`:
/// here a rounded rectangle concentric with the card's corners (22 points)
/// inside its 16-point margins, so 6 points.
public struct ContainerRelativeShape: Shape, PrimitiveView, ArchivableShape {
    /// The container's shape.
    public init() {}
    var kind: ShapeKind { .roundedRectangle(cornerRadius: Self.cornerRadius) }
    /// `rect` with the container's corners.
    public func path(in rect: CGRect) -> Path { kind.path(in: rect) }
    /// The card's corner radius less its content margin.
    public static let cornerRadius = 6.0
}

/// How an outline is drawn: `StrokeStyle(lineWidth: 6, lineCap: .round)`,
/// its width, caps, joins and dashes.
public struct StrokeStyle: Codable, Sendable, Hashable {
    /// How a line ends.
    public enum LineCap: String, Codable, Sendable, Hashable {
        /// Square, at the end.
        case butt
        /// Round, past the end.
        case round
        /// Square, past the end.
        case square
    }

    /// How lines meet.
    public enum LineJoin: String, Codable, Sendable, Hashable {
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

/// `.trim(from:to:)` of a shape: trimming it again trims the part kept.
struct TrimmedShape: Shape, ArchivableShape {
    let base: ShapeKind
    let from: Double
    let to: Double

    init(base: ShapeKind, from: Double, to: Double) {
        let (from, to) = (min(max(0, from.isFinite ? from : 0), 1), min(max(0, to.isFinite ? to : 1), 1))
        if case .trimmed(let inner, let innerFrom, let innerTo) = base {
            let span = innerTo - innerFrom
            (self.base, self.from, self.to) = (inner, innerFrom + from * span, innerFrom + to * span)
        } else {
            (self.base, self.from, self.to) = (base, from, to)
        }
    }

    var kind: ShapeKind { .trimmed(base, from: from, to: to) }
    func path(in rect: CGRect) -> Path { kind.path(in: rect) }
}
