import Foundation
import WidgetConfiguration

/// The rules every instance's reloads follow.
public struct SchedulePolicy: Sendable, Equatable {
    public var dailyBudget: Int
    public var minInterval: TimeInterval
    public var timeout: TimeInterval
    public var maxConcurrent: Int
    /// Backoff after the first failure; it doubles with each further failure…
    public var backoffBase: TimeInterval = 60
    /// …up to this.
    public var backoffCap: TimeInterval = 3_600
    /// Each backoff is shortened by a random fraction up to this, so that
    /// instances failing together do not retry together.
    public var jitter: Double = 0.2
    /// Crashes of its extension in a row after which an instance is quarantined.
    public var quarantineAfter = 3

    public static let window: TimeInterval = 86_400

    public init(settings: ScheduleSettings = ScheduleSettings()) {
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
