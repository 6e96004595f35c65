import Crypto
import Foundation
import WidgetConfiguration
import WidgetRendering

/// A screen as drawn at a moment: the SVG of its page, the digest that
/// names that picture (the same cards, page and palette give the same
/// digest on every host), and when it may next look different.
package struct ScreenDrawing: Sendable {
    package let screen: ScreenSettings
    package let svg: String
    /// SHA-256 of the SVG and the palette, 16 hex digits: a device keeps
    /// pictures by this name and never fetches one it has again.
    package let digest: String
    /// The playlist's page shown, from 0.
    package let page: Int
    /// The earliest of: the next entry of an instance shown, its next
    /// reload, the next page. Nil when nothing is known to come.
    package let nextChange: Date?
    /// Instance ids the page names that the container does not hold.
    package let missing: [String]
    /// Cards drawn smaller than their family's size (below `legibleScale`),
    /// whose small text is then hard to read at arm's length: by id, with the scale.
    package let shrunk: [(id: String, family: String, scale: Double)]

    /// Below this, a card's caption text (11 points) is under 9 pixels.
    package static let legibleScale = 0.8

    /// The palette it is drawn in: the screen's, or fewer greys for a
    /// panel whose firmware takes no more.
    package let screenPalette: ScreenPalette

    package init(screen: ScreenSettings, svg: String, page: Int, nextChange: Date?, missing: [String],
                 shrunk: [(id: String, family: String, scale: Double)] = [], palette: ScreenPalette? = nil) {
        self.shrunk = shrunk
        self.screen = screen
        screenPalette = palette ?? screen.palette
        self.svg = svg
        self.page = page
        self.nextChange = nextChange
        self.missing = missing
        var hash = SHA256()
        hash.update(data: Data(svg.utf8))
        hash.update(data: Data(screenPalette.rawValue.utf8))
        digest = hash.finalize().prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// The same drawing in `palette`, named by its own digest.
    package func drawn(in palette: ScreenPalette) -> ScreenDrawing {
        ScreenDrawing(screen: screen, svg: svg, page: page, nextChange: nextChange, missing: missing, shrunk: shrunk, palette: palette)
    }

    package var palette: PNGRasterizer.Palette {
        switch screenPalette {
        case .color: .color
        case .gray4: .gray4
        case .bw: .bw
        }
    }

    /// What `shrunk` says to a person.
    package var shrunkAdvice: [String] {
        shrunk.map { card in
            "instance '\(card.id)' (\(card.family)) is drawn at \(Int((card.scale * 100).rounded())) % to fit its slot of screen '\(screen.name.value)', "
                + "its small text hard to read: place it in a smaller family, or give it a larger slot"
        }
    }

    /// How long a device should sleep before asking again, in whole
    /// seconds: until the next change, within the screen's `refresh` bounds.
    package func refreshInterval(at now: Date) -> Int {
        let wanted = nextChange.map { $0.timeIntervalSince(now) } ?? screen.refreshMaximum.seconds
        return Int(min(max(wanted, screen.refreshMinimum.seconds), screen.refreshMaximum.seconds).rounded(.up))
    }
}

/// What a screen is served as.
package enum ScreenFormat: String, Sendable, CaseIterable {
    case png, svg, bmp

    package var contentType: String {
        switch self {
        case .png: "image/png"
        case .svg: "image/svg+xml"
        case .bmp: "image/bmp"
        }
    }
}
