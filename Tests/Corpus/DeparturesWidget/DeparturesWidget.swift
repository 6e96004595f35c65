import WidgetKit
import SwiftUI
import RelevanceKit

struct DeparturesEntry: TimelineEntry {
    let date: Date
    let stop: Stop

    // The sooner the next train, the higher in the Smart Stack.
    var relevance: TimelineEntryRelevance? {
        let soonest = stop.departures.map(\.minutes).min() ?? 60
        return TimelineEntryRelevance(score: Float(max(0, 60 - soonest)), duration: 5 * 60)
    }
}

struct DeparturesProvider: TimelineProvider {
    func placeholder(in context: Context) -> DeparturesEntry {
        DeparturesEntry(date: Date(), stop: .sample)
    }

    func getSnapshot(in context: Context, completion: @escaping (DeparturesEntry) -> ()) {
        completion(DeparturesEntry(date: Date(), stop: .sample))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<DeparturesEntry>) -> ()) {
        let entry = DeparturesEntry(date: Date(), stop: .sample)
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(60))))
    }

    // Commute hours: the board matters most on the way to work and back.
    func relevance() async -> WidgetRelevance<Void> {
        let calendar = Calendar.current
        let today = calendar.startOfDay(for: .now)
        return WidgetRelevance([(7, 9), (16, 19)].compactMap { hours in
            guard let start = calendar.date(byAdding: .hour, value: hours.0, to: today),
                  let end = calendar.date(byAdding: .hour, value: hours.1, to: today) else { return nil }
            return WidgetRelevanceAttribute(context: .date(interval: DateInterval(start: start, end: end), kind: .scheduled))
        } + [WidgetRelevanceAttribute(context: .location(inferred: .commute))])
    }
}

struct DepartureRow: View {
    let departure: Departure

    var body: some View {
        HStack(alignment: .firstTextBaseline) {
            Text(verbatim: departure.line)
                .font(.caption.bold())
                .foregroundColor(.white)
                .padding(.horizontal, 4)
                .background(RoundedRectangle(cornerRadius: 3).fill(Color.blue))
            Text(verbatim: departure.destination)
                .font(.subheadline)
                .lineLimit(1)
            Spacer()
            if departure.minutes == 0 {
                Text("Now")
                    .font(.subheadline.bold())
                    .foregroundColor(.green)
            } else {
                Text("in \(departure.minutes) min")
                    .font(.subheadline)
                    .foregroundColor(departure.isDelayed ? .red : .primary)
            }
        }
    }
}

struct DeparturesWidgetEntryView: View {
    @Environment(\.widgetFamily) var family
    var entry: DeparturesEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Image(systemName: "tram.fill")
                Text(entry.stop.name)
                    .font(.headline)
                    .lineLimit(1)
            }
            Text(String(localized: "Next departures"))
                .font(.caption)
                .foregroundStyle(.secondary)
                .textCase(.uppercase)
            ForEach(entry.stop.departures.prefix(family == .systemLarge ? 5 : 3)) { departure in
                DepartureRow(departure: departure)
            }
            Spacer(minLength: 0)
            if family == .systemLarge {
                Text("Platform \(entry.stop.departures[0].platform)")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
        }
    }
}

struct DeparturesWidget: Widget {
    let kind: String = "DeparturesWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: DeparturesProvider()) { entry in
            DeparturesWidgetEntryView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName(Text("Departures"))
        .description(Text("The next trains and trams from your stop."))
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}

@main
struct DeparturesBundle: WidgetBundle {
    var body: some Widget {
        DeparturesWidget()
    }
}
