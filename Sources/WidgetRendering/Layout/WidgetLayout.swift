import Foundation
import WidgetSDK

/// A rectangle in points, origin top left.
package struct Rect: Sendable, Equatable, Codable {
    package var x, y, width, height: Double

    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    func offset(by dx: Double, _ dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The part of this rectangle inside `other` (empty, not negative, when they miss).
    func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}

/// A 2-D affine transform, as SVG's `matrix(a b c d e f)`: a point (x, y)
/// goes to (a·x + c·y + e, b·x + d·y + f).
package struct Affine: Sendable, Equatable {
    package var a, b, c, d, e, f: Double

    static let identity = Affine(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

    static func translation(_ x: Double, _ y: Double) -> Affine { Affine(a: 1, b: 0, c: 0, d: 1, e: x, f: y) }

    /// Turned clockwise (y points down) by `radians` around `point`.
    static func rotation(_ radians: Double, around point: (x: Double, y: Double)) -> Affine {
        let (cosine, sine) = (cos(radians), sin(radians))
        return translation(point.x, point.y).then(before: Affine(a: cosine, b: sine, c: -sine, d: cosine, e: 0, f: 0))
            .then(before: translation(-point.x, -point.y))
    }

    /// Scaled by `x` and `y` around `point`.
    static func scale(_ x: Double, _ y: Double, around point: (x: Double, y: Double)) -> Affine {
        translation(point.x, point.y).then(before: Affine(a: x, b: 0, c: 0, d: y, e: 0, f: 0)).then(before: translation(-point.x, -point.y))
    }

    /// This transform applied after `inner`.
    func then(before inner: Affine) -> Affine {
        Affine(a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
               c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
               e: a * inner.e + c * inner.f + e, f: b * inner.e + d * inner.f + f)
    }

    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (a * x + c * y + e, b * x + d * y + f) }

    /// The same transform for a drawing moved by (dx, dy): it turns or scales around the moved point.
    func moved(by dx: Double, _ dy: Double) -> Affine {
        Affine(a: a, b: b, c: c, d: d, e: e + dx - (a * dx + c * dy), f: f + dy - (b * dx + d * dy))
    }

    /// The box around `rect` transformed.
    func bounds(of rect: Rect) -> Rect {
        let corners = [apply(rect.x, rect.y), apply(rect.x + rect.width, rect.y),
                       apply(rect.x, rect.y + rect.height), apply(rect.x + rect.width, rect.y + rect.height)]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The inverse, or nil when the transform flattens the plane (a scale of 0).
    var inverse: Affine? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        let (ia, ib, ic, id) = (d / determinant, -b / determinant, -c / determinant, a / determinant)
        return Affine(a: ia, b: ib, c: ic, d: id, e: -(ia * e + ic * f), f: -(ib * e + id * f))
    }
}

/// `.shadow(color:radius:x:y:)` on a drawable.
package struct Shadow: Sendable, Equatable {
    package var color: Color
    package var radius: Double
    package var x: Double
    package var y: Double
}

/// One thing to draw, at its final place: the output of layout, the input
/// of every renderer.
package struct Drawable: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// A filled shape: a background, or a Shape view.
        case fill(ShapeKind, Color)
        /// A shape's outline (`.stroke`, `.border`), centred on the frame's edge.
        case stroke(ShapeKind, lineWidth: Double)
        /// Lines of text, already wrapped or truncated, at `font`'s size.
        case text(lines: [String], font: Font)
        case image(ImageSource, clip: ShapeKind?, mode: WidgetAccentedRenderingMode)
        /// Where a tap performs a control or opens a link; not drawn.
        case region(WidgetAction)
        /// Part of the circle inscribed in the frame, stroked with round
        /// ends: from `start` to `end`, in turns clockwise from 12 o'clock
        /// (a gauge's ring).
        case arc(start: Double, end: Double, lineWidth: Double)
    }

    package var frame: Rect
    package var kind: Kind
    /// Nil: the renderer's primary colour.
    package var color: Color?
    package var accentable: Bool
    /// A picture drawn as its shape (its alpha) in `color`: `.renderingMode(.template)`.
    package var isTemplate = false
    /// Multiplied down the tree, as SwiftUI's `.opacity` composes.
    package var opacity = 1.0
    /// Nil: as the whole card is (placeholders are); else `.redacted` or `.unredacted` said so.
    package var redacted: Bool?
    /// A `.background` fill: kept when the card is redacted.
    package var isDecoration = false
    /// How the lines of a wrapped text line up.
    package var textAlignment = TextAlignment.leading
    /// `.clipped()`: nothing drawn outside this rectangle (in the frame's coordinates, before `transform`).
    package var clip: Rect?
    /// `.rotationEffect` and `.scaleEffect`: how the drawing is turned and scaled; nil is as laid out.
    package var transform: Affine?
    /// `.shadow`: the shadow this drawing casts.
    package var shadow: Shadow?
    /// `.italic()`: text drawn slanted.
    package var italic = false
    /// `.underline()` and `.strikethrough()`: lines under and through text.
    package var underline: TextLine?
    package var strikethrough: TextLine?
    /// `.kerning(_:)`: points more after each letter of a text.
    package var kerning = 0.0
    /// `.lineSpacing(_:)`: points more between a text's lines.
    package var lineSpacing = 0.0
    /// `.stroke(_:style:)`: a stroke's caps, joins and dashes; nil is square ends and sharp corners.
    package var line: StrokeStyle?
    /// Part of a container background given as a view: drawn only where the container background is.
    package var isContainerBackground = false
    /// Part of a chart: a board draws its marks in braille dots and leaves its grid out.
    package var plot: PlotPart?

    /// What a part of a chart is.
    package enum PlotPart: Sendable, Equatable {
        /// A mark: a line, an area, a bar, a point, a rule.
        case mark
        /// A grid line or tick.
        case grid
    }

    /// Whether a renderer drawing redacted cards (`redacted`) draws this one as a placeholder.
    package func isRedacted(_ cardRedacted: Bool) -> Bool {
        (redacted ?? cardRedacted) && !isDecoration
    }

    /// From one line of a text in `font` to the next.
    package func lineAdvance(_ font: Font) -> Double {
        font.size * LayoutEngine.lineHeight + lineSpacing
    }

    func offset(by dx: Double, _ dy: Double) -> Drawable {
        var copy = self
        copy.frame = frame.offset(by: dx, dy)
        copy.clip = clip?.offset(by: dx, dy)
        copy.transform = transform?.moved(by: dx, dy)
        return copy
    }

    /// The drawing's extent once transformed: where it can show.
    var visibleFrame: Rect {
        let inside = clip.map { frame.intersection($0) } ?? frame
        return transform?.bounds(of: inside) ?? inside
    }
}

/// A line `.underline` or `.strikethrough` draws under or through text.
package struct TextLine: Sendable, Equatable {
    /// Nil: the text's own colour.
    package var color: Color?
}

/// A widget laid out at its family's size.
package struct WidgetLayout: Sendable, Equatable {
    package let family: WidgetFamily
    package let size: Size
    /// The container background, if the view gave one.
    package let background: Color?
    package let drawables: [Drawable]
    /// The view the engine drew (the entry's, or the card it drew in its
    /// place), the moment and locale it drew it for and the dates it wrote: what `spoken` reads.
    var drawn: (view: ViewNode, now: Date, locale: Locale, dates: [DateText.Key: String])?

    package init(family: WidgetFamily, size: Size, background: Color?, drawables: [Drawable]) {
        self.family = family
        self.size = size
        self.background = background
        self.drawables = drawables
    }

    /// What a screen reader says for the card (see `SpokenText`); read
    /// only when asked for, so drawing the board or a PNG does not pay for it.
    package var spoken: SpokenText? {
        drawn.map { SpokenText($0.view, now: $0.now, locale: $0.locale, dates: $0.dates) }
    }

    package static func == (lhs: WidgetLayout, rhs: WidgetLayout) -> Bool {
        lhs.family == rhs.family && lhs.size == rhs.size && lhs.background == rhs.background && lhs.drawables == rhs.drawables
    }

    /// Where taps go: each control and link with its frame, frontmost last.
    package var regions: [(frame: Rect, action: WidgetAction)] {
        drawables.compactMap { if case .region(let action) = $0.kind { ($0.frame, action) } else { nil } }
    }

    /// One line per drawable, for golden tests and debugging: positions and
    /// sizes rounded to a tenth of a point.
    package var outline: String {
        func number(_ value: Double) -> String { String(format: "%.1f", value) }
        return (["\(family.rawValue) \(size) background \(background.map { "\($0)" } ?? "none")"] + drawables.map { drawable in
            let frame = drawable.frame
            let place = "\(number(frame.x)),\(number(frame.y)) \(number(frame.width))×\(number(frame.height))"
            let accent = drawable.accentable ? " accentable" : ""
            switch drawable.kind {
            case .fill(let shape, let color): return "fill \(place) \(shape) \(color)\(drawable.effects)"
            case .stroke(let shape, let width): return "stroke \(place) \(shape) \(number(width))pt \(drawable.color.map { "\($0)" } ?? "primary")\(drawable.effects)"
            case .text(let lines, let font): return "text \(place) \(number(font.size))pt \(font.weight.rawValue) \(lines.map { "\"\($0)\"" }.joined(separator: " / "))\(accent)\(drawable.effects)"
            case .image(.symbol(let name), _, _): return "symbol \(place) \(name)\(accent)\(drawable.effects)"
            case .image(.data(let data), let clip, _):
                return "image \(place) \(data.count) bytes clip \(clip.map { "\($0)" } ?? "none")\(drawable.isTemplate ? " template" : "")\(drawable.effects)"
            case .region(.control(let control)): return "region \(place) \(control.kind.rawValue) \(control.intent.type)"
            case .region(.link(let url)), .region(.widgetURL(let url)): return "region \(place) link \(url.absoluteString)"
            case .arc(let start, let end, let width):
                return "arc \(place) \(number(start))–\(number(end)) turns \(number(width))pt \(drawable.color.map { "\($0)" } ?? "primary")\(drawable.effects)"
            }
        }).joined(separator: "\n")
    }
}

extension Drawable {
    /// Clip, transform, shadow and container background, for the outline; empty when there are none.
    var effects: String {
        func number(_ value: Double) -> String { String(format: "%.1f", value) }
        var parts: [String] = []
        if let clip { parts.append("clip \(number(clip.x)),\(number(clip.y)) \(number(clip.width))×\(number(clip.height))") }
        if let transform {
            parts.append("transform " + [transform.a, transform.b, transform.c, transform.d, transform.e, transform.f].map { String(format: "%.2f", $0) }.joined(separator: " "))
        }
        if let shadow { parts.append("shadow \(number(shadow.radius)) \(number(shadow.x)),\(number(shadow.y))") }
        if isContainerBackground { parts.append("container background") }
        if italic { parts.append("italic") }
        if kerning != 0 { parts.append("kerning \(number(kerning))") }
        if lineSpacing != 0 { parts.append("line spacing \(number(lineSpacing))") }
        if let underline { parts.append("underline" + (underline.color.map { " \($0)" } ?? "")) }
        if let strikethrough { parts.append("strikethrough" + (strikethrough.color.map { " \($0)" } ?? "")) }
        if let line {
            parts.append("line \(line.lineCap.rawValue) \(line.lineJoin.rawValue)" + (line.dash.isEmpty ? "" : " dash " + line.dash.map(number).joined(separator: ",")))
        }
        return parts.isEmpty ? "" : " [" + parts.joined(separator: "; ") + "]"
    }
}

extension TextAlignment {
    var horizontal: HorizontalAlignment {
        switch self {
        case .leading: .leading
        case .center: .center
        case .trailing: .trailing
        }
    }
}
