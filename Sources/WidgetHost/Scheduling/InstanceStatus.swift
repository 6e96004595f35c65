import Foundation
import WidgetConfiguration
import WidgetContainer
import WidgetSDK

/// What a person sees of an instance: whether it shows real data, and how
/// fresh it is. Shared by `status`, `timeline` and the renderers.
package struct InstanceStatus: Sendable {
    package enum State: String, Sendable, Codable {
        /// No timeline yet: the kind's placeholder is shown.
        case placeholder
        case fresh
        /// Showing the last good entry; the latest reload failed.
        case stale
        /// Never had a timeline, and reloads fail.
        case failing
        case rateLimited = "rate-limited"
        /// The kind cannot show the instance (family dropped, kind gone).
        case unsupported
        /// Its calls crashed the kind's extension too often; no more calls
        /// until `reload --force` or the module changes.
        case quarantined
        /// No host is running on the container, so nothing keeps it fresh.
        case noHost = "no-host"
        /// A host runs, but the instance's reload is late by more than
        /// `overdueGrace`: the host meant to reload it stopped, stalled or
        /// is far behind. Whatever it last showed is shown, not kept fresh.
        case overdue
    }

    /// How late a reload may be before its instance is `overdue`: longer
    /// than a busy host's queue, shorter than anyone would wait.
    package static let overdueGrace: TimeInterval = 60

    package let instance: WidgetInstance
    package let placement: InstanceState
    package let state: State
    package let schedule: InstanceSchedule?
    package let currentEntry: ArchivedEntry?
    package let detail: String
    /// `detail` with `{age}` where the time since the last success goes, so
    /// that a page can age it without asking again.
    package let detailTemplate: String
    package static let ageToken = "{age}"
    /// What the current entry shows, read once however often it is summarized.
    let entryFacts: EntryFacts?

    /// - Parameters:
    ///   - hostRunning: false when no host runs on the container; a fresh
    ///     instance then says it is not being kept fresh.
    ///   - callTimeout: how long a provider call may run (the manifest's
    ///     `schedule.timeout`): one running longer, plus the grace, was cut
    ///     short without its end being saved.
    package init(instance: WidgetInstance, placement: InstanceState, schedule: InstanceSchedule?, at now: Date, hostRunning: Bool = true,
                callTimeout: TimeInterval = 30) {
        self.instance = instance
        self.placement = placement
        self.schedule = schedule
        currentEntry = schedule?.currentEntry(at: now)
        entryFacts = currentEntry.map { EntryFacts($0.view) }
        let age = schedule?.lastSuccess.map { _ in Self.ageToken }
        var detail: String
        if placement != .ready {
            state = .unsupported
            detail = placement.description
        } else if let crashes = schedule?.crashes, crashes.quarantined {
            state = .quarantined
            detail = "quarantined after \(crashes.inARow) crashes in a row, the last at \(Self.clock(crashes.lastAt)): \(crashes.last)"
                + (age.map { "; data \($0) old" } ?? "")
        } else if hostRunning, let late = Self.lateness(schedule, at: now, callTimeout: callTimeout) {
            state = .overdue
            detail = late + (age.map { "; data \($0) old" } ?? "; no timeline yet")
        } else if let until = schedule?.rateLimitedUntil, until > now {
            state = .rateLimited
            detail = "rate-limited until \(Self.clock(until))" + (age.map { "; data \($0) old" } ?? "")
        } else if let schedule, schedule.consecutiveFailures > 0 {
            let error = schedule.lastError ?? "unknown error"
            if schedule.entries.isEmpty {
                state = .failing
                detail = "\(schedule.consecutiveFailures) failed reload\(schedule.consecutiveFailures == 1 ? "" : "s"): \(error)"
            } else {
                state = .stale
                detail = "stale, \(age ?? "?") old: \(error)"
            }
        } else if !hostRunning {
            state = .noHost
            detail = "not kept fresh: no host is running" + (age.map { "; updated \($0) ago" } ?? "; no timeline yet")
        } else if let schedule, !schedule.entries.isEmpty {
            state = .fresh
            detail = "updated \(age ?? "?") ago"
        } else {
            state = .placeholder
            detail = "waiting for its first timeline"
        }
        detailTemplate = detail
        self.detail = schedule?.lastSuccess.map { detail.replacingOccurrences(of: Self.ageToken, with: Self.age(now.timeIntervalSince($0))) } ?? detail
    }

    /// Why the instance is overdue, or nil when it is not.
    static func lateness(_ schedule: InstanceSchedule?, at now: Date, callTimeout: TimeInterval) -> String? {
        guard let schedule else { return nil }
        if let started = schedule.callStartedAt {
            guard now.timeIntervalSince(started) > callTimeout + overdueGrace else { return nil }
            return "overdue: a reload started at \(clock(started)) (\(age(now.timeIntervalSince(started))) ago) never ended; the host running it stopped or stalled"
        }
        guard let next = schedule.nextReload, now.timeIntervalSince(next) > overdueGrace else { return nil }
        return "overdue: its reload was due at \(clock(next)) (\(age(now.timeIntervalSince(next))) ago) and has not started"
    }

    /// "45s", "5m", "3h", "2d"
    package static func age(_ interval: TimeInterval) -> String {
        let seconds = max(0, Int(interval))
        switch seconds {
        case ..<60: return "\(seconds)s"
        case ..<3_600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3_600)h"
        default: return "\(seconds / 86_400)d"
        }
    }

    /// HH:MM on a 24-hour clock in local time (`TZ`), for messages read at a
    /// glance. Not the locale's format: en_US's is a 12-hour clock, and with
    /// its AM/PM omitted 19:37 read "07:37".
    package static func clock(_ date: Date, in timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let time = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", time.hour ?? 0, time.minute ?? 0)
    }
}

extension Workspace {
    /// One instance's status, reading only its own timeline. An unknown id
    /// is an error naming the closest one.
    package func status(of id: String, at now: Date = Date(), hostRunning: Bool = true) throws -> InstanceStatus {
        let instance = try container.existingInstance(id: id)
        return InstanceStatus(instance: instance, placement: InstanceState(instance, in: bundle),
                              schedule: try container.schedule(for: id), at: now, hostRunning: hostRunning,
                              callTimeout: manifest.schedule.timeout.seconds)
    }

    /// Every instance's status from what the container holds now.
    package func statuses(at now: Date = Date(), hostRunning: Bool = true) throws -> [InstanceStatus] {
        let schedules = try container.schedules()
        return try instancesWithState().map {
            InstanceStatus(instance: $0.instance, placement: $0.state, schedule: schedules[$0.instance.id], at: now, hostRunning: hostRunning,
                           callTimeout: manifest.schedule.timeout.seconds)
        }
    }

    /// The host running on this container, if any.
    package var runningHost: HostHolder? { container.runningHost() }

    /// Every host running on this container: several share one in PostgreSQL.
    package var runningHosts: [HostHolder] { container.runningHosts() }

    /// The running host that reloads `instance`: in a fleet, the one holding its lease.
    package func host(of instance: String) -> HostHolder? { container.host(of: instance) }
}
