import SwiftUI
import WidgetKit

/// The next hours as columns: time, symbol, temperature.
struct HourlyRow: View {
    @Environment(\.locale) var locale
    let forecast: Forecast
    let date: Date
    let degrees: Degrees
    var count = 6

    var body: some View {
        let style = Date.FormatStyle(date: .omitted, time: .omitted, locale: locale, calendar: Calendar(identifier: .gregorian), timeZone: forecast.timeZone)
            .hour(.defaultDigits(amPM: .abbreviated))
        HStack(spacing: 0) {
            ForEach(forecast.hours(after: date, count: count), id: \.date) { hour in
                VStack(spacing: 4) {
                    Text(hour.date.formatted(style)).font(.caption2).fontWeight(.medium).lineLimit(1)
                    Image(systemName: hour.condition.symbol(isDay: hour.isDay)).font(.callout)
                    Text(degrees(hour.temperature)).font(.callout).fontWeight(.medium).monospacedDigit()
                }
                .frame(maxWidth: .infinity)
            }
        }
    }
}
