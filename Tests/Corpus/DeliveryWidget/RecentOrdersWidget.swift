import WidgetKit
import SwiftUI

struct OrdersEntry: TimelineEntry {
    let date: Date
    let lastOrder: String
    let ordersThisMonth: Int
}

struct OrdersProvider: TimelineProvider {
    func placeholder(in context: Context) -> OrdersEntry {
        OrdersEntry(date: Date(), lastOrder: "Pizza Margherita", ordersThisMonth: 4)
    }

    func getSnapshot(in context: Context, completion: @escaping (OrdersEntry) -> ()) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<OrdersEntry>) -> ()) {
        let entry = OrdersEntry(date: Date(), lastOrder: "Pizza Margherita", ordersThisMonth: 4)
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(3600))))
    }
}

struct RecentOrdersWidgetEntryView: View {
    var entry: OrdersProvider.Entry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Image(systemName: "takeoutbag.and.cup.and.straw.fill")
                .font(.title2)
                .foregroundStyle(.orange)
            Text("Order again")
                .font(.caption)
                .foregroundStyle(.secondary)
            Text(entry.lastOrder)
                .font(.headline)
                .lineLimit(2)
            Spacer()
            Text("\(entry.ordersThisMonth) orders this month")
                .font(.caption2)
                .foregroundStyle(.secondary)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

struct RecentOrdersWidget: Widget {
    let kind: String = "RecentOrdersWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: OrdersProvider()) { entry in
            RecentOrdersWidgetEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Order Again")
        .description("Your last order, one tap away.")
        .supportedFamilies([.systemSmall])
        .pushHandler(DeliveryPushHandler.self)
    }
}
