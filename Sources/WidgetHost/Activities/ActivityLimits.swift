import Foundation

/// How ActivityKit bounds a Live Activity, and so the host: its content's
/// size, how many run at once, how often it may change, how long it lives.
package enum ActivityLimits {
    /// Attributes and state together, as JSON: ActivityKit's 4 KB.
    package static let maximumPayload = 4096
    /// Activities of one type running at once (ActivityKit allows an app five).
    package static let maximumRunning = 5
    /// Updates an activity may make at once, then one more each five seconds:
    /// ActivityKit's budget for frequent updates, kept per activity.
    package static let updates = RefillingBudget(burst: 10, interval: 5)
    /// An activity that is not ended ends itself after eight hours, as on iOS.
    package static let maximumDuration: TimeInterval = 8 * 3600
    /// An ended activity stays shown up to four hours, unless dismissed sooner.
    package static let endedShownFor: TimeInterval = 4 * 3600
    /// Dismissed activities are kept this long, for `activity list --all`,
    /// then removed when another starts.
    package static let keptAfterDismissal: TimeInterval = 24 * 3600
    /// Activities of one type kept, running, ended and dismissed: a start
    /// beyond it removes the one that ended longest ago.
    package static let maximumKept = 50
    /// How far ahead of this host's clock a sender's timestamp may be.
    package static let timestampLead: TimeInterval = 300
}
