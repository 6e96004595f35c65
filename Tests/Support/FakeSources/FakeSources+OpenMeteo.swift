import Foundation

/// Open-Meteo's `/v1/search` (geocoding) and `/v1/forecast`, answered as
/// open-meteo.com answers them (its documented parameters and shapes), for
/// a few places, with weather computed from the server's clock: each day a
/// condition of its own, temperatures that rise by day and fall by night.
extension FakeSources {
    public struct Place: Sendable {
        public let name: String
        public let countryCode: String
        public let country: String
        public let latitude: Double
        public let longitude: Double
        public let timeZone: String
        /// The zone's offset in January, when the tests' clock runs.
        public let utcOffset: Int
    }

    public static let places: [Place] = [
        Place(name: "Berlin", countryCode: "DE", country: "Germany", latitude: 52.52437, longitude: 13.41053, timeZone: "Europe/Berlin", utcOffset: 3_600),
        Place(name: "Cupertino", countryCode: "US", country: "United States", latitude: 37.323, longitude: -122.03218,
              timeZone: "America/Los_Angeles", utcOffset: -28_800),
        Place(name: "Paris", countryCode: "FR", country: "France", latitude: 48.85341, longitude: 2.3488, timeZone: "Europe/Paris", utcOffset: 3_600),
        Place(name: "Paris", countryCode: "US", country: "United States", latitude: 33.66094, longitude: -95.55551, timeZone: "America/Chicago",
              utcOffset: -21_600),
        Place(name: "Tokyo", countryCode: "JP", country: "Japan", latitude: 35.6895, longitude: 139.69171, timeZone: "Asia/Tokyo", utcOffset: 32_400),
    ]

    /// Each day's WMO code, from today on: cloudy, rain, overcast, clear,
    /// mainly clear, showers, a thunderstorm.
    public static let dailyCodes = [2, 61, 3, 0, 1, 80, 95]

    static let currentVariables: Set = ["temperature_2m", "apparent_temperature", "relative_humidity_2m", "wind_speed_10m", "weather_code", "is_day"]
    static let hourlyVariables: Set = ["temperature_2m", "weather_code", "is_day", "precipitation_probability"]
    static let dailyVariables: Set = ["weather_code", "temperature_2m_max", "temperature_2m_min", "precipitation_probability_max"]

    func geocoding(_ query: [String: String]) -> Answer {
        guard let name = query["name"], !name.isEmpty else { return Self.refusal("Parameter 'name' is required") }
        let count = min(Int(query["count"] ?? "10") ?? 10, 100)
        let found = Self.places.filter { $0.name.lowercased().hasPrefix(name.lowercased()) }.prefix(count)
        guard !found.isEmpty else { return (200, Self.json(["generationtime_ms": 0.4]), "application/json; charset=utf-8") }
        let results: [[String: Any]] = found.enumerated().map { index, place in
            ["id": 2_950_159 + index, "name": place.name, "latitude": place.latitude, "longitude": place.longitude, "country_code": place.countryCode,
             "country": place.country, "timezone": place.timeZone]
        }
        return (200, Self.json(["results": results, "generationtime_ms": 0.6]), "application/json; charset=utf-8")
    }

    func forecast(_ query: [String: String]) -> Answer {
        guard let latitude = query["latitude"].flatMap(Double.init), let longitude = query["longitude"].flatMap(Double.init) else {
            return Self.refusal("Parameter 'latitude' and 'longitude' must have the same number of elements")
        }
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            return Self.refusal("Latitude must be in range of -90 to 90°. Given: \(latitude).")
        }
        func variables(_ key: String, _ known: Set<String>) -> ([String], Answer?) {
            let asked = (query[key] ?? "").split(separator: ",").map(String.init)
            if let unknown = asked.first(where: { !known.contains($0) }) {
                return (asked, Self.refusal("Cannot initialize ForecastVariable from invalid String value \(unknown) for key \(key)"))
            }
            return (asked, nil)
        }
        let (current, badCurrent) = variables("current", Self.currentVariables)
        let (hourly, badHourly) = variables("hourly", Self.hourlyVariables)
        let (daily, badDaily) = variables("daily", Self.dailyVariables)
        if let refusal = badCurrent ?? badHourly ?? badDaily { return refusal }
        let days = min(max(Int(query["forecast_days"] ?? "7") ?? 7, 1), 16)
        let unixTime = query["timeformat"] == "unixtime"
        let fahrenheit = query["temperature_unit"] == "fahrenheit"
        let place = Self.places.min { hypot($0.latitude - latitude, $0.longitude - longitude) < hypot($1.latitude - latitude, $1.longitude - longitude) }!
        let offset = query["timezone"] == "auto" ? place.utcOffset : 0
        let zone = query["timezone"] == "auto" ? place.timeZone : "GMT"

        let now = self.now().timeIntervalSince1970
        let midnight = ((now + Double(offset)) / 86_400).rounded(.down) * 86_400 - Double(offset)
        let base = 20 - abs(latitude) * 0.25
        func temperature(at time: Double) -> Double {
            let localHour = (time + Double(offset)).truncatingRemainder(dividingBy: 86_400) / 3_600
            let day = Int((time - midnight) / 86_400)
            let celsius = base + 5 * sin(2 * .pi * (localHour - 9) / 24) + Double(day % 3) - 1
            return ((fahrenheit ? celsius * 9 / 5 + 32 : celsius) * 10).rounded() / 10
        }
        func code(at time: Double) -> Int { Self.dailyCodes[Int((time - midnight) / 86_400) % Self.dailyCodes.count] }
        func isDay(at time: Double) -> Int {
            let localHour = (time + Double(offset)).truncatingRemainder(dividingBy: 86_400) / 3_600
            return (7..<17).contains(localHour) ? 1 : 0
        }
        func chance(_ code: Int) -> Int { [61, 80, 95].contains(code) ? 70 : 10 }
        func time(_ seconds: Double, dateOnly: Bool = false) -> Any {
            if unixTime { return Int(seconds) }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(secondsFromGMT: offset)
            formatter.dateFormat = dateOnly ? "yyyy-MM-dd" : "yyyy-MM-dd'T'HH:mm"
            return formatter.string(from: Date(timeIntervalSince1970: seconds))
        }

        var body: [String: Any] = [
            "latitude": latitude, "longitude": longitude, "generationtime_ms": 0.2, "utc_offset_seconds": offset, "timezone": zone,
            "timezone_abbreviation": zone == "GMT" ? "GMT" : "GMT\(offset >= 0 ? "+" : "")\(offset / 3_600)", "elevation": 38,
        ]
        if !current.isEmpty {
            let hour = (now / 3_600).rounded(.down) * 3_600
            let quarter = (now / 900).rounded(.down) * 900
            var values: [String: Any] = ["time": time(quarter), "interval": 900]
            for variable in current {
                switch variable {
                case "temperature_2m": values[variable] = temperature(at: hour)
                case "apparent_temperature": values[variable] = temperature(at: hour) - 2
                case "relative_humidity_2m": values[variable] = 71
                case "wind_speed_10m": values[variable] = 13.7
                case "weather_code": values[variable] = code(at: hour)
                default: values[variable] = isDay(at: hour)
                }
            }
            body["current"] = values
        }
        if !hourly.isEmpty {
            let times = (0..<(days * 24)).map { midnight + Double($0) * 3_600 }
            var values: [String: Any] = ["time": times.map { time($0) }]
            for variable in hourly {
                switch variable {
                case "temperature_2m": values[variable] = times.map(temperature)
                case "weather_code": values[variable] = times.map(code)
                case "is_day": values[variable] = times.map(isDay)
                default: values[variable] = times.map { chance(code(at: $0)) }
                }
            }
            body["hourly"] = values
        }
        if !daily.isEmpty {
            let starts = (0..<days).map { midnight + Double($0) * 86_400 }
            func hours(_ start: Double) -> [Double] { (0..<24).map { temperature(at: start + Double($0) * 3_600) } }
            var values: [String: Any] = ["time": starts.map { time($0, dateOnly: true) }]
            for variable in daily {
                switch variable {
                case "weather_code": values[variable] = starts.map(code)
                case "temperature_2m_max": values[variable] = starts.map { hours($0).max()! }
                case "temperature_2m_min": values[variable] = starts.map { hours($0).min()! }
                default: values[variable] = starts.map { chance(code(at: $0)) }
                }
            }
            body["daily"] = values
        }
        return (200, Self.json(body), "application/json; charset=utf-8")
    }

    /// Open-Meteo's 400: `{"error": true, "reason": "…"}`.
    static func refusal(_ reason: String) -> Answer {
        (400, json(["error": true, "reason": reason]), "application/json; charset=utf-8")
    }
}
