/// Supplies the entries of a kind with a `StaticConfiguration`.
public protocol TimelineProvider: Sendable {
    /// The kind's entry type.
    associatedtype Entry: TimelineEntry
    /// What the host tells each call: family, size, preview or not, settings and now.
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
}
