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

    /// The earliest a reload may start, and the rule that holds it back.
    package func earliestStart(_ schedule: InstanceSchedule, at now: Date) -> (Date, ReloadHold?) {
        var earliest = now
        var reason: ReloadHold?
        if let until = schedule.rateLimitedUntil, until > earliest {
            earliest = until
            reason = .rateLimited(until: until)
        }
        let forced = schedule.explicitReload == true
        if !forced, let last = schedule.reloads.last?.date, last + minInterval > earliest {
            earliest = last + minInterval
            reason = .minimumInterval(minInterval)
        }
        if schedule.explicitReload == nil, let frees = budgetFrees(schedule.reloads, at: now), frees > earliest {
            earliest = frees
            reason = .dailyBudget(dailyBudget, freesAt: frees)
        }
        return (earliest, reason)
    }

    /// When the daily budget has a reload again, if it is used up: a day
    /// after the oldest of the last `dailyBudget` charged reloads of the
    /// window. Counted from the newest, without a copy: this runs on every
    /// reload.
    private func budgetFrees(_ reloads: [InstanceSchedule.Reload], at now: Date) -> Date? {
        let windowStart = now - SchedulePolicy.window
        var charged = 0
        for reload in reloads.reversed() where reload.charged && reload.date > windowStart {
            charged += 1
            if charged == dailyBudget { return reload.date + SchedulePolicy.window }
        }
        return nil
    }

    /// The instances an explicit reload (`widgethost reload`) cannot start at
    /// once, when it will and why; `deferrable` when `--force` would not wait.
    package func explicitReloadWaits(_ schedules: [String: InstanceSchedule], force: Bool, at now: Date)
        -> [(instance: String, at: Date, reason: String, deferrable: Bool)] {
        schedules.compactMap { id, stored in
            var schedule = stored
            schedule.explicitReload = force || (schedule.explicitReload ?? false)
            let (earliest, reason) = earliestStart(schedule, at: now)
            guard earliest > now else { return nil }
            var forced = schedule
            forced.explicitReload = true
            return (id, earliest, reason?.description ?? "deferred", !force && earliestStart(forced, at: now).0 < earliest)
        }
    }

    /// What to say when a timeline asks to reload more often than the daily
    /// budget allows: how often it asks, how many reloads a day that makes,
    /// and the cadence the budget holds it to. Nil when the budget suffices.
    /// The interval is measured from when the host received the timeline,
    /// a moment after the kind computed its date: on a busy machine seconds
    /// after. So from two minutes up it is taken to the nearest minute, which
    /// is how kinds ask (`Date() + 600`) and how the warning says it.
    package func budgetWarning(requestedInterval measured: TimeInterval) -> String? {
        guard measured > 0 else { return nil }
        let interval = measured >= 120 ? (measured / 60).rounded() * 60 : measured
        let effective = max(interval, minInterval)
        let perDay = Int((SchedulePolicy.window / effective).rounded(.down))
        guard perDay > dailyBudget else { return nil }
        let held = DurationValue(seconds: (SchedulePolicy.window / Double(dailyBudget)).rounded())
        return "asks to reload every \(DurationValue(seconds: effective.rounded())), \(perDay) times a day; the daily budget is \(dailyBudget) "
            + "(schedule.daily_budget), so it spends its budget early and then waits: about one reload every \(held) on average"
    }
}
