import Foundation
import WidgetSDK

/// Runs the scheduler: starts the provider calls it asks for, feeds their
/// results back, follows the container for instances and reload requests
/// from other processes, and persists every change.
///
/// `run()` follows the workspace's clock and sleeps until the next deadline;
/// `run(until:)` steps a `ManualClock` through simulated time for tests and
/// benchmarks.
public actor TimelineHost {
    /// How often the container is checked for changes by other processes.
    public static let pollInterval: TimeInterval = 1

    public nonisolated let workspace: Workspace
    let clock: any SchedulerClock
    var core: SchedulerCore
    private let onEvent: @Sendable (SchedulerEvent, WidgetInstance?) -> Void
    let onProblem: @Sendable (String) -> Void
    let onNotice: @Sendable (String) -> Void
    private let onSaved: @Sendable ([SchedulerEvent]) -> Void
    /// Events whose changes are not saved yet; see `onSaved`.
    private var unsaved: [SchedulerEvent] = []
    private let watcher: any ContainerChangeWatching
    var bundleWatcher: BundleWatcher
    /// A fleet host's leases (PostgreSQL): it schedules only what it holds.
    /// Nil for the one host of a SQLite container, which schedules everything.
    private var leases: LeaseKeeper?

    /// Instances being scheduled (placed at a family their kind supports).
    private(set) var instances: [String: WidgetInstance] = [:]
    /// Running provider calls by call number, with their instance.
    private var tasks: [Int: (instance: String, task: Task<Void, Never>)] = [:]
    private var dirty: Set<String> = []
    private var waiter: CheckedContinuation<Void, Never>?
    private var pendingWake = false
    private var idleWaiter: CheckedContinuation<Void, Never>?
    private var containerTrouble = RecurringProblem()
    /// A container that announces changes said so: look before the next poll.
    private var changeAnnounced = false
    /// Kinds being read again after a module or the manifest changed.
    var reloadingFiles: Task<Void, Never>?
    /// Set as shutdown begins: nothing new is taken in.
    var stopping = false

    /// Times the loop woke up, for the idle benchmark.
    public private(set) var wakeUps = 0

    public init(workspace: Workspace, claim: (any HostClaim)? = nil, seed: UInt64 = .random(in: 0 ... .max),
                onEvent: @escaping @Sendable (SchedulerEvent, WidgetInstance?) -> Void = { _, _ in },
                onProblem: @escaping @Sendable (String) -> Void = { _ in },
                onNotice: @escaping @Sendable (String) -> Void = { _ in },
                onSaved: @escaping @Sendable ([SchedulerEvent]) -> Void = { _ in }) throws {
        self.workspace = workspace
        clock = workspace.clock
        self.onEvent = onEvent
        self.onProblem = onProblem
        self.onNotice = onNotice
        self.onSaved = onSaved
        bundleWatcher = BundleWatcher(bundle: workspace.bundle)
        core = SchedulerCore(policy: SchedulePolicy(settings: workspace.manifest.schedule), seed: seed)
        watcher = try workspace.container.changeWatcher()
        leases = LeaseKeeper(claim: claim)
    }

    public var statistics: SchedulerCore.Statistics { core.statistics }
    public var scheduledInstances: [String] { instances.keys.sorted() }
    /// How often this host looks at the container unless told of a change
    /// sooner: each poll, or each lease renewal if that comes sooner.
    private var lookInterval: TimeInterval {
        min(Self.pollInterval, leases?.renewInterval.seconds ?? .infinity)
    }
    public var runningCalls: Int { tasks.count }
    /// Whether no call may start now (a fleet host whose leases lapsed).
    public var heldStarts: Bool { core.startsHeld }

    public func schedule(for instance: String) -> InstanceSchedule? {
        core.schedules[instance]
    }

    // MARK: Running

    /// Runs on the wall clock until the task is cancelled (SIGINT, SIGTERM),
    /// then lets running calls finish for up to `grace`, and persists.
    ///
    /// A container that cannot be read or written (a full disk, a busy
    /// database) must not stop the widgets: what is stored stays on show,
    /// changes wait in memory, and every second the loop tries again. The
    /// trouble is reported once when it starts and once when it ends.
    public func run(grace: Duration = .seconds(3)) async throws {
        var nextPoll = clock.now()
        watcher.onChange { [weak self] in
            Task { await self?.changeArrived() }
        }
        while !Task.isCancelled {
            wakeUps += 1
            let now = clock.now()
            var failed = false
            if now >= nextPoll || changeAnnounced {
                changeAnnounced = false
                lookForChangedFiles()
                // A failed sync may have taken the change notice with it.
                failed = !attempt { try sync(force: containerTrouble.isOngoing) }
                nextPoll = now + lookInterval
                if containerTrouble.isOngoing, !failed, attempt({ try flush(); try workspace.container.checkWritable() }) {
                    containerTrouble.ended(at: now, report: onNotice) { duration, failures in
                        "the container can be written again after \(duration) (\(failures) tries failed); saved what waited"
                    }
                }
            }
            followLeases()
            let advanced = clock.now()
            handle(core.advance(to: advanced))
            HostMetrics.queueLag(core.oldestUnstartedDue(at: advanced).map { advanced.timeIntervalSince($0) } ?? 0)
            _ = attempt { try flush() }
            await sleep(until: min(core.nextDeadline() ?? .distantFuture, nextPoll))
        }
        try await shutDown(grace: grace)
    }

    /// Whether `body` worked; its first failure of a spell is reported.
    func attempt(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return true
        } catch {
            containerTrouble.occurred(
                "\(error). Widgets keep showing what is stored; changes wait in memory and are saved when this clears (tried every second; said again when it works)",
                at: clock.now(), report: onProblem)
            return false
        }
    }

    /// Steps through simulated time up to `end`, handling each deadline at its
    /// moment. A provider call that has not returned within `settle` of real
    /// time stays running in simulated time, until it returns or times out.
    /// The wait ends as soon as calls return, so a generous `settle` costs
    /// nothing but keeps real I/O (HTTP on a busy machine) from looking hung.
    public func run(until end: Date, settle: Duration = .seconds(120)) async throws {
        guard let manual = clock as? ManualClock else {
            preconditionFailure("run(until:) needs a ManualClock")
        }
        try sync()
        while let next = core.nextDeadline(), next <= end {
            manual.set(next)
            followLeases()
            handle(core.advance(to: next))
            await waitForCalls(within: settle)
            try flush()
        }
        manual.set(end)
        handle(core.advance(to: end))
        await waitForCalls(within: settle)
        try flush()
    }

    /// Asks for a reload as `widgethost reload` does, without the container.
    public func requestReload(_ instance: String, force: Bool = false) {
        handle(SchedulerCore.Step(events: core.requestReload(instance, force: force, at: clock.now())))
    }

    /// Reloads every instance of `kind` now, uncharged: what a tapped
    /// control asks for. Wakes the loop, which starts the calls. In a fleet
    /// other hosts hold some of them: the request goes through the
    /// container, where each host takes its own at once.
    public func reloadKind(_ kind: String) {
        if leases != nil {
            do {
                try workspace.container.addReloadRequest(ReloadRequest(kind: kind, force: true))
                return
            } catch {
                onProblem("could not ask the other hosts to reload \(kind) (\(error)); reloading this host's instances")
            }
        }
        for (id, instance) in instances where instance.kind == kind {
            requestReload(id, force: true)
        }
        wake()
    }

    // MARK: The container

    /// Takes in instances added, changed or removed by other processes, and
    /// their reload requests. Cheap when nothing changed, unless `force`d
    /// (the kinds changed, so which instances are ready may have too).
    public func sync(force: Bool = false) throws {
        let renewing = leases?.isDue ?? false
        guard try watcher.hasChanged() || force || renewing else { return }
        // Every change may be a lease given back or an instance to take.
        if leases != nil { try renewLeases() }
        let now = clock.now()
        let stored = try workspace.container.instances()
        let bundle = workspace.bundle
        let ready = stored.filter { InstanceState($0, in: bundle) == .ready && holds($0.id) }
        let readyIDs = Set(ready.map(\.id))
        let storedIDs = Set(stored.map(\.id))

        for id in instances.keys where !readyIDs.contains(id) {
            let removed = instances.removeValue(forKey: id)
            let events = core.remove(id, at: now)
            if storedIDs.contains(id), !holds(id) {
                // Another host serves it now; nothing happened to the instance.
                dirty.remove(id)
            } else {
                emit(events, removed)
            }
            // Its timeout is gone with it, so a call still running is stopped here.
            for (number, call) in tasks where call.instance == id {
                call.task.cancel()
                tasks[number] = nil
            }
        }
        let unknown = ready.filter { instances[$0.id] == nil }
        let persisted = unknown.isEmpty ? [:] : try workspace.container.schedules(of: leases == nil ? nil : unknown.map(\.id)) { id, reason in
            onNotice("\(id): its stored timeline cannot be read (\(reason)); it starts again from its placeholder")
        }
        for instance in ready {
            if let known = instances[instance.id] {
                guard known.updatedAt != instance.updatedAt else { continue }
                instances[instance.id] = instance
                handle(SchedulerCore.Step(events: core.requestReload(instance.id, force: true, at: now)))
            } else {
                instances[instance.id] = instance
                emit(core.add(instance.id, schedule: persisted[instance.id], at: now), instance)
                dirty.insert(instance.id)
            }
        }
        for request in try workspace.container.takeReloadRequests(for: leases.map { Array($0.held) }) {
            for instance in ready where request.applies(to: instance) {
                handle(SchedulerCore.Step(events: core.requestReload(instance.id, force: request.force, at: now)))
            }
        }
    }

    /// Whether this host schedules the instance: a fleet host schedules what it holds.
    private func holds(_ instance: String) -> Bool {
        leases?.held.contains(instance) ?? true
    }

    /// Renews this host's leases, takes its share of what is free, and gives
    /// back what is over its share (a host joined), once its state is saved
    /// for the host that takes it next.
    private func renewLeases() throws {
        guard var keeper = leases else { return }
        defer { leases = keeper }
        let renewal = try keeper.renew()
        // Counted even when 0, so that /metrics shows the figure from the start.
        HostMetrics.leaseTakeovers(renewal.takenOver.count)
        if !renewal.takenOver.isEmpty {
            for (from, taken) in Dictionary(grouping: renewal.takenOver, by: { $0.from.map(\.description) ?? "a host now gone" }).sorted(by: { $0.key < $1.key }) {
                onNotice("took over \(taken.count) instance\(taken.count == 1 ? "" : "s") from the host (\(from)) whose lease lapsed")
            }
        }
        let over = keeper.held.count - renewal.share
        if over > 0 {
            let busy = Set(tasks.values.map(\.instance))
            let excess = Array(keeper.held.subtracting(busy).sorted().suffix(over))
            if !excess.isEmpty {
                try flush()
                try keeper.release(excess)
                onNotice("gave \(excess.count) instance\(excess.count == 1 ? "" : "s") to other hosts: \(renewal.hosts) hosts share the container, \(renewal.share) each at most")
            }
        }
        HostMetrics.leasesHeld(keeper.held.count)
    }

    /// Saves changed schedules; on failure they stay marked for the next
    /// try. Then `onSaved` hears of the events whose changes are now in the
    /// container, so views that read the container (the board, the
    /// dashboard) never read it before the change they were told of.
    private func flush() throws {
        guard !dirty.isEmpty else { return }
        let changed = dirty.compactMap { id in core.schedules[id].map { (instance: id, schedule: $0) } }
        try workspace.container.saveSchedules(changed)
        dirty.removeAll()
        guard !unsaved.isEmpty else { return }
        let saved = unsaved
        unsaved.removeAll()
        onSaved(saved)
    }

    /// Why the host cannot do its work now, for `/readyz`; nil when it can.
    public func notReady() -> String? {
        if let since = containerTrouble.since {
            return "the container cannot be written (since \(SchedulerEvent.format(since)))"
        }
        if workspace.bundle.kinds.isEmpty { return "no kind loaded" }
        return nil
    }

    // MARK: Calls

    /// Emits a step's events, cancels its timed-out calls and launches its
    /// calls. A call that cannot launch is settled at once, which may free a
    /// slot for the next: those follow-ups are worked through in a loop, never
    /// by recursion, however many instances wait.
    func handle(_ step: SchedulerCore.Step) {
        var pending = [step]
        while let step = pending.popLast() {
            emit(step.events)
            for call in step.cancelled {
                tasks.removeValue(forKey: call.number)?.task.cancel()
            }
            for call in step.calls {
                if let followUp = launch(call) { pending.append(followUp) }
            }
        }
    }

    /// Holds or allows the scheduler's starts as this host's leases allow:
    /// a fleet host whose leases lapsed starts nothing until it has renewed.
    private func followLeases() {
        guard let leases else { return }
        let hold = !leases.isValid
        guard hold != core.startsHeld else { return }
        if hold {
            onProblem("this host's leases lapsed (the database did not answer a renewal in time); no reload starts until they are renewed")
        }
        handle(core.holdStarts(hold, at: clock.now()))
    }

    /// Starts a provider call, or settles it at once when it cannot start;
    /// returns what settling it asks for next.
    private func launch(_ call: SchedulerCore.ReloadCall) -> SchedulerCore.Step? {
        let now = clock.now()
        guard let instance = instances[call.instance], let kind = workspace.bundle.kind(named: instance.kind) else {
            // Its kind went with a bundle replaced a moment ago: not the instance's fault.
            let unavailable = ExtensionUnavailable(module: instances[call.instance]?.kind ?? "?", reason: "its kind is not loaded", retryAfter: .seconds(60))
            return core.complete(call, with: .failure(unavailable), at: now)
        }
        if let leases, !leases.isValid {
            // Another host may hold it by now: it waits until a renewal says.
            core.putBack(call, at: now)
            return core.holdStarts(true, at: now)
        }
        if let due = call.due { HostMetrics.schedulerLag(now.timeIntervalSince(due)) }
        let context = kind.context(for: instance.family, date: now)
        let provider = kind.descriptor.provider
        let kindName = kind.name
        let configuration = instance.configuration
        let workspace = self.workspace
        tasks[call.number] = (call.instance, Task {
            let started = ContinuousClock.now
            let result = await RemoteCaller.$explicitReload.withValue(call.explicit) {
                await workspace.withServices {
                    await Self.timeline(from: provider, for: configuration, in: context)
                }
            }
            HostMetrics.providerCall(kind: kindName, took: ContinuousClock.now - started)
            // Cancelled calls (timed out, instance removed, host stopping) were
            // settled when they were cancelled; their result means nothing.
            guard !Task.isCancelled else { return await self.resumeIfIdle() }
            await self.finish(call, result)
        })
        return nil
    }

    /// Off the actor: a slow provider never holds up the scheduler.
    private nonisolated static func timeline(
        from provider: AnyTimelineProvider, for configuration: ConfigurationValues, in context: TimelineProviderContext
    ) async -> Result<ArchivedTimeline, any Error> {
        do {
            return .success(try await provider.timeline(for: configuration, in: context))
        } catch {
            return .failure(error)
        }
    }

    private func finish(_ call: SchedulerCore.ReloadCall, _ result: Result<ArchivedTimeline, any Error>) {
        tasks[call.number] = nil
        handle(core.complete(call, with: result, at: clock.now()))
        wake()
        resumeIfIdle()
    }

    /// Ends a `waitForCalls` once no call is running.
    private func resumeIfIdle() {
        if tasks.isEmpty, let idle = idleWaiter {
            idleWaiter = nil
            idle.resume()
        }
    }

    private func emit(_ events: [SchedulerEvent], _ instance: WidgetInstance? = nil) {
        for event in events {
            dirty.insert(event.instance)
            let instance = instance ?? instances[event.instance]
            count(event, kind: instance?.kind ?? "?")
            onEvent(event, instance)
            // Bounded while the container cannot be written: views need only recent news.
            if unsaved.count >= 10_000 { unsaved.removeFirst(unsaved.count / 2) }
            unsaved.append(event)
        }
    }

    /// Reload outcomes and quarantines, for `/metrics`.
    private func count(_ event: SchedulerEvent, kind: String) {
        switch event.kind {
        case .timelineReceived: HostMetrics.reloadEnded(kind: kind, outcome: "ok")
        case .reloadFailed(let error, _, _, _): HostMetrics.reloadEnded(kind: kind, outcome: HostMetrics.outcome(ofFailure: error))
        case .quarantined: HostMetrics.quarantined(kind: kind)
        default: break
        }
    }

    // MARK: Waiting

    /// Sleeps until `deadline`, a finished call, or cancellation.
    private func sleep(until deadline: Date) async {
        if pendingWake {
            pendingWake = false
            return
        }
        let clock = self.clock
        // Cancelled when woken early: then it must not wake a later sleep.
        let timer = Task { [weak self] in
            guard (try? await clock.sleep(until: deadline)) != nil else { return }
            await self?.wake()
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { waiter = $0 }
        } onCancel: {
            Task { await self.wake() }
        }
        timer.cancel()
    }

    private func changeArrived() {
        changeAnnounced = true
        wake()
    }

    func wake() {
        if let waiter {
            self.waiter = nil
            waiter.resume()
        } else {
            pendingWake = true
        }
    }

    /// Waits until no call is running, or `limit` of real time has passed.
    private func waitForCalls(within limit: Duration) async {
        guard !tasks.isEmpty else { return }
        let timer = Task { [weak self] in
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            await self?.stopSettling()
        }
        await withCheckedContinuation { idleWaiter = $0 }
        timer.cancel()
    }

    private func stopSettling() {
        idleWaiter?.resume()
        idleWaiter = nil
    }

    private func shutDown(grace: Duration) async throws {
        stopping = true
        if !tasks.isEmpty {
            await waitForCalls(within: grace)
            for (number, call) in tasks {
                call.task.cancel()
                // It did not finish, so it does not count: the next start runs it again.
                emit(core.interrupt(call.instance, number: number, at: clock.now()))
            }
            tasks.removeAll()
        }
        let unsaved = dirty.count
        do {
            try flush()
        } catch {
            throw StateNotSaved(reason: error, instances: unsaved)
        }
        // Saved first: the hosts that take these read what this one did.
        do {
            try leases?.claim.releaseAll()
        } catch {
            onProblem("could not give back this host's leases at stop (\(error)); other hosts take them when they lapse")
        }
    }

    /// The last save at stop failed; the next start reloads what it lost.
    public struct StateNotSaved: Error, CustomStringConvertible {
        let reason: any Error
        let instances: Int

        public var description: String {
            "state not saved at stop: \(reason); \(instances) instance\(instances == 1 ? "" : "s") will reload at the next start"
        }
    }
}
