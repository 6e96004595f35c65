import SwiftUI
import WidgetKit

/// Today, the next events and the month, from iCalendar (`.ics`) files.
@main
struct CalendarWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Calendar", intent: CalendarIntent.self, provider: CalendarProvider()) { entry in
            CalendarEntryView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Calendar")
        .description("Today, the next events and the month, from iCalendar files.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}
