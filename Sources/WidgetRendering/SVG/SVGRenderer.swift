import Foundation
import WidgetSDK

/// Draws a laid-out widget as a standalone SVG: rounded corners, the
/// container background, avatars as data URIs, every text escaped.
package struct SVGRenderer: Sendable {
    package static let cornerRadius = 22.0
    package static let fontFamily = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"

    package let mode: RenderingMode
    /// Placeholders are drawn redacted: text as rounded bars, as WidgetKit does.
    package let redacted: Bool
    /// Why the instance cannot be shown as it is (its kind is gone, or no
    /// longer supports its family): the card is drawn grey and faded, with
    /// the reason across its foot, so it never passes for live data.
    package let unavailable: String?

    package init(mode: RenderingMode = .fullColor, redacted: Bool = false, unavailable: String? = nil) {
        self.mode = mode
        self.redacted = redacted
        self.unavailable = unavailable
    }

    package func render(_ layout: WidgetLayout) -> String {
        let palette = Palette(mode: mode)
        let size = layout.size
        var defs: [String] = []
        var body: [String] = []
        // Accented widgets sit on a faint tint of the secondary colour, so the
        // drawing holds the accent and the secondary colour only.
        let background = switch mode {
        case .fullColor: #"fill="\#(palette.resolve(layout.background ?? .white, accentable: false).hex)""#
        case .accented: #"fill="\#(Palette.secondaryColor)" fill-opacity="0.18""#
        case .vibrant: ##"fill="#1c1c1e""##
        }
        body.append(#"<rect width="\#(n(size.width))" height="\#(n(size.height))" rx="\#(n(Self.cornerRadius))" \#(background)/>"#)

        for (index, drawable) in layout.drawables.enumerated() {
            let frame = drawable.frame
            let (color, resolvedOpacity) = palette.resolve(drawable.color, accentable: drawable.accentable)
            let opacity = resolvedOpacity * drawable.opacity
            let fillOpacity = opacity < 1 ? #" fill-opacity="\#(n(opacity))""# : ""
            let redacted = drawable.isRedacted(self.redacted)
            switch drawable.kind {
            case .fill(let shape, _):
                // A placeholder's bars and dots are grey: nothing in it looks like data.
                let fill = redacted ? #"fill="\#(Palette.secondaryColor)" fill-opacity="\#(n(0.35 * drawable.opacity))""# : #"fill="\#(color)"\#(fillOpacity)"#
                body.append(shapeElement(shape, frame, attributes: fill))
            case .region:
                continue
            case .text(let lines, let font):
                if redacted {
                    for (line, text) in lines.enumerated() {
                        let width = min(frame.width, TextMeasure(font: font).width(text))
                        let bar = Rect(x: frame.x, y: frame.y + Double(line) * font.size * LayoutEngine.lineHeight + font.size * 0.15,
                                       width: width, height: font.size * 0.9)
                        body.append(shapeElement(.capsule, bar, attributes: #"fill="\#(Palette.secondaryColor)" fill-opacity="0.35""#))
                    }
                    continue
                }
                let weight = font.isBold ? #" font-weight="bold""# : ""
                let measure = TextMeasure(font: font)
                for (line, text) in lines.enumerated() {
                    // DejaVu's ascent is 0.93 em; the line box is 1.2 em with the text centred in it.
                    let baseline = frame.y + Double(line) * font.size * LayoutEngine.lineHeight + font.size * (0.1 + 0.93)
                    let x = frame.x + LayoutEngine.offset(measure.width(text), in: frame.width, drawable.textAlignment.horizontal)
                    // SVG collapses spaces at the ends and doubled ones, which the
                    // layout measured: " stars" after "42" (Text + Text) keeps its space.
                    let spaces = text.hasPrefix(" ") || text.hasSuffix(" ") || text.contains("  ") ? #" xml:space="preserve""# : ""
                    body.append(#"<text x="\#(n(x))" y="\#(n(baseline))" font-size="\#(n(font.size))"\#(weight)\#(spaces) fill="\#(color)"\#(fillOpacity)>\#(Self.escape(text))</text>"#)
                }
            case .image(.symbol(let name), _, _):
                let glyph = Self.symbols[name] ?? "●"
                let side = min(frame.width, frame.height)
                if redacted {
                    body.append(shapeElement(.circle, frame, attributes: #"fill="\#(Palette.secondaryColor)" fill-opacity="0.35""#))
                    continue
                }
                let baseline = frame.y + (frame.height + side * 0.75) / 2
                body.append(#"<text x="\#(n(frame.x + frame.width / 2))" y="\#(n(baseline))" font-size="\#(n(side))" text-anchor="middle" fill="\#(color)"\#(fillOpacity)>\#(Self.escape(glyph))</text>"#)
            case .image(.data(let data), let clip, let imageMode):
                if redacted {
                    body.append(shapeElement(clip ?? .rectangle, frame, attributes: #"fill="\#(Palette.secondaryColor)" fill-opacity="0.35""#))
                    continue
                }
                var attributes = drawable.opacity < 1 ? #" opacity="\#(n(drawable.opacity))""# : ""
                if let clip {
                    defs.append(#"<clipPath id="clip\#(index)">\#(shapeElement(clip, frame, attributes: ""))</clipPath>"#)
                    attributes += #" clip-path="url(#clip\#(index))""#
                }
                if let filter = filter(for: imageMode) {
                    defs.append(#"<filter id="filter\#(index)">\#(filter)</filter>"#)
                    attributes += #" filter="url(#filter\#(index))""#
                }
                let mime = data.starts(with: [0xFF, 0xD8]) ? "image/jpeg" : "image/png"
                body.append(#"<image x="\#(n(frame.x))" y="\#(n(frame.y))" width="\#(n(frame.width))" height="\#(n(frame.height))" preserveAspectRatio="xMidYMid slice" href="data:\#(mime);base64,\#(data.base64EncodedString())"\#(attributes)/>"#)
            }
        }
        // A kind that disabled its content margins draws to the edges: its
        // views are clipped to the card's rounded corners, as WidgetKit's are.
        if reachesCorners(layout), body.count > 1 {
            // Named by size: on a page of several inline cards, one id means
            // one shape, and cards of one size share theirs.
            let card = "card-\(n(size.width))x\(n(size.height))"
            defs.append(#"<clipPath id="\#(card)"><rect width="\#(n(size.width))" height="\#(n(size.height))" rx="\#(n(Self.cornerRadius))"/></clipPath>"#)
            body = [body[0], #"<g clip-path="url(#\#(card))">"#] + body.dropFirst() + ["</g>"]
        }
        if let unavailable {
            defs.append(#"<filter id="unavailable"><feColorMatrix type="saturate" values="0"/></filter>"#)
            body = [#"<g filter="url(#unavailable)" opacity="0.4">"#] + body + ["</g>"] + unavailableBanner(unavailable, size: size)
        }
        let definitions = defs.isEmpty ? "" : "<defs>" + defs.joined() + "</defs>\n"
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(size.width))" height="\(n(size.height))" viewBox="0 0 \(n(size.width)) \(n(size.height))" font-family="\(Self.fontFamily)">
            \(definitions)\(body.joined(separator: "\n"))
            </svg>

            """
    }

    /// Whether anything is drawn within a system card's content margin, where
    /// its rounded corners would show it: only a kind without margins is.
    private func reachesCorners(_ layout: WidgetLayout) -> Bool {
        guard layout.family.rawValue.hasPrefix("system") else { return false }
        let inset = LayoutEngine.contentMargin - 0.5
        return layout.drawables.contains { drawable in
            if case .region = drawable.kind { return false }
            let frame = drawable.frame
            return frame.x < inset || frame.y < inset
                || frame.x + frame.width > layout.size.width - inset || frame.y + frame.height > layout.size.height - inset
        }
    }

    /// "Unavailable" and the reason (up to two lines), on a dark band
    /// across the card's foot.
    private func unavailableBanner(_ reason: String, size: Size) -> [String] {
        let title = Font.system(size: 13, weight: .semibold), detail = Font.system(size: 11)
        let lines = TextMeasure(font: detail).wrap(reason, width: size.width - 32, maximumLines: 2)
        let top = size.height - 44 - Double(lines.count) * 14
        let radius = Self.cornerRadius
        var elements = [
            ##"<path d="M0 \##(n(top)) H\##(n(size.width)) V\##(n(size.height - radius)) A\##(n(radius)) \##(n(radius)) 0 0 1 \##(n(size.width - radius)) \##(n(size.height)) H\##(n(radius)) A\##(n(radius)) \##(n(radius)) 0 0 1 0 \##(n(size.height - radius)) Z" fill="#3a3a3c" fill-opacity="0.92"/>"##,
            ##"<text x="16" y="\##(n(top + 24))" font-size="\##(n(title.size))" font-weight="bold" fill="#ffffff">Unavailable</text>"##,
        ]
        for (index, line) in lines.enumerated() {
            elements.append(##"<text x="16" y="\##(n(top + 42 + Double(index) * 14))" font-size="\##(n(detail.size))" fill="#d1d1d6">\##(Self.escape(line))</text>"##)
        }
        return elements
    }

    /// Images in accented and vibrant modes: grey, tinted, or as they are.
    private func filter(for imageMode: WidgetAccentedRenderingMode) -> String? {
        let grayscale = #"<feColorMatrix type="saturate" values="0"/>"#
        switch (mode, imageMode) {
        case (.fullColor, _), (.accented, .fullColor): return nil
        case (.vibrant, _), (.accented, .desaturated): return grayscale
        case (.accented, .accented), (.accented, .accentedDesaturated):
            return grayscale + #"<feFlood flood-color="\#(Palette.accentColor)"/><feComposite in2="SourceGraphic" operator="in"/><feBlend in2="SourceGraphic" mode="multiply"/>"#
        }
    }

    private func shapeElement(_ shape: ShapeKind, _ frame: Rect, attributes: String) -> String {
        switch shape {
        case .circle:
            return #"<circle cx="\#(n(frame.x + frame.width / 2))" cy="\#(n(frame.y + frame.height / 2))" r="\#(n(min(frame.width, frame.height) / 2))" \#(attributes)/>"#
        case .rectangle, .capsule, .roundedRectangle:
            let radius: Double = switch shape {
            case .capsule: min(frame.width, frame.height) / 2
            case .roundedRectangle(let cornerRadius): cornerRadius
            default: 0
            }
            return #"<rect x="\#(n(frame.x))" y="\#(n(frame.y))" width="\#(n(frame.width))" height="\#(n(frame.height))" rx="\#(n(radius))" \#(attributes)/>"#
        }
    }

    /// Text from the network is data: escaped for XML text and attributes.
    package static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default:
                // Control characters are not allowed in XML 1.0.
                if let scalar = character.unicodeScalars.first, scalar.value < 0x20, scalar != "\t", scalar != "\n" { continue }
                escaped.append(character)
            }
        }
        return escaped
    }

    /// The SF Symbols the kinds use, as DejaVu glyphs.
    static let symbols: [String: String] = [
        "star.fill": "★", "star": "☆", "tuningfork": "⋔", "exclamationmark.triangle.fill": "⚠",
        "exclamationmark.triangle": "⚠", "person.crop.circle.fill": "●", "person.crop.circle": "○",
        "clock": "◷", "checkmark": "✓", "xmark": "✗",
        // Toggles: off and on.
        "circle": "○", "checkmark.circle.fill": "✔", "checkmark.circle": "✔", "arrow.clockwise": "↻", "link": "↗",
    ]

    /// A coordinate as SVG writes it. Total: layout checks every view, but a
    /// number no layout should make is drawn far off the card, not a trap.
    private func n(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let value = min(max(value, -1e12), 1e12)
        return value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
