import Foundation
import WidgetSDK

/// A chart's marks in a terminal: each character cell is two by four
/// braille dots, so a line, an area or a bar is drawn at eight times the
/// cells' resolution. A dot is 3.5 points either way (a cell is 7 × 14).
struct BrailleCanvas {
    let columns: Int
    let rows: Int
    private var dots: [UInt8]
    private var colors: [String?]
    static let dotWidth = ANSIRenderer.cellWidth / 2
    static let dotHeight = ANSIRenderer.cellHeight / 4

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        dots = Array(repeating: 0, count: columns * rows)
        colors = Array(repeating: nil, count: columns * rows)
    }

    /// The braille character of a cell with its colour, or nil where no dot is set.
    func cell(row: Int, column: Int) -> (character: Character, color: String?)? {
        let index = row * columns + column
        guard dots[index] != 0 else { return nil }
        return (Character(UnicodeScalar(0x2800 + UInt32(dots[index]))!), colors[index])
    }

    /// Sets the dot at (`x`, `y`) in points, within `clip`.
    mutating func set(_ x: Double, _ y: Double, color: String?, clip: Rect?) {
        if let clip, x < clip.x || x > clip.x + clip.width || y < clip.y || y > clip.y + clip.height { return }
        // Off the canvas (or not a number) is checked in points, before any conversion to an index can trap.
        guard x.isFinite, y.isFinite, x >= 0, y >= 0,
              x < Double(columns) * ANSIRenderer.cellWidth, y < Double(rows) * ANSIRenderer.cellHeight else { return }
        let dotX = Int(x / Self.dotWidth), dotY = Int(y / Self.dotHeight)
        let column = dotX / 2, row = dotY / 4
        guard column < columns, row < rows else { return }
        // Braille numbers its dots down the left column, then the right, then the bottom row.
        let bits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
        let index = row * columns + column
        dots[index] |= bits[dotX % 2][dotY % 4]
        colors[index] = color
    }

    /// A mark: a stroke traced along its path, a fill covering every dot inside it.
    mutating func draw(_ drawable: Drawable, color: String?) {
        let frame = drawable.frame
        let bounds = CGRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        switch drawable.kind {
        case .stroke(let shape, _):
            for run in shape.polylines(in: bounds) {
                if run.count == 1 { set(run[0].x, run[0].y, color: color, clip: drawable.clip) }
                for (a, b) in zip(run, run.dropFirst()) {
                    // Two samples a dot, and no more than crossing the canvas takes.
                    let reach = max(abs(b.x - a.x) / Self.dotWidth, abs(b.y - a.y) / Self.dotHeight) * 2
                    guard reach.isFinite else { continue }
                    let steps = Int(min(Double(4 * (columns + rows) * 2), max(1, reach.rounded(.up))))
                    for step in 0...steps {
                        let t = Double(step) / Double(steps)
                        set(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, color: color, clip: drawable.clip)
                    }
                }
            }
        case .fill(let shape, _) where shape.isPath:
            // An area: its outline's runs joined make one polygon, filled a row of dots at a time.
            let polygon = shape.polylines(in: bounds).flatMap { $0 }
            guard polygon.count > 2 else { return }
            fill(polygon, color: color, clip: drawable.clip)
        case .fill:
            // A bar thinner than a dot still shows: its middle dot is set.
            if frame.width < Self.dotWidth || frame.height < Self.dotHeight {
                set(frame.x + frame.width / 2, frame.y + frame.height / 2, color: color, clip: drawable.clip)
            }
            forEachDot(in: frame) { x, y in set(x, y, color: color, clip: drawable.clip) }
        default:
            return
        }
    }

    /// The dots whose centres are inside `polygon` (even–odd): for each row
    /// of dots, where the edges cross it, filled between pairs. The work is
    /// the rows times the edges, not the dots times the edges.
    private mutating func fill(_ polygon: [CGPoint], color: String?, clip: Rect?) {
        for dotY in 0..<(rows * 4) {
            let y = (Double(dotY) + 0.5) * Self.dotHeight
            var crossings: [Double] = []
            var previous = polygon[polygon.count - 1]
            for point in polygon {
                if (point.y > y) != (previous.y > y) {
                    crossings.append((previous.x - point.x) * (y - point.y) / (previous.y - point.y) + point.x)
                }
                previous = point
            }
            crossings.sort()
            var index = 0
            while index + 1 < crossings.count {
                let (from, to) = (crossings[index], crossings[index + 1])
                index += 2
                guard from.isFinite, to.isFinite else { continue }
                let first = max(0, (from / Self.dotWidth - 0.5).rounded(.up)), last = min(Double(columns * 2 - 1), (to / Self.dotWidth - 0.5).rounded(.down))
                guard first <= last else { continue }
                for dotX in Int(first)...Int(last) { set((Double(dotX) + 0.5) * Self.dotWidth, y, color: color, clip: clip) }
            }
        }
    }

    /// Calls `body` with the centre of each dot inside `rect`.
    private func forEachDot(in rect: Rect, _ body: (Double, Double) -> Void) {
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        // Clamped in points first: an index is made only of a number on the canvas.
        func index(_ value: Double, _ count: Int) -> Int { Int(min(Double(count), max(-1, value))) }
        let firstX = max(0, index((rect.x / Self.dotWidth).rounded(.down), columns * 2))
        let lastX = min(columns * 2 - 1, index(((rect.x + rect.width) / Self.dotWidth).rounded(.up), columns * 2))
        let firstY = max(0, index((rect.y / Self.dotHeight).rounded(.down), rows * 4))
        let lastY = min(rows * 4 - 1, index(((rect.y + rect.height) / Self.dotHeight).rounded(.up), rows * 4))
        guard firstX <= lastX, firstY <= lastY else { return }
        for dotY in firstY...lastY {
            let y = (Double(dotY) + 0.5) * Self.dotHeight
            guard y >= rect.y, y <= rect.y + rect.height else { continue }
            for dotX in firstX...lastX {
                let x = (Double(dotX) + 0.5) * Self.dotWidth
                if x >= rect.x, x <= rect.x + rect.width { body(x, y) }
            }
        }
    }
}
