import Foundation

/// Open-Meteo's forecast and geocoding APIs (open-meteo.com: free, no key),
/// through `URLSession` as an iOS widget would call them. The host fetches
/// for the kind, with its cache, size limits and timeouts.
struct OpenMeteo {
    enum Failure: Error, LocalizedError {
        case noSuchPlace(String)
        case refused(String)
        case unreadable(String)

        var errorDescription: String? {
            switch self {
            case .noSuchPlace(let name): "no place called '\(name)'"
            case .refused(let reason): "Open-Meteo refused: \(reason)"
            case .unreadable(let what): "Open-Meteo's answer is unreadable: \(what)"
            }
        }
    }

    /// The services' base addresses: the manifest's `settings` may point
    /// them elsewhere (a mirror, a self-hosted Open-Meteo, a test's server).
    var forecastAPI = URL(string: "https://api.open-meteo.com")!
    var geocodingAPI = URL(string: "https://geocoding-api.open-meteo.com")!
    var session = URLSession.shared

    init(settings: [String: String]) {
        if let text = settings["forecast_api"], let url = URL(string: text) { forecastAPI = url }
        if let text = settings["geocoding_api"], let url = URL(string: text) { geocodingAPI = url }
    }

    /// "Berlin", "Paris, FR", or coordinates ("52.52,13.41"). Names are
    /// looked up once and kept in the module's own defaults.
    func place(_ text: String) async throws -> Place {
        if let coordinates = Place(coordinates: text) { return coordinates }
        let key = "place." + text.lowercased()
        if let kept = UserDefaults.standard.string(forKey: key), let place = try? JSONDecoder().decode(Place.self, from: Data(kept.utf8)) {
            return place
        }
        let parts = text.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        var components = URLComponents(url: geocodingAPI.appendingPathComponent("v1/search"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "name", value: parts[0]),
            URLQueryItem(name: "count", value: "10"),
            URLQueryItem(name: "format", value: "json"),
        ]
        let found = try await get(GeocodingResponse.self, components.url!).results ?? []
        let country = parts.count > 1 ? parts[1].lowercased() : nil
        guard let match = found.first(where: { country == nil || $0.countryCode?.lowercased() == country || $0.country?.lowercased() == country }) else {
            throw Failure.noSuchPlace(text)
        }
        let place = Place(name: match.name, latitude: match.latitude, longitude: match.longitude)
        if let encoded = try? JSONEncoder().encode(place) { UserDefaults.standard.set(String(decoding: encoded, as: UTF8.self), forKey: key) }
        return place
    }

    func forecast(for place: Place) async throws -> Forecast {
        var components = URLComponents(url: forecastAPI.appendingPathComponent("v1/forecast"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "latitude", value: String(place.latitude)),
            URLQueryItem(name: "longitude", value: String(place.longitude)),
            URLQueryItem(name: "current", value: "temperature_2m,apparent_temperature,relative_humidity_2m,wind_speed_10m,weather_code,is_day"),
            URLQueryItem(name: "hourly", value: "temperature_2m,weather_code,is_day,precipitation_probability"),
            URLQueryItem(name: "daily", value: "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max"),
            URLQueryItem(name: "timezone", value: "auto"),
            URLQueryItem(name: "timeformat", value: "unixtime"),
            URLQueryItem(name: "forecast_days", value: "7"),
        ]
        return try await get(ForecastResponse.self, components.url!).forecast(at: place)
    }

    private func get<Response: Decodable>(_ type: Response.Type, _ url: URL) async throws -> Response {
        let (data, response) = try await session.data(from: url)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let decoder = JSONDecoder()
        guard status == 200 else {
            let reason = (try? decoder.decode(ErrorResponse.self, from: data))?.reason
            throw Failure.refused(reason.map { "\($0) (HTTP \(status))" } ?? "HTTP \(status)")
        }
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            throw Failure.unreadable(Self.describe(error))
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return path.isEmpty ? "not JSON" : "\(path): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}

/// Where the weather is.
struct Place: Codable, Hashable, Sendable {
    var name: String
    var latitude: Double
    var longitude: Double

    init(name: String, latitude: Double, longitude: Double) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }

    /// "52.52,13.41" (latitude, longitude).
    init?(coordinates text: String) {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
              (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        self.init(name: String(format: "%.2f°, %.2f°", latitude, longitude), latitude: latitude, longitude: longitude)
    }
}

private struct ErrorResponse: Decodable {
    var reason: String?
}

private struct GeocodingResponse: Decodable {
    struct Result: Decodable {
        var name: String
        var latitude: Double
        var longitude: Double
        var countryCode: String?
        var country: String?

        enum CodingKeys: String, CodingKey {
            case name, latitude, longitude, country
            case countryCode = "country_code"
        }
    }

    var results: [Result]?
}

/// `/v1/forecast` with `timeformat=unixtime`. Any value may be null, and
/// the arrays are read only as far as all of them go.
private struct ForecastResponse: Decodable {
    struct Current: Decodable {
        var temperature2m: Double?
        var apparentTemperature: Double?
        var relativeHumidity2m: Double?
        var windSpeed10m: Double?
        var weatherCode: Int?
        var isDay: Int?

        enum CodingKeys: String, CodingKey {
            case temperature2m = "temperature_2m", apparentTemperature = "apparent_temperature"
            case relativeHumidity2m = "relative_humidity_2m", windSpeed10m = "wind_speed_10m"
            case weatherCode = "weather_code", isDay = "is_day"
        }
    }

    struct Hourly: Decodable {
        var time: [Double]
        var temperature2m: [Double?]
        var weatherCode: [Int?]
        var isDay: [Int?]?
        var precipitationProbability: [Double?]?

        enum CodingKeys: String, CodingKey {
            case time, temperature2m = "temperature_2m", weatherCode = "weather_code", isDay = "is_day"
            case precipitationProbability = "precipitation_probability"
        }
    }

    struct Daily: Decodable {
        var time: [Double]
        var weatherCode: [Int?]
        var temperature2mMax: [Double?]
        var temperature2mMin: [Double?]
        var precipitationProbabilityMax: [Double?]?

        enum CodingKeys: String, CodingKey {
            case time, weatherCode = "weather_code", temperature2mMax = "temperature_2m_max", temperature2mMin = "temperature_2m_min"
            case precipitationProbabilityMax = "precipitation_probability_max"
        }
    }

    var timezone: String?
    var current: Current?
    var hourly: Hourly?
    var daily: Daily?

    func forecast(at place: Place) throws -> Forecast {
        guard let current, let temperature = Self.temperature(current.temperature2m) else {
            throw OpenMeteo.Failure.unreadable("no current temperature")
        }
        let now = Forecast.Now(
            temperature: temperature, apparentTemperature: Self.temperature(current.apparentTemperature),
            humidity: current.relativeHumidity2m.flatMap(Self.percent), windSpeed: current.windSpeed10m.flatMap { (0...500).contains($0) ? $0 : nil },
            condition: Condition(wmoCode: current.weatherCode ?? -1), isDay: (current.isDay ?? 1) != 0)
        var hours: [Forecast.Hour] = []
        if let hourly {
            for index in hourly.time.indices where index < hourly.temperature2m.count && index < hourly.weatherCode.count {
                guard let temperature = Self.temperature(hourly.temperature2m[index]), let date = Self.date(hourly.time[index]) else { continue }
                hours.append(Forecast.Hour(
                    date: date, temperature: temperature, condition: Condition(wmoCode: hourly.weatherCode[index] ?? -1),
                    isDay: ((hourly.isDay?[safe: index] ?? nil) ?? 1) != 0,
                    precipitationChance: (hourly.precipitationProbability?[safe: index] ?? nil).flatMap(Self.percent)))
            }
        }
        var days: [Forecast.Day] = []
        if let daily {
            for index in daily.time.indices where index < daily.weatherCode.count && index < daily.temperature2mMax.count && index < daily.temperature2mMin.count {
                guard let high = Self.temperature(daily.temperature2mMax[index]), let low = Self.temperature(daily.temperature2mMin[index]),
                      let date = Self.date(daily.time[index]) else { continue }
                days.append(Forecast.Day(
                    date: date, high: max(high, low), low: min(high, low), condition: Condition(wmoCode: daily.weatherCode[index] ?? -1),
                    precipitationChance: (daily.precipitationProbabilityMax?[safe: index] ?? nil).flatMap(Self.percent)))
            }
        }
        let timeZone = timezone.flatMap { TimeZone(identifier: $0) }?.identifier ?? "GMT"
        return Forecast(place: place.name, timeZoneIdentifier: timeZone, now: now, hours: hours.sorted { $0.date < $1.date },
                        days: days.sorted { $0.date < $1.date })
    }

    /// A temperature a thermometer could read (°C); anything else is a lie.
    private static func temperature(_ value: Double?) -> Double? {
        value.flatMap { (-100...70).contains($0) ? $0 : nil }
    }

    private static func percent(_ value: Double) -> Double? {
        (0...100).contains(value) ? value : nil
    }

    private static func date(_ seconds: Double) -> Date? {
        (0...8_000_000_000).contains(seconds) ? Date(timeIntervalSince1970: seconds) : nil
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
