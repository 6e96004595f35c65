/// Supplies the entries of a kind with a `StaticConfiguration`.
public protocol TimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext

    /// Shown before any timeline exists; must not block.
    func placeholder(in context: Context) async -> Entry
    /// One entry, quickly; with `context.isPreview`, sample data.
    func snapshot(in context: Context) async -> Entry
    /// The entries to show and when to ask again. Throwing keeps the last good
    /// entry on screen (marked stale) and the host retries with backoff.
    func timeline(in context: Context) async throws -> Timeline<Entry>
}

/// Supplies the entries of a kind with an `AppIntentConfiguration`: each call
/// receives the instance's configuration.
public protocol AppIntentTimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: WidgetConfigurationIntent
    typealias Context = TimelineProviderContext

    func placeholder(in context: Context) async -> Entry
    func snapshot(for configuration: Intent, in context: Context) async -> Entry
    func timeline(for configuration: Intent, in context: Context) async throws -> Timeline<Entry>
}
