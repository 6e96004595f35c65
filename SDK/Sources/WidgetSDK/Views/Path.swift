import Foundation

/// An outline of lines and curves, as SwiftUI's: drawn as a view (its
/// points in the view's own coordinates), or returned from a custom
/// `Shape`'s `path(in:)`.
///
/// ```swift
/// Path { path in
///     path.move(to: CGPoint(x: 0, y: 40))
///     path.addLine(to: CGPoint(x: 60, y: 10))
/// }
/// .stroke(.blue, lineWidth: 2)
/// ```
///
/// Arcs and ellipses are kept as cubic Bézier curves, as Core Graphics
/// keeps them.
public struct Path: Shape, Sendable, Hashable {
    /// One step of a path, as SwiftUI's `Path.Element`.
    public enum Element: Codable, Sendable, Hashable {
        /// Starts a new subpath at a point.
        case move(to: CGPoint)
        /// A straight line to a point.
        case line(to: CGPoint)
        /// A quadratic Bézier curve to a point.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve to a point.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// A line back to the subpath's start, closing it.
        case closeSubpath
    }

    /// The steps, in order.
    public private(set) var elements: [Element] = []
    private var subpathStart: CGPoint?

    /// An empty path.
    public init() {}

    /// A path built by `build`: `Path { $0.addEllipse(in: rect) }`.
    public init(_ build: (inout Path) -> Void) {
        build(&self)
    }

    /// A rectangle.
    public init(_ rect: CGRect) {
        addRect(rect)
    }

    /// A rectangle with rounded corners.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle with rounded corners of `cornerSize`.
    public init(roundedRect rect: CGRect, cornerSize: CGSize) {
        addRoundedRect(in: rect, cornerSize: cornerSize)
    }

    /// The ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) {
        addEllipse(in: rect)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Where the last element ended, or nil for an empty path.
    public var currentPoint: CGPoint? {
        switch elements.last {
        case .move(let point)?, .line(let point)?, .quadCurve(let point, _)?, .curve(let point, _, _)?: point
        case .closeSubpath?: subpathStart
        case nil: nil
        }
    }

    /// The smallest rectangle that holds every point of the path, control
    /// points included; `.null` for an empty path.
    public var boundingRect: CGRect {
        var points: [CGPoint] = []
        for element in elements {
            switch element {
            case .move(let point), .line(let point): points.append(point)
            case .quadCurve(let point, let control): points += [point, control]
            case .curve(let point, let control1, let control2): points += [point, control1, control2]
            case .closeSubpath: break
            }
        }
        guard let first = points.first else { return .null }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for point in points {
            minX = min(minX, point.x); maxX = max(maxX, point.x)
            minY = min(minY, point.y); maxY = max(maxY, point.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Calls `body` with each element in order.
    public func forEach(_ body: (Element) -> Void) {
        elements.forEach(body)
    }

    /// The path itself: a `Path` is its own shape.
    public func path(in rect: CGRect) -> Path { self }

    // MARK: Building

    /// Starts a new subpath at `point`.
    public mutating func move(to point: CGPoint) {
        elements.append(.move(to: point))
        subpathStart = point
    }

    /// A straight line from the current point to `point`.
    public mutating func addLine(to point: CGPoint) {
        startIfNeeded(at: point)
        elements.append(.line(to: point))
    }

    /// Lines through `points`, starting a new subpath at the first.
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { elements.append(.line(to: point)) }
    }

    /// A quadratic Bézier curve from the current point to `point`.
    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        startIfNeeded(at: control)
        elements.append(.quadCurve(to: point, control: control))
    }

    /// A cubic Bézier curve from the current point to `point`.
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        startIfNeeded(at: control1)
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }

    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() {
        guard subpathStart != nil else { return }
        elements.append(.closeSubpath)
    }

    /// A closed rectangle, as a subpath of its own.
    public mutating func addRect(_ rect: CGRect) {
        let rect = rect.standardized
        addLines([CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                  CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)])
        closeSubpath()
    }

    /// Closed rectangles, each a subpath of its own.
    public mutating func addRects(_ rects: [CGRect]) {
        rects.forEach { addRect($0) }
    }

    /// A closed rectangle with rounded corners, as a subpath of its own.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize) {
        let rect = rect.standardized
        let rx = min(max(0, cornerSize.width), rect.width / 2), ry = min(max(0, cornerSize.height), rect.height / 2)
        guard rx > 0, ry > 0 else { return addRect(rect) }
        move(to: CGPoint(x: rect.minX + rx, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX - rx, y: rect.minY))
        addQuarter(corner: CGPoint(x: rect.maxX, y: rect.minY), to: CGPoint(x: rect.maxX, y: rect.minY + ry))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - ry))
        addQuarter(corner: CGPoint(x: rect.maxX, y: rect.maxY), to: CGPoint(x: rect.maxX - rx, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX + rx, y: rect.maxY))
        addQuarter(corner: CGPoint(x: rect.minX, y: rect.maxY), to: CGPoint(x: rect.minX, y: rect.maxY - ry))
        addLine(to: CGPoint(x: rect.minX, y: rect.minY + ry))
        addQuarter(corner: CGPoint(x: rect.minX, y: rect.minY), to: CGPoint(x: rect.minX + rx, y: rect.minY))
        closeSubpath()
    }

    /// The ellipse inscribed in `rect`, closed, as a subpath of its own:
    /// it starts at the right and runs clockwise on screen, as SwiftUI's does.
    public mutating func addEllipse(in rect: CGRect) {
        let rect = rect.standardized
        let (cx, cy, rx, ry) = (rect.midX, rect.midY, rect.width / 2, rect.height / 2)
        move(to: CGPoint(x: cx + rx, y: cy))
        addQuarter(corner: CGPoint(x: cx + rx, y: cy + ry), to: CGPoint(x: cx, y: cy + ry))
        addQuarter(corner: CGPoint(x: cx - rx, y: cy + ry), to: CGPoint(x: cx - rx, y: cy))
        addQuarter(corner: CGPoint(x: cx - rx, y: cy - ry), to: CGPoint(x: cx, y: cy - ry))
        addQuarter(corner: CGPoint(x: cx + rx, y: cy - ry), to: CGPoint(x: cx + rx, y: cy))
        closeSubpath()
    }

    /// An arc of the circle around `center`, from `startAngle` to
    /// `endAngle`; angles grow clockwise on screen (y points down), and
    /// `clockwise` means the other way, as in SwiftUI. A line joins the
    /// current point to the arc's start.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        var sweep = endAngle.radians - startAngle.radians
        let full = 2 * Double.pi
        if clockwise {
            // Decreasing angles.
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - (sweep.truncatingRemainder(dividingBy: full) == 0 ? 0 : full) }
            sweep = max(sweep, -full)
        } else {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + (sweep.truncatingRemainder(dividingBy: full) == 0 ? 0 : full) }
            sweep = min(sweep, full)
        }
        addArc(center: center, radius: radius, start: startAngle.radians, sweep: sweep)
    }

    /// An arc of `delta` from `startAngle`, as SwiftUI's `addRelativeArc`.
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle) {
        addArc(center: center, radius: radius, start: startAngle.radians, sweep: max(-2 * .pi, min(2 * .pi, delta.radians)))
    }

    /// Another path's elements, after these.
    public mutating func addPath(_ path: Path) {
        for element in path.elements {
            elements.append(element)
            if case .move(let point) = element { subpathStart = point }
        }
    }

    private mutating func startIfNeeded(at point: CGPoint) {
        if elements.isEmpty { move(to: point) }
    }

    /// A quarter of an ellipse from the current point to `end`, bulging towards `corner`.
    private mutating func addQuarter(corner: CGPoint, to end: CGPoint) {
        guard let start = currentPoint else { return move(to: end) }
        // The control points of the standard cubic approximation of a quarter circle.
        let k = 0.5522847498
        elements.append(.curve(to: end,
                               control1: CGPoint(x: start.x + (corner.x - start.x) * k, y: start.y + (corner.y - start.y) * k),
                               control2: CGPoint(x: end.x + (corner.x - end.x) * k, y: end.y + (corner.y - end.y) * k)))
    }

    private mutating func addArc(center: CGPoint, radius: CGFloat, start: Double, sweep: Double) {
        guard start.isFinite, sweep.isFinite, radius.isFinite else { return }
        func point(_ angle: Double) -> CGPoint {
            CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        let first = point(start)
        if elements.isEmpty { move(to: first) } else { elements.append(.line(to: first)) }
        // At most a quarter turn a curve: the approximation stays within 0.03 % of the radius.
        let pieces = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        let handle = 4.0 / 3.0 * tan(step / 4) * radius
        var angle = start
        for _ in 0..<pieces {
            let next = angle + step
            let (from, to) = (point(angle), point(next))
            elements.append(.curve(to: to,
                                   control1: CGPoint(x: from.x - handle * sin(angle), y: from.y + handle * cos(angle)),
                                   control2: CGPoint(x: to.x + handle * sin(next), y: to.y - handle * cos(next))))
            angle = next
        }
    }

    // MARK: Geometry

    /// The part of the path from `from` to `to`, fractions of its length,
    /// as SwiftUI's `trimmedPath(from:to:)`: curves are followed in short
    /// straight steps.
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        let from = min(max(0, from), 1), to = min(max(0, to), 1)
        guard to > from else { return Path() }
        if from == 0 && to == 1 { return self }
        let runs = polylines()
        let total = runs.reduce(0) { $0 + Self.length(of: $1) }
        guard total > 0 else { return Path() }
        let (start, end) = (from * total, to * total)
        var result = Path()
        var walked = 0.0
        for run in runs {
            var open = false
            for (a, b) in zip(run, run.dropFirst()) {
                let length = hypot(b.x - a.x, b.y - a.y)
                defer { walked += length }
                guard length > 0, walked + length > start, walked < end else { continue }
                let t0 = max(0, (start - walked) / length), t1 = min(1, (end - walked) / length)
                let p0 = CGPoint(x: a.x + (b.x - a.x) * t0, y: a.y + (b.y - a.y) * t0)
                let p1 = CGPoint(x: a.x + (b.x - a.x) * t1, y: a.y + (b.y - a.y) * t1)
                if !open {
                    result.move(to: p0)
                    open = true
                }
                result.addLine(to: p1)
            }
        }
        return result
    }

    /// Each subpath as points joined by straight lines: a closed subpath
    /// ends where it began.
    func polylines(stepsPerCurve: Int = 24) -> [[CGPoint]] {
        var runs: [[CGPoint]] = []
        var current: [CGPoint] = []
        func flush() {
            if current.count > 1 { runs.append(current) }
            current = []
        }
        for element in elements {
            switch element {
            case .move(let point):
                flush()
                current = [point]
            case .line(let point):
                current.append(point)
            case .quadCurve(let point, let control):
                guard let start = current.last else { current = [point]; continue }
                for step in 1...stepsPerCurve {
                    let t = Double(step) / Double(stepsPerCurve), u = 1 - t
                    current.append(CGPoint(x: u * u * start.x + 2 * u * t * control.x + t * t * point.x,
                                           y: u * u * start.y + 2 * u * t * control.y + t * t * point.y))
                }
            case .curve(let point, let control1, let control2):
                guard let start = current.last else { current = [point]; continue }
                for step in 1...stepsPerCurve {
                    let t = Double(step) / Double(stepsPerCurve), u = 1 - t
                    let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                    current.append(CGPoint(x: a * start.x + b * control1.x + c * control2.x + d * point.x,
                                           y: a * start.y + b * control1.y + c * control2.y + d * point.y))
                }
            case .closeSubpath:
                if let first = current.first {
                    current.append(first)
                    flush()
                    current = [first]
                }
            }
        }
        flush()
        return runs
    }

    private static func length(of run: [CGPoint]) -> Double {
        zip(run, run.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }

    /// The path with every point moved by `transform(x, y)`.
    func mapPoints(_ transform: (CGPoint) -> CGPoint) -> Path {
        var result = Path()
        result.elements = elements.map { element in
            switch element {
            case .move(let point): .move(to: transform(point))
            case .line(let point): .line(to: transform(point))
            case .quadCurve(let point, let control): .quadCurve(to: transform(point), control: transform(control))
            case .curve(let point, let c1, let c2): .curve(to: transform(point), control1: transform(c1), control2: transform(c2))
            case .closeSubpath: .closeSubpath
            }
        }
        result.subpathStart = subpathStart.map(transform)
        return result
    }

}

extension Path: ArchivableShape {
    /// A path drawn as a view keeps its coordinates.
    var kind: ShapeKind { .path(ArchivedPath(elements: elements, reference: nil)) }
}

/// A path as archived: its elements, and the rectangle a custom shape made
/// it in. A widget's view is made once per entry, before the host lays it
/// out, so a `Shape`'s `path(in:)` is asked in the widget's size (as a
/// `GeometryReader` is) and the host scales the path from that rectangle
/// to the frame the shape gets. A `Path` drawn as a view has none: its
/// points are the view's own coordinates.
public struct ArchivedPath: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The elements, in order.
    public var elements: [Path.Element]
    /// The rectangle the elements were made in, or nil for a view's own coordinates.
    public var reference: CGRect?

    /// A path as archived.
    public init(elements: [Path.Element], reference: CGRect?) {
        self.elements = elements
        self.reference = reference
    }

    /// The path placed in `frame`: scaled from its reference rectangle, or moved to the frame's origin.
    public func placed(in frame: CGRect) -> Path {
        let base = Path { $0.addPath(Path(elements: elements)) }
        guard let reference else {
            return base.mapPoints { CGPoint(x: frame.minX + $0.x, y: frame.minY + $0.y) }
        }
        let sx = reference.width > 0 ? frame.width / reference.width : 1
        let sy = reference.height > 0 ? frame.height / reference.height : 1
        return base.mapPoints { CGPoint(x: frame.minX + ($0.x - reference.minX) * sx, y: frame.minY + ($0.y - reference.minY) * sy) }
    }

    /// `path(12 elements)`, or with the rectangle it was made in.
    public var description: String {
        let count = "\(elements.count) element\(elements.count == 1 ? "" : "s")"
        guard let reference else { return "path(\(count))" }
        return "path(\(count) in \(Int(reference.width))×\(Int(reference.height)))"
    }
}

extension Path {
    /// A path of these elements, as archived.
    fileprivate init(elements: [Element]) {
        self.elements = elements
    }
}
