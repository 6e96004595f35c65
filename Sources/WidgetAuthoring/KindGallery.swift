import Foundation
import HostText
import WidgetHost
import WidgetKinds
import WidgetRendering
import WidgetSDK

/// Everything `widgethost dev` shows of one kind: for each family it
/// supports, its snapshot (drawn in every rendering mode), its placeholder,
/// and the entries of one timeline at their dates. Each call runs in the
/// kind's extension process, so a kind that crashes or throws shows as a
/// failure in its place while the rest of the gallery is drawn.
package struct KindGallery: Sendable {
    package let kind: String
    package let displayName: String
    package let description: String
    package let sheets: [FamilySheet]
    /// The module's `#Preview`s of this kind, in its order: none when it has none.
    package var previews: Result<[NamedPreview], PreviewFailure> = .success([])

    /// SF Symbol names the kind drew that widgethost does not know, each a warning.
    package var symbolWarnings: [String] {
        var views: [ViewNode] = []
        for sheet in sheets {
            for result in [sheet.snapshot, sheet.placeholder] { if case .success(let view) = result { views.append(view.view) } }
            if case .success(let entries)? = sheet.timeline { views += entries.map(\.view) }
        }
        if case .success(let previews) = previews {
            for preview in previews { if case .success(let entries) = preview.entries { views += entries.map(\.view) } }
        }
        return SymbolCatalog.warnings(kind: kind, in: views)
    }

    /// One family's previews.
    package struct FamilySheet: Sendable {
        package let family: WidgetFamily
        package let snapshot: Result<RenderableView, PreviewFailure>
        package let placeholder: Result<RenderableView, PreviewFailure>
        /// The entries of one timeline, each drawn as at its own date; nil
        /// when not asked for (a timeline may use the network).
        package let timeline: Result<[RenderableView], PreviewFailure>?
        /// `atEnd`, `after 2026-11-22 10:00`, `never`; nil when the timeline failed.
        package let policy: String?
    }

    /// One `#Preview`: its entries, each drawn as at its own date.
    package struct NamedPreview: Sendable {
        /// The name it was given, as it may be shown on a terminal; nil when it has none.
        package let name: String?
        package let family: WidgetFamily
        package let entries: Result<[RenderableView], PreviewFailure>

        /// `#Preview "Many stars" (systemSmall)`.
        package var title: String {
            "#Preview" + (name.map { " \"\(TerminalText.cells($0))\"" } ?? "") + " (\(family.rawValue))"
        }
    }

    /// Asks the kind for all of it, with its parameters at their defaults,
    /// as the gallery of WidgetKit's previews does.
    package static func make(for kind: LoadedKind, in workspace: Workspace, includingTimeline: Bool = true) async -> KindGallery {
        let configuration = await kind.defaultConfiguration()
        // A crash would hold the module back for its restart backoff: for
        // an author's previews, start a fresh process at once instead, so
        // the other previews are still drawn.
        func attempt<T>(_ body: () async throws -> T) async -> Result<T, PreviewFailure> {
            let result = await PreviewFailure.catching(body)
            if case .failure(let failure) = result, failure.crashed { await kind.extension.replace() }
            return result
        }
        var sheets: [FamilySheet] = []
        let theme = workspace.theme
        for family in kind.families {
            let now = workspace.clock.now()
            let provider = kind.descriptor.provider
            let edgeToEdge = kind.descriptor.contentMarginsDisabled
            let snapshot = await attempt {
                let entry = try await provider.snapshot(for: configuration, in: kind.context(for: family, isPreview: true, date: now))
                return RenderableView(view: entry.view, family: family, date: entry.date, redacted: false, contentMarginsDisabled: edgeToEdge, theme: theme)
            }
            let placeholder = await attempt {
                let entry = try await provider.placeholder(in: kind.context(for: family, date: now))
                return RenderableView(view: entry.view, family: family, date: nil, redacted: true, contentMarginsDisabled: edgeToEdge, theme: theme)
            }
            var policy: String?
            let timeline = !includingTimeline ? nil : await attempt {
                let timeline = try await provider.timeline(for: configuration, in: kind.context(for: family, date: now))
                policy = Self.describe(timeline.policy)
                return timeline.entries.map {
                    RenderableView(view: $0.view, family: family, date: $0.date, redacted: false, now: $0.date,
                                   contentMarginsDisabled: edgeToEdge, theme: theme)
                }
            }
            sheets.append(FamilySheet(family: family, snapshot: snapshot, placeholder: placeholder, timeline: timeline, policy: policy))
        }
        let edgeToEdge = kind.descriptor.contentMarginsDisabled
        var gallery = KindGallery(kind: kind.name, displayName: kind.descriptor.displayName, description: kind.descriptor.description, sheets: sheets)
        gallery.previews = await attempt {
            try await kind.previews(at: workspace.clock.now()).map { preview in
                NamedPreview(name: preview.name, family: preview.family, entries: preview.timeline.map { timeline in
                    timeline.entries.map {
                        RenderableView(view: $0.view, family: preview.family, date: $0.date, redacted: false, now: $0.date,
                                       contentMarginsDisabled: edgeToEdge, theme: theme)
                    }
                }.mapError { PreviewFailure(description: $0.description) })
            }
        }
        return gallery
    }

    static func describe(_ policy: TimelineReloadPolicy) -> String {
        switch policy {
        case .atEnd: "atEnd"
        case .never: "never"
        case .after(let date): "after \(PreviewFailure.timestamp(date))"
        }
    }
}

/// Why one preview could not be drawn, in one line.
package struct PreviewFailure: Error, Sendable, CustomStringConvertible {
    package let description: String
    /// The kind's extension process died during the call.
    var crashed = false

    static func catching<T>(_ body: () async throws -> T) async -> Result<T, PreviewFailure> {
        do {
            return .success(try await body())
        } catch {
            return .failure(PreviewFailure(description: "\(ErrorText.describe(error))", crashed: error is ExtensionCrash))
        }
    }

    /// `2026-11-22 10:00:05`, in the local time zone, as an author reads it.
    static func timestamp(_ date: Date) -> String {
        timestampFormatter.string(from: date)
    }

    /// Made once: every timeline entry of every redraw is labelled with it.
    private static let timestampFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter
    }()
}
