import Foundation
import WidgetContainer

/// A Live Activity's new content, as `ActivityContent` carries it: JSON of
/// its `ContentState`, when it goes stale, and its relevance.
package struct ActivityContentUpdate: Sendable {
    package var state: Data
    package var staleDate: Date?
    package var relevanceScore: Double

    package init(state: Data, staleDate: Date? = nil, relevanceScore: Double = 0) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
    }
}

/// What an update or an end did.
package enum ActivityChange: Sendable {
    /// Applied: the activity as it is now.
    case applied(LiveActivity)
    /// Stamped no later than the latest applied (a retry, or an older
    /// update arriving late), or an end of one already ended: nothing changed.
    case ignored(LiveActivity)

    package var activity: LiveActivity {
        switch self {
        case .applied(let activity), .ignored(let activity): activity
        }
    }
}
