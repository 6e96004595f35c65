import Foundation

struct Departure: Identifiable, Hashable {
    let id = UUID()
    let line: String
    let destination: String
    let minutes: Int
    let platform: String
    let isDelayed: Bool
}

struct Stop {
    let name: String
    let departures: [Departure]

    static let sample = Stop(name: "Hauptbahnhof", departures: [
        Departure(line: "S1", destination: "Flughafen", minutes: 0, platform: "2", isDelayed: false),
        Departure(line: "U4", destination: "Arabellapark", minutes: 1, platform: "1", isDelayed: false),
        Departure(line: "S8", destination: "Herrsching", minutes: 7, platform: "3", isDelayed: true),
        Departure(line: "Tram 19", destination: "Pasing", minutes: 12, platform: "A", isDelayed: false),
        Departure(line: "U5", destination: "Neuperlach Süd", minutes: 18, platform: "1", isDelayed: false),
    ])
}
