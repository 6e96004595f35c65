import Foundation
import HostBasics
import HostText
import WidgetSDK

/// Draws a laid-out widget as a standalone SVG: rounded corners, the
/// container background, avatars as data URIs, every text escaped.
///
/// One type of about 470 lines: one walk over a laid-out card, each
/// drawable's element beside the clip, transform and shadow groups that
/// wrap them all, and the defs (gradients, filters) they share.
package struct SVGRenderer: Sendable {
    package static let fontFamily = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"

    package let mode: RenderingMode
    /// Light or dark: the system's colours and the card's own background.
    package let scheme: ColorScheme
    /// Placeholders are drawn redacted: text as rounded bars, as WidgetKit does.
    package let redacted: Bool
    /// Why the instance cannot be shown as it is (its kind is gone, or no
    /// longer supports its family): the card is drawn grey and faded, with
    /// the reason across its foot, so it never passes for live data.
    package let unavailable: String?
    /// The manifest's accent colour and corner radius.
    package let theme: CardTheme

    private var cornerRadius: Double { theme.cornerRadius }
    private let palette: Palette

    package init(mode: RenderingMode = .fullColor, scheme: ColorScheme = .light, theme: CardTheme = .standard, redacted: Bool = false,
                 unavailable: String? = nil) {
        self.mode = mode
        self.scheme = scheme
        self.theme = theme
        palette = Palette(mode: mode, scheme: scheme, theme: theme)
        self.redacted = redacted
        self.unavailable = unavailable
    }

    /// The card's SVG, titled with what a screen reader says for it: a
    /// `role="img"` whose `<title>` is the text and `<desc>` the hints.
    package func render(_ layout: WidgetLayout) -> String {
        let size = layout.size
        var defs: [String] = []
        var body: [String] = []
        var deferredBackground: String?
        let background: String
        switch mode {
        case .fullColor:
            let color = layout.background ?? .background
            let card = Rect(x: 0, y: 0, width: size.width, height: size.height)
            if let stops = palette.gradientStops(color), case .gradient(let fill) = color, let element = gradientElement("paint-card", fill.kind, stops, card) {
                defs.append(element)
                background = #"fill="url(#\#(Self.marker)paint-card)""#
            } else if let stops = palette.gradientStops(color), case .gradient(let fill) = color {
                defs.append(#"<clipPath id="\#(Self.marker)shape-card">\#(shapeElement(.roundedRectangle(cornerRadius: cornerRadius), card, attributes: ""))</clipPath>"#)
                background = ##"fill="#ffffff""##
                deferredBackground = #"<g clip-path="url(#\#(Self.marker)shape-card)">"# + wedges(fill.kind, stops, card).joined() + "</g>"
            } else {
                let (paint, opacity) = palette.resolve(color, accentable: false)
                if opacity < 1 {
                    // A translucent style (Xcode's template uses `.fill.tertiary`)
                    // lies over the card's own background, as iOS lays it
                    // over the system background: never opaque grey.
                    background = #"fill="\#(palette.resolve(.background, accentable: false).hex)""#
                    let card = #"<rect width="\#(n(size.width))" height="\#(n(size.height))" rx="\#(n(cornerRadius))" fill="\#(paint)" fill-opacity="\#(n(opacity))"/>"#
                    deferredBackground = card
                } else {
                    background = #"fill="\#(paint)""#
                }
            }
        // Accented and vibrant widgets sit on a card of their own, so the
        // drawing holds the accent, the secondary colour and greys only,
        // each legible on it whatever the page behind.
        case .accented, .vibrant: background = #"fill="\#(palette.tintedCard)""#
        }
        body.append(#"<rect width="\#(n(size.width))" height="\#(n(size.height))" rx="\#(n(cornerRadius))" \#(background)/>"#)
        if let deferredBackground { body.append(deferredBackground) }

        for (index, drawable) in layout.drawables.enumerated() {
            // A container background given as a view is drawn where the
            // container background is: in full colour, not on a tinted card.
            if drawable.isContainerBackground && mode != .fullColor { continue }
            let frame = drawable.frame
            let (color, resolvedOpacity) = palette.resolve(drawable.color, accentable: drawable.accentable)
            let redacted = drawable.isRedacted(self.redacted)
            // A gradient is drawn as one, but for an angular one on text or a
            // line, drawn as its mean colour (SVG has no angular gradient; a
            // filled shape gets wedges instead).
            var paint = color, paintOpacity = resolvedOpacity
            var angular: (GradientFill.Kind, [(color: RGBA, location: Double)])?
            if !redacted, let stops = palette.gradientStops(drawable.color), case .gradient(let fill)? = drawable.color {
                if let element = gradientElement("paint\(index)", fill.kind, stops, frame) {
                    defs.append(element)
                    (paint, paintOpacity) = ("url(#\(Self.marker)paint\(index))", 1)
                } else {
                    angular = (fill.kind, stops)
                }
            }
            let opacity = paintOpacity * drawable.opacity
            let fillOpacity = opacity < 1 ? #" fill-opacity="\#(n(opacity))""# : ""
            var elements: [String] = []
            switch drawable.kind {
            case .fill(let shape, _):
                if redacted {
                    // A placeholder's bars and dots are grey: nothing in it looks like data.
                    elements.append(shapeElement(shape, frame, attributes: #"fill="\#(Palette.secondaryColor)" fill-opacity="\#(n(0.35 * drawable.opacity))""#))
                } else if let (kind, stops) = angular {
                    defs.append(#"<clipPath id="\#(Self.marker)shape\#(index)">\#(shapeElement(shape, frame, attributes: ""))</clipPath>"#)
                    let faded = drawable.opacity < 1 ? #" opacity="\#(n(drawable.opacity))""# : ""
                    elements.append(#"<g clip-path="url(#\#(Self.marker)shape\#(index))"\#(faded)>"# + wedges(kind, stops, frame).joined() + "</g>")
                } else {
                    elements.append(shapeElement(shape, frame, attributes: #"fill="\#(paint)"\#(fillOpacity)"#))
                }
            case .stroke(let shape, let lineWidth):
                let (stroke, strokeOpacity) = redacted ? (Palette.secondaryColor, 0.35 * drawable.opacity) : (paint, opacity)
                let faded = strokeOpacity < 1 ? #" stroke-opacity="\#(n(strokeOpacity))""# : ""
                elements.append(shapeElement(shape, frame, attributes: #"fill="none" stroke="\#(stroke)" stroke-width="\#(n(lineWidth))"\#(lineAttributes(drawable.line))\#(faded)"#))
            case .region:
                continue
            case .arc(let start, let end, let lineWidth):
                let (stroke, strokeOpacity) = redacted ? (Palette.secondaryColor, 0.35 * drawable.opacity) : (paint, opacity)
                let faded = strokeOpacity < 1 ? #" stroke-opacity="\#(n(strokeOpacity))""# : ""
                elements.append(arcElement(start, end, frame, lineWidth: lineWidth,
                                           attributes: #"fill="none" stroke="\#(stroke)" stroke-width="\#(n(lineWidth))" stroke-linecap="round"\#(faded)"#))
            case .text(let lines, let font):
                if redacted {
                    for (line, text) in lines.enumerated() {
                        let width = min(frame.width, TextMeasure(font: font, kerning: drawable.kerning).width(text))
                        let bar = Rect(x: frame.x, y: frame.y + Double(line) * drawable.lineAdvance(font) + font.size * 0.15,
                                       width: width, height: font.size * 0.9)
                        elements.append(shapeElement(.capsule, bar, attributes: #"fill="\#(Palette.secondaryColor)" fill-opacity="0.35""#))
                    }
                    break
                }
                let weight = (font.isBold ? #" font-weight="bold""# : "") + (drawable.italic ? #" font-style="italic""# : "")
                    + (drawable.kerning != 0 ? #" letter-spacing="\#(n(drawable.kerning))""# : "")
                let measure = TextMeasure(font: font, kerning: drawable.kerning)
                for (line, text) in lines.enumerated() {
                    // DejaVu's ascent is 0.93 em; the line box is 1.2 em with the text centred in it.
                    let baseline = frame.y + Double(line) * drawable.lineAdvance(font) + font.size * (0.1 + 0.93)
                    let width = measure.width(text)
                    let x = frame.x + LayoutEngine.offset(width, in: frame.width, drawable.textAlignment.horizontal)
                    // SVG collapses spaces at the ends and doubled ones, which the
                    // layout measured: " stars" after "42" (Text + Text) keeps its space.
                    let spaces = text.hasPrefix(" ") || text.hasSuffix(" ") || text.contains("  ") ? #" xml:space="preserve""# : ""
                    elements.append(#"<text x="\#(n(x))" y="\#(n(baseline))" font-size="\#(n(font.size))"\#(weight)\#(spaces) fill="\#(paint)"\#(fillOpacity)>\#(Self.escape(text))</text>"#)
                    // Drawn as rectangles rather than `text-decoration`, which takes the text's colour only.
                    guard drawable.underline != nil || drawable.strikethrough != nil else { continue }
                    let thickness = max(1, font.size / 14)
                    for (decoration, rise) in [(drawable.underline, -font.size * 0.12), (drawable.strikethrough, font.size * 0.3)] {
                        guard let decoration else { continue }
                        let (colour, alpha) = decoration.color.map { palette.resolve($0, accentable: drawable.accentable) } ?? (paint, opacity)
                        let faded = alpha * (decoration.color == nil ? 1 : drawable.opacity)
                        elements.append(#"<rect x="\#(n(x))" y="\#(n(baseline - rise - thickness / 2))" width="\#(n(width))" height="\#(n(thickness))" fill="\#(colour)"\#(faded < 1 ? #" fill-opacity="\#(n(faded))""# : "")/>"#)
                    }
                }
            case .image(.symbol(let name), _, _):
                let side = min(frame.width, frame.height)
                if redacted {
                    elements.append(shapeElement(.circle, frame, attributes: #"fill="\#(Palette.secondaryColor)" fill-opacity="0.35""#))
                    break
                }
                let (x, y) = (frame.x + (frame.width - side) / 2, frame.y + (frame.height - side) / 2)
                let symbol = SymbolCatalog.symbol(named: name)
                if let symbol, let font = IconFont.shared, let outline = font.pathData(symbol.codepoint) {
                    elements.append(#"<path transform="translate(\#(n(x)) \#(n(y))) scale(\#(n4(side / font.unitsPerEm)))" d="\#(outline)" fill="\#(paint)"\#(fillOpacity)/>"#)
                } else if let symbol {
                    // Without the icon font: the board's one-cell glyph, in DejaVu.
                    let baseline = frame.y + (frame.height + side * 0.75) / 2
                    elements.append(#"<text x="\#(n(frame.x + frame.width / 2))" y="\#(n(baseline))" font-size="\#(n(side))" text-anchor="middle" fill="\#(paint)"\#(fillOpacity)>\#(Self.escape(String(symbol.cell)))</text>"#)
                } else {
                    // A name no table knows: a dashed square with a question mark, seen rather than guessed.
                    elements.append(#"<rect x="\#(n(x + side * 0.08))" y="\#(n(y + side * 0.08))" width="\#(n(side * 0.84))" height="\#(n(side * 0.84))" rx="\#(n(side * 0.18))" fill="none" stroke="\#(paint)" stroke-width="\#(n(max(1, side * 0.06)))" stroke-dasharray="\#(n(max(1.5, side * 0.12)))"\#(fillOpacity.replacingOccurrences(of: "fill-", with: "stroke-"))/>"#)
                    elements.append(#"<text x="\#(n(x + side / 2))" y="\#(n(y + side * 0.72))" font-size="\#(n(side * 0.6))" font-weight="bold" text-anchor="middle" fill="\#(paint)"\#(fillOpacity)>?</text>"#)
                }
            case .image(.data(let data), let clip, let imageMode):
                if redacted {
                    elements.append(shapeElement(clip ?? .rectangle, frame, attributes: #"fill="\#(Palette.secondaryColor)" fill-opacity="0.35""#))
                    break
                }
                var attributes = drawable.opacity < 1 ? #" opacity="\#(n(drawable.opacity))""# : ""
                if let clip {
                    defs.append(#"<clipPath id="\#(Self.marker)clip\#(index)">\#(shapeElement(clip, frame, attributes: ""))</clipPath>"#)
                    attributes += #" clip-path="url(#\#(Self.marker)clip\#(index))""#
                }
                if drawable.isTemplate {
                    // Its alpha masks the foreground colour, as SwiftUI draws a template.
                    // A gradient style floods with its mean colour: a filter has no paint server.
                    let flood = resolvedOpacity < 1 ? #" flood-opacity="\#(n(resolvedOpacity))""# : ""
                    defs.append(#"<filter id="\#(Self.marker)filter\#(index)"><feFlood flood-color="\#(color)"\#(flood)/><feComposite in2="SourceGraphic" operator="in"/></filter>"#)
                    attributes += #" filter="url(#\#(Self.marker)filter\#(index))""#
                } else if let filter = filter(for: imageMode) {
                    defs.append(#"<filter id="\#(Self.marker)filter\#(index)">\#(filter)</filter>"#)
                    attributes += #" filter="url(#\#(Self.marker)filter\#(index))""#
                }
                // The entry was checked: its image is one of the four, and its first bytes say which.
                let mime = ImageHeader.mediaType(of: data)
                elements.append(#"<image x="\#(n(frame.x))" y="\#(n(frame.y))" width="\#(n(frame.width))" height="\#(n(frame.height))" preserveAspectRatio="xMidYMid slice" href="data:\#(mime);base64,\#(data.base64EncodedString())"\#(attributes)/>"#)
            }
            body.append(effects(on: elements.joined(separator: "\n"), of: drawable, index: index, redacted: redacted, defs: &defs))
        }
        // A kind that disabled its content margins draws to the edges: its
        // views are clipped to the card's rounded corners, as WidgetKit's are.
        if reachesCorners(layout), body.count > 1 {
            // Named by size: on a page of several inline cards, one id means
            // one shape, and cards of one size share theirs.
            let card = "card-\(n(size.width))x\(n(size.height))"
            defs.append(#"<clipPath id="\#(card)"><rect width="\#(n(size.width))" height="\#(n(size.height))" rx="\#(n(cornerRadius))"/></clipPath>"#)
            body = [body[0], #"<g clip-path="url(#\#(card))">"#] + body.dropFirst() + ["</g>"]
        }
        if let unavailable {
            defs.append(#"<filter id="unavailable"><feColorMatrix type="saturate" values="0"/></filter>"#)
            body = [#"<g filter="url(#unavailable)" opacity="0.4">"#] + body + ["</g>"] + unavailableBanner(unavailable, size: size)
        }
        let definitions = defs.isEmpty ? "" : "<defs>" + defs.joined() + "</defs>\n"
        var role = "", described = ""
        if !redacted, let spoken = layout.spoken, !spoken.phrases.isEmpty {
            let text = Self.escape(spoken.text)
            // The title is the image's accessible name (SVG-AAM); an
            // aria-label beside it would carry the same text twice.
            role = #" role="img""#
            described = "<title>\(text)</title>" + (spoken.hints.isEmpty ? "" : "<desc>\(Self.escape(spoken.hints.joined(separator: ". ")))</desc>") + "\n"
        }
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(size.width))" height="\(n(size.height))" viewBox="0 0 \(n(size.width)) \(n(size.height))" font-family="\(Self.fontFamily)"\(role)>
            \(described)\(definitions)\(body.joined(separator: "\n"))
            </svg>

            """
        return Self.localized(svg)
    }

    /// Marks the ids of a card's own definitions until `localized` names
    /// them; `escape` drops control characters, so no text of a kind has it.
    private static let marker = "\u{1}"
    /// `marker` as a byte.
    private static let local: UInt8 = 1

    /// The card with its own definitions' ids made its own: a page that
    /// shows many cards inline (`widgethost dev`'s) has one namespace of
    /// ids, where two cards' `paint3` would be one gradient. The prefix is a
    /// hash of the card, so the same card draws the same text every time.
    private static func localized(_ svg: String) -> String {
        var hash = FNV1a()
        var marked = false
        for byte in svg.utf8 {
            hash.add(byte)
            marked = marked || byte == local
        }
        guard marked else { return svg }
        let prefix = Array(("c" + String(hash.value & 0xFFFF_FFFF, radix: 16) + "-").utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(svg.utf8.count + 16 * prefix.count)
        for byte in svg.utf8 {
            if byte == local { bytes += prefix } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether anything is drawn within a system card's content margin, where
    /// its rounded corners would show it: only a kind without margins is.
    private func reachesCorners(_ layout: WidgetLayout) -> Bool {
        guard layout.family.rawValue.hasPrefix("system") else { return false }
        let inset = LayoutEngine.contentMargin - 0.5
        return layout.drawables.contains { drawable in
            if case .region = drawable.kind { return false }
            if drawable.isContainerBackground { return mode == .fullColor }
            let frame = drawable.visibleFrame
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
        let radius = cornerRadius
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
            return grayscale + #"<feFlood flood-color="\#(palette.legibleAccent)"/><feComposite in2="SourceGraphic" operator="in"/><feBlend in2="SourceGraphic" mode="multiply"/>"#
        }
    }

    /// A drawing inside its clip, transform and shadow, each a group, the clip innermost:
    /// it is in the drawing's own coordinates.
    private func effects(on element: String, of drawable: Drawable, index: Int, redacted: Bool, defs: inout [String]) -> String {
        var group = element
        if let clip = drawable.clip {
            defs.append(#"<clipPath id="\#(Self.marker)cut\#(index)"><rect x="\#(n(clip.x))" y="\#(n(clip.y))" width="\#(n(clip.width))" height="\#(n(clip.height))"/></clipPath>"#)
            group = #"<g clip-path="url(#\#(Self.marker)cut\#(index))">"# + group + "</g>"
        }
        if let transform = drawable.transform {
            let matrix = [transform.a, transform.b, transform.c, transform.d, transform.e, transform.f].map(n).joined(separator: " ")
            group = #"<g transform="matrix(\#(matrix))">"# + group + "</g>"
        }
        // Shadows are colour: the tinted and monochrome modes and placeholders draw none.
        if let shadow = drawable.shadow, mode == .fullColor, !redacted {
            let (color, opacity) = palette.resolve(shadow.color, accentable: false)
            let area = drawable.visibleFrame, spread = shadow.radius * 1.5 + 1
            let region = Rect(x: area.x + min(0, shadow.x) - spread, y: area.y + min(0, shadow.y) - spread,
                              width: area.width + abs(shadow.x) + 2 * spread, height: area.height + abs(shadow.y) + 2 * spread)
            // SwiftUI's radius is about two deviations of SVG's Gaussian blur.
            defs.append(#"<filter id="\#(Self.marker)shadow\#(index)" filterUnits="userSpaceOnUse" x="\#(n(region.x))" y="\#(n(region.y))" width="\#(n(region.width))" height="\#(n(region.height))">"#
                + #"<feGaussianBlur in="SourceAlpha" stdDeviation="\#(n(shadow.radius / 2))"/><feOffset dx="\#(n(shadow.x))" dy="\#(n(shadow.y))" result="blur"/>"#
                + #"<feFlood flood-color="\#(color)" flood-opacity="\#(n(opacity))"/><feComposite in2="blur" operator="in"/>"#
                + #"<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>"#)
            group = #"<g filter="url(#\#(Self.marker)shadow\#(index))">"# + group + "</g>"
        }
        return group
    }

    /// A linear or radial gradient over `frame` as an SVG paint server; nil
    /// for an angular one, which SVG does not have.
    private func gradientElement(_ id: String, _ kind: GradientFill.Kind, _ stops: [(color: RGBA, location: Double)], _ frame: Rect) -> String? {
        func stopElements(_ offset: (Double) -> Double) -> String {
            stops.map { #"<stop offset="\#(n(min(1, max(0, offset($0.location)))))" stop-color="\#($0.color.hex)" stop-opacity="\#(n($0.color.opacity))"/>"# }.joined()
        }
        func point(_ unit: UnitPoint) -> (String, String) { (n(frame.x + frame.width * unit.x), n(frame.y + frame.height * unit.y)) }
        switch kind {
        case .linear(let start, let end):
            let ((x1, y1), (x2, y2)) = (point(start), point(end))
            return #"<linearGradient id="\#(Self.marker)\#(id)" gradientUnits="userSpaceOnUse" x1="\#(x1)" y1="\#(y1)" x2="\#(x2)" y2="\#(y2)">\#(stopElements { $0 })</linearGradient>"#
        case .radial(let center, let startRadius, let endRadius):
            let (cx, cy) = point(center)
            // SVG's stops run from the centre; SwiftUI's from startRadius.
            let radius = max(endRadius, 0.001)
            return #"<radialGradient id="\#(Self.marker)\#(id)" gradientUnits="userSpaceOnUse" cx="\#(cx)" cy="\#(cy)" r="\#(n(radius))">\#(stopElements { (startRadius + $0 * (endRadius - startRadius)) / radius })</radialGradient>"#
        case .angular:
            return nil
        }
    }

    /// An angular gradient as wedges from its centre, each its colour at the
    /// wedge's middle; outside a part turn, the nearer end's colour.
    private func wedges(_ kind: GradientFill.Kind, _ stops: [(color: RGBA, location: Double)], _ frame: Rect) -> [String] {
        guard case .angular(let unitCenter, let startAngle, var endAngle) = kind else { return [] }
        let center = (x: frame.x + frame.width * unitCenter.x, y: frame.y + frame.height * unitCenter.y)
        let corners = [(frame.x, frame.y), (frame.x + frame.width, frame.y), (frame.x, frame.y + frame.height), (frame.x + frame.width, frame.y + frame.height)]
        let radius = corners.map { hypot($0.0 - center.x, $0.1 - center.y) }.max()! + 1
        if abs(endAngle - startAngle) < 1e-9 { endAngle = startAngle + 2 * .pi }
        let sweep = max(-2 * .pi, min(2 * .pi, endAngle - startAngle))
        func wedge(_ from: Double, _ to: Double, _ color: RGBA) -> String {
            let point = { (angle: Double) in "\(n(center.x + radius * cos(angle))) \(n(center.y + radius * sin(angle)))" }
            return #"<path d="M\#(n(center.x)) \#(n(center.y)) L\#(point(from)) A\#(n(radius)) \#(n(radius)) 0 0 \#(to > from ? 1 : 0) \#(point(to)) Z" fill="\#(color.hex)" fill-opacity="\#(n(color.opacity))"/>"#
        }
        let segments = max(8, Int((72 * abs(sweep) / (2 * .pi)).rounded(.up)))
        // Each wedge runs a little into the next, so no seam shows between them.
        let overlap = sweep / Double(segments) * 0.1
        var paths = (0..<segments).map { index in
            let from = startAngle + sweep * Double(index) / Double(segments)
            let to = startAngle + sweep * Double(index + 1) / Double(segments) + (index < segments - 1 ? overlap : 0)
            return wedge(from, to, RGBA.at((Double(index) + 0.5) / Double(segments), in: stops))
        }
        let rest = 2 * .pi - abs(sweep)
        if rest > 1e-9, let first = stops.first?.color, let last = stops.last?.color {
            let direction: Double = sweep < 0 ? -1 : 1
            let end = startAngle + sweep
            // Quarter turns at most, so that every arc is drawn the short way.
            let pieces = Int((rest / (.pi / 2)).rounded(.up))
            for piece in 0..<pieces {
                let from = end + direction * rest * Double(piece) / Double(pieces)
                let to = end + direction * rest * Double(piece + 1) / Double(pieces)
                paths.append(wedge(from, to, (Double(piece) + 0.5) / Double(pieces) < 0.5 ? last : first))
            }
        }
        return paths
    }

    /// An arc of the circle inscribed in `frame`, its stroke inside the
    /// frame; a whole turn or more is a circle.
    private func arcElement(_ start: Double, _ end: Double, _ frame: Rect, lineWidth: Double, attributes: String) -> String {
        let radius = max(0, min(frame.width, frame.height) / 2 - lineWidth / 2)
        let centerX = frame.x + frame.width / 2, centerY = frame.y + frame.height / 2
        if end - start >= 1 {
            return #"<circle cx="\#(n(centerX))" cy="\#(n(centerY))" r="\#(n(radius))" \#(attributes)/>"#
        }
        func point(_ turn: Double) -> String {
            "\(n(centerX + radius * sin(2 * .pi * turn))) \(n(centerY - radius * cos(2 * .pi * turn)))"
        }
        let large = end - start > 0.5 ? 1 : 0
        return #"<path d="M \#(point(start)) A \#(n(radius)) \#(n(radius)) 0 \#(large) 1 \#(point(end))" \#(attributes)/>"#
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
        case .ellipse:
            return #"<ellipse cx="\#(n(frame.x + frame.width / 2))" cy="\#(n(frame.y + frame.height / 2))" rx="\#(n(frame.width / 2))" ry="\#(n(frame.height / 2))" \#(attributes)/>"#
        case .path, .trimmed:
            let data = pathData(shape.path(in: CGRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)))
            return #"<path d="\#(data)" \#(attributes)/>"#
        }
    }

    /// A path as SVG's `d` attribute.
    private func pathData(_ path: Path) -> String {
        var data: [String] = []
        func point(_ point: CGPoint) -> String { "\(n(point.x)) \(n(point.y))" }
        path.forEach { element in
            switch element {
            case .move(let to): data.append("M \(point(to))")
            case .line(let to): data.append("L \(point(to))")
            case .quadCurve(let to, let control): data.append("Q \(point(control)) \(point(to))")
            case .curve(let to, let control1, let control2): data.append("C \(point(control1)) \(point(control2)) \(point(to))")
            case .closeSubpath: data.append("Z")
            }
        }
        // An empty path (a trim of nothing) draws nothing; "M 0 0" keeps the attribute valid.
        return data.isEmpty ? "M 0 0" : data.joined(separator: " ")
    }

    /// A stroke's caps, joins and dashes, as SVG's presentation attributes: nothing for SVG's defaults.
    private func lineAttributes(_ line: StrokeStyle?) -> String {
        guard let line else { return "" }
        var attributes = ""
        if line.lineCap != .butt { attributes += #" stroke-linecap="\#(line.lineCap.rawValue)""# }
        if line.lineJoin != .miter { attributes += #" stroke-linejoin="\#(line.lineJoin.rawValue)""# }
        if line.miterLimit != 4 && line.lineJoin == .miter { attributes += #" stroke-miterlimit="\#(n(max(1, line.miterLimit)))""# }
        if !line.dash.isEmpty, line.dash.contains(where: { $0 > 0 }) {
            attributes += #" stroke-dasharray="\#(line.dash.map { n($0) }.joined(separator: " "))""#
            if line.dashPhase != 0 { attributes += #" stroke-dashoffset="\#(n(line.dashPhase))""# }
        }
        return attributes
    }

    /// Text from the network is data: escaped for XML text and attributes.
    /// C0 controls are dropped (XML 1.0 has no place for them); what else a
    /// terminal would obey (DEL, C1 controls, bidi overrides, line
    /// separators) is written as a character reference, so an SVG printed to
    /// a terminal (`render` without `-o`) is inert there and draws the same.
    ///
    /// Runs that need nothing are copied whole, and text with nothing to
    /// escape (most of it) is returned as it is: appending scalar by scalar
    /// was most of the time the dashboard's page spent writing its tiles.
    package static func escape(_ text: String) -> String {
        var escaped: [UInt8] = []
        let utf8 = text.utf8
        // Where the run not yet copied starts.
        var clean = utf8.startIndex
        var index = utf8.startIndex
        while index < utf8.endIndex {
            // ASCII is a byte; past it, only the whole scalar says whether a terminal would obey it.
            let byte = utf8[index]
            let (scalar, next) = byte < 0x80 ? (Unicode.Scalar(byte), utf8.index(after: index))
                                             : (text.unicodeScalars[index], text.unicodeScalars.index(after: index))
            let replacement: String? = switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\t", "\n": nil
            case _ where scalar.value < 0x20: ""
            case _ where TerminalText.isUnsafe(scalar): "&#x\(String(scalar.value, radix: 16, uppercase: true));"
            default: nil
            }
            if let replacement {
                if escaped.isEmpty { escaped.reserveCapacity(utf8.count + 16) }
                escaped.append(contentsOf: utf8[clean ..< index])
                escaped.append(contentsOf: replacement.utf8)
                clean = next
            }
            index = next
        }
        guard clean != utf8.startIndex else { return text }
        escaped.append(contentsOf: utf8[clean...])
        return String(decoding: escaped, as: UTF8.self)
    }

    /// A scale factor, with the precision a path's thousands of units need.
    private func n4(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return String(format: "%.4f", value)
    }

    /// A coordinate as SVG writes it. Total: layout checks every view, but a
    /// number no layout should make is drawn far off the card, not a trap.
    private func n(_ value: Double) -> String {
        Self.coordinate(value)
    }

    /// `n` for other drawings of cards (a screen's).
    package static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let value = min(max(value, -1e12), 1e12)
        return value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}
