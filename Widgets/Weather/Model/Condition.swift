import Foundation

/// What the sky does: WMO weather interpretation codes, as Open-Meteo and
/// most weather services report them, grouped as a reader names them.
enum Condition: String, Codable, Hashable, Sendable {
    case clear, mostlyClear, partlyCloudy, cloudy, fog, drizzle, freezingDrizzle, rain, heavyRain, freezingRain, snow, heavySnow, showers, snowShowers, thunderstorm, hail, unknown

    /// WMO code 4677, table 4680 as Open-Meteo uses it.
    init(wmoCode code: Int) {
        switch code {
        case 0: self = .clear
        case 1: self = .mostlyClear
        case 2: self = .partlyCloudy
        case 3: self = .cloudy
        case 45, 48: self = .fog
        case 51, 53, 55: self = .drizzle
        case 56, 57: self = .freezingDrizzle
        case 61, 63: self = .rain
        case 65: self = .heavyRain
        case 66, 67: self = .freezingRain
        case 71, 73, 77: self = .snow
        case 75: self = .heavySnow
        case 80, 81, 82: self = .showers
        case 85, 86: self = .snowShowers
        case 95: self = .thunderstorm
        case 96, 99: self = .hail
        default: self = .unknown
        }
    }

    var name: String {
        switch self {
        case .clear: "Clear"
        case .mostlyClear: "Mostly Clear"
        case .partlyCloudy: "Partly Cloudy"
        case .cloudy: "Cloudy"
        case .fog: "Fog"
        case .drizzle: "Drizzle"
        case .freezingDrizzle: "Freezing Drizzle"
        case .rain: "Rain"
        case .heavyRain: "Heavy Rain"
        case .freezingRain: "Freezing Rain"
        case .snow: "Snow"
        case .heavySnow: "Heavy Snow"
        case .showers: "Showers"
        case .snowShowers: "Snow Showers"
        case .thunderstorm: "Thunderstorms"
        case .hail: "Hail"
        case .unknown: "—"
        }
    }

    /// An SF Symbol's name; night has its own for a clear sky.
    func symbol(isDay: Bool) -> String {
        switch self {
        case .clear: isDay ? "sun.max.fill" : "moon.stars.fill"
        case .mostlyClear, .partlyCloudy: isDay ? "cloud.sun.fill" : "moon.fill"
        case .cloudy, .fog: "cloud.fill"
        case .drizzle, .freezingDrizzle, .rain, .heavyRain, .freezingRain, .showers: "cloud.rain.fill"
        case .snow, .heavySnow, .snowShowers: "cloud.snow.fill"
        case .thunderstorm, .hail: "cloud.bolt.fill"
        case .unknown: "thermometer.medium"
        }
    }

    /// Whether the sky is grey: the card's background darkens.
    var isOvercast: Bool {
        switch self {
        case .clear, .mostlyClear, .partlyCloudy, .unknown: false
        default: true
        }
    }
}
