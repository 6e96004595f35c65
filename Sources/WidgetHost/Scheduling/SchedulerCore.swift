import Foundation
import DequeModule
import HostBasics
import WidgetConfiguration
import WidgetSDK

/// The scheduler's decisions, without I/O or time of its own: the caller says
/// what time it is and runs the provider calls it is told to start. Each
/// instance has a numbered slot and one place in a deadline queue, so
/// finding the next moment never scans every instance, and a step hashes
/// an instance's name only where a call names it from outside.
///
/// One value of about 550 lines: instances, time, calls, decisions and the
/// deadlines (its MARKs) change together in every step, and as one value it
/// is tested, benchmarked and simulated for a day without a clock or a thread.
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
        /// Where the core keeps the instance. Numbers are never reused, so
        /// a call whose number its slot still holds is the instance's call.
        var slot: Int
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
    package private(set) var statistics = Statistics()

    private var slots: [SchedulerSlot] = []
    private var slotOf: [String: Int] = [:]
    private var freeSlots: [Int] = []
    private var deadlines = DeadlineQueue()
    /// Slots whose moments changed since the queue last saw them: one step
    /// changes an instance's moments several times; the queue moves it once.
    private var moved: [Int] = []
    private var runningCount = 0
    /// Instances due while every call slot was busy (or starts were held),
    /// in the order they became due.
    private var waiting = Deque<Int>()
    private var nextCallNumber = 0
    private var random: SplitMix64
    /// No call may start: a fleet host's leases lapsed. Due instances wait,
    /// keeping their due dates, until `holdStarts(false)`.
    package private(set) var startsHeld = false

    package init(policy: SchedulePolicy, seed: UInt64 = 0x5EED) {
        self.policy = policy
        random = SplitMix64(seed: seed)
    }

    /// What the core knows of an instance; nil when it does not schedule it.
    package func schedule(for instance: String) -> InstanceSchedule? {
        slotOf[instance].map { slots[$0].schedule }
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
        let slot = place(instance, schedule)
        setReload(slot, at: schedule.nextReload)
        setNextTransition(slot, after: now)
        var events = [SchedulerEvent(date: now, instance: instance, kind: resumed ? .resumed : .added)]
        if let made = schedule.moduleVersion, let moduleVersion, made != moduleVersion, !schedule.entries.isEmpty {
            events += release(instance, at: now, why: Self.moduleChangedReason)
            // Once a build: should the new build crash, or make no entries,
            // the next host (or the next start) keeps its quarantine.
            slots[slot].schedule.moduleVersion = moduleVersion
        }
        return events
    }

    static let moduleChangedReason = "its module changed since its entries were made"

    /// The slot holding `instance` now: its own if it has one, else a free
    /// one or a new one.
    private mutating func place(_ instance: String, _ schedule: InstanceSchedule) -> Int {
        if let slot = slotOf[instance] {
            slots[slot].schedule = schedule
            return slot
        }
        let fresh = SchedulerSlot(instance: instance, schedule: schedule)
        let slot: Int
        if let free = freeSlots.popLast() {
            slots[free] = fresh
            slot = free
        } else {
            slots.append(fresh)
            slot = slots.count - 1
        }
        slotOf[instance] = slot
        return slot
    }

    /// Stops scheduling an instance: removed, or (with `withdrawn`, why) kept but no longer shown.
    package mutating func remove(_ instance: String, at now: Date, withdrawn: String? = nil) -> [SchedulerEvent] {
        guard let slot = slotOf.removeValue(forKey: instance) else { return [] }
        if slots[slot].runningCall != nil { runningCount -= 1 }
        if slots[slot].isWaiting { waiting.removeAll { $0 == slot } }
        slots[slot] = SchedulerSlot(instance: "", schedule: InstanceSchedule())
        deadlines.update(slot, to: nil)
        freeSlots.append(slot)
        return [SchedulerEvent(date: now, instance: instance, kind: withdrawn.map { .withdrawn(reason: $0) } ?? .removed)]
    }

    // MARK: Time

    /// The next moment something is due, if any.
    package mutating func nextDeadline() -> Date? {
        settle()
        return deadlines.first?.date
    }

    /// Handles everything due at or before `now`: entries that become
    /// current, reloads (started or deferred), timeouts. At one moment, an
    /// instance's entry changes first, then its call times out, then its
    /// reload starts.
    package mutating func advance(to now: Date) -> Step {
        var step = Step()
        while true {
            settle()
            guard let next = deadlines.first, next.date <= now else { break }
            let (date, slot) = next
            let instance = slots[slot].instance
            if slots[slot].transitionAt == date {
                statistics.transitions += 1
                if let entryDate = slots[slot].schedule.currentEntryDate(at: date) {
                    step.events.append(SchedulerEvent(date: date, instance: instance, kind: .entryBecameCurrent(entryDate: entryDate)))
                }
                setNextTransition(slot, after: date)
            } else if slots[slot].timeoutAt == date, let number = slots[slot].runningCall {
                statistics.timeouts += 1
                endCall(slot)
                step.cancelled.append(ReloadCall(instance: instance, number: number, reason: "timed out", slot: slot))
                step.events += fail(slot, ReloadFailure(.timedOut, "timed out after \(DurationValue(seconds: policy.timeout))"), at: date)
                step.events += requestedDuringCall(slot, at: date)
                step.append(startWaiting(at: date))
            } else {
                setReload(slot, at: nil)
                // At `now`, not at the due date: after a restart a reload can be
                // long overdue, and its timeout runs from when it really starts.
                reloadDue(slot, at: now, into: &step)
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
        let slot = call.slot
        guard slots[slot].runningCall == call.number else { return Step() }
        endCall(slot)
        let events: [SchedulerEvent]
        switch result {
        case .success(let timeline):
            if !timeline.entries.isEmpty { slots[slot].schedule.moduleVersion = moduleVersion }
            events = succeed(slot, timeline: timeline, at: now)
        case .failure(let error):
            let failure = ReloadFailure(error)
            switch failure.code {
            case .unavailable:
                // Still the reload it was: one asked for stays uncharged and, if
                // forced (a tap's), is not held back by the minimum interval.
                events = requeue(slot, after: (failure.retryAfter ?? .zero).seconds, reason: failure.message,
                                 explicit: call.explicit ? call.forced : nil, at: now)
            case .crashed:
                events = crash(slot, failure, at: now)
            case .timedOut, .rateLimited, .failed:
                events = fail(slot, failure, at: now)
            case .unreachable:
                slots[slot].schedule.unchargeLastAttempt()
                events = fail(slot, failure, at: now)
            }
        }
        var step = Step(events: events)
        step.events += requestedDuringCall(slot, at: now)
        step.append(startWaiting(at: now))
        return step
    }

    /// The reload asked for while the instance's call ran, now that it has ended.
    private mutating func requestedDuringCall(_ slot: Int, at now: Date) -> [SchedulerEvent] {
        guard let force = slots[slot].reloadAfterCall else { return [] }
        slots[slot].reloadAfterCall = nil
        return requestReload(slots[slot].instance, force: force, at: now)
    }

    /// A call the host gave up on as it stopped: not charged, not counted
    /// toward the minimum interval, and due again at once.
    package mutating func interrupt(_ instance: String, number: Int, at now: Date) -> [SchedulerEvent] {
        guard let slot = slotOf[instance], slots[slot].runningCall == number else { return [] }
        endCall(slot)
        return requeue(slot, after: 0, reason: "interrupted when the host stopped", explicit: nil, at: now)
    }

    /// A call the caller could not start after all (its lease lapsed in the
    /// meantime): as if it had never started, it waits, first in line, for
    /// starts to be allowed again.
    package mutating func putBack(_ call: ReloadCall, at now: Date) {
        let slot = call.slot
        guard slots[slot].runningCall == call.number else { return }
        endCall(slot)
        update(slot) { schedule in
            schedule.unchargeLastAttempt()
            schedule.providerCalls -= 1
            schedule.explicitReload = call.explicit ? false : schedule.explicitReload
            schedule.nextReload = call.due ?? now
            schedule.nextReloadReason = call.reason
        }
        statistics.providerCalls -= 1
        setReload(slot, at: nil)
        if !slots[slot].isWaiting {
            slots[slot].isWaiting = true
            waiting.prepend(slot)
        }
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
        settle()
        var oldest = waiting.first.flatMap { slots[$0].schedule.nextReload }
        if let next = deadlines.first, let due = slots[next.slot].reloadAt, due <= now {
            oldest = min(oldest ?? due, due)
        }
        return oldest
    }

    /// `widgethost reload`: not charged to the budget; respects the minimum
    /// interval unless forced. `why` is what the event says it is for.
    package mutating func requestReload(_ instance: String, force: Bool, at now: Date, why: String? = nil) -> [SchedulerEvent] {
        guard let slot = slotOf[instance] else { return [] }
        guard slots[slot].runningCall == nil else {
            // The running call may predate what the request is about: reload after it.
            slots[slot].reloadAfterCall = force || (slots[slot].reloadAfterCall ?? false)
            return [SchedulerEvent(date: now, instance: instance, kind: .reloadRequested(
                force: force, scheduledFor: now, reason: "after the call running now"))]
        }
        if let crashes = slots[slot].schedule.crashes, crashes.quarantined {
            guard force else {
                return [SchedulerEvent(date: now, instance: instance, kind: .reloadRefused(
                    reason: "quarantined after \(crashes.inARow) crashes; reload with --force to release it"))]
            }
            slots[slot].schedule.crashes = nil
        }
        let policy = policy
        let (earliest, reason) = update(slot) { schedule in
            schedule.explicitReload = force || (schedule.explicitReload ?? false)
            let (earliest, reason) = policy.earliestStart(schedule, at: now)
            schedule.nextReload = earliest
            schedule.nextReloadReason = reason?.description ?? "requested"
            return (earliest, reason)
        }
        setReload(slot, at: earliest)
        return [SchedulerEvent(date: now, instance: instance, kind: .reloadRequested(force: force, scheduledFor: earliest, reason: why ?? reason?.description ?? ""))]
    }

    /// Reloads now an instance whose last reload failed because its source
    /// gave no answer, now that it does: in the budget and rate limit as
    /// any reload is, not held back by its backoff. Nothing for an instance
    /// that is running, quarantined, or whose last reload worked.
    package mutating func retryUnreachable(_ instance: String, at now: Date, why: String) -> [SchedulerEvent] {
        guard let slot = slotOf[instance], slots[slot].runningCall == nil else { return [] }
        let schedule = slots[slot].schedule
        guard !schedule.isQuarantined, schedule.consecutiveFailures > 0, (schedule.nextReload ?? .distantFuture) > now else { return [] }
        scheduleReload(slot, desired: (now, why), at: now)
        guard let next = slots[slot].schedule.nextReload else { return [] }
        return [SchedulerEvent(date: now, instance: instance, kind: .reloadRequested(force: false, scheduledFor: next, reason: slots[slot].schedule.nextReloadReason))]
    }

    /// Lets a quarantined instance be called again and reloads it, uncharged:
    /// its module has changed.
    package mutating func release(_ instance: String, at now: Date, why: String? = nil) -> [SchedulerEvent] {
        requestReload(instance, force: true, at: now, why: why)
    }

    // MARK: Decisions

    private mutating func reloadDue(_ slot: Int, at now: Date, into step: inout Step) {
        // A running call schedules the next reload when it completes.
        guard slots[slot].runningCall == nil else { return }
        let instance = slots[slot].instance
        let (earliest, reason) = policy.earliestStart(slots[slot].schedule, at: now)
        if earliest > now {
            statistics.deferrals += 1
            let reason = reason?.description ?? "deferred"
            slots[slot].schedule.nextReload = earliest
            slots[slot].schedule.nextReloadReason = reason
            setReload(slot, at: earliest)
            step.events.append(SchedulerEvent(date: now, instance: instance, kind: .reloadDeferred(until: earliest, reason: reason)))
            return
        }
        guard !startsHeld else {
            // No event: a host whose leases lapsed would log one per instance.
            wait(slot)
            return
        }
        guard runningCount < policy.maxConcurrent else {
            wait(slot)
            step.events.append(SchedulerEvent(date: now, instance: instance, kind: .waitingForSlot))
            return
        }
        let call = start(slot, at: now)
        step.events.append(SchedulerEvent(date: now, instance: instance, kind: .reloadStarted(reason: call.reason)))
        step.calls.append(call)
    }

    private mutating func wait(_ slot: Int) {
        guard !slots[slot].isWaiting else { return }
        slots[slot].isWaiting = true
        waiting.append(slot)
    }

    private mutating func start(_ slot: Int, at now: Date) -> ReloadCall {
        let (reason, due, explicit, forced) = update(slot) { schedule in
            let explicit = schedule.explicitReload != nil
            let forced = schedule.explicitReload == true
            let windowStart = now - SchedulePolicy.window
            if let oldest = schedule.reloads.first, oldest.date <= windowStart {
                schedule.reloads.removeAll { $0.date <= windowStart }
            }
            schedule.reloads.append(InstanceSchedule.Reload(date: now, charged: !explicit))
            schedule.lastAttempt = now
            schedule.providerCalls += 1
            let reason = explicit ? "requested" : schedule.nextReloadReason
            let due = schedule.nextReload
            schedule.explicitReload = nil
            schedule.nextReload = nil
            schedule.nextReloadReason = InstanceSchedule.reloadingReason
            schedule.callStartedAt = now
            return (reason, due, explicit, forced)
        }
        statistics.providerCalls += 1
        nextCallNumber += 1
        runningCount += 1
        slots[slot].runningCall = nextCallNumber
        slots[slot].timeoutAt = now + policy.timeout
        // The call supersedes a reload still set: its end sets the next.
        setReload(slot, at: nil)
        return ReloadCall(instance: slots[slot].instance, number: nextCallNumber, reason: reason, explicit: explicit, forced: forced, due: due,
                          slot: slot)
    }

    /// The instance's call is over, however it ended.
    private mutating func endCall(_ slot: Int) {
        runningCount -= 1
        slots[slot].runningCall = nil
        slots[slot].timeoutAt = nil
        slots[slot].schedule.callStartedAt = nil
        noteMoved(slot)
    }

    private mutating func startWaiting(at now: Date) -> Step {
        var step = Step()
        while !startsHeld, runningCount < policy.maxConcurrent, let slot = waiting.popFirst() {
            slots[slot].isWaiting = false
            guard slots[slot].runningCall == nil else { continue }
            let call = start(slot, at: now)
            step.events.append(SchedulerEvent(date: now, instance: call.instance, kind: .reloadStarted(reason: call.reason)))
            step.calls.append(call)
        }
        return step
    }

    private mutating func succeed(_ slot: Int, timeline: ArchivedTimeline, at now: Date) -> [SchedulerEvent] {
        let previous = slots[slot].schedule.currentEntry(at: now)
        let minInterval = policy.minInterval
        let desired = update(slot) { (schedule: inout InstanceSchedule) -> (date: Date, reason: String)? in
            if !timeline.entries.isEmpty {
                // Kinds nearly always list their entries in order: then the
                // timeline's array is shared, not copied.
                let entries = timeline.entries
                let inOrder = zip(entries, entries.dropFirst()).allSatisfy { $0.date <= $1.date }
                schedule.entries = inOrder ? entries : entries.sorted { $0.date < $1.date }
            }
            schedule.policy = timeline.policy
            schedule.relevantIntervals = timeline.relevantIntervals.isEmpty ? nil : timeline.relevantIntervals
            schedule.lastSuccess = now
            schedule.lastError = nil
            schedule.lastErrorAt = nil
            schedule.consecutiveFailures = 0
            schedule.rateLimitedUntil = nil
            schedule.crashes = nil
            return switch timeline.policy {
            case .never:
                nil
            case .after(let date):
                (date, "policy after")
            case .atEnd:
                if timeline.entries.isEmpty {
                    (now + minInterval, "atEnd with no entries: after the minimum interval")
                } else {
                    (schedule.entries[schedule.entries.count - 1].date, "atEnd: the last entry's date")
                }
            }
        }
        scheduleReload(slot, desired: desired, at: now)
        setNextTransition(slot, after: now)

        let instance = slots[slot].instance
        var events = [SchedulerEvent(date: now, instance: instance, kind: .timelineReceived(
            entries: timeline.entries.count, policy: timeline.policy, nextReload: slots[slot].schedule.nextReload,
            reason: slots[slot].schedule.nextReloadReason))]
        if let current = slots[slot].schedule.currentEntry(at: now), current != previous {
            events.append(SchedulerEvent(date: now, instance: instance, kind: .entryBecameCurrent(entryDate: current.date)))
        }
        return events
    }

    /// A call that could not run through no fault of the instance's: the
    /// reload it was charged is given back, and it runs again when the
    /// extension can take it.
    private mutating func requeue(_ slot: Int, after delay: TimeInterval, reason: String, explicit: Bool?, at now: Date) -> [SchedulerEvent] {
        let retry = now + max(0, delay)
        update(slot) { schedule in
            schedule.unchargeLastAttempt()
            if let explicit { schedule.explicitReload = explicit || (schedule.explicitReload ?? false) }
            schedule.nextReload = retry
            schedule.nextReloadReason = "retry: \(reason)"
        }
        setReload(slot, at: retry)
        return [SchedulerEvent(date: now, instance: slots[slot].instance, kind: .reloadDeferred(until: retry, reason: reason))]
    }

    /// A failure that took the kind's extension down; three in a row
    /// quarantine the instance, so a crash loop cannot happen.
    private mutating func crash(_ slot: Int, _ failure: ReloadFailure, at now: Date) -> [SchedulerEvent] {
        let previous = slots[slot].schedule.crashes
        let error = failure.message
        var events = fail(slot, failure, at: now)
        var record = previous ?? CrashRecord(inARow: 0, last: error, lastAt: now, quarantined: false)
        record.inARow += 1
        record.last = error
        record.lastAt = now
        if record.inARow >= policy.quarantineAfter {
            record.quarantined = true
            slots[slot].schedule.nextReload = nil
            slots[slot].schedule.nextReloadReason = "quarantined: reload with --force, or change the module, to release it"
            setReload(slot, at: nil)
            events.append(SchedulerEvent(date: now, instance: slots[slot].instance, kind: .quarantined(
                reason: "\(record.inARow) crashes in a row, the last: \(error)")))
        }
        slots[slot].schedule.crashes = record
        return events
    }

    private mutating func fail(_ slot: Int, _ failure: ReloadFailure, at now: Date) -> [SchedulerEvent] {
        let error = failure.message
        statistics.failures += 1
        let failures = update(slot) { schedule in
            schedule.crashes = nil
            schedule.consecutiveFailures += 1
            schedule.lastError = error
            schedule.lastErrorAt = now
            schedule.rateLimitedUntil = failure.rateLimitedUntil
            return schedule.consecutiveFailures
        }
        let delay = policy.backoff(failures: failures, random: Double.random(in: 0..<1, using: &random))
        // A rate limit's end, later than the backoff, is applied by earliestStart.
        let backoff = (now + delay, "backoff after \(failures) failure\(failures == 1 ? "" : "s")")
        scheduleReload(slot, desired: backoff, at: now)
        return [SchedulerEvent(date: now, instance: slots[slot].instance, kind: .reloadFailed(
            error: error, failures: failures, retryAt: slots[slot].schedule.nextReload, reason: slots[slot].schedule.nextReloadReason),
            failure: failure.code)]
    }

    /// Sets the next reload: the desired time, or later if the rules say so.
    private mutating func scheduleReload(_ slot: Int, desired: (date: Date, reason: String)?, at now: Date) {
        let policy = policy
        let next = update(slot) { (schedule: inout InstanceSchedule) -> Date? in
            guard let desired else {
                schedule.nextReload = nil
                schedule.nextReloadReason = "policy never: only on an explicit reload"
                return nil
            }
            let (earliest, constraint) = policy.earliestStart(schedule, at: now)
            if earliest > desired.date, let constraint {
                schedule.nextReload = earliest
                schedule.nextReloadReason = "\(desired.reason), deferred: \(constraint)"
            } else {
                schedule.nextReload = max(desired.date, now)
                schedule.nextReloadReason = desired.reason
            }
            return schedule.nextReload
        }
        setReload(slot, at: next)
    }

    // MARK: Deadlines

    /// Changes an instance's schedule in place: a copy taken out and put
    /// back would copy its entries and reloads on every step.
    private mutating func update<Result>(_ slot: Int, _ change: (inout InstanceSchedule) -> Result) -> Result {
        change(&slots[slot].schedule)
    }

    private mutating func setReload(_ slot: Int, at date: Date?) {
        slots[slot].reloadAt = date
        noteMoved(slot)
    }

    private mutating func setNextTransition(_ slot: Int, after now: Date) {
        slots[slot].transitionAt = slots[slot].schedule.nextEntryDate(after: now)
        noteMoved(slot)
    }

    private mutating func noteMoved(_ slot: Int) {
        guard !slots[slot].isMoved else { return }
        slots[slot].isMoved = true
        moved.append(slot)
    }

    /// Tells the queue of every slot whose moments changed: before it is read.
    private mutating func settle() {
        for slot in moved {
            slots[slot].isMoved = false
            deadlines.update(slot, to: slots[slot].nextDeadline)
        }
        moved.removeAll(keepingCapacity: true)
    }
}
