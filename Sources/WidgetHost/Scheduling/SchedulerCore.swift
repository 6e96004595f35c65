import Foundation
import DequeModule
import HeapModule
import HostBasics
import WidgetConfiguration
import WidgetSDK

/// The scheduler's decisions, without I/O or time of its own: the caller says
/// what time it is and runs the provider calls it is told to start. Deadlines
/// live in a heap, so finding the next one never scans every instance.
///
/// One value of about 480 lines: instances, time, calls, decisions and the
/// heap (its MARKs) change together in every step, and as one value it is
/// tested, benchmarked and simulated for a day without a clock or a thread.
package struct SchedulerCore: Sendable {
    /// A provider call the caller must make, then report with `complete`.
    package struct ReloadCall: Sendable, Hashable {
        package let instance: String
        package let number: Int
        package let reason: String
        /// Asked for by a person (`reload`): data must be fresh, not merely cached.
        package var explicit = false
        /// Forced (`reload --force`, a tap): not held back by the minimum interval.
        package var forced = false
        /// When it was due; it starts later when the host ran behind or slots were full.
        package var due: Date? = nil
    }

    /// What the caller must do after `advance` or `complete`.
    package struct Step: Sendable {
        package var events: [SchedulerEvent] = []
        /// Provider calls to start now.
        package var calls: [ReloadCall] = []
        /// Calls that timed out: cancel them; their results will be ignored.
        package var cancelled: [ReloadCall] = []

        mutating func append(_ other: Step) {
            events += other.events
            calls += other.calls
            cancelled += other.cancelled
        }
    }

    package struct Statistics: Sendable, Equatable {
        package var providerCalls = 0
        package var failures = 0
        package var timeouts = 0
        package var deferrals = 0
        package var transitions = 0
    }

    /// Replaced when the manifest changes under a running host.
    package internal(set) var policy: SchedulePolicy
    package private(set) var schedules: [String: InstanceSchedule] = [:]
    package private(set) var statistics = Statistics()

    private var heap = Heap<Deadline>()
    private var reloadGeneration: [String: Int] = [:]
    private var transitionGeneration: [String: Int] = [:]
    /// Calls running now, by instance.
    private var running: [String: Int] = [:]
    /// Reloads asked for while a call was running, and whether forced: they
    /// run when it ends, so no request is lost.
    private var reloadsAfterCall: [String: Bool] = [:]
    /// Instances due while every slot was busy (or starts were held), in
    /// the order they became due.
    private var waiting = Deque<String>()
    private var waitingSet = Set<String>()
    private var nextCallNumber = 0
    private var random: SplitMix64
    /// No call may start: a fleet host's leases lapsed. Due instances wait,
    /// keeping their due dates, until `holdStarts(false)`.
    package private(set) var startsHeld = false

    package init(policy: SchedulePolicy, seed: UInt64 = 0x5EED) {
        self.policy = policy
        random = SplitMix64(seed: seed)
    }

    // MARK: Instances

    /// Adds an instance, resuming its persisted schedule if it has one: a
    /// persisted next reload is kept, so a restart causes no reload storm.
    /// A persisted schedule whose call was running when it was saved is due
    /// at once: no call of this scheduler runs it, so the host that started
    /// it stopped, died or lost the instance, and its answer will never come.
    /// A quarantine is kept, unless the entries were made by another build
    /// of the kind's module than `moduleVersion`: then, as when a module
    /// changes under a running host, the instance is released and reloaded
    /// at once, uncharged.
    package mutating func add(_ instance: String, schedule persisted: InstanceSchedule?, at now: Date, resumed: Bool = false,
                             moduleVersion: String? = nil) -> [SchedulerEvent] {
        var schedule = persisted ?? InstanceSchedule()
        if schedule.hadCallRunning {
            schedule.unchargeLastAttempt()
            schedule.callStartedAt = nil
            schedule.nextReload = now
            schedule.nextReloadReason = "its last call was cut short (the host running it stopped)"
        } else if persisted == nil || (schedule.nextReload == nil && schedule.policy == nil && !schedule.isQuarantined) {
            schedule.nextReload = now
            schedule.nextReloadReason = "first timeline"
        }
        schedules[instance] = schedule
        if let next = schedule.nextReload { pushReload(instance, at: next) }
        pushNextTransition(instance, after: now)
        var events = [SchedulerEvent(date: now, instance: instance, kind: resumed ? .resumed : .added)]
        if let made = schedule.moduleVersion, let moduleVersion, made != moduleVersion, !schedule.entries.isEmpty {
            events += release(instance, at: now, why: Self.moduleChangedReason)
            // Once a build: should the new build crash, or make no entries,
            // the next host (or the next start) keeps its quarantine.
            schedules[instance]?.moduleVersion = moduleVersion
        }
        return events
    }

    static let moduleChangedReason = "its module changed since its entries were made"

    /// Stops scheduling an instance: removed, or (with `withdrawn`, why) kept but no longer shown.
    package mutating func remove(_ instance: String, at now: Date, withdrawn: String? = nil) -> [SchedulerEvent] {
        guard schedules.removeValue(forKey: instance) != nil else { return [] }
        reloadGeneration[instance, default: 0] += 1
        transitionGeneration[instance, default: 0] += 1
        running[instance] = nil
        reloadsAfterCall[instance] = nil
        if waitingSet.remove(instance) != nil { waiting.removeAll { $0 == instance } }
        return [SchedulerEvent(date: now, instance: instance, kind: withdrawn.map { .withdrawn(reason: $0) } ?? .removed)]
    }

    // MARK: Time

    /// The next moment something is due, if any.
    package mutating func nextDeadline() -> Date? {
        while let top = heap.min {
            if isCurrent(top) { return top.date }
            heap.removeMin()
        }
        return nil
    }

    /// Handles everything due at or before `now`: entries that become
    /// current, reloads (started or deferred), timeouts.
    package mutating func advance(to now: Date) -> Step {
        var step = Step()
        while let top = heap.min, top.date <= now {
            heap.removeMin()
            guard isCurrent(top) else { continue }
            switch top.kind {
            case .transition:
                statistics.transitions += 1
                if let entry = schedules[top.instance]?.currentEntry(at: top.date) {
                    step.events.append(SchedulerEvent(date: top.date, instance: top.instance, kind: .entryBecameCurrent(entryDate: entry.date)))
                }
                pushNextTransition(top.instance, after: top.date)
            case .timeout:
                statistics.timeouts += 1
                running[top.instance] = nil
                schedules[top.instance]?.callStartedAt = nil
                step.cancelled.append(ReloadCall(instance: top.instance, number: top.generation, reason: "timed out"))
                step.events += fail(top.instance, ReloadFailure(.timedOut, "timed out after \(DurationValue(seconds: policy.timeout))"), at: top.date)
                step.events += requestedDuringCall(top.instance, at: top.date)
                step.append(startWaiting(at: top.date))
            case .reload:
                // At `now`, not at the due date: after a restart a reload can be
                // long overdue, and its timeout runs from when it really starts.
                let (events, call) = reloadDue(top.instance, at: now)
                step.events += events
                step.calls += call.map { [$0] } ?? []
            }
        }
        return step
    }

    // MARK: Calls

    /// Applies a call's result. A result for a call that already timed out, or
    /// whose instance was removed, is ignored.
    /// `moduleVersion` is the build of the kind's module the call ran in,
    /// kept with the entries it made.
    package mutating func complete(_ call: ReloadCall, with result: Result<ArchivedTimeline, any Error>, at now: Date,
                                   moduleVersion: String? = nil) -> Step {
        guard running[call.instance] == call.number else { return Step() }
        running[call.instance] = nil
        schedules[call.instance]?.callStartedAt = nil
        let events: [SchedulerEvent]
        switch result {
        case .success(let timeline):
            if !timeline.entries.isEmpty { schedules[call.instance]?.moduleVersion = moduleVersion }
            events = succeed(call.instance, timeline: timeline, at: now)
        case .failure(let error):
            let failure = ReloadFailure(error)
            switch failure.code {
            case .unavailable:
                // Still the reload it was: one asked for stays uncharged and, if
                // forced (a tap's), is not held back by the minimum interval.
                events = requeue(call.instance, after: (failure.retryAfter ?? .zero).seconds, reason: failure.message,
                                 explicit: call.explicit ? call.forced : nil, at: now)
            case .crashed:
                events = crash(call.instance, failure, at: now)
            case .timedOut, .rateLimited, .failed:
                events = fail(call.instance, failure, at: now)
            case .unreachable:
                schedules[call.instance]?.unchargeLastAttempt()
                events = fail(call.instance, failure, at: now)
            }
        }
        var step = Step(events: events + requestedDuringCall(call.instance, at: now))
        step.append(startWaiting(at: now))
        return step
    }

    /// The reload asked for while the instance's call ran, now that it has ended.
    private mutating func requestedDuringCall(_ instance: String, at now: Date) -> [SchedulerEvent] {
        guard let force = reloadsAfterCall.removeValue(forKey: instance) else { return [] }
        return requestReload(instance, force: force, at: now)
    }

    /// A call the host gave up on as it stopped: not charged, not counted
    /// toward the minimum interval, and due again at once.
    package mutating func interrupt(_ instance: String, number: Int, at now: Date) -> [SchedulerEvent] {
        guard running[instance] == number else { return [] }
        running[instance] = nil
        schedules[instance]?.callStartedAt = nil
        return requeue(instance, after: 0, reason: "interrupted when the host stopped", explicit: nil, at: now)
    }

    /// A call the caller could not start after all (its lease lapsed in the
    /// meantime): as if it had never started, it waits, first in line, for
    /// starts to be allowed again.
    package mutating func putBack(_ call: ReloadCall, at now: Date) {
        guard running[call.instance] == call.number, var schedule = schedules[call.instance] else { return }
        running[call.instance] = nil
        schedule.unchargeLastAttempt()
        schedule.providerCalls -= 1
        schedule.callStartedAt = nil
        schedule.explicitReload = call.explicit ? false : schedule.explicitReload
        schedule.nextReload = call.due ?? now
        schedule.nextReloadReason = call.reason
        schedules[call.instance] = schedule
        statistics.providerCalls -= 1
        reloadGeneration[call.instance, default: 0] += 1
        if waitingSet.insert(call.instance).inserted { waiting.prepend(call.instance) }
    }

    /// Holds every start (a fleet host whose leases lapsed must not call a
    /// provider for an instance another host may hold by now), or lets the
    /// instances that waited meanwhile start. Nothing is dropped or retried
    /// while held: due instances wait in line with their due dates.
    package mutating func holdStarts(_ hold: Bool, at now: Date) -> Step {
        guard hold != startsHeld else { return Step() }
        startsHeld = hold
        return hold ? Step() : startWaiting(at: now)
    }

    /// When the oldest reload that is due and not started was due: the
    /// scheduler's queue lag is `now` minus it.
    package mutating func oldestUnstartedDue(at now: Date) -> Date? {
        var oldest = waiting.first.flatMap { schedules[$0]?.nextReload }
        while let top = heap.min, top.date <= now {
            guard isCurrent(top) else {
                heap.removeMin()
                continue
            }
            if top.kind == .reload { oldest = min(oldest ?? top.date, top.date) }
            break
        }
        return oldest
    }

    /// `widgethost reload`: not charged to the budget; respects the minimum
    /// interval unless forced. `why` is what the event says it is for.
    package mutating func requestReload(_ instance: String, force: Bool, at now: Date, why: String? = nil) -> [SchedulerEvent] {
        guard var schedule = schedules[instance] else { return [] }
        guard running[instance] == nil else {
            // The running call may predate what the request is about: reload after it.
            reloadsAfterCall[instance] = force || (reloadsAfterCall[instance] ?? false)
            return [SchedulerEvent(date: now, instance: instance, kind: .reloadRequested(
                force: force, scheduledFor: now, reason: "after the call running now"))]
        }
        if schedule.isQuarantined {
            guard force else {
                return [SchedulerEvent(date: now, instance: instance, kind: .reloadRefused(
                    reason: "quarantined after \(schedule.crashes!.inARow) crashes; reload with --force to release it"))]
            }
            schedule.crashes = nil
        }
        schedule.explicitReload = force || (schedule.explicitReload ?? false)
        let (earliest, reason) = earliestStart(schedule, at: now)
        schedule.nextReload = earliest
        schedule.nextReloadReason = reason ?? "requested"
        schedules[instance] = schedule
        pushReload(instance, at: earliest)
        return [SchedulerEvent(date: now, instance: instance, kind: .reloadRequested(force: force, scheduledFor: earliest, reason: why ?? reason ?? ""))]
    }

    /// Reloads now an instance whose last reload failed because its source
    /// gave no answer, now that it does: in the budget and rate limit as
    /// any reload is, not held back by its backoff. Nothing for an instance
    /// that is running, quarantined, or whose last reload worked.
    package mutating func retryUnreachable(_ instance: String, at now: Date, why: String) -> [SchedulerEvent] {
        guard let schedule = schedules[instance], running[instance] == nil, !schedule.isQuarantined, schedule.consecutiveFailures > 0,
              (schedule.nextReload ?? .distantFuture) > now else { return [] }
        scheduleReload(instance, desired: (now, why), at: now)
        guard let next = schedules[instance]?.nextReload else { return [] }
        return [SchedulerEvent(date: now, instance: instance, kind: .reloadRequested(force: false, scheduledFor: next, reason: schedules[instance]!.nextReloadReason))]
    }

    /// Lets a quarantined instance be called again and reloads it, uncharged:
    /// its module has changed.
    package mutating func release(_ instance: String, at now: Date, why: String? = nil) -> [SchedulerEvent] {
        requestReload(instance, force: true, at: now, why: why)
    }

    // MARK: Decisions

    private mutating func reloadDue(_ instance: String, at now: Date) -> ([SchedulerEvent], ReloadCall?) {
        // A running call schedules the next reload when it completes.
        guard var schedule = schedules[instance], running[instance] == nil else { return ([], nil) }
        let (earliest, reason) = earliestStart(schedule, at: now)
        if earliest > now {
            statistics.deferrals += 1
            schedule.nextReload = earliest
            schedule.nextReloadReason = reason ?? "deferred"
            schedules[instance] = schedule
            pushReload(instance, at: earliest)
            return ([SchedulerEvent(date: now, instance: instance, kind: .reloadDeferred(until: earliest, reason: reason ?? "deferred"))], nil)
        }
        guard !startsHeld else {
            // No event: a host whose leases lapsed would log one per instance.
            if waitingSet.insert(instance).inserted { waiting.append(instance) }
            return ([], nil)
        }
        guard running.count < policy.maxConcurrent else {
            if waitingSet.insert(instance).inserted { waiting.append(instance) }
            return ([SchedulerEvent(date: now, instance: instance, kind: .waitingForSlot)], nil)
        }
        let call = start(instance, at: now)
        return ([SchedulerEvent(date: now, instance: instance, kind: .reloadStarted(reason: call.reason))], call)
    }

    private mutating func start(_ instance: String, at now: Date) -> ReloadCall {
        var schedule = schedules[instance]!
        let explicit = schedule.explicitReload != nil
        let forced = schedule.explicitReload == true
        schedule.reloads.removeAll { $0.date <= now - SchedulePolicy.window }
        schedule.reloads.append(InstanceSchedule.Reload(date: now, charged: !explicit))
        schedule.lastAttempt = now
        schedule.providerCalls += 1
        let reason = explicit ? "requested" : schedule.nextReloadReason
        let due = schedule.nextReload
        schedule.explicitReload = nil
        schedule.nextReload = nil
        schedule.nextReloadReason = InstanceSchedule.reloadingReason
        schedule.callStartedAt = now
        schedules[instance] = schedule
        statistics.providerCalls += 1

        nextCallNumber += 1
        running[instance] = nextCallNumber
        heap.insert(Deadline(date: now + policy.timeout, kind: .timeout, instance: instance, generation: nextCallNumber))
        return ReloadCall(instance: instance, number: nextCallNumber, reason: reason, explicit: explicit, forced: forced, due: due)
    }

    private mutating func startWaiting(at now: Date) -> Step {
        var step = Step()
        while !startsHeld, running.count < policy.maxConcurrent, !waiting.isEmpty {
            let instance = waiting.removeFirst()
            waitingSet.remove(instance)
            guard schedules[instance] != nil, running[instance] == nil else { continue }
            let call = start(instance, at: now)
            step.events.append(SchedulerEvent(date: now, instance: instance, kind: .reloadStarted(reason: call.reason)))
            step.calls.append(call)
        }
        return step
    }

    private mutating func succeed(_ instance: String, timeline: ArchivedTimeline, at now: Date) -> [SchedulerEvent] {
        guard var schedule = schedules[instance] else { return [] }
        let previous = schedule.currentEntry(at: now)
        if !timeline.entries.isEmpty {
            schedule.entries = timeline.entries.sorted { $0.date < $1.date }
        }
        schedule.policy = timeline.policy
        schedule.relevantIntervals = timeline.relevantIntervals.isEmpty ? nil : timeline.relevantIntervals
        schedule.lastSuccess = now
        schedule.lastError = nil
        schedule.lastErrorAt = nil
        schedule.consecutiveFailures = 0
        schedule.rateLimitedUntil = nil
        schedule.crashes = nil

        let desired: (Date, String)? = switch timeline.policy {
        case .never:
            nil
        case .after(let date):
            (date, "policy after")
        case .atEnd:
            if timeline.entries.isEmpty {
                (now + policy.minInterval, "atEnd with no entries: after the minimum interval")
            } else {
                (schedule.entries.last!.date, "atEnd: the last entry's date")
            }
        }
        schedules[instance] = schedule
        scheduleReload(instance, desired: desired, at: now)
        pushNextTransition(instance, after: now)

        schedule = schedules[instance]!
        var events = [SchedulerEvent(date: now, instance: instance, kind: .timelineReceived(
            entries: timeline.entries.count, policy: timeline.policy, nextReload: schedule.nextReload, reason: schedule.nextReloadReason))]
        if let current = schedule.currentEntry(at: now), current != previous {
            events.append(SchedulerEvent(date: now, instance: instance, kind: .entryBecameCurrent(entryDate: current.date)))
        }
        return events
    }

    /// A call that could not run through no fault of the instance's: the
    /// reload it was charged is given back, and it runs again when the
    /// extension can take it.
    private mutating func requeue(_ instance: String, after delay: TimeInterval, reason: String, explicit: Bool?, at now: Date) -> [SchedulerEvent] {
        guard var schedule = schedules[instance] else { return [] }
        schedule.unchargeLastAttempt()
        if let explicit { schedule.explicitReload = explicit || (schedule.explicitReload ?? false) }
        let retry = now + max(0, delay)
        schedule.nextReload = retry
        schedule.nextReloadReason = "retry: \(reason)"
        schedules[instance] = schedule
        pushReload(instance, at: retry)
        return [SchedulerEvent(date: now, instance: instance, kind: .reloadDeferred(until: retry, reason: reason))]
    }

    /// A failure that took the kind's extension down; three in a row
    /// quarantine the instance, so a crash loop cannot happen.
    private mutating func crash(_ instance: String, _ failure: ReloadFailure, at now: Date) -> [SchedulerEvent] {
        let previous = schedules[instance]?.crashes
        let error = failure.message
        var events = fail(instance, failure, at: now)
        guard var schedule = schedules[instance] else { return events }
        var record = previous ?? CrashRecord(inARow: 0, last: error, lastAt: now, quarantined: false)
        record.inARow += 1
        record.last = error
        record.lastAt = now
        if record.inARow >= policy.quarantineAfter {
            record.quarantined = true
            schedule.nextReload = nil
            schedule.nextReloadReason = "quarantined: reload with --force, or change the module, to release it"
            reloadGeneration[instance, default: 0] += 1
            events.append(SchedulerEvent(date: now, instance: instance, kind: .quarantined(
                reason: "\(record.inARow) crashes in a row, the last: \(error)")))
        }
        schedule.crashes = record
        schedules[instance] = schedule
        return events
    }

    private mutating func fail(_ instance: String, _ failure: ReloadFailure, at now: Date) -> [SchedulerEvent] {
        guard var schedule = schedules[instance] else { return [] }
        let error = failure.message
        let rateLimitedUntil = failure.rateLimitedUntil
        statistics.failures += 1
        schedule.crashes = nil
        schedule.consecutiveFailures += 1
        schedule.lastError = error
        schedule.lastErrorAt = now
        schedule.rateLimitedUntil = rateLimitedUntil
        schedules[instance] = schedule
        let delay = policy.backoff(failures: schedule.consecutiveFailures, random: Double.random(in: 0..<1, using: &random))
        // A rate limit's end, later than the backoff, is applied by earliestStart.
        let backoff = (now + delay, "backoff after \(schedule.consecutiveFailures) failure\(schedule.consecutiveFailures == 1 ? "" : "s")")
        scheduleReload(instance, desired: backoff, at: now)
        let next = schedules[instance]!
        return [SchedulerEvent(date: now, instance: instance, kind: .reloadFailed(
            error: error, failures: next.consecutiveFailures, retryAt: next.nextReload, reason: next.nextReloadReason), failure: failure.code)]
    }

    /// Sets the next reload: the desired time, or later if the rules say so.
    private mutating func scheduleReload(_ instance: String, desired: (date: Date, reason: String)?, at now: Date) {
        guard var schedule = schedules[instance] else { return }
        if let desired {
            let (earliest, constraint) = earliestStart(schedule, at: now)
            if earliest > desired.date, let constraint {
                schedule.nextReload = earliest
                schedule.nextReloadReason = "\(desired.reason), deferred: \(constraint)"
            } else {
                schedule.nextReload = max(desired.date, now)
                schedule.nextReloadReason = desired.reason
            }
            schedules[instance] = schedule
            pushReload(instance, at: schedule.nextReload!)
        } else {
            schedule.nextReload = nil
            schedule.nextReloadReason = "policy never: only on an explicit reload"
            schedules[instance] = schedule
            reloadGeneration[instance, default: 0] += 1
        }
    }

    func earliestStart(_ schedule: InstanceSchedule, at now: Date) -> (Date, String?) {
        policy.earliestStart(schedule, at: now)
    }

    // MARK: Heap

    private mutating func pushReload(_ instance: String, at date: Date) {
        reloadGeneration[instance, default: 0] += 1
        heap.insert(Deadline(date: date, kind: .reload, instance: instance, generation: reloadGeneration[instance]!))
    }

    private mutating func pushNextTransition(_ instance: String, after now: Date) {
        transitionGeneration[instance, default: 0] += 1
        guard let next = schedules[instance]?.nextEntry(after: now) else { return }
        heap.insert(Deadline(date: next.date, kind: .transition, instance: instance, generation: transitionGeneration[instance]!))
    }

    private func isCurrent(_ deadline: Deadline) -> Bool {
        guard schedules[deadline.instance] != nil else { return false }
        switch deadline.kind {
        case .reload: return reloadGeneration[deadline.instance] == deadline.generation
        case .transition: return transitionGeneration[deadline.instance] == deadline.generation
        case .timeout: return running[deadline.instance] == deadline.generation
        }
    }
}
