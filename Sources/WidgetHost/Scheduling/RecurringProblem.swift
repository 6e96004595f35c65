import Foundation

/// A problem the run loop meets again on every tick until it goes away, such
/// as a full disk: said once when it starts and once when it ends, never
/// every second in between.
struct RecurringProblem {
    private(set) var since: Date?
    private var failures = 0

    var isOngoing: Bool { since != nil }

    mutating func occurred(_ message: @autoclosure () -> String, at now: Date, report: (String) -> Void) {
        failures += 1
        guard since == nil else { return }
        since = now
        report(message())
    }

    /// Ends the spell without a word: the next occurrence is reported again.
    mutating func reset() {
        since = nil
        failures = 0
    }

    mutating func ended(at now: Date, report: (String) -> Void, describe: (_ duration: String, _ failures: Int) -> String) {
        guard let since else { return }
        report(describe(Duration.seconds(now.timeIntervalSince(since)).formatted(.units(allowed: [.hours, .minutes, .seconds], width: .narrow)), failures))
        self.since = nil
        failures = 0
    }
}
