import Foundation

/// Glasses drunk today, in the App Group the app shares.
enum HydrationLog {
    private static var defaults: UserDefaults { UserDefaults(suiteName: "group.com.example.hydrate")! }

    static var glassesToday: Int {
        guard let last = lastGlass, Calendar.current.isDateInToday(last) else { return 0 }
        return defaults.integer(forKey: "glasses")
    }

    static var lastGlass: Date? {
        defaults.object(forKey: "lastGlass") as? Date
    }

    static func logGlass() {
        defaults.set(glassesToday + 1, forKey: "glasses")
        defaults.set(Date(), forKey: "lastGlass")
    }
}
