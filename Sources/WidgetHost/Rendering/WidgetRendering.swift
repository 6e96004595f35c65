import Foundation
import WidgetSDK

/// What a renderer draws for an instance: its current entry, or its kind's
/// placeholder (drawn redacted) before it has one.
public struct RenderableView: Sendable {
    public let view: ViewNode
    public let family: WidgetFamily
    public let date: Date?
    public let redacted: Bool
    /// Why it cannot be shown as live (see `SVGRenderer.unavailable`).
    public var unavailable: String? = nil
    /// The moment text that keeps time is drawn for; nil is the moment of
    /// drawing. A timeline's later entries are previewed at their own dates.
    public var now: Date? = nil

    public func layout(engine: LayoutEngine? = nil) -> WidgetLayout {
        (engine ?? LayoutEngine(now: now ?? Date())).layout(view, family: family)
    }

    public func svg(mode: RenderingMode = .fullColor) -> String {
        SVGRenderer(mode: mode, redacted: redacted, unavailable: unavailable).render(layout())
    }

    /// A standalone page with the card inline, for a browser or a static site.
    public func html(mode: RenderingMode = .fullColor, title: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><title>\(SVGRenderer.escape(title))</title></head>
        <body style="margin:0;padding:32px;background:#e9e9ee">
        \(svg(mode: mode))</body>
        </html>

        """
    }

    public func ansi(mode: RenderingMode = .fullColor, colors: ANSIRenderer.ColorSupport) -> String {
        ANSIRenderer(mode: mode, colors: colors, redacted: redacted, unavailable: unavailable).render(layout())
    }
}

extension Workspace {
    /// The instance as it shows now.
    public func renderable(_ status: InstanceStatus) async throws -> RenderableView {
        if status.state == .unsupported {
            // What it last showed, if anything, never passed off as live.
            let entry = status.currentEntry ?? status.schedule?.entries.last
            return RenderableView(view: entry?.view ?? Self.standInPlaceholder, family: status.instance.family,
                                  date: entry?.date, redacted: entry == nil, unavailable: status.detail)
        }
        if let entry = status.currentEntry {
            return RenderableView(view: entry.view, family: status.instance.family, date: entry.date, redacted: false)
        }
        guard let kind = bundle.kind(named: status.instance.kind) else {
            throw InstanceRequestError.kindNotLoaded(status.instance.kind, problems: [status.detail])
        }
        return RenderableView(view: await placeholder(of: kind, family: status.instance.family), family: status.instance.family,
                              date: nil, redacted: true)
    }

    /// The kind's placeholder, asked of its extension once per family and
    /// kept. While the extension cannot answer (it crashed and waits to
    /// restart, or hangs), a plain card of bars stands in: a tile is always drawn.
    func placeholder(of kind: LoadedKind, family: WidgetFamily) async -> ViewNode {
        let key = "\(kind.name)|\(family.rawValue)"
        if let cached = placeholders.withLock({ $0[key] }) { return cached }
        let context = kind.context(for: family, date: clock.now())
        guard let entry = try? await kind.descriptor.provider.placeholder(in: context) else {
            return Self.standInPlaceholder
        }
        placeholders.withLock { $0[key] = entry.view }
        return entry.view
    }

    /// Three lines of text, drawn redacted as bars.
    static let standInPlaceholder = ViewNode(
        .vstack(alignment: .leading, spacing: 8),
        children: ["Widget placeholder", "Loading", "Please wait"].map { ViewNode(.text($0)) })

    /// A kind's snapshot with sample data (`isPreview`), its parameters at
    /// their defaults: what the widget gallery shows. No network.
    public func preview(_ kind: LoadedKind, family: WidgetFamily) async throws -> RenderableView {
        let configuration = await kind.defaultConfiguration()
        let context = kind.context(for: family, isPreview: true, date: clock.now())
        let entry = try await kind.descriptor.provider.snapshot(for: configuration, in: context)
        return RenderableView(view: entry.view, family: family, date: entry.date, redacted: false)
    }
}
