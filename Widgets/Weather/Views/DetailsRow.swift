import SwiftUI
import WidgetKit

/// Feels like, humidity and wind: what the extra large card has room for.
struct DetailsRow: View {
    let now: Forecast.Now
    let degrees: Degrees

    var body: some View {
        HStack(spacing: 0) {
            if let feels = now.apparentTemperature { detail("Feels Like", degrees(feels)) }
            if let humidity = now.humidity { detail("Humidity", "\(Int(humidity.rounded()))%") }
            if let wind = now.windSpeed { detail("Wind", degrees.wind(wind)) }
        }
    }

    private func detail(_ title: String, _ value: String) -> some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(title.uppercased()).font(.caption2).fontWeight(.semibold).opacity(0.75).lineLimit(1)
            Text(value).font(.callout).fontWeight(.medium)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}
