import Foundation
import WidgetSDK

/// Something the scheduler did; each is one log line of `run`.
package struct SchedulerEvent: Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        case added
        case removed
        /// Still stored, but no longer scheduled or shown: its kind dropped
        /// its family, or the bundle no longer offers its kind.
        case withdrawn(reason: String)
        /// A withdrawn instance scheduled and shown again.
        case resumed
        case reloadStarted(reason: String)
        case timelineReceived(entries: Int, policy: TimelineReloadPolicy, nextReload: Date?, reason: String)
        case entryBecameCurrent(entryDate: Date)
        case reloadDeferred(until: Date, reason: String)
        case waitingForSlot
        case reloadFailed(error: String, failures: Int, retryAt: Date?, reason: String)
        case reloadRequested(force: Bool, scheduledFor: Date, reason: String)
        /// The instance crashed its extension too often: no more calls until released.
        case quarantined(reason: String)
        /// An unforced reload of a quarantined instance.
        case reloadRefused(reason: String)
    }

    package let date: Date
    package let instance: String
    package let kind: Kind
    /// What a `reloadFailed` was, for what branches on it (`/metrics`).
    package let failure: ReloadFailure.Code?

    package init(date: Date, instance: String, kind: Kind, failure: ReloadFailure.Code? = nil) {
        self.date = date
        self.instance = instance
        self.kind = kind
        self.failure = failure
    }

    package var description: String {
        switch kind {
        case .added:
            "instance added"
        case .removed:
            "instance removed"
        case .withdrawn(let reason):
            "instance is no longer shown: \(reason); it is kept"
        case .resumed:
            "instance is shown again"
        case .reloadStarted(let reason):
            "reload started (\(reason))"
        case .timelineReceived(let entries, let policy, let next, let reason):
            "timeline received: \(entries) entr\(entries == 1 ? "y" : "ies"), policy \(policy.summary); next reload "
                + (next.map { "\(Self.format($0)) (\(reason))" } ?? "never (\(reason))")
        case .entryBecameCurrent(let entryDate):
            "entry of \(Self.format(entryDate)) became current"
        case .reloadDeferred(let until, let reason):
            "reload deferred to \(Self.format(until)): \(reason)"
        case .waitingForSlot:
            "reload waiting: all provider slots are busy"
        case .reloadFailed(let error, let failures, let retry, let reason):
            "reload failed (\(failures) in a row): \(error); " + (retry.map { "retry at \(Self.format($0)) (\(reason))" } ?? "no retry")
        case .reloadRequested(let force, let scheduled, let reason):
            "\(force ? "forced " : "")reload requested; runs at \(Self.format(scheduled))" + (reason.isEmpty ? "" : " (\(reason))")
        case .quarantined(let reason):
            "quarantined: \(reason)"
        case .reloadRefused(let reason):
            "reload refused: \(reason)"
        }
    }

    package static func format(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}

extension TimelineReloadPolicy {
    package var summary: String {
        switch self {
        case .atEnd: "atEnd"
        case .after(let date): "after(\(SchedulerEvent.format(date)))"
        case .never: "never"
        }
    }
}
