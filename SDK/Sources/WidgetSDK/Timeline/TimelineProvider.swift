/// Supplies the entries of a kind with a `StaticConfiguration`, in either of
/// WidgetKit's forms: implement `snapshot(in:)` and `timeline(in:)` (async),
/// or `getSnapshot(in:completion:)` and `getTimeline(in:completion:)` as
/// WidgetKit code written before Swift concurrency does. Each form is the
/// other's default, so implement one of the two for each. A completion that
/// is never called is a call that never ends: the host times it out.
public protocol TimelineProvider: Sendable {
    /// The kind's entry type.
    associatedtype Entry: TimelineEntry
    /// What the host tells each call: family, size, preview or not, settings and now.
    typealias Context = TimelineProviderContext

    /// Shown before any timeline exists; must not block. (WidgetKit's
    /// synchronous `placeholder(in:)` fits here as it is.)
    func placeholder(in context: Context) async -> Entry
    /// One entry, quickly; with `context.isPreview`, sample data.
    func snapshot(in context: Context) async -> Entry
    /// The entries to show and when to ask again. Throwing keeps the last good
    /// entry on screen (marked stale) and the host retries with backoff.
    func timeline(in context: Context) async throws -> Timeline<Entry>
    /// WidgetKit's completion-handler form of `snapshot(in:)`.
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void)
    /// WidgetKit's completion-handler form of `timeline(in:)`.
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
    /// When the kind's widgets are relevant; none by default. Asked each
    /// time a timeline is made, and kept with it (docs/relevance.md).
    func relevance() async -> WidgetRelevance<Void>
}

extension TimelineProvider {
    /// No relevance.
    public func relevance() async -> WidgetRelevance<Void> {
        WidgetRelevance([])
    }

    /// The entry `getSnapshot(in:completion:)` hands over.
    public func snapshot(in context: Context) async -> Entry {
        await withCheckedContinuation { answer in
            getSnapshot(in: context) { answer.resume(returning: $0) }
        }
    }

    /// The timeline `getTimeline(in:completion:)` hands over.
    public func timeline(in context: Context) async throws -> Timeline<Entry> {
        await withCheckedContinuation { answer in
            getTimeline(in: context) { answer.resume(returning: $0) }
        }
    }

    /// Hands over what `snapshot(in:)` returns.
    public func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) {
        let completion = UncheckedCompletion(completion)
        Task { completion.call(await snapshot(in: context)) }
    }

    /// Hands over what `timeline(in:)` returns; a timeline that throws hands
    /// over nothing (WidgetKit's form cannot say why).
    public func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
        let completion = UncheckedCompletion(completion)
        Task { if let timeline = try? await timeline(in: context) { completion.call(timeline) } }
    }
}

/// A completion handler of WidgetKit's form, which is not `@Sendable`, called
/// once from the task that computed its value.
struct UncheckedCompletion<Value>: @unchecked Sendable {
    private let body: (Value) -> Void

    init(_ body: @escaping (Value) -> Void) {
        self.body = body
    }

    func call(_ value: Value) {
        body(value)
    }

    /// A value handed to code that is not `Sendable`-checked (an intent,
    /// a class the kind's provider reads on the task that calls it).
    struct Carried<Wrapped>: @unchecked Sendable {
        let value: Wrapped
        init(_ value: Wrapped) { self.value = value }
    }
}

/// Supplies the entries of a kind with an `AppIntentConfiguration`: each call
/// receives the instance's configuration.
public protocol AppIntentTimelineProvider: Sendable {
    /// The kind's entry type.
    associatedtype Entry: TimelineEntry
    /// The kind's configuration intent.
    associatedtype Intent: WidgetConfigurationIntent
    /// What the host tells each call: family, size, preview or not, settings and now.
    typealias Context = TimelineProviderContext

    /// Shown before any timeline exists; must not block.
    func placeholder(in context: Context) async -> Entry
    /// One entry for `configuration`, quickly; with `context.isPreview`, sample data.
    func snapshot(for configuration: Intent, in context: Context) async -> Entry
    /// The entries for `configuration` and when to ask again. Throwing keeps the last good entry on screen (marked stale) and the host retries with backoff.
    func timeline(for configuration: Intent, in context: Context) async throws -> Timeline<Entry>
    /// When widgets of each configuration are relevant; none by default.
    /// Asked each time a timeline is made, and kept with it (docs/relevance.md).
    func relevance() async -> WidgetRelevance<Intent>
}

extension AppIntentTimelineProvider {
    /// No relevance.
    public func relevance() async -> WidgetRelevance<Intent> {
        WidgetRelevance([])
    }
}
