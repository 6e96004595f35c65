import Foundation
import WidgetRendering
import WidgetSDK

/// One line of `widgethost dev --json`: what a build gave, for scripts and
/// editors. Each preview carries the text it shows, so a script can tell
/// that an edit arrived without drawing anything.
public struct DevReport: Encodable, Sendable {
    public let build: Int
    /// `building`, `ok`, `failed` (the compiler refused), or `unusable` (the manifest).
    public let status: String
    public var changed: [String]? = nil
    public var buildSeconds: Double? = nil
    public var previewSeconds: Double? = nil
    public var errors: [CompilerDiagnostic]? = nil
    /// A failed build's output when no diagnostic could be read from it, or the manifest's problem.
    public var message: [String]? = nil
    public var problems: [String]? = nil
    public var kinds: [Kind]? = nil

    public struct Kind: Encodable, Sendable {
        public let kind: String
        public let families: [Family]
    }

    public struct Family: Encodable, Sendable {
        public let family: String
        public let snapshot: Preview
        public let placeholder: Preview
        public let timeline: [Preview]
        public let policy: String?
        public let timelineError: String?
    }

    public struct Preview: Encodable, Sendable {
        public var date: Date? = nil
        public var texts: [String]? = nil
        public var error: String? = nil

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

    public init(_ update: DevSession.Update) {
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
                })
            }
        }
    }

    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
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
