import Foundation
import Synchronization
import WidgetConfiguration
import WidgetContainer
import WidgetKinds
import WidgetRendering
import WidgetSDK

extension Workspace {
    /// The instance as it shows now.
    package func renderable(_ status: InstanceStatus) async throws -> RenderableView {
        var renderable = try await drawn(status)
        renderable.contentMarginsDisabled = bundle.kind(named: status.instance.kind)?.descriptor.contentMarginsDisabled ?? false
        renderable.theme = theme
        return renderable
    }

    private func drawn(_ status: InstanceStatus) async throws -> RenderableView {
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
    package func preview(_ kind: LoadedKind, family: WidgetFamily) async throws -> RenderableView {
        let configuration = await kind.defaultConfiguration()
        let context = kind.context(for: family, isPreview: true, date: clock.now())
        let entry = try await kind.descriptor.provider.snapshot(for: configuration, in: context)
        return RenderableView(view: entry.view, family: family, date: entry.date, redacted: false,
                              contentMarginsDisabled: kind.descriptor.contentMarginsDisabled, theme: theme)
    }

    /// `manifest`'s `appearance:` and `locale:` as every card draws them.
    static func theme(of manifest: Manifest) -> CardTheme {
        let appearance = manifest.appearance
        let locale = FormattingLocale.locale(from: manifest.extensionEnvironment(ProcessInfo.processInfo.environment))
        return CardTheme(accent: appearance.accent, cornerRadius: appearance.cornerRadius, locale: locale)
    }

    /// The scheme cards are drawn in when a request does not say: the
    /// manifest's, or light.
    package var defaultScheme: ColorScheme {
        manifest.appearance.cardScheme
    }
}
