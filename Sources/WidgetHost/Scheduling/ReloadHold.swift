import Foundation
import WidgetConfiguration

/// A rule that holds a reload back past when it was wanted. Worded only
/// when an event or `reload` says it: the scheduler asks on every reload,
/// and mostly nothing is said.
package enum ReloadHold: Sendable, Equatable, CustomStringConvertible {
    case rateLimited(until: Date)
    case minimumInterval(TimeInterval)
    case dailyBudget(Int, freesAt: Date)

    package var description: String {
        switch self {
        case .rateLimited(let until):
            "rate-limited until \(SchedulerEvent.format(until))"
        case .minimumInterval(let interval):
            "minimum interval of \(DurationValue(seconds: interval)) since the last reload"
        case .dailyBudget(let budget, let frees):
            "daily budget of \(budget) reloads used; one frees at \(SchedulerEvent.format(frees))"
        }
    }
}
