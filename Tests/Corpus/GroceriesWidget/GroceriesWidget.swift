import WidgetKit
import SwiftUI
import AppIntents

struct GroceriesEntry: TimelineEntry {
    let date: Date
    let items: [GroceryItem]
}

struct GroceriesProvider: TimelineProvider {
    func placeholder(in context: Context) -> GroceriesEntry {
        GroceriesEntry(date: Date(), items: GroceryItem.samples)
    }

    func getSnapshot(in context: Context, completion: @escaping (GroceriesEntry) -> Void) {
        let items = GroceryStore.shared.items()
        completion(GroceriesEntry(date: Date(), items: context.isPreview || items.isEmpty ? GroceryItem.samples : items))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<GroceriesEntry>) -> Void) {
        let entry = GroceriesEntry(date: Date(), items: GroceryStore.shared.items())
        completion(Timeline(entries: [entry], policy: .never))
    }
}

struct GroceryRow: View {
    let item: GroceryItem

    var body: some View {
        HStack(spacing: 8) {
            Button(intent: ToggleItemIntent(itemID: item.id)) {
                Image(systemName: item.isDone ? "checkmark.circle.fill" : "circle")
                    .foregroundColor(item.isDone ? .green : .secondary)
            }
            .buttonStyle(.plain)

            Text(item.name)
                .strikethrough(item.isDone)
                .foregroundStyle(item.isDone ? .secondary : .primary)
                .lineLimit(1)

            Spacer()

            if item.quantity > 1 {
                Text("×\(item.quantity)")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        }
        .font(.subheadline)
    }
}

struct GroceriesWidgetEntryView: View {
    @Environment(\.widgetFamily) private var family
    let entry: GroceriesEntry

    private var maxRows: Int {
        switch family {
        case .systemSmall: return 3
        case .systemMedium: return 3
        default: return 7
        }
    }

    private var remaining: Int { entry.items.filter { !$0.isDone }.count }

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Text("Groceries")
                    .font(.headline)
                    .foregroundColor(.orange)
                Spacer()
                if family != .systemSmall {
                    Link(destination: URL(string: "groceries://add")!) {
                        Image(systemName: "plus.circle.fill")
                            .foregroundColor(.orange)
                    }
                }
                Text("\(remaining) left")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            if entry.items.isEmpty {
                Spacer()
                Text("Nothing to buy")
                    .foregroundStyle(.secondary)
                    .frame(maxWidth: .infinity)
                Spacer()
            } else {
                ForEach(entry.items.prefix(maxRows)) { item in
                    GroceryRow(item: item)
                }
                Spacer(minLength: 0)
            }
        }
        .invalidatableContent()
    }
}

struct GroceriesWidget: Widget {
    let kind: String = "GroceriesWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: GroceriesProvider()) { entry in
            GroceriesWidgetEntryView(entry: entry)
                .containerBackground(.background, for: .widget)
                .widgetURL(URL(string: "groceries://list"))
        }
        .configurationDisplayName("Groceries")
        .description("Tick things off without opening the app.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
    }
}

@main
struct GroceriesWidgetBundle: WidgetBundle {
    var body: some Widget {
        GroceriesWidget()
    }
}

#Preview(as: .systemMedium) {
    GroceriesWidget()
} timeline: {
    GroceriesEntry(date: .now, items: GroceryItem.samples)
    GroceriesEntry(date: .now, items: [])
}
