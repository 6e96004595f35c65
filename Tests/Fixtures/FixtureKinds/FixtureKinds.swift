import Foundation
import WidgetSDK

// Well-formed kinds that exercise every parameter shape, for the host's tests.

struct GaugeIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Gauge"

    @Parameter(title: "Label", default: "CPU")
    var label: String

    @Parameter(title: "Level", default: 3, options: [1, 2, 3, 4, 5])
    var level: Int

    @Parameter(title: "Scale", default: 1.5)
    var scale: Double

    @Parameter(title: "Inverted", default: false)
    var inverted: Bool

    @Parameter(title: "Note")
    var note: String?

    init() {}
}

struct GaugeEntry: TimelineEntry {
    let date: Date
    let text: String
    var level = 3
}

struct GaugeProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> GaugeEntry {
        GaugeEntry(date: Date(timeIntervalSince1970: 0), text: "placeholder")
    }

    func snapshot(for configuration: GaugeIntent, in context: Context) async -> GaugeEntry {
        GaugeEntry(date: Date(timeIntervalSince1970: 0), text: describe(configuration), level: configuration.level)
    }

    func timeline(for configuration: GaugeIntent, in context: Context) async throws -> Timeline<GaugeEntry> {
        let start = Date(timeIntervalSince1970: 1_000)
        return Timeline(entries: [GaugeEntry(date: start, text: describe(configuration), level: configuration.level),
                                  GaugeEntry(date: start + 60, text: "later", level: configuration.level)], policy: .atEnd)
    }

    private func describe(_ intent: GaugeIntent) -> String {
        "\(intent.label) \(intent.level) \(intent.scale) \(intent.inverted) \(intent.note ?? "-")"
    }
}

struct GaugeView: View {
    @Environment(\.widgetFamily) var family
    let entry: GaugeEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(entry.text).font(.headline)
            Text(family.rawValue)
            // Small shapes and small type, which a cell grid must still show.
            ZStack(alignment: .leading) {
                Capsule().foregroundStyle(Color.gray)
                Capsule().foregroundStyle(Color.accent).frame(width: Double(entry.level) * 20)
            }
            .frame(width: 100, height: 10)
            Text("level \(entry.level) of 5, on a bar").font(.caption2)
        }
    }
}

struct GaugeWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Gauge", intent: GaugeIntent.self, provider: GaugeProvider()) { entry in
            GaugeView(entry: entry)
        }
        .configurationDisplayName("Gauge")
        .description("A fixture with one parameter of each type.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

/// Replaces the configuration `LegacyNoteIntent`, as CustomIntentMigratedAppIntent.
struct NoteIntent: CustomIntentMigratedAppIntent {
    static let intentClassName = "LegacyNoteIntent"
    static let title: LocalizedStringResource = "Note"

    @Parameter(title: "Text", default: "hello")
    var text: String

    init() {}
}

struct NoteProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> GaugeEntry { GaugeEntry(date: .now, text: "…") }
    func snapshot(for configuration: NoteIntent, in context: Context) async -> GaugeEntry {
        GaugeEntry(date: .now, text: configuration.text)
    }
    func timeline(for configuration: NoteIntent, in context: Context) async throws -> Timeline<GaugeEntry> {
        Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never)
    }
}

struct NoteWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Note", intent: NoteIntent.self, provider: NoteProvider()) { entry in
            Text(entry.text)
        }
        .configurationDisplayName("Note")
        .supportedFamilies([.systemSmall])
    }
}

@_cdecl("widgethost_sdk_version")
public func sdkVersion() -> Int32 { WidgetSDK.version }

@_cdecl("widgethost_module")
public func widgetModule() -> UnsafeMutableRawPointer {
    WidgetModule(GaugeWidget(), NoteWidget()).retainedPointer()
}
