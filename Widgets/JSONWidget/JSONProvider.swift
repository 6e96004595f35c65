import Foundation
import JSONWidgetSpec
import WidgetKit

/// Fetches the declared URL at each reload and reads the card from it. A
/// failure (an error status, a document that is not JSON, a path that
/// selects nothing) fails the reload: the last good card stays, and the
/// reason shows in `widgethost status`.
struct JSONProvider: TimelineProvider {
    func placeholder(in context: Context) async -> JSONEntry {
        let spec = Self.spec(in: context)
        return JSONEntry(date: context.date, title: spec?.title ?? "JSON", card: .sample(spec?.layout ?? .number, at: context.date))
    }

    func snapshot(in context: Context) async -> JSONEntry {
        if context.isPreview { return await placeholder(in: context) }
        guard let spec = Self.spec(in: context), let card = try? await Self.card(spec, at: context.date) else {
            return await placeholder(in: context)
        }
        return JSONEntry(date: context.date, title: spec.title ?? "JSON", card: card)
    }

    func timeline(in context: Context) async throws -> Timeline<JSONEntry> {
        guard let spec = Self.spec(in: context) else { throw JSONKindError.undeclared }
        let entry = JSONEntry(date: context.date, title: spec.title ?? "JSON", card: try await Self.card(spec, at: context.date))
        return Timeline(entries: [entry], policy: .after(context.date.addingTimeInterval(spec.refresh)))
    }

    /// The kind's declaration, which the host checked when it read the manifest.
    static func spec(in context: Context) -> JSONWidgetSpec? {
        context.settings[JSONWidgetSpec.settingsKey].flatMap { try? JSONDecoder().decode(JSONWidgetSpec.self, from: Data($0.utf8)) }
    }

    static func card(_ spec: JSONWidgetSpec, at date: Date) async throws -> JSONCard {
        let document = try await JSONSource(url: spec.url).document()
        return try JSONCard(spec: spec, document: document)
    }
}
