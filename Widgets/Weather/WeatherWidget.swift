import SwiftUI
import WidgetKit

/// The weather at a place: now, the next hours and the week, from
/// Open-Meteo. Written as a widget extension for iOS writes it.
@main
struct WeatherWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Weather", intent: WeatherIntent.self, provider: WeatherProvider()) { entry in
            WeatherEntryView(entry: entry)
        }
        .configurationDisplayName("Weather")
        .description("Current conditions and the forecast for a place, from Open-Meteo.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge,
                            .accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}
