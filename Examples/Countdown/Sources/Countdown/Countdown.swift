import AppIntents
import SwiftUI
import WidgetKit

/// Days left until a date the user picks.
struct CountdownWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Countdown", intent: CountdownIntent.self, provider: CountdownProvider()) { entry in
            CountdownView(entry: entry)
        }
        .configurationDisplayName("Countdown")
        .description("Days left until an event.")
        .supportedFamilies([.systemSmall, .accessoryInline])
    }
}

struct CountdownIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Countdown"

    @Parameter(title: "Event", default: "Launch")
    var event: String

    @Parameter(title: "Date (YYYY-MM-DD)", default: "2027-01-01")
    var date: String

    init() {}
}

struct CountdownEntry: TimelineEntry {
    let date: Date
    let event: String
    let daysLeft: Int
}

struct CountdownProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> CountdownEntry {
        CountdownEntry(date: context.date, event: "Event", daysLeft: 42)
    }

    func snapshot(for configuration: CountdownIntent, in context: Context) async -> CountdownEntry {
        entry(for: configuration, at: context.date)
    }

    /// One entry now and one at each of the next seven midnights, then ask again.
    func timeline(for configuration: CountdownIntent, in context: Context) async throws -> Timeline<CountdownEntry> {
        let calendar = Calendar(identifier: .gregorian)
        let today = calendar.startOfDay(for: context.date)
        let midnights = (1...7).compactMap { calendar.date(byAdding: .day, value: $0, to: today) }
        let entries = [entry(for: configuration, at: context.date)] + midnights.map { entry(for: configuration, at: $0) }
        return Timeline(entries: entries, policy: .atEnd)
    }

    private func entry(for configuration: CountdownIntent, at date: Date) -> CountdownEntry {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        let target = formatter.date(from: configuration.date) ?? date
        let days = Int(target.timeIntervalSince(date) / 86_400)
        return CountdownEntry(date: date, event: configuration.event, daysLeft: max(0, days))
    }
}

struct CountdownView: View {
    @Environment(\.widgetFamily) var family
    let entry: CountdownEntry

    var body: some View {
        if family == .accessoryInline {
            Text("\(entry.daysLeft) days to \(entry.event)")
        } else {
            VStack(spacing: 4) {
                Text("\(entry.daysLeft)")
                    .font(.system(size: 56, weight: .bold))
                    .foregroundStyle(.accent)
                    .widgetAccentable()
                Text("days to \(entry.event)")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            .containerBackground(.background, for: .widget)
        }
    }
}

/// The module's widgets, as a widget extension for iOS declares them.
@main
struct CountdownWidgets: WidgetBundle {
    var body: some Widget {
        CountdownWidget()
    }
}
