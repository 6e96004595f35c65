import Foundation

extension Forecast {
    /// The gallery's and the placeholder's weather: a mild, clearing day.
    static func sample(at date: Date) -> Forecast {
        let hour = (date.timeIntervalSince1970 / 3_600).rounded(.down) * 3_600
        let day = (date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        let temperatures: [Double] = [18, 19, 21, 22, 22, 21, 19, 17, 16, 15, 14, 14]
        let conditions: [Condition] = [.partlyCloudy, .mostlyClear, .clear, .clear, .clear, .mostlyClear, .partlyCloudy, .cloudy, .cloudy, .showers, .showers, .cloudy]
        let week: [(Double, Double, Condition, Double)] = [
            (22, 13, .partlyCloudy, 20), (19, 11, .showers, 70), (17, 10, .rain, 90), (20, 12, .cloudy, 30),
            (24, 14, .clear, 0), (25, 15, .mostlyClear, 10), (21, 13, .thunderstorm, 60),
        ]
        return Forecast(
            place: "Cupertino", timeZoneIdentifier: "GMT",
            now: Now(temperature: 18, apparentTemperature: 17, humidity: 62, windSpeed: 11, condition: .partlyCloudy, isDay: true),
            hours: temperatures.indices.map {
                Hour(date: Date(timeIntervalSince1970: hour + Double($0 + 1) * 3_600), temperature: temperatures[$0], condition: conditions[$0],
                     isDay: $0 < 8, precipitationChance: conditions[$0] == .showers ? 60 : nil)
            },
            days: week.indices.map {
                Day(date: Date(timeIntervalSince1970: day + Double($0) * 86_400), high: week[$0].0, low: week[$0].1, condition: week[$0].2,
                    precipitationChance: week[$0].3)
            })
    }
}
