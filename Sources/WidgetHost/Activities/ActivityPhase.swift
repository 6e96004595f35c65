import Foundation
import WidgetContainer

/// Where a Live Activity is in its life at a moment: ActivityKit's
/// `ActivityState`, worked out from the stored dates so that no timer is
/// needed for an activity to go stale, end at eight hours, or be dismissed.
package enum ActivityPhase: String, Sendable, Codable {
    case active
    case stale
    case ended
    case dismissed
}

extension LiveActivity {
    /// When it ended, or ends by itself at eight hours.
    package var effectiveEnd: Date {
        min(endedAt ?? .distantFuture, startedAt.addingTimeInterval(ActivityLimits.maximumDuration))
    }

    /// When it stops being shown.
    package var effectiveDismissal: Date {
        dismissAt ?? effectiveEnd.addingTimeInterval(ActivityLimits.endedShownFor)
    }

    package func phase(at date: Date) -> ActivityPhase {
        if date >= effectiveDismissal { return .dismissed }
        if date >= effectiveEnd { return .ended }
        if let staleDate, date >= staleDate { return .stale }
        return .active
    }

    /// Its drawing at `date`: the stale one once the content is stale.
    package func view(at date: Date) -> Data {
        if let staleDate, date >= staleDate, let staleView { return staleView }
        return view
    }

    /// The next moment its phase or drawing changes on its own, if any.
    package func nextChange(after date: Date) -> Date? {
        [staleDate, effectiveEnd, effectiveDismissal].compactMap { $0 }.filter { $0 > date }.min()
    }
}

extension Array where Element == LiveActivity {
    /// Those shown at `date`, most relevant first (ActivityKit's
    /// `relevanceScore`), then the earlier started.
    package func shown(at date: Date) -> [LiveActivity] {
        filter { $0.phase(at: date) != .dismissed }
            .sorted { ($0.relevanceScore, $1.startedAt, $1.id) > ($1.relevanceScore, $0.startedAt, $0.id) }
    }
}
