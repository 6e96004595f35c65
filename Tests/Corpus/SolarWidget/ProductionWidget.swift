import WidgetKit
import SwiftUI

struct ProductionEntry: TimelineEntry {
    let date: Date
    let kilowatts: Double
    let peakKilowatts: Double
    let producedToday: Double
}

struct ProductionProvider: TimelineProvider {
    func placeholder(in context: Context) -> ProductionEntry {
        ProductionEntry(date: Date(), kilowatts: 3.4, peakKilowatts: 6, producedToday: 18.6)
    }

    func getSnapshot(in context: Context, completion: @escaping (ProductionEntry) -> ()) {
        completion(entry(from: context.isPreview ? .sample : SolarStore.shared.latestReading()))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ProductionEntry>) -> ()) {
        let timeline = Timeline(entries: [entry(from: SolarStore.shared.latestReading())], policy: .atEnd)
        completion(timeline)
    }

    private func entry(from reading: Reading) -> ProductionEntry {
        ProductionEntry(date: Date(), kilowatts: reading.kilowatts, peakKilowatts: reading.peakKilowatts,
                        producedToday: reading.producedToday)
    }
}

struct ProductionWidgetEntryView: View {
    @Environment(\.widgetFamily) var family
    var entry: ProductionEntry

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: entry.kilowatts, in: 0...entry.peakKilowatts) {
                Image(systemName: "sun.max.fill")
            } currentValueLabel: {
                Text(entry.kilowatts, format: .number.precision(.fractionLength(1)))
            } minimumValueLabel: {
                Text("0")
            } maximumValueLabel: {
                Text("\(Int(entry.peakKilowatts))")
            }
            .gaugeStyle(.accessoryCircular)
        default:
            ZStack {
                AccessoryWidgetBackground()
                    .clipShape(RoundedRectangle(cornerRadius: 10, style: .continuous))
                HStack {
                    Image(systemName: "sun.max.fill")
                        .font(.title2)
                    VStack(alignment: .leading, spacing: 0) {
                        Text("Solar today")
                            .font(.caption)
                        Text("\(entry.producedToday, specifier: "%.1f") kWh")
                            .font(.headline)
                    }
                    Spacer(minLength: 0)
                }
                .padding(.horizontal, 8)
            }
            .widgetLabel {
                Text("Solar today")
            }
        }
    }
}

struct ProductionWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "ProductionWidget", provider: ProductionProvider()) { entry in
            ProductionWidgetEntryView(entry: entry)
                .containerBackground(for: .widget) { Color.clear }
        }
        .configurationDisplayName("Solar Production")
        .description("What your panels make right now.")
        .supportedFamilies([.accessoryCircular, .accessoryRectangular])
    }
}
