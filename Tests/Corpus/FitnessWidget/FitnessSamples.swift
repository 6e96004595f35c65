import Foundation

struct DailySteps: Identifiable {
    let date: Date
    let steps: Int
    var id: Date { date }
}

struct HeartRateSample: Identifiable {
    let minute: Int
    let bpm: Double
    let zone: String
    var id: Int { minute }
}

enum FitnessSamples {
    static let goal = 8_000

    /// A week of steps, each day at noon so that it falls on the same day in every time zone.
    static let week: [DailySteps] = {
        let monday = Date(timeIntervalSince1970: 1_795_435_200)
        let counts = [6_240, 9_812, 7_430, 11_205, 5_120, 8_960, 3_870]
        return counts.enumerated().map { DailySteps(date: monday.addingTimeInterval(Double($0.offset) * 86_400), steps: $0.element) }
    }()

    /// A morning run: resting, warming up, running, cooling down.
    static let run: [HeartRateSample] = [
        (0, 64), (5, 71), (10, 98), (15, 126), (20, 142), (25, 151), (30, 148), (35, 155), (40, 139), (45, 112), (50, 88), (55, 74),
    ].map { minute, bpm in
        HeartRateSample(minute: minute, bpm: bpm, zone: bpm >= 140 ? "Cardio" : bpm >= 100 ? "Fat burn" : "Rest")
    }

    static var todaySteps: Int { week.last!.steps }
}
