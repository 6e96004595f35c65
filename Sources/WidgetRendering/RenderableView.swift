import Foundation
import WidgetSDK

/// What a renderer draws for an instance: its current entry, or its kind's
/// placeholder (drawn redacted) before it has one.
package struct RenderableView: Sendable {
    package let view: ViewNode
    package let family: WidgetFamily
    package let date: Date?
    package let redacted: Bool
    /// Why it cannot be shown as live (see `SVGRenderer.unavailable`).
    package var unavailable: String? = nil
    /// The moment text that keeps time is drawn for; nil is the moment of
    /// drawing. A timeline's later entries are previewed at their own dates.
    package var now: Date? = nil
    /// The kind's `.contentMarginsDisabled()`: no margin around the view.
    package var contentMarginsDisabled = false
    /// The manifest's accent colour and corner radius.
    package var theme: CardTheme = .standard

    package init(view: ViewNode, family: WidgetFamily, date: Date?, redacted: Bool, unavailable: String? = nil, now: Date? = nil,
                 contentMarginsDisabled: Bool = false, theme: CardTheme = .standard) {
        self.theme = theme
        self.view = view
        self.family = family
        self.date = date
        self.redacted = redacted
        self.unavailable = unavailable
        self.now = now
        self.contentMarginsDisabled = contentMarginsDisabled
    }

    /// Laid out as the drawing in `mode` and `scheme` sees it: the entry's
    /// variant for them, when the kind made one.
    package func layout(engine: LayoutEngine? = nil, mode: RenderingMode = .fullColor, scheme: ColorScheme = .light) -> WidgetLayout {
        (engine ?? LayoutEngine(now: now ?? Date(), locale: theme.locale)).layout(view.variant(renderingMode: mode.rawValue, dark: scheme == .dark),
                                                           family: family, contentMargins: !contentMarginsDisabled)
    }

    package func svg(mode: RenderingMode = .fullColor, scheme: ColorScheme = .light) -> String {
        SVGRenderer(mode: mode, scheme: scheme, theme: theme, redacted: redacted, unavailable: unavailable).render(layout(mode: mode, scheme: scheme))
    }

    /// The SVG rasterised by `rasterizer`: `scale` pixels a point.
    package func png(mode: RenderingMode = .fullColor, scheme: ColorScheme = .light, scale: Double = 1,
                     palette: PNGRasterizer.Palette = .color, rasterizer: any PNGRendering) throws -> Data {
        try rasterizer.png(svg: svg(mode: mode, scheme: scheme), scale: scale, palette: palette)
    }

    /// A standalone page with the card inline, for a browser or a static site.
    package func html(mode: RenderingMode = .fullColor, scheme: ColorScheme = .light, title: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><title>\(SVGRenderer.escape(title))</title></head>
        <body style="margin:0;padding:32px;background:\(scheme == .dark ? "#000000" : "#e9e9ee")">
        \(svg(mode: mode, scheme: scheme))</body>
        </html>

        """
    }

    /// The entry's largest text (a figure, usually): what a compact tile on
    /// the board shows. Several of that size are joined with " · "; a
    /// placeholder says it is loading.
    package var headline: String {
        guard !redacted else { return "…" }
        let texts = layout().drawables.compactMap { drawable -> (size: Double, text: String)? in
            guard case .text(let lines, let font) = drawable.kind, let first = lines.first, !first.isEmpty else { return nil }
            return (font.size, first)
        }
        guard let largest = texts.map(\.size).max() else { return "" }
        return texts.filter { $0.size == largest }.map(\.text).joined(separator: " · ")
    }

    package func ansi(mode: RenderingMode = .fullColor, scheme: ColorScheme = .light, colors: ANSIRenderer.ColorSupport) -> String {
        ANSIRenderer(mode: mode, scheme: scheme, theme: theme, colors: colors, redacted: redacted, unavailable: unavailable).render(layout(mode: mode, scheme: scheme))
    }
}
