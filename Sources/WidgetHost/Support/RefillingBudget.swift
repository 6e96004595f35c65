import Foundation

/// A budget of `burst` at once that refills one each `interval`, counted
/// from a stored level and when it was counted: ActivityKit's updates and
/// WidgetKit's pushes are both bounded so.
package struct RefillingBudget: Sendable {
    package let burst: Double
    package let interval: TimeInterval

    /// What is left at `now` of `level`, counted at `countedAt`.
    package func available(_ level: Double, countedAt: Date, at now: Date) -> Double {
        min(burst, level + max(0, now.timeIntervalSince(countedAt)) / interval)
    }

    /// How long until one more is there, when `available` is short of one.
    package func retryAfter(_ available: Double) -> TimeInterval {
        (1 - available) * interval
    }
}
