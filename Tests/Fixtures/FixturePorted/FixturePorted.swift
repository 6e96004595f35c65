// A widget extension as an iOS developer writes one, built unchanged: the
// start of the ported extension issue 22 asks for. Nothing in it is
// specific to widgethost.
import AppIntents
import Foundation
import SwiftUI
import WidgetKit

// MARK: - A clock, edge to edge, from a completion-handler provider

struct ClockEntry: TimelineEntry {
    let date: Date
}

struct ClockProvider: TimelineProvider {
    func placeholder(in context: Context) -> ClockEntry {
        ClockEntry(date: Date())
    }

    func getSnapshot(in context: Context, completion: @escaping (ClockEntry) -> ()) {
        completion(ClockEntry(date: Date()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ClockEntry>) -> ()) {
        let now = Date()
        let entries = (0..<4).map { ClockEntry(date: now.addingTimeInterval(Double($0) * 900)) }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct ClockView: View {
    var entry: ClockProvider.Entry

    var body: some View {
        ZStack {
            Color.indigo
            Text(entry.date, style: .time)
                .font(.title)
                .foregroundStyle(.white)
        }
        .containerBackground(.indigo, for: .widget)
    }
}

struct ClockWidget: Widget {
    let kind: String = "Clock"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: ClockProvider()) { entry in
            ClockView(entry: entry)
        }
        .configurationDisplayName("Clock")
        .description("The time, edge to edge.")
        .supportedFamilies([.systemSmall, .systemMedium])
        .contentMarginsDisabled()
        .disfavoredLocations([.standBy], for: [.systemSmall])
    }
}

// MARK: - A greeting, configured by an intent

struct GreetingIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Greeting" }
    static var description: IntentDescription { IntentDescription("Whom to greet.") }

    @Parameter(title: "Name", default: "World")
    var name: String

    init() {}
}

struct GreetingEntry: TimelineEntry {
    let date: Date
    let name: String
}

struct GreetingProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> GreetingEntry {
        GreetingEntry(date: Date(), name: "…")
    }

    func snapshot(for configuration: GreetingIntent, in context: Context) async -> GreetingEntry {
        GreetingEntry(date: Date(), name: configuration.name)
    }

    func timeline(for configuration: GreetingIntent, in context: Context) async -> Timeline<GreetingEntry> {
        Timeline(entries: [GreetingEntry(date: Date(), name: configuration.name)], policy: .never)
    }
}

struct GreetingWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Greeting", intent: GreetingIntent.self, provider: GreetingProvider()) { entry in
            VStack(alignment: .leading) {
                Text("Hello,")
                Text(entry.name).font(.headline)
            }
            .containerBackground(.white, for: .widget)
        }
        .configurationDisplayName("Greeting")
        .supportedFamilies([.systemSmall])
    }
}

// MARK: - The bundle

@main
struct PortedWidgets: WidgetBundle {
    var body: some Widget {
        ClockWidget()
        GreetingWidget()
    }
}
