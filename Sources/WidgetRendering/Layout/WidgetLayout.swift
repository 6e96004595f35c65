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
}

/// One thing to draw, at its final place: the output of layout, the input
/// of every renderer.
package struct Drawable: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// A filled shape: a background, or a Shape view.
        case fill(ShapeKind, Color)
        /// Lines of text, already wrapped or truncated, at `font`'s size.
        case text(lines: [String], font: Font)
        case image(ImageSource, clip: ShapeKind?, mode: WidgetAccentedRenderingMode)
        /// Where a tap performs a control or opens a link; not drawn.
        case region(WidgetAction)
    }

    package var frame: Rect
    package var kind: Kind
    /// Nil: the renderer's primary colour.
    package var color: Color?
    package var accentable: Bool
    /// Multiplied down the tree, as SwiftUI's `.opacity` composes.
    package var opacity = 1.0
    /// Nil: as the whole card is (placeholders are); else `.redacted` or `.unredacted` said so.
    package var redacted: Bool?
    /// A `.background` fill: kept when the card is redacted.
    package var isDecoration = false
    /// How the lines of a wrapped text line up.
    package var textAlignment = TextAlignment.leading

    /// Whether a renderer drawing redacted cards (`redacted`) draws this one as a placeholder.
    package func isRedacted(_ cardRedacted: Bool) -> Bool {
        (redacted ?? cardRedacted) && !isDecoration
    }

    func offset(by dx: Double, _ dy: Double) -> Drawable {
        var copy = self
        copy.frame = frame.offset(by: dx, dy)
        return copy
    }
}

/// A widget laid out at its family's size.
package struct WidgetLayout: Sendable, Equatable {
    package let family: WidgetFamily
    package let size: Size
    /// The container background, if the view gave one.
    package let background: Color?
    package let drawables: [Drawable]

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
            case .fill(let shape, let color): return "fill \(place) \(shape) \(color)"
            case .text(let lines, let font): return "text \(place) \(number(font.size))pt \(font.weight.rawValue) \(lines.map { "\"\($0)\"" }.joined(separator: " / "))\(accent)"
            case .image(.symbol(let name), _, _): return "symbol \(place) \(name)\(accent)"
            case .image(.data(let data), let clip, _): return "image \(place) \(data.count) bytes clip \(clip.map { "\($0)" } ?? "none")"
            case .region(.control(let control)): return "region \(place) \(control.kind.rawValue) \(control.intent.type)"
            case .region(.link(let url)), .region(.widgetURL(let url)): return "region \(place) link \(url.absoluteString)"
            }
        }).joined(separator: "\n")
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
