import Foundation
import WidgetSDK

// One kind per validation rule, each breaking it, and one healthy kind that
// must still load beside them.

struct FixedEntry: TimelineEntry {
    let date: Date
}

struct FixedProvider: TimelineProvider {
    func placeholder(in context: Context) async -> FixedEntry { FixedEntry(date: .now) }
    func snapshot(in context: Context) async -> FixedEntry { FixedEntry(date: .now) }
    func timeline(in context: Context) async throws -> Timeline<FixedEntry> {
        Timeline(entries: [FixedEntry(date: .now)], policy: .never)
    }
}

struct IntentProvider<Intent: WidgetConfigurationIntent>: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> FixedEntry { FixedEntry(date: .now) }
    func snapshot(for configuration: Intent, in context: Context) async -> FixedEntry { FixedEntry(date: .now) }
    func timeline(for configuration: Intent, in context: Context) async throws -> Timeline<FixedEntry> {
        Timeline(entries: [FixedEntry(date: .now)], policy: .never)
    }
}

func staticKind(_ kind: String) -> StaticConfiguration<FixedProvider, ViewGroup> {
    StaticConfiguration(kind: kind, provider: FixedProvider()) { _ in Text("fixed") }
}

func intentKind<Intent: WidgetConfigurationIntent>(_ kind: String, _ intent: Intent.Type)
    -> AppIntentConfiguration<Intent, IntentProvider<Intent>, ViewGroup> {
    AppIntentConfiguration(kind: kind, intent: intent, provider: IntentProvider<Intent>()) { _ in Text("fixed") }
}

struct Healthy: Widget {
    var body: some WidgetConfiguration {
        staticKind("Healthy").configurationDisplayName("Healthy").supportedFamilies([.systemSmall, .systemMedium])
    }
}

struct NoDisplayName: Widget {
    var body: some WidgetConfiguration { staticKind("NoDisplayName") }
}

struct NoFamilies: Widget {
    var body: some WidgetConfiguration {
        staticKind("NoFamilies").configurationDisplayName("No Families").supportedFamilies([])
    }
}

struct BadDefaultIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Bad Default"
    @Parameter(title: "Colour", default: "purple", options: ["red", "green"])
    var colour: String
    init() {}
}

struct BadDefault: Widget {
    var body: some WidgetConfiguration {
        intentKind("BadDefault", BadDefaultIntent.self).configurationDisplayName("Bad Default")
    }
}

struct RequiredWithoutDefaultIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Required"
    @Parameter(title: "Name")
    var name: String
    init() {}
}

struct RequiredWithoutDefault: Widget {
    var body: some WidgetConfiguration {
        intentKind("RequiredWithoutDefault", RequiredWithoutDefaultIntent.self).configurationDisplayName("Required")
    }
}

struct SelfReplacingIntent: CustomIntentMigratedAppIntent {
    static let intentClassName = "SelfReplacingIntent"
    static let title: LocalizedStringResource = "Self Replacing"
    init() {}
}

struct SelfReplacing: Widget {
    var body: some WidgetConfiguration {
        intentKind("SelfReplacing", SelfReplacingIntent.self).configurationDisplayName("Self Replacing")
    }
}

struct BadListDefaultIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Bad List Default"
    @Parameter(title: "Days", default: [1, 7, 30], size: 2, options: [1, 7])
    var days: [Int]
    init() {}
}

/// A list's default outside its options and over its size.
struct BadListDefault: Widget {
    var body: some WidgetConfiguration {
        intentKind("BadListDefault", BadListDefaultIntent.self).configurationDisplayName("Bad List Default").supportedFamilies([.systemSmall])
    }
}

struct ListedIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Listed"
    @Parameter(title: "Days", default: [7], size: IntentCollectionSize(min: 1, max: 2), options: [1, 7, 30])
    var days: [Int]
    @Parameter(title: "Pair", size: [.systemSmall: IntentCollectionSize(exactly: 2)])
    var pair: [String]
    init() {}
}

/// A healthy kind with list parameters, for the checks of their values.
struct Listed: Widget {
    var body: some WidgetConfiguration {
        intentKind("Listed", ListedIntent.self).configurationDisplayName("Listed").supportedFamilies([.systemSmall, .systemMedium])
    }
}

/// Exported twice under one name.
struct Twice: Widget {
    var body: some WidgetConfiguration {
        staticKind("Twice").configurationDisplayName("Twice")
    }
}

struct ManyProblemsIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Many"
    @Parameter(title: "", default: 9, options: [1, 2])
    var level: Int
    init() {}
}

/// Breaks several rules at once: all must be reported.
struct ManyProblems: Widget {
    var body: some WidgetConfiguration {
        intentKind("ManyProblems", ManyProblemsIntent.self).supportedFamilies([])
    }
}

@_cdecl("widgethost_sdk_version")
public func sdkVersion() -> Int32 { WidgetSDK.version }

@_cdecl("widgethost_module")
public func widgetModule() -> UnsafeMutableRawPointer {
    WidgetModule(Healthy(), NoDisplayName(), NoFamilies(), BadDefault(), RequiredWithoutDefault(),
                 SelfReplacing(), Twice(), Twice(), ManyProblems(), BadListDefault(), Listed()).retainedPointer()
}
