import Foundation

/// A place's weather as Open-Meteo gives it: now, by the hour and by the day.
/// Temperatures are in °C and wind in km/h; the views convert them for the
/// reader's locale, as `Measurement` would.
struct Forecast: Codable, Hashable, Sendable {
    struct Now: Codable, Hashable, Sendable {
        var temperature: Double
        var apparentTemperature: Double?
        var humidity: Double?
        var windSpeed: Double?
        var condition: Condition
        var isDay: Bool
    }

    struct Hour: Codable, Hashable, Sendable {
        var date: Date
        var temperature: Double
        var condition: Condition
        var isDay: Bool
        /// 0 to 100.
        var precipitationChance: Double?
    }

    struct Day: Codable, Hashable, Sendable {
        /// Midnight at the place.
        var date: Date
        var high: Double
        var low: Double
        var condition: Condition
        var precipitationChance: Double?
    }

    var place: String
    /// The place's time zone: hours and weekdays are the place's own.
    var timeZoneIdentifier: String
    var now: Now
    var hours: [Hour]
    var days: [Day]

    var timeZone: TimeZone { TimeZone(identifier: timeZoneIdentifier) ?? .gmt }

    /// The forecast as it reads at `date`, later than the service's "now":
    /// the hour it falls in becomes "now", so a timeline of these moves on
    /// by itself while the network is away.
    func moved(to date: Date) -> Forecast {
        guard let hour = hours.last(where: { $0.date <= date }) else { return self }
        var moved = self
        moved.now = Now(temperature: hour.temperature, apparentTemperature: nil, humidity: nil, windSpeed: nil,
                        condition: hour.condition, isDay: hour.isDay)
        return moved
    }

    /// The next `count` hours after `date`.
    func hours(after date: Date, count: Int) -> [Hour] {
        Array(hours.filter { $0.date > date }.prefix(count))
    }

    /// Today (at the place) and the days after it.
    func days(from date: Date, count: Int) -> [Day] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let today = calendar.startOfDay(for: date)
        return Array(days.filter { $0.date >= today }.prefix(count))
    }

    /// Today's high and low, or the next day's.
    func today(at date: Date) -> Day? { days(from: date, count: 1).first }
}
