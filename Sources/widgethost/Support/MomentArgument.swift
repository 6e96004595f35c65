import ArgumentParser
import Foundation

/// A moment on the command line: ISO 8601 (`2026-11-28T18:30:00Z`), or a
/// duration from now (`90s`, `15m`, `2h`, `1d`).
struct MomentArgument: ExpressibleByArgument, Sendable {
    /// Seconds from now, or the moment itself.
    private enum Value: Sendable {
        case fromNow(TimeInterval)
        case at(Date)
    }

    private let value: Value

    init?(argument: String) {
        if let date = try? Date(argument, strategy: .iso8601) {
            value = .at(date)
            return
        }
        let text = argument.hasPrefix("+") ? String(argument.dropFirst()) : argument
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        guard let unit = text.last, let scale = units[unit], let number = Double(text.dropLast()), number.isFinite, number >= 0,
              number * scale <= 365 * 86_400 else { return nil }
        value = .fromNow(number * scale)
    }

    static var defaultValueDescription: String { "ISO 8601 or 15m from now" }

    func date(from now: Date) -> Date {
        switch value {
        case .fromNow(let seconds): now.addingTimeInterval(seconds)
        case .at(let date): date
        }
    }
}
