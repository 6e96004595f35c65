import SwiftUI
import WidgetKit

struct WeatherEntryView: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.locale) var locale
    let entry: WeatherEntry

    var body: some View {
        if let forecast = entry.forecast {
            let degrees = Degrees(entry.unit, locale: locale)
            if family.isAccessory {
                // The Lock Screen draws accessories over the wallpaper, without a card.
                content(forecast, degrees).containerBackground(.clear, for: .widget)
            } else {
                content(forecast, degrees)
                    .containerBackground(for: .widget) { Sky(condition: forecast.now.condition, isDay: forecast.now.isDay) }
            }
        } else {
            VStack(spacing: 6) {
                Image(systemName: "exclamationmark.triangle").font(.title2)
                Text(entry.problem ?? "No forecast").font(.caption).multilineTextAlignment(.center).lineLimit(3)
            }
            .foregroundStyle(.white)
            .containerBackground(for: .widget) { Sky(condition: .cloudy, isDay: true) }
        }
    }

    @ViewBuilder
    private func content(_ forecast: Forecast, _ degrees: Degrees) -> some View {
        let now = forecast.now
        switch family {
        case .accessoryCircular:
            let today = forecast.today(at: entry.date)
            Gauge(value: now.temperature, in: min(today?.low ?? now.temperature, now.temperature)...max(today?.high ?? now.temperature, now.temperature + 0.1)) {
                Image(systemName: now.condition.symbol(isDay: now.isDay))
            } currentValueLabel: {
                Text(degrees(now.temperature))
            }
            .gaugeStyle(.accessoryCircular)
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Label(degrees(now.temperature), systemImage: now.condition.symbol(isDay: now.isDay)).font(.headline).widgetAccentable()
                Text(now.condition.name).font(.caption).lineLimit(1)
                if let today = forecast.today(at: entry.date) {
                    Text("H:\(degrees(today.high)) L:\(degrees(today.low))").font(.caption).foregroundStyle(.secondary)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        case .accessoryInline:
            Label("\(degrees(now.temperature)) \(now.condition.name)", systemImage: now.condition.symbol(isDay: now.isDay))
        case .systemSmall:
            SmallWeatherView(forecast: forecast, date: entry.date, degrees: degrees)
        case .systemMedium:
            VStack(spacing: 10) {
                CurrentConditions(forecast: forecast, date: entry.date, degrees: degrees)
                HourlyRow(forecast: forecast, date: entry.date, degrees: degrees)
            }
            .foregroundStyle(.white)
        case .systemExtraLarge:
            HStack(alignment: .top, spacing: 20) {
                VStack(spacing: 16) {
                    CurrentConditions(forecast: forecast, date: entry.date, degrees: degrees, large: true)
                    HourlyRow(forecast: forecast, date: entry.date, degrees: degrees, count: 5)
                    Spacer(minLength: 0)
                    DetailsRow(now: now, degrees: degrees)
                }
                DailyList(forecast: forecast, date: entry.date, degrees: degrees, count: 6, barWidth: 60)
                    .frame(width: 264)
            }
            .foregroundStyle(.white)
        default:
            VStack(spacing: 12) {
                CurrentConditions(forecast: forecast, date: entry.date, degrees: degrees, large: true)
                HourlyRow(forecast: forecast, date: entry.date, degrees: degrees)
                Divider().overlay(Color.white.opacity(0.4))
                DailyList(forecast: forecast, date: entry.date, degrees: degrees, count: 6)
                Spacer(minLength: 0)
            }
            .foregroundStyle(.white)
        }
    }
}

extension WidgetFamily {
    var isAccessory: Bool { [.accessoryCircular, .accessoryRectangular, .accessoryInline].contains(self) }
}
