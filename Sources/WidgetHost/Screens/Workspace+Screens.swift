import Foundation
import WidgetConfiguration
import WidgetRendering
import WidgetSDK

/// Why a screen cannot be drawn as asked.
package enum ScreenError: Error, CustomStringConvertible, Sendable {
    case unknown(String, known: [String])
    case bitmapNeedsBW(String)

    package var description: String {
        switch self {
        case .unknown(let name, let known):
            "no screen '\(name)'" + (known.isEmpty ? "; declare one under 'screens' in the manifest" : "; screens: \(known.joined(separator: ", "))")
        case .bitmapNeedsBW(let name):
            "a BMP is 1 bit a pixel: screen '\(name)' would need palette: bw"
        }
    }
}

extension Workspace {
    /// The manifest's screen `name`.
    package func screen(named name: String) throws(ScreenError) -> ScreenSettings {
        guard let screen = manifest.screen(named: name) else { throw .unknown(name, known: manifest.screens.map(\.name.value)) }
        return screen
    }

    /// `screen`'s page at `date`, its cards as `statuses` hold them: each
    /// instance's current entry (or placeholder) drawn in the screen's
    /// scheme, placed and scaled by `ScreenComposer`; a `stack` page's
    /// most relevant instance alone (`StackRelevance`).
    package func drawing(of screen: ScreenSettings, statuses: [InstanceStatus], at date: Date) async throws -> ScreenDrawing {
        let (index, until) = screen.page(at: date)
        let page = screen.pages[index]
        let byID = Dictionary(statuses.map { ($0.instance.id, $0) }, uniquingKeysWith: { first, _ in first })
        var slots: [ScreenComposer.Slot] = []
        var missing: [String] = []
        var shrunk: [(id: String, family: String, scale: Double)] = []
        let composer = ScreenComposer(width: screen.width, height: screen.height, columns: page.layout.columns, rows: page.layout.rows,
                                      eInk: screen.palette != .color, dark: screen.scheme == .dark, cornerRadius: theme.cornerRadius)
        var nextChange = until
        func sooner(_ candidate: Date?) {
            guard let candidate, candidate > date else { return }
            nextChange = min(nextChange ?? candidate, candidate)
        }
        var shownIDs = page.instances.map(\.value)
        if page.layout == .stack {
            // A Smart Stack shows its most relevant instance; the others wait their turn.
            let present = shownIDs.compactMap { byID[$0] }
            missing = shownIDs.filter { byID[$0] == nil }
            for status in present { sooner(StackRelevance(status.schedule, at: date).changes) }
            shownIDs = [present.byRelevance(at: date).first?.instance.id ?? shownIDs[0]]
        }
        for id in shownIDs {
            guard let status = byID[id] else {
                if !missing.contains(id) { missing.append(id) }
                slots.append(.missing("no instance '\(id)'"))
                continue
            }
            sooner(status.schedule?.entries.first { $0.date > date }?.date)
            sooner(status.schedule?.nextReload)
            var shown = try await renderable(status)
            shown.now = date
            let renderable = shown, scheme = screen.scheme, mode = composer.cardMode
            let card = try await RenderQueue.draw {
                let layout = renderable.layout(mode: mode, scheme: scheme)
                let svg = SVGRenderer(mode: mode, scheme: scheme, theme: renderable.theme, redacted: renderable.redacted,
                                      unavailable: renderable.unavailable).render(layout)
                return ScreenComposer.Card(svg: svg, width: layout.size.width, height: layout.size.height)
            }
            let scale = composer.scale(of: card, inSlot: slots.count)
            if scale < ScreenDrawing.legibleScale { shrunk.append((id, status.instance.family.rawValue, scale)) }
            slots.append(.card(card))
        }
        let filled = slots, title = "widgethost · \(screen.name.value)"
        let svg = try await RenderQueue.draw { composer.svg(filled, title: title) }
        return ScreenDrawing(screen: screen, svg: svg, page: index, nextChange: nextChange, missing: missing, shrunk: shrunk)
    }

    /// The drawing as `format`: its SVG, or a picture from the sandboxed rasteriser.
    package func picture(of drawing: ScreenDrawing, as format: ScreenFormat) async throws -> Data {
        switch format {
        case .svg:
            return Data(drawing.svg.utf8)
        case .png, .bmp:
            if format == .bmp, drawing.screenPalette != .bw { throw ScreenError.bitmapNeedsBW(drawing.screen.name.value) }
            let rasterizer = self.rasterizer, svg = drawing.svg, palette = drawing.palette
            return try await RenderQueue.rasterize { try rasterizer.picture(svg: svg, scale: 1, palette: palette, format: format == .bmp ? .bmp : .png) }
        }
    }
}
