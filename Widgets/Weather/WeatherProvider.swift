import AppIntents
import Foundation
import WidgetKit

struct WeatherIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Weather"
    static let description: IntentDescription = "Current conditions and the forecast for a place."

    @Parameter(title: "Place", default: "Cupertino")
    var place: String

    @Parameter(title: "Temperature unit", default: .automatic)
    var unit: TemperatureChoice

    init() {}
}

struct WeatherEntry: TimelineEntry {
    let date: Date
    let forecast: Forecast?
    let unit: TemperatureChoice
    /// Why there is no forecast, in the reader's words ("no place called …").
    var problem: String?
}

struct WeatherProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> WeatherEntry {
        WeatherEntry(date: context.date, forecast: .sample(at: context.date), unit: .automatic)
    }

    func snapshot(for configuration: WeatherIntent, in context: Context) async -> WeatherEntry {
        var sample = Forecast.sample(at: context.date)
        sample.place = configuration.place
        return WeatherEntry(date: context.date, forecast: sample, unit: configuration.unit)
    }

    /// An entry for now and one at the start of each of the next twelve
    /// hours, each reading that hour's forecast, so the card moves on
    /// exactly when the hour does, and keeps doing so while the network is
    /// away. Open-Meteo's models run hourly: a fresh look every half hour
    /// keeps the card within one run of the source.
    func timeline(for configuration: WeatherIntent, in context: Context) async throws -> Timeline<WeatherEntry> {
        let service = OpenMeteo(settings: context.settings)
        let forecast: Forecast
        do {
            forecast = try await service.forecast(for: try await service.place(configuration.place))
        } catch OpenMeteo.Failure.noSuchPlace(let name) {
            let entry = WeatherEntry(date: context.date, forecast: nil, unit: configuration.unit, problem: "No place called “\(name)”")
            return Timeline(entries: [entry], policy: .never)
        }
        let now = context.date
        let hourStarts = forecast.hours.map(\.date).filter { $0 > now }.prefix(12)
        let entries = [WeatherEntry(date: now, forecast: forecast, unit: configuration.unit)]
            + hourStarts.map { WeatherEntry(date: $0, forecast: forecast.moved(to: $0), unit: configuration.unit) }
        return Timeline(entries: entries, policy: .after(now.addingTimeInterval(30 * 60)))
    }
}
