import WidgetKit
import SwiftUI

struct StocksEntry: TimelineEntry {
    let date: Date
    let quotes: [Quote]
}

struct StocksProvider: TimelineProvider {
    func placeholder(in context: Context) -> StocksEntry {
        StocksEntry(date: Date(), quotes: Quote.samples)
    }

    func getSnapshot(in context: Context, completion: @escaping (StocksEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<StocksEntry>) -> Void) {
        let entry = StocksEntry(date: Date(), quotes: Quote.samples)
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(15 * 60))))
    }
}

struct QuoteRow: View {
    let quote: Quote

    private var color: Color { quote.change >= 0 ? .green : .red }

    var body: some View {
        HStack(spacing: 10) {
            VStack(alignment: .leading, spacing: 0) {
                Text(quote.symbol)
                    .font(.system(.subheadline, design: .rounded).bold())
                Text(quote.name)
                    .font(.caption2)
                    .foregroundStyle(.secondary)
                    .lineLimit(1)
            }
            .frame(width: 80, alignment: .leading)
            Sparkline(values: quote.history, color: color)
                .frame(height: 24)
            VStack(alignment: .trailing, spacing: 0) {
                Text(quote.price, format: .number.precision(.fractionLength(2)))
                    .font(.subheadline)
                    .monospacedDigit()
                Text(quote.change, format: .percent.precision(.fractionLength(1)))
                    .font(.caption2.bold())
                    .foregroundColor(.white)
                    .padding(.horizontal, 4)
                    .background(color, in: RoundedRectangle(cornerRadius: 4))
            }
            .frame(width: 64, alignment: .trailing)
        }
    }
}

struct StocksWidgetEntryView: View {
    @Environment(\.widgetFamily) var family
    var entry: StocksEntry

    var body: some View {
        switch family {
        case .systemSmall:
            let quote = entry.quotes[0]
            VStack(alignment: .leading) {
                Text(quote.symbol)
                    .font(.headline)
                Text(quote.price, format: .number.precision(.fractionLength(2)))
                    .font(.title2.bold())
                    .monospacedDigit()
                Text(quote.change, format: .percent.precision(.fractionLength(2)))
                    .font(.caption)
                    .foregroundColor(quote.change >= 0 ? .green : .red)
                Sparkline(values: quote.history, color: quote.change >= 0 ? .green : .red)
            }
        case .accessoryRectangular:
            let quote = entry.quotes[0]
            HStack {
                VStack(alignment: .leading) {
                    Text(quote.symbol).font(.headline)
                    Text(quote.change, format: .percent.precision(.fractionLength(1)))
                }
                SparklineShape(values: quote.history)
                    .stroke(lineWidth: 1.5)
            }
        default:
            VStack(spacing: 8) {
                ForEach(entry.quotes) { quote in
                    QuoteRow(quote: quote)
                }
            }
        }
    }
}

struct StocksWidget: Widget {
    let kind: String = "StocksWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: StocksProvider()) { entry in
            StocksWidgetEntryView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Watchlist")
        .description("Today's moves in your watchlist.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular])
    }
}

@main
struct StocksWidgetBundle: WidgetBundle {
    var body: some Widget {
        StocksWidget()
    }
}
