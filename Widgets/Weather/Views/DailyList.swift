import SwiftUI
import WidgetKit

/// The coming days: weekday, symbol, chance of rain, and the day's range
/// on a bar spanning the week's.
struct DailyList: View {
    @Environment(\.locale) var locale
    let forecast: Forecast
    let date: Date
    let degrees: Degrees
    var count = 6
    var barWidth: Double = 84

    var body: some View {
        let days = forecast.days(from: date, count: count)
        let coldest = days.map(\.low).min() ?? 0
        let warmest = days.map(\.high).max() ?? 1
        let style = Date.FormatStyle(date: .omitted, time: .omitted, locale: locale, calendar: Calendar(identifier: .gregorian), timeZone: forecast.timeZone)
            .weekday(.abbreviated)
        VStack(spacing: 5) {
            ForEach(Array(days.enumerated()), id: \.offset) { index, day in
                HStack(spacing: 6) {
                    Text(index == 0 ? "Today" : day.date.formatted(style)).font(.subheadline).fontWeight(.medium).lineLimit(1)
                        .frame(width: 52, alignment: .leading)
                    Image(systemName: day.condition.symbol(isDay: true)).font(.subheadline).frame(width: 22)
                    Text(chance(day)).font(.caption2).fontWeight(.semibold).foregroundStyle(Color(red: 0.62, green: 0.86, blue: 1)).frame(width: 32, alignment: .leading)
                    Spacer(minLength: 0)
                    Text(degrees(day.low)).font(.subheadline).opacity(0.7).monospacedDigit().frame(width: 34, alignment: .trailing)
                    RangeBar(low: day.low, high: day.high, coldest: coldest, warmest: warmest, width: barWidth).frame(width: barWidth, height: 4)
                    Text(degrees(day.high)).font(.subheadline).fontWeight(.medium).monospacedDigit().frame(width: 34, alignment: .trailing)
                }
            }
        }
    }

    private func chance(_ day: Forecast.Day) -> String {
        guard let chance = day.precipitationChance, chance >= 30 else { return "" }
        return "\(Int((chance / 10).rounded()) * 10)%"
    }
}
