import SwiftUI
import WidgetKit

struct BrandEntry: TimelineEntry {
    let date: Date
}

struct BrandProvider: TimelineProvider {
    func placeholder(in context: Context) -> BrandEntry { BrandEntry(date: .now) }

    func getSnapshot(in context: Context, completion: @escaping (BrandEntry) -> Void) {
        completion(BrandEntry(date: .now))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<BrandEntry>) -> Void) {
        completion(Timeline(entries: [BrandEntry(date: .now)], policy: .never))
    }
}

struct BrandWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Brand", provider: BrandProvider()) { _ in
            VStack {
                Image("Logo")
                    .resizable()
                    .frame(width: 16, height: 16)
                // A template vector: its shape in the Brand colour.
                Image("Mark")
                    .frame(width: 12, height: 12)
                    .foregroundStyle(Color("Brand"))
                // A PDF vector, as Xcode's older templates exported icons.
                Image("Badge")
                    .frame(width: 10, height: 10)
                Text("Greeting")
                    .foregroundStyle(Color("Brand"))
                Text("accent")
                    .foregroundStyle(Color.accentColor)
            }
            .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Brand")
        .supportedFamilies([.systemSmall])
    }
}
