import SwiftUI
import WidgetKit

/// The newest items of RSS, Atom and JSON feeds, merged, with what is
/// unread counted and a check mark that marks it read.
@main
struct FeedsWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Feeds", intent: FeedsIntent.self, provider: FeedsProvider()) { entry in
            FeedsEntryView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Feeds")
        .description("The newest items of RSS, Atom and JSON feeds, with what is unread.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}
