import Foundation

/// A screen as `render --screen --format json` and the dashboard's
/// `/screens` describe it.
package struct ScreenSummary: Encodable, Sendable {
    package let name: String
    package let size: String
    package let palette: String
    package let scheme: String
    /// The page shown now (from 0), of how many.
    package let page: Int
    package let pages: Int
    package let layout: String
    package let instances: [String]
    /// Names the picture: `/screens/<name>.png` changes when this does.
    package let digest: String
    package let nextChange: Date?
    /// Instance ids the page names that the container does not hold.
    package let missing: [String]
    /// Cards drawn so small that their text is hard to read, and what to do.
    package let advice: [String]

    enum CodingKeys: String, CodingKey {
        case name, size, palette, scheme, page, pages, layout, instances, digest, missing, advice
        case nextChange = "next_change"
    }

    package init(_ drawing: ScreenDrawing) {
        let screen = drawing.screen
        name = screen.name.value
        size = "\(screen.width)x\(screen.height)"
        palette = screen.palette.rawValue
        scheme = screen.scheme.rawValue
        page = drawing.page
        pages = screen.pages.count
        layout = screen.pages[drawing.page].layout.name
        instances = screen.pages[drawing.page].instances.map(\.value)
        digest = drawing.digest
        nextChange = drawing.nextChange
        missing = drawing.missing
        advice = drawing.shrunkAdvice
    }
}
