import Foundation
import WidgetSDK

/// How a chart's line passes through its points: straight, in steps, or
/// in a smooth curve (Catmull–Rom, or monotone so that it never
/// overshoots between two points, as Swift Charts' methods do).
enum ChartCurve {
    static func elements(_ points: [CGPoint], _ method: InterpolationMethod?) -> [Path.Element] {
        guard let first = points.first else { return [] }
        var elements: [Path.Element] = [.move(to: first)]
        guard points.count > 1 else { return elements }
        switch method ?? .linear {
        case .linear:
            elements += points.dropFirst().map { .line(to: $0) }
        case .stepStart:
            for (a, b) in zip(points, points.dropFirst()) { elements += [.line(to: CGPoint(x: a.x, y: b.y)), .line(to: b)] }
        case .stepEnd:
            for (a, b) in zip(points, points.dropFirst()) { elements += [.line(to: CGPoint(x: b.x, y: a.y)), .line(to: b)] }
        case .stepCenter:
            for (a, b) in zip(points, points.dropFirst()) {
                let middle = (a.x + b.x) / 2
                elements += [.line(to: CGPoint(x: middle, y: a.y)), .line(to: CGPoint(x: middle, y: b.y)), .line(to: b)]
            }
        case .catmullRom, .cardinal:
            for index in 0..<(points.count - 1) {
                let p0 = points[max(0, index - 1)], p1 = points[index], p2 = points[index + 1], p3 = points[min(points.count - 1, index + 2)]
                elements.append(.curve(to: p2, control1: CGPoint(x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6),
                                       control2: CGPoint(x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6)))
            }
        case .monotone:
            let tangents = monotoneTangents(points)
            for index in 0..<(points.count - 1) {
                let (a, b) = (points[index], points[index + 1])
                let third = (b.x - a.x) / 3
                elements.append(.curve(to: b, control1: CGPoint(x: a.x + third, y: a.y + tangents[index] * third),
                                       control2: CGPoint(x: b.x - third, y: b.y - tangents[index + 1] * third)))
            }
        }
        return elements
    }

    /// Fritsch–Carlson tangents: a curve through the points that rises
    /// and falls only where they do.
    private static func monotoneTangents(_ points: [CGPoint]) -> [Double] {
        let count = points.count
        var slopes: [Double] = []
        for (a, b) in zip(points, points.dropFirst()) {
            let run = b.x - a.x
            slopes.append(run == 0 ? 0 : (b.y - a.y) / run)
        }
        var tangents = [Double](repeating: 0, count: count)
        tangents[0] = slopes[0]
        tangents[count - 1] = slopes[count - 2]
        for index in 1..<(count - 1) {
            tangents[index] = slopes[index - 1] * slopes[index] <= 0 ? 0 : (slopes[index - 1] + slopes[index]) / 2
        }
        for index in 0..<(count - 1) where slopes[index] != 0 {
            let a = tangents[index] / slopes[index], b = tangents[index + 1] / slopes[index]
            let length = a * a + b * b
            if length > 9 {
                let scale = 3 / length.squareRoot()
                tangents[index] = scale * a * slopes[index]
                tangents[index + 1] = scale * b * slopes[index]
            }
        }
        return tangents
    }
}
