import Foundation

/// A preview of a widget's timeline (or of a view), as `#Preview` declares
/// it: `widgethost preview --all` and `widgethost dev` draw each one.
///
/// ```swift
/// #Preview(as: .systemSmall) {
///     StarsWidget()
/// } timeline: {
///     StarsEntry(date: .now, stars: 41)
///     StarsEntry(date: .now, stars: 42)
/// }
/// ```
///
/// The macro turns each `#Preview` into a function the extension process
/// finds by its symbol's name (`symbolPrefix`), which makes one of these.
public final class WidgetPreview: @unchecked Sendable {
    /// The prefix of the C symbols `#Preview` exports.
    public static let symbolPrefix = "widgethost_preview_"

    /// The name given, if any: `#Preview("Many stars", as: .systemSmall)`.
    public let name: String?
    /// The family drawn; nil for a view's preview, drawn at `systemMedium`.
    public let family: WidgetFamily?
    private let widget: (() -> any Widget)?
    private let entries: (TimelineProviderContext) async throws -> [any TimelineEntry]
    private let view: (() -> ViewGroup)?

    // Each closure is called once, by the task that asks for the preview.

    /// A widget's preview with these entries.
    public init<W: Widget, Entry: TimelineEntry>(_ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
                                                 @PreviewTimelineBuilder timeline: @escaping () async -> [Entry]) {
        self.name = name
        self.family = family
        self.widget = { widget() }
        entries = { _ in await timeline() }
        view = nil
    }

    /// An intent-configured widget's preview with these entries; the intent is the configuration they were made for.
    public convenience init<W: Widget, Intent: WidgetConfigurationIntent, Entry: TimelineEntry>(
        _ name: String? = nil, as family: WidgetFamily, using intent: Intent, widget: @escaping () -> W,
        @PreviewTimelineBuilder timeline: @escaping () async -> [Entry]
    ) {
        self.init(name, as: family, widget: widget, timeline: timeline)
    }

    /// A widget's preview with the timeline of `timelineProvider` (asked in preview mode).
    public init<W: Widget, Provider: TimelineProvider>(_ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
                                                       timelineProvider: @escaping () -> Provider) {
        self.name = name
        self.family = family
        self.widget = { widget() }
        entries = { context in try await timelineProvider().timeline(in: context).entries }
        view = nil
    }

    /// An intent-configured widget's preview with the timeline its provider makes for `intent`.
    public init<W: Widget, Provider: AppIntentTimelineProvider>(
        _ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent, widget: @escaping () -> W,
        timelineProvider: @escaping () -> Provider
    ) {
        self.name = name
        self.family = family
        self.widget = { widget() }
        entries = { context in try await timelineProvider().timeline(for: intent, in: context).entries }
        view = nil
    }

    /// A Live Activity's preview, one entry for each content state:
    /// `#Preview("Notification", as: .content, using: DeliveryAttributes.preview) { DeliveryActivity() } contentStates: { … }`.
    /// The Dynamic Island's kinds are accepted and drawn as the Lock Screen's `.content`.
    public init<W: Widget, Attributes: ActivityAttributes>(_ name: String? = nil, as viewKind: ActivityPreviewViewKind, using attributes: Attributes,
                                                          widget: @escaping () -> W,
                                                          @ActivityPreviewContentStateBuilder<Attributes> contentStates: @escaping () -> [Attributes.ContentState]) {
        self.name = name
        family = .systemMedium
        self.widget = { widget() }
        let encoder = JSONEncoder()
        entries = { context in
            try contentStates().map { state in
                ActivityPreviewEntry(date: context.date, attributes: try encoder.encode(attributes), state: try encoder.encode(state))
            }
        }
        view = nil
    }

    /// A view's preview: `#Preview { StarsView(stars: 42) }`.
    public init(_ name: String? = nil, @ViewBuilder body: @escaping () -> ViewGroup) {
        self.name = name
        family = nil
        widget = nil
        entries = { _ in [] }
        view = body
    }

    /// The previewed widget's kind (a Live Activity's attributes type);
    /// nil for a view's preview.
    public var kind: String? {
        guard let descriptor = widget?().body.descriptor else { return nil }
        return descriptor.activity?.attributesType ?? descriptor.kind
    }

    /// A +1 reference to `preview`, for the function `#Preview` makes to return.
    public static func retained(_ preview: WidgetPreview) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(preview).toOpaque()
    }

    /// What the preview shows: the widget's kind (nil for a view), the
    /// family, and its entries drawn as the widget draws them. Throws what
    /// the timeline threw, or when the entries are not the widget's.
    public func archived(at date: Date) async throws -> (kind: String?, family: WidgetFamily, timeline: ArchivedTimeline) {
        let family = family ?? .systemMedium
        let context = TimelineProviderContext(family: family, isPreview: true, date: date)
        guard let widget else {
            var environment = EnvironmentValues()
            environment.widgetFamily = family
            environment.isPreview = true
            let node = EnvironmentValues.$current.withValue(environment) { ViewNode(archiving: view?() ?? ViewGroup([])) }
            let timeline = ArchivedTimeline(entries: [ArchivedEntry(date: date, view: node)], policy: .never)
            return (nil, family, try EntryValidator().validate(timeline))
        }
        let descriptor = widget().body.descriptor
        if let activity = descriptor.activity {
            let drawn = try await entries(context).compactMap { $0 as? ActivityPreviewEntry }.enumerated().map { index, entry in
                try activity.draw(attributes: entry.attributes, state: entry.state,
                                  in: ActivityDrawingContext(activityID: "preview-\(index + 1)", isStale: false, date: entry.date))
            }
            return (activity.attributesType, family, ArchivedTimeline(entries: drawn, policy: .never))
        }
        let timeline = try descriptor.provider.archive(try await entries(context), in: context)
        return (descriptor.kind, family, timeline)
    }
}

extension WidgetSDK {
    /// What `#Preview`'s expansion names: the SDK's enum, not its module,
    /// answers to `WidgetSDK.` inside a kind's module.
    public typealias Preview = WidgetPreview
}

/// Collects a `#Preview`'s entries, one a line, with `if`, `for` and `switch`.
@resultBuilder
public enum PreviewTimelineBuilder {
    /// One entry.
    public static func buildExpression<Entry: TimelineEntry>(_ entry: Entry) -> [Entry] { [entry] }
    /// Several entries at once.
    public static func buildExpression<Entry: TimelineEntry>(_ entries: [Entry]) -> [Entry] { entries }
    /// The entries in order.
    public static func buildBlock<Entry>(_ parts: [Entry]...) -> [Entry] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional<Entry>(_ part: [Entry]?) -> [Entry] { part ?? [] }
    /// An `if`'s branch.
    public static func buildEither<Entry>(first: [Entry]) -> [Entry] { first }
    /// An `else`'s branch.
    public static func buildEither<Entry>(second: [Entry]) -> [Entry] { second }
    /// A `for` loop.
    public static func buildArray<Entry>(_ parts: [[Entry]]) -> [Entry] { parts.flatMap { $0 } }
    /// `if #available`.
    public static func buildLimitedAvailability<Entry>(_ part: [Entry]) -> [Entry] { part }
}

/// A widget's timeline previewed, as WidgetKit's: `#Preview(as: .systemSmall) { W() } timeline: { … }`.
@freestanding(declaration)
public macro Preview<W: Widget, Entry: TimelineEntry>(
    _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
    @PreviewTimelineBuilder timeline: @escaping () async -> [Entry]
) = #externalMacro(module: "WidgetMacros", type: "PreviewMacro")

/// An intent-configured widget's timeline previewed: `#Preview(as: .systemSmall, using: intent) { W() } timeline: { … }`.
@freestanding(declaration)
public macro Preview<W: Widget, Intent: WidgetConfigurationIntent, Entry: TimelineEntry>(
    _ name: String? = nil, as family: WidgetFamily, using intent: Intent, widget: @escaping () -> W,
    @PreviewTimelineBuilder timeline: @escaping () async -> [Entry]
) = #externalMacro(module: "WidgetMacros", type: "PreviewMacro")

/// A widget previewed with a provider's timeline: `#Preview(as: .systemSmall) { W() } timelineProvider: { Provider() }`.
@freestanding(declaration)
public macro Preview<W: Widget, Provider: TimelineProvider>(
    _ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W, timelineProvider: @escaping () -> Provider
) = #externalMacro(module: "WidgetMacros", type: "PreviewMacro")

/// An intent-configured widget previewed with its provider's timeline for `intent`.
@freestanding(declaration)
public macro Preview<W: Widget, Provider: AppIntentTimelineProvider>(
    _ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent, widget: @escaping () -> W,
    timelineProvider: @escaping () -> Provider
) = #externalMacro(module: "WidgetMacros", type: "PreviewMacro")

/// A Live Activity previewed in each content state, as Xcode's template writes it:
/// `#Preview("Notification", as: .content, using: DeliveryAttributes.preview) { DeliveryActivity() } contentStates: { … }`.
@freestanding(declaration)
public macro Preview<Attributes: ActivityAttributes, W: Widget>(
    _ name: String? = nil, as viewKind: ActivityPreviewViewKind, using attributes: Attributes, widget: @escaping () -> W,
    @ActivityPreviewContentStateBuilder<Attributes> contentStates: @escaping () -> [Attributes.ContentState]
) = #externalMacro(module: "WidgetMacros", type: "PreviewMacro")

/// A view previewed: `#Preview { StarsView(stars: 42) }`. It compiles and
/// is drawn at `systemMedium` in `widgethost dev`'s previews of the module.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping () -> ViewGroup)
    = #externalMacro(module: "WidgetMacros", type: "PreviewMacro")

/// What a Live Activity's preview shows: `.content` (the Lock Screen), or
/// one of the Dynamic Island's presentations, drawn here as `.content`.
public enum ActivityPreviewViewKind: Hashable, Sendable {
    /// The Lock Screen presentation.
    case content
    /// One of the Dynamic Island's presentations.
    case dynamicIsland(DynamicIslandPreviewViewKind)
}

/// The Dynamic Island's presentations, for `ActivityPreviewViewKind.dynamicIsland`.
public enum DynamicIslandPreviewViewKind: Hashable, Sendable {
    /// Its compact views.
    case compact
    /// Its expanded regions.
    case expanded
    /// Its minimal view.
    case minimal
}

/// Collects a Live Activity preview's content states, one a line.
@resultBuilder
public enum ActivityPreviewContentStateBuilder<Attributes: ActivityAttributes> {
    /// One content state.
    public static func buildExpression(_ state: Attributes.ContentState) -> [Attributes.ContentState] { [state] }
    /// The states, one after another.
    public static func buildBlock(_ parts: [Attributes.ContentState]...) -> [Attributes.ContentState] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [Attributes.ContentState]?) -> [Attributes.ContentState] { part ?? [] }
    /// The first branch of an `if`/`else`.
    public static func buildEither(first: [Attributes.ContentState]) -> [Attributes.ContentState] { first }
    /// The second branch of an `if`/`else`.
    public static func buildEither(second: [Attributes.ContentState]) -> [Attributes.ContentState] { second }
    /// A `for` loop.
    public static func buildArray(_ parts: [[Attributes.ContentState]]) -> [Attributes.ContentState] { parts.flatMap { $0 } }
}

/// One content state of a Live Activity's preview, as JSON, standing in a timeline's place.
private struct ActivityPreviewEntry: TimelineEntry {
    let date: Date
    let attributes: Data
    let state: Data
}
