import WidgetKit
import SwiftUI

struct BatteryEntry: TimelineEntry {
    let date: Date
    let reading: Reading
}

struct BatteryProvider: TimelineProvider {
    func placeholder(in context: Context) -> BatteryEntry {
        BatteryEntry(date: Date(), reading: .sample)
    }

    func getSnapshot(in context: Context, completion: @escaping (BatteryEntry) -> ()) {
        if context.isPreview {
            completion(placeholder(in: context))
        } else {
            completion(BatteryEntry(date: Date(), reading: SolarStore.shared.latestReading()))
        }
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<BatteryEntry>) -> ()) {
        let entry = BatteryEntry(date: Date(), reading: SolarStore.shared.latestReading())
        let nextUpdate = Calendar.current.date(byAdding: .minute, value: 15, to: Date())!
        completion(Timeline(entries: [entry], policy: .after(nextUpdate)))
    }
}

struct BatteryWidgetEntryView: View {
    @Environment(\.widgetFamily) var family
    var entry: BatteryProvider.Entry

    private var percent: Int { Int((entry.reading.charge * 100).rounded()) }

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: entry.reading.charge) {
                Image(systemName: "bolt.fill")
            } currentValueLabel: {
                Text("\(percent)")
            }
            .gaugeStyle(.accessoryCircularCapacity)
            .widgetAccentable()
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 2) {
                Label("Home battery", systemImage: "house.fill")
                    .font(.headline)
                    .widgetAccentable()
                Gauge(value: entry.reading.charge, in: 0...1) {
                    Text("Charge")
                } currentValueLabel: {
                    Text("\(percent)%")
                }
                .gaugeStyle(.accessoryLinearCapacity)
                if let minutes = entry.reading.minutesToFull {
                    Text("Full in \(minutes) min")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
            }
        case .accessoryInline:
            Label("\(percent)% · \(entry.reading.isCharging ? "Charging" : "On battery")", systemImage: "bolt.fill")
        default:
            VStack(alignment: .leading) {
                HStack {
                    Image(systemName: "bolt.fill")
                        .foregroundStyle(.yellow)
                    Text("Battery")
                        .font(.headline)
                    Spacer()
                }
                Spacer()
                Gauge(value: entry.reading.charge) {
                    EmptyView()
                } currentValueLabel: {
                    Text("\(percent)%")
                        .font(.title3.bold())
                }
                .gaugeStyle(.accessoryCircularCapacity)
                .tint(entry.reading.charge > 0.2 ? .green : .red)
                .frame(maxWidth: .infinity)
                Spacer()
                Text(entry.reading.isCharging ? "Charging" : "On battery")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        }
    }
}

struct BatteryWidget: Widget {
    let kind: String = "BatteryWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: BatteryProvider()) { entry in
            BatteryWidgetEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Home Battery")
        .description("See your battery's charge at a glance.")
        .supportedFamilies([.systemSmall, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}

#Preview(as: .accessoryRectangular) {
    BatteryWidget()
} timeline: {
    BatteryEntry(date: .now, reading: .sample)
    BatteryEntry(date: .now, reading: Reading(charge: 0.15, isCharging: false, minutesToFull: nil,
                                             kilowatts: 0, peakKilowatts: 6, producedToday: 2.1))
}
