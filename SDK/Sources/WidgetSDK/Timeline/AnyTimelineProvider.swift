/// A provider with its entry type and content closure erased: every call
/// returns archived entries, so the host never sees a kind's own types.
public struct AnyTimelineProvider: Sendable {
    private let placeholderEntry: @Sendable (TimelineProviderContext) async throws -> ArchivedEntry
    private let snapshotEntry: @Sendable (ConfigurationValues, TimelineProviderContext) async throws -> ArchivedEntry
    private let makeTimeline: @Sendable (ConfigurationValues, TimelineProviderContext) async throws -> ArchivedTimeline
    /// Draws entries made elsewhere (a `#Preview`'s) with the kind's content; nil where the provider runs elsewhere.
    private let archiveEntries: (@Sendable ([any TimelineEntry], TimelineProviderContext) throws -> ArchivedTimeline)?

    /// Throws only when the provider runs elsewhere and could not answer.
    public func placeholder(in context: TimelineProviderContext) async throws -> ArchivedEntry {
        try await placeholderEntry(context)
    }

    /// Throws only when `configuration` does not fit the kind's parameters.
    public func snapshot(for configuration: ConfigurationValues, in context: TimelineProviderContext) async throws -> ArchivedEntry {
        try await snapshotEntry(configuration, context)
    }

    /// The provider's timeline for `configuration`.
    public func timeline(for configuration: ConfigurationValues, in context: TimelineProviderContext) async throws -> ArchivedTimeline {
        try await makeTimeline(configuration, context)
    }

    /// `entries`, drawn by the kind's content as a timeline ending `.never`:
    /// a `#Preview`'s. Throws when they are not the kind's entry type, or
    /// when the provider runs in another process.
    public func archive(_ entries: [any TimelineEntry], in context: TimelineProviderContext) throws -> ArchivedTimeline {
        guard let archiveEntries else { throw EntryRefused(reason: "this kind's entries are drawn in its extension process") }
        return try archiveEntries(entries, context)
    }

    /// A provider answered elsewhere: the host builds these for kinds that run
    /// in an extension process, each closure a call across the boundary.
    public init(placeholder: @escaping @Sendable (TimelineProviderContext) async throws -> ArchivedEntry,
                snapshot: @escaping @Sendable (ConfigurationValues, TimelineProviderContext) async throws -> ArchivedEntry,
                timeline: @escaping @Sendable (ConfigurationValues, TimelineProviderContext) async throws -> ArchivedTimeline) {
        placeholderEntry = placeholder
        snapshotEntry = snapshot
        makeTimeline = timeline
        archiveEntries = nil
    }

    init<P: TimelineProvider, Content: View>(_ provider: P, content: @escaping @Sendable (P.Entry) -> Content) {
        let archive = EntryArchiver(content: content)
        placeholderEntry = { context in try archive(await provider.placeholder(in: context), context) }
        snapshotEntry = { _, context in try archive(await provider.snapshot(in: context), context) }
        makeTimeline = { _, context in
            var timeline = try archive(try await provider.timeline(in: context), context)
            timeline.relevantIntervals = EntryValidator.kept(await provider.relevance().intervals(for: nil))
            return timeline
        }
        archiveEntries = { entries, context in try archive(Timeline(entries: try EntryArchiver<P.Entry, Content>.typed(entries), policy: .never), context) }
    }

    init<P: IntentTimelineProvider, Content: View>(_ provider: P, content: @escaping @Sendable (P.Entry) -> Content) {
        let archive = EntryArchiver(content: content)
        placeholderEntry = { context in try archive(await provider.placeholder(in: context), context) }
        snapshotEntry = { values, context in try archive(await provider.snapshot(for: P.Intent(values: values), in: context), context) }
        makeTimeline = { values, context in
            let intent = P.Intent(values: values)
            var timeline = try archive(try await provider.timeline(for: intent, in: context), context)
            timeline.relevantIntervals = EntryValidator.kept(await provider.relevance().intervals(for: intent.configurationValues))
            return timeline
        }
        archiveEntries = { entries, context in try archive(Timeline(entries: try EntryArchiver<P.Entry, Content>.typed(entries), policy: .never), context) }
    }

    init<P: AppIntentTimelineProvider, Content: View>(_ provider: P, content: @escaping @Sendable (P.Entry) -> Content) {
        let archive = EntryArchiver(content: content)
        placeholderEntry = { context in try archive(await provider.placeholder(in: context), context) }
        snapshotEntry = { values, context in
            let intent = try await P.Intent.resolved(values: values)
            return try archive(await provider.snapshot(for: intent, in: context), context)
        }
        makeTimeline = { values, context in
            let intent = try await P.Intent.resolved(values: values)
            var timeline = try archive(try await provider.timeline(for: intent, in: context), context)
            timeline.relevantIntervals = EntryValidator.kept(await provider.relevance().intervals(for: ParameterReflection.values(of: intent)))
            return timeline
        }
        archiveEntries = { entries, context in try archive(Timeline(entries: try EntryArchiver<P.Entry, Content>.typed(entries), policy: .never), context) }
    }
}

/// Runs a kind's content closure with the environment of the context, turning
/// entries into archived entries.
private struct EntryArchiver<Entry: TimelineEntry, Content: View>: Sendable {
    let content: @Sendable (Entry) -> Content

    /// Throws `EntryRefused` for what the host would refuse (a non-finite
    /// frame, a link that is not http or https, …), so the author sees it in
    /// `preview` and `dev`; texts over their limit are cut, as the host cuts them.
    func callAsFunction(_ entry: Entry, _ context: TimelineProviderContext) throws -> ArchivedEntry {
        try EntryValidator().validate(archive(entry, context))
    }

    func callAsFunction(_ timeline: Timeline<Entry>, _ context: TimelineProviderContext) throws -> ArchivedTimeline {
        // Counted before archiving, which would be wasted on a timeline refused for its length.
        guard timeline.entries.count <= EntryValidator.maximumEntries else {
            throw EntryRefused(reason: "the timeline has \(timeline.entries.count) entries; at most \(EntryValidator.maximumEntries) are allowed")
        }
        let entries = timeline.entries.map { archive($0, context) }
        return try EntryValidator().validate(ArchivedTimeline(entries: entries, policy: timeline.policy))
    }

    /// Entries of another type are another widget's: a preview that pairs them is refused.
    static func typed(_ entries: [any TimelineEntry]) throws -> [Entry] {
        try entries.map { entry in
            guard let typed = entry as? Entry else {
                throw EntryRefused(reason: "the preview's entries are \(type(of: entry)); the widget draws \(Entry.self)")
            }
            return typed
        }
    }

    private func archive(_ entry: Entry, _ context: TimelineProviderContext) -> ArchivedEntry {
        var environment = EnvironmentValues()
        environment.widgetFamily = context.family
        environment.isPreview = context.isPreview
        return ArchivedEntry.drawn(date: entry.date, relevance: entry.relevance, in: environment) { view(entry, in: $0) }
    }

    private func view(_ entry: Entry, in environment: EnvironmentValues) -> ViewNode {
        EnvironmentValues.$current.withValue(environment) {
            let node = ViewNode(archiving: content(entry))
            // Xcode's widget template names a WidgetBackground colour in the
            // asset catalog (ASSETCATALOG_COMPILER_WIDGET_BACKGROUND_COLOR_NAME),
            // which iOS draws behind a widget that sets no background of its own.
            // The colour first: a lookup kept once read, where the walk visits every node of every entry.
            guard let background = ModuleResources.widgetBackgroundColorName, ModuleResources.colorSet(named: background) != nil,
                  !node.hasContainerBackground else { return node }
            return node.modified(.containerBackground(Color(background)))
        }
    }
}

extension ViewNode {
    /// Whether the view, or one within it, sets the widget's background.
    var hasContainerBackground: Bool {
        if case .containerBackground = content { return true }
        if modifiers.contains(where: { if case .containerBackground = $0 { true } else { false } }) { return true }
        return children.contains { $0.hasContainerBackground }
    }
}
