import Foundation
import WidgetSDK

/// Everything the scheduler knows about one instance; persisted in the
/// container so a restarted host resumes where it stopped.
package struct InstanceSchedule: Codable, Sendable, Equatable {
    package struct Reload: Codable, Sendable, Equatable {
        package var date: Date
        /// Explicit reloads are not charged to the daily budget.
        package var charged: Bool
    }

    /// The latest timeline's entries; an empty timeline keeps the previous ones.
    package var entries: [ArchivedEntry] = []
    package var policy: TimelineReloadPolicy?
    package var nextReload: Date?
    package var nextReloadReason = "no timeline yet"
    /// Reload attempts of the last 24 hours.
    package var reloads: [Reload] = []
    package var lastAttempt: Date?
    package var lastSuccess: Date?
    package var lastError: String?
    package var lastErrorAt: Date?
    package var consecutiveFailures = 0
    package var rateLimitedUntil: Date?
    /// An explicit reload waiting to run, and whether it was forced.
    package var explicitReload: Bool?
    package var providerCalls = 0
    /// Crashes of the kind's extension during this instance's calls, while
    /// they come in a row; nil once a call ends otherwise.
    package var crashes: CrashRecord?
    /// When the provider call running for this instance started; nil when
    /// none runs. Saved, so that a schedule read back with one tells of a
    /// call that a host stopped, died or lost the instance during: the host
    /// that reads it reloads the instance at once instead of waiting for an
    /// answer that will never come.
    package var callStartedAt: Date?
    /// The build of the kind's module that made `entries` (`ModuleVersion`);
    /// nil in rows saved before it was kept.
    package var moduleVersion: String?
    /// When the instance is relevant, as its provider's `relevance()` said
    /// with the latest timeline; nil when it said nothing.
    package var relevantIntervals: [RelevantInterval]?

    package init() {}

    package var isQuarantined: Bool { crashes?.quarantined ?? false }

    /// Whether a provider call was running when this schedule was saved.
    /// Rows saved before `callStartedAt` existed said so only in their reason.
    package var hadCallRunning: Bool {
        callStartedAt != nil || (nextReload == nil && nextReloadReason == Self.reloadingReason)
    }

    static let reloadingReason = "reloading"

    /// Gives back the reload charged for the latest attempt, which did not
    /// run to an end through no fault of the instance's.
    mutating func unchargeLastAttempt() {
        if let last = reloads.last, last.date == lastAttempt {
            reloads.removeLast()
        }
    }

    /// The latest entry whose date is not in the future.
    package func currentEntry(at now: Date) -> ArchivedEntry? {
        currentIndex(at: now).map { entries[$0] }
    }

    /// The first entry still to come.
    package func nextEntry(after now: Date) -> ArchivedEntry? {
        nextIndex(after: now).map { entries[$0] }
    }

    /// The dates alone, for the scheduler's every step: an entry returned
    /// whole is its view tree retained and released.
    func currentEntryDate(at now: Date) -> Date? {
        currentIndex(at: now).map { entries[$0].date }
    }

    func nextEntryDate(after now: Date) -> Date? {
        nextIndex(after: now).map { entries[$0].date }
    }

    private func currentIndex(at now: Date) -> Int? {
        entries.lastIndex { $0.date <= now }
    }

    private func nextIndex(after now: Date) -> Int? {
        entries.firstIndex { $0.date > now }
    }

    package func chargedReloads(at now: Date) -> Int {
        reloads.filter { $0.charged && $0.date > now - SchedulePolicy.window }.count
    }
}

/// An instance's crashes in a row, and whether they got it quarantined.
package struct CrashRecord: Codable, Sendable, Equatable {
    package var inARow: Int
    package var last: String
    package var lastAt: Date
    package var quarantined: Bool
}
