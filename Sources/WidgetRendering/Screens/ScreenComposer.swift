import Foundation

/// One picture of several cards for a panel: the page cut into a grid of
/// slots, each card scaled to fill its slot whole (as large as it goes, for
/// reading across a room), centred, with the same space between cards as
/// around them. On e-ink the page is white and each card is outlined, since
/// a white card on a white page has no edge of its own.
package struct ScreenComposer: Sendable {
    /// A card's SVG and its size in points.
    package struct Card: Sendable {
        package let svg: String
        package let width: Double
        package let height: Double

        package init(svg: String, width: Double, height: Double) {
            self.svg = svg
            self.width = width
            self.height = height
        }
    }

    /// What fills a slot: a card, or why there is none.
    package enum Slot: Sendable {
        case card(Card)
        case missing(String)
    }

    package let width: Int
    package let height: Int
    package let columns: Int
    package let rows: Int
    /// Black on white with outlined cards, for e-ink; else the dashboard's page colour.
    package let eInk: Bool
    package let dark: Bool
    package let cornerRadius: Double

    package init(width: Int, height: Int, columns: Int, rows: Int, eInk: Bool, dark: Bool = false, cornerRadius: Double = 22) {
        self.width = width
        self.height = height
        self.columns = max(columns, 1)
        self.rows = max(rows, 1)
        self.eInk = eInk
        self.dark = dark
        self.cornerRadius = cornerRadius
    }

    /// How the cards are drawn: in colour, or on e-ink as WidgetKit's
    /// vibrant mode draws a widget on a monochrome surface (the Lock Screen,
    /// StandBy at night): its background removed, its content in greys
    /// by lightness. A card drawn in colour and then made 1-bit loses what
    /// only its hue told apart (a green ring on a pale green track, white
    /// text on a sky-blue gradient); a kind may also draw a variant of its
    /// own for the mode (`\.widgetRenderingMode`).
    package var cardMode: RenderingMode { eInk ? .vibrant : .fullColor }

    /// The space around and between cards: 3 % of the shorter side.
    package var gap: Double { (Double(min(width, height)) * 0.03).rounded() }

    /// The slots' frames, row by row.
    package var frames: [(x: Double, y: Double, width: Double, height: Double)] {
        let slotWidth = (Double(width) - gap * Double(columns + 1)) / Double(columns)
        let slotHeight = (Double(height) - gap * Double(rows + 1)) / Double(rows)
        return (0..<rows).flatMap { row in
            (0..<columns).map { column in
                (gap + Double(column) * (slotWidth + gap), gap + Double(row) * (slotHeight + gap), slotWidth, slotHeight)
            }
        }
    }

    /// How much `card` is scaled to fill slot `index`.
    package func scale(of card: Card, inSlot index: Int) -> Double {
        let frames = frames
        guard frames.indices.contains(index), card.width > 0, card.height > 0 else { return 1 }
        return min(frames[index].width / card.width, frames[index].height / card.height)
    }

    /// The screen's SVG, `title` its accessible name; slots past `slots` stay empty.
    package func svg(_ slots: [Slot], title: String) -> String {
        let ink = dark ? "#ffffff" : "#000000"
        let page = eInk ? (dark ? "#000000" : "#ffffff") : (dark ? "#000000" : "#e9e9ee")
        var body = [#"<rect width="\#(width)" height="\#(height)" fill="\#(page)"/>"#]
        for (slot, frame) in zip(slots, frames) {
            switch slot {
            case .card(let card):
                guard card.width > 0, card.height > 0 else { continue }
                let scale = min(frame.width / card.width, frame.height / card.height)
                let x = frame.x + (frame.width - card.width * scale) / 2, y = frame.y + (frame.height - card.height * scale) / 2
                body.append(#"<g transform="translate(\#(n(x)) \#(n(y))) scale(\#(n(scale)))">"# + card.svg + "</g>")
                if eInk {
                    body.append(#"<rect x="\#(n(x))" y="\#(n(y))" width="\#(n(card.width * scale))" height="\#(n(card.height * scale))" rx="\#(n(cornerRadius * scale))" fill="none" stroke="\#(ink)" stroke-width="2"/>"#)
                }
            case .missing(let reason):
                let size = max(12, min(frame.height / 8, 22))
                body.append(#"<rect x="\#(n(frame.x + 1))" y="\#(n(frame.y + 1))" width="\#(n(frame.width - 2))" height="\#(n(frame.height - 2))" rx="\#(n(cornerRadius))" fill="none" stroke="\#(ink)" stroke-width="2" stroke-dasharray="8 6"/>"#)
                body.append(#"<text x="\#(n(frame.x + frame.width / 2))" y="\#(n(frame.y + frame.height / 2 + size / 3))" font-size="\#(n(size))" text-anchor="middle" fill="\#(ink)">\#(SVGRenderer.escape(reason))</text>"#)
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="\(SVGRenderer.fontFamily)" role="img">
            <title>\(SVGRenderer.escape(title))</title>
            \(body.joined(separator: "\n"))
            </svg>

            """
    }

    private func n(_ value: Double) -> String {
        SVGRenderer.coordinate(value)
    }
}
