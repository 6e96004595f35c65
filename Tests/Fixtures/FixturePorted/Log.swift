// The app's logging, as an iOS app sets it up.
import Foundation
import os

enum Log {
    static let greetings = Logger(subsystem: "com.example.ported", category: "Greeting")

    /// "1h 2m": how long ago, for the log.
    static var duration: DateComponentsFormatter {
        let formatter = DateComponentsFormatter()
        formatter.unitsStyle = .abbreviated
        formatter.allowedUnits = [.hour, .minute]
        return formatter
    }
}
