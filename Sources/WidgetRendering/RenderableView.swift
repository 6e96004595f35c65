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

    package init(view: ViewNode, family: WidgetFamily, date: Date?, redacted: Bool, unavailable: String? = nil, now: Date? = nil,
                 contentMarginsDisabled: Bool = false) {
        self.view = view
        self.family = family
        self.date = date
        self.redacted = redacted
        self.unavailable = unavailable
        self.now = now
        self.contentMarginsDisabled = contentMarginsDisabled
    }

    package func layout(engine: LayoutEngine? = nil) -> WidgetLayout {
        (engine ?? LayoutEngine(now: now ?? Date())).layout(view, family: family, contentMargins: !contentMarginsDisabled)
    }

    package func svg(mode: RenderingMode = .fullColor) -> String {
        SVGRenderer(mode: mode, redacted: redacted, unavailable: unavailable).render(layout())
    }

    /// A standalone page with the card inline, for a browser or a static site.
    package func html(mode: RenderingMode = .fullColor, title: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><title>\(SVGRenderer.escape(title))</title></head>
        <body style="margin:0;padding:32px;background:#e9e9ee">
        \(svg(mode: mode))</body>
        </html>

        """
    }

    package func ansi(mode: RenderingMode = .fullColor, colors: ANSIRenderer.ColorSupport) -> String {
        ANSIRenderer(mode: mode, colors: colors, redacted: redacted, unavailable: unavailable).render(layout())
    }
}
