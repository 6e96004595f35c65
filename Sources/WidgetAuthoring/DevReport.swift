import Foundation
import HostText
import WidgetConfiguration
import WidgetRendering
import WidgetSDK

/// One line of `widgethost dev --json`: what a build gave, for scripts and
/// editors. Each preview carries the text it shows, so a script can tell
/// that an edit arrived without drawing anything.
package struct DevReport: Encodable, Sendable {
    package let build: Int
    /// `building`, `ok`, `failed` (the compiler refused), or `unusable` (the manifest).
    package let status: String
    package var changed: [String]? = nil
    package var buildSeconds: Double? = nil
    package var previewSeconds: Double? = nil
    package var errors: [CompilerDiagnostic]? = nil
    /// A failed build's output when no diagnostic could be read from it, or the manifest's problem.
    package var message: [String]? = nil
    package var problems: [String]? = nil
    package var kinds: [Kind]? = nil

    package struct Kind: Encodable, Sendable {
        package let kind: String
        package let families: [Family]
        /// The module's `#Preview`s of the kind.
        package let previews: [NamedPreview]
        /// Why they could not be had (the kind crashed, say).
        package let previewsError: String?
    }

    package struct NamedPreview: Encodable, Sendable {
        package let name: String?
        package let family: String
        package let entries: [Preview]
        package let error: String?
    }

    package struct Family: Encodable, Sendable {
        package let family: String
        package let snapshot: Preview
        package let placeholder: Preview
        package let timeline: [Preview]
        package let policy: String?
        package let timelineError: String?
    }

    package struct Preview: Encodable, Sendable {
        package var date: Date? = nil
        package var texts: [String]? = nil
        package var error: String? = nil

        init(_ result: Result<RenderableView, PreviewFailure>) {
            switch result {
            case .success(let view):
                date = view.redacted ? nil : view.date
                texts = view.view.texts
            case .failure(let failure):
                error = failure.description
            }
        }
    }

    package init(_ update: DevSession.Update) {
        switch update {
        case .building(let number, let changed):
            build = number
            status = "building"
            self.changed = changed
        case .failed(let number, let build):
            self.build = number
            status = "failed"
            buildSeconds = build.duration.seconds
            errors = build.diagnostics.filter { $0.severity == .error }
            if errors?.isEmpty == true { message = build.failureSummary }
        case .unusable(let number, let problem):
            build = number
            status = "unusable"
            message = [problem]
        case .built(let previews):
            build = previews.number
            status = "ok"
            buildSeconds = previews.buildDuration.seconds
            previewSeconds = previews.previewDuration.seconds
            problems = previews.problems
            kinds = previews.galleries.map { gallery in
                Kind(kind: gallery.kind, families: gallery.sheets.map { sheet in
                    let entries = (try? sheet.timeline?.get()) ?? []
                    return Family(family: sheet.family.rawValue, snapshot: Preview(sheet.snapshot), placeholder: Preview(sheet.placeholder),
                                  timeline: entries.map { Preview(.success($0)) }, policy: sheet.policy,
                                  timelineError: sheet.timeline?.failureDescription)
                }, previews: ((try? gallery.previews.get()) ?? []).map { preview in
                    NamedPreview(name: preview.name, family: preview.family.rawValue,
                                 entries: ((try? preview.entries.get()) ?? []).map { Preview(.success($0)) },
                                 error: preview.entries.failureDescription)
                }, previewsError: gallery.previews.failureDescription)
            }
        }
    }

    package func json() -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // JSONEncoder escapes C0 only; a kind's C1 controls and bidi overrides are escaped too.
        return TerminalText.json(String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self))
    }
}

extension Result where Failure == PreviewFailure {
    var failureDescription: String? {
        if case .failure(let failure) = self { return failure.description }
        return nil
    }
}

extension ViewNode {
    /// Every string the view shows, in reading order.
    var texts: [String] {
        var found: [String] = []
        if case .text(let string) = content { found.append(string) }
        for child in children { found += child.texts }
        return found
    }
}
