import Foundation

/// What the app last read from the inverter, shared through the App Group.
struct Reading: Codable {
    var charge: Double
    var isCharging: Bool
    var minutesToFull: Int?
    var kilowatts: Double
    var peakKilowatts: Double
    var producedToday: Double
}

extension Reading {
    static let sample = Reading(charge: 0.72, isCharging: true, minutesToFull: 45,
                                kilowatts: 3.4, peakKilowatts: 6, producedToday: 18.6)
}

extension UserDefaults {
    static let solar = UserDefaults(suiteName: "group.com.example.solar")!
}

final class SolarStore {
    static let shared = SolarStore()

    func latestReading() -> Reading {
        guard let data = UserDefaults.solar.data(forKey: "latestReading"),
              let reading = try? JSONDecoder().decode(Reading.self, from: data) else {
            return .sample
        }
        return reading
    }
}
