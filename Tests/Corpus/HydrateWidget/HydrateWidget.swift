//
//  HydrateWidget.swift
//  HydrateWidget
//

import WidgetKit
import SwiftUI

struct Provider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: Date(), configuration: ConfigurationAppIntent(), glasses: 3)
    }

    func snapshot(for configuration: ConfigurationAppIntent, in context: Context) async -> SimpleEntry {
        SimpleEntry(date: Date(), configuration: configuration, glasses: context.isPreview ? 3 : HydrationLog.glassesToday)
    }

    func timeline(for configuration: ConfigurationAppIntent, in context: Context) async -> Timeline<SimpleEntry> {
        let entry = SimpleEntry(date: Date(), configuration: configuration, glasses: HydrationLog.glassesToday)
        let midnight = Calendar.current.startOfDay(for: Date()).addingTimeInterval(24 * 60 * 60)
        return Timeline(entries: [entry], policy: .after(midnight))
    }
}

struct SimpleEntry: TimelineEntry {
    let date: Date
    let configuration: ConfigurationAppIntent
    let glasses: Int
}

struct HydrateWidgetEntryView: View {
    var entry: Provider.Entry
    @Environment(\.widgetFamily) var family

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: Double(min(entry.glasses, entry.configuration.goal)), in: 0...Double(entry.configuration.goal)) {
                Image(systemName: "drop.fill")
            } currentValueLabel: {
                Text("\(entry.glasses)")
            }
            .gaugeStyle(.accessoryCircularCapacity)
        default:
            VStack(alignment: .leading, spacing: 8) {
                HStack(alignment: .firstTextBaseline) {
                    Text("\(entry.glasses)")
                        .font(.system(size: 40, weight: .bold, design: .rounded))
                        .foregroundStyle(.blue)
                    Text("of \(entry.configuration.goal)")
                        .font(.headline)
                        .foregroundStyle(.secondary)
                }
                Gauge(value: Double(min(entry.glasses, entry.configuration.goal)), in: 0...Double(entry.configuration.goal)) {
                    Text("Today")
                }
                .gaugeStyle(.linearCapacity)
                .tint(.blue)
                Button(intent: LogGlassIntent()) {
                    Label("Glass", systemImage: "plus")
                }
                .buttonStyle(.borderedProminent)
                .tint(.blue)
            }
        }
    }
}

struct HydrateWidget: Widget {
    let kind: String = "HydrateWidget"

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: kind, intent: ConfigurationAppIntent.self, provider: Provider()) { entry in
            HydrateWidgetEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Hydrate")
        .description("Glasses of water today.")
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}

extension ConfigurationAppIntent {
    fileprivate static var eight: ConfigurationAppIntent {
        let intent = ConfigurationAppIntent()
        intent.goal = 8
        return intent
    }

    fileprivate static var twelve: ConfigurationAppIntent {
        let intent = ConfigurationAppIntent()
        intent.goal = 12
        return intent
    }
}

#Preview(as: .systemSmall) {
    HydrateWidget()
} timeline: {
    SimpleEntry(date: .now, configuration: .eight, glasses: 3)
    SimpleEntry(date: .now, configuration: .twelve, glasses: 12)
}
