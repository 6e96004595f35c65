/// Supplies the entries of a kind with a SiriKit `IntentConfiguration`:
/// WidgetKit's form before App Intents, each call given the instance's
/// intent. Implement `getSnapshot(for:in:completion:)` and
/// `getTimeline(for:in:completion:)`, or their async forms; each form is
/// the other's default. A completion never called is a call the host times out.
public protocol IntentTimelineProvider: Sendable {
    /// The kind's entry type.
    associatedtype Entry: TimelineEntry
    /// The intent Xcode generated from the definition.
    associatedtype Intent: INIntent
    /// What the host tells each call.
    typealias Context = TimelineProviderContext

    /// Shown before any timeline exists; must not block.
    func placeholder(in context: Context) async -> Entry
    /// One entry for `configuration`, quickly.
    func snapshot(for configuration: Intent, in context: Context) async -> Entry
    /// The entries for `configuration` and when to ask again.
    func timeline(for configuration: Intent, in context: Context) async throws -> Timeline<Entry>
    /// WidgetKit's completion-handler form of `snapshot(for:in:)`.
    func getSnapshot(for configuration: Intent, in context: Context, completion: @escaping (Entry) -> Void)
    /// WidgetKit's completion-handler form of `timeline(for:in:)`.
    func getTimeline(for configuration: Intent, in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
    /// When widgets of each configuration are relevant; none by default.
    func relevance() async -> WidgetRelevance<Intent>
}

extension IntentTimelineProvider {
    /// No relevance.
    public func relevance() async -> WidgetRelevance<Intent> {
        WidgetRelevance([])
    }

    /// The entry `getSnapshot(for:in:completion:)` hands over.
    public func snapshot(for configuration: Intent, in context: Context) async -> Entry {
        let configuration = UncheckedCompletion<Void>.Carried(configuration)
        return await withCheckedContinuation { answer in
            getSnapshot(for: configuration.value, in: context) { answer.resume(returning: $0) }
        }
    }

    /// The timeline `getTimeline(for:in:completion:)` hands over.
    public func timeline(for configuration: Intent, in context: Context) async throws -> Timeline<Entry> {
        let configuration = UncheckedCompletion<Void>.Carried(configuration)
        return await withCheckedContinuation { answer in
            getTimeline(for: configuration.value, in: context) { answer.resume(returning: $0) }
        }
    }

    /// Hands over what `snapshot(for:in:)` returns.
    public func getSnapshot(for configuration: Intent, in context: Context, completion: @escaping (Entry) -> Void) {
        let completion = UncheckedCompletion(completion)
        Task { completion.call(await snapshot(for: configuration, in: context)) }
    }

    /// Hands over what `timeline(for:in:)` returns; one that throws hands over nothing.
    public func getTimeline(for configuration: Intent, in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
        let completion = UncheckedCompletion(completion)
        Task { if let timeline = try? await timeline(for: configuration, in: context) { completion.call(timeline) } }
    }
}
