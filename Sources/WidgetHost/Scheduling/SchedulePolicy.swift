import Foundation
import WidgetConfiguration

/// The rules every instance's reloads follow.
package struct SchedulePolicy: Sendable, Equatable {
    package var dailyBudget: Int
    package var minInterval: TimeInterval
    package var timeout: TimeInterval
    package var maxConcurrent: Int
    /// Backoff after the first failure; it doubles with each further failure…
    package var backoffBase: TimeInterval = 60
    /// …up to this.
    package var backoffCap: TimeInterval = 3_600
    /// Each backoff is shortened by a random fraction up to this, so that
    /// instances failing together do not retry together.
    package var jitter: Double = 0.2
    /// Crashes of its extension in a row after which an instance is quarantined.
    package var quarantineAfter = 3

    package static let window: TimeInterval = 86_400

    package init(settings: ScheduleSettings = ScheduleSettings()) {
        dailyBudget = settings.dailyBudget
        minInterval = settings.minInterval.seconds
        timeout = settings.timeout.seconds
        maxConcurrent = settings.maxConcurrent
    }

    /// The wait after `failures` consecutive failures; `random` is in 0..<1.
    func backoff(failures: Int, random: Double) -> TimeInterval {
        let doubled = backoffBase * pow(2, Double(max(0, failures - 1)))
        return min(doubled, backoffCap) * (1 - jitter * random)
    }
}
