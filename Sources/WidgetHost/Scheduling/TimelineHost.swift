import ExtensionProtocol
import Foundation
import HostText
import WidgetContainer
import WidgetKinds
import WidgetSDK

/// Runs the scheduler: starts the provider calls it asks for, feeds their
/// results back, follows the container for instances and reload requests
/// from other processes, and persists every change.
///
/// `run()` follows the workspace's clock and sleeps until the next deadline;
/// `run(until:)` steps a `ManualClock` through simulated time for tests and
/// benchmarks.
package actor TimelineHost {
    /// How often the loop looks at the container and the bundle's files
    /// when something cannot announce its changes (no inotify, a watched
    /// folder gone) or the container is in trouble. Otherwise it looks only
    /// when told of a change, and a fleet host when its lease renewal is due.
    package static let pollInterval: TimeInterval = 1

    package nonisolated let workspace: Workspace
    /// What `/readyz` says, readable while the loop waits on the database.
    package nonisolated let health = HostHealth()
    /// The loop's own thread: its container calls block it, not the cooperative pool.
    private nonisolated let executor: HostExecutor
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    let clock: any SchedulerClock
    var core: SchedulerCore
    /// Hears every event, problem and save.
    let report: @Sendable (HostNews) -> Void
    /// Changes not saved yet, and the events views hear of once they are.
    private var unsaved = SaveBuffer()
    /// Why the loop woke; signalled from any thread.
    private let wakeups = HostWakeups()
    private let watcher: any ContainerChangeWatching
    /// Whether the container announces other processes' changes (NOTIFY, inotify).
    private var containerAnnounces = false
    var bundleWatcher: BundleWatcher
    /// inotify on the manifest's and the modules' folders; nil until the
    /// loop runs, or when it cannot be had.
    private var fileNotifier: FileNotifier?
    /// The manifest's or a module's folder changed: compare the files at the next turn.
    var filesChanged = false
    /// A fleet host's leases (PostgreSQL): it schedules only what it holds.
    /// Nil for the one host of a SQLite container, which schedules everything.
    private var leases: LeaseKeeper?

    /// Every instance stored, ready or not: a fleet host counts its share over them.
    private var stored: [String: WidgetInstance] = [:]
    /// Stored instances the bundle no longer shows (a dropped family or
    /// kind): their return is logged as such, not as a new instance.
    private var withdrawn: Set<String> = []
    /// Whether `stored` has been read whole once.
    private var readAll = false
    /// Instances being scheduled (placed at a family their kind supports).
    private(set) var instances: [String: WidgetInstance] = [:]
    /// Running provider calls by call number, with their instance.
    private var tasks: [Int: (instance: String, task: Task<Void, Never>)] = [:]
    /// The wake-up at the loop's next deadline. Kept while the deadline
    /// stays: a busy loop wakes for every call that ends, and a timer made
    /// and cancelled on each of those turns cost more than the turn.
    private var timer: (deadline: Date, task: Task<Void, Never>)?
    private var idleWaiter: CheckedContinuation<Void, Never>?
    private var containerTrouble = RecurringProblem()
    private var refusedWrites = RecurringProblem()
    /// A container that announces changes said so: look at the next turn.
    private var changeAnnounced = false
    /// Kinds being read again after a module or the manifest changed.
    var reloadingFiles: Task<Void, Never>?
    /// Declared instances the manifest dropped, removed once it has said so
    /// for `DeclaredRemovals.confirmation`; cancelled by the next change.
    var pendingRemovals: (ids: Set<String>, task: Task<Void, Never>)?
    /// Set as shutdown begins: nothing new is taken in.
    var stopping = false
    /// Instances already warned that their timeline outruns the daily budget.
    private var warnedOfBudget: Set<String> = []

    /// Times the loop woke up, for the idle benchmark.
    package private(set) var wakeUps = 0
    /// When the sleeping loop wakes by itself next; nil when only an event
    /// (a call that ends, a change announced) can wake it.
    package var plannedWake: Date? { timer?.deadline }

    /// - Parameter report: hears what the host does and what goes wrong
    ///   (`HostNews`), on the host's thread: it should return quickly.
    package init(workspace: Workspace, claim: (any HostClaim)? = nil, seed: UInt64 = .random(in: 0 ... .max),
                report: @escaping @Sendable (HostNews) -> Void = { _ in }) throws {
        self.workspace = workspace
        executor = HostExecutor(name: "wh-host")
        clock = workspace.clock
        self.report = report
        bundleWatcher = BundleWatcher(bundle: workspace.bundle)
        core = SchedulerCore(policy: SchedulePolicy(settings: workspace.manifest.schedule), seed: seed)
        watcher = try workspace.container.changeWatcher()
        leases = LeaseKeeper(claim: claim)
        health.kindsLoaded(workspace.bundle.kinds.count)
    }

    package var statistics: SchedulerCore.Statistics { core.statistics }
    package var scheduledInstances: [String] { instances.keys.sorted() }
    /// When the loop looks at the container and the files next, though
    /// nothing announced a change: a second after the last look while
    /// something cannot announce its changes or the container is in
    /// trouble (each look tries again), and a fleet host when its lease
    /// renewal is due. Otherwise never: an idle host sleeps until its
    /// next deadline.
    private func nextLook(after lastLook: Date, now: Date) -> Date {
        let mustPoll = !containerAnnounces || !(fileNotifier?.isWatchingAll ?? false) || containerTrouble.isOngoing || !readAll
        var next = mustPoll ? lastLook + Self.pollInterval : .distantFuture
        if let leases { next = min(next, now + leases.untilRenewal.seconds) }
        return next
    }
    package var runningCalls: Int { tasks.count }
    /// Whether no call may start now (a fleet host whose leases lapsed).
    package var heldStarts: Bool { core.startsHeld }
    /// The instances this host holds leases on, with their tokens (a fleet host).
    package var heldLeases: [String: Int64]? { leases?.held }

    package func schedule(for instance: String) -> InstanceSchedule? {
        core.schedules[instance]
    }

    // MARK: Running

    /// Runs on the wall clock until the task is cancelled (SIGINT, SIGTERM),
    /// then lets running calls finish for up to `grace`, and persists.
    ///
    /// A container that cannot be read or written (a full disk, a database
    /// out of reach) must not stop the widgets: what is stored stays on
    /// show, changes wait in memory, and every second the loop tries again.
    /// The trouble is reported once when it starts and once when it ends.
    package func run(grace: Duration = .seconds(3)) async throws {
        var lastLook = Date.distantPast
        let wakeups = self.wakeups
        containerAnnounces = watcher.onChange { wakeups.signal(.containerChanged) }
        watchFiles()
        while !Task.isCancelled {
            wakeUps += 1
            let now = clock.now()
            let looking = now >= nextLook(after: lastLook, now: now)
            if looking, !(fileNotifier?.isWatchingAll ?? false) { watchFiles() }
            if looking || filesChanged { lookForChangedFiles() }
            if looking || changeAnnounced {
                changeAnnounced = false
                // A failed sync may have taken the change notice with it: the next one reads everything.
                if !attempt({ try sync() }) { readAll = false }
                lastLook = now
                if containerTrouble.isOngoing, readAll, attempt({ try flush(); try workspace.container.checkWritable() }) {
                    containerTrouble.ended(at: now, report: { report(.notice($0)) }) { duration, failures in
                        "the container can be written again after \(duration) (\(failures) tries failed); saved what waited"
                    }
                    health.containerTrouble(nil, since: nil)
                }
            }
            followLeases()
            let advanced = clock.now()
            handle(core.advance(to: advanced))
            HostMetrics.queueLag(core.oldestUnstartedDue(at: advanced).map { advanced.timeIntervalSince($0) } ?? 0)
            // Saved now if the last save is old enough, else at the next save time.
            var wakeForSave = Date.distantFuture
            switch unsaved.timing() {
            case .idle: break
            case .now: _ = attempt { try flush() }
            case .after(let wait): wakeForSave = clock.now() + wait
            }
            await sleep(until: min(core.nextDeadline() ?? .distantFuture, nextLook(after: lastLook, now: clock.now()), wakeForSave))
        }
        try await shutDown(grace: grace)
    }

    /// Whether `body` worked; its first failure of a spell is reported: an
    /// error for a SQLite file (a full disk needs a person), a warning for
    /// a database (it usually comes back by itself).
    func attempt(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return true
        } catch {
            let now = clock.now()
            if !containerTrouble.isOngoing { health.containerTrouble("\(ErrorText.describe(error))", since: now) }
            containerTrouble.occurred(
                "\(ErrorText.describe(error)). Widgets keep showing what is stored; changes wait in memory and are saved when this clears (tried every second; said again when it works)",
                at: now, report: { [report, postgres = workspace.container.location.postgres] in report(postgres == nil ? .problem($0) : .warning($0)) })
            return false
        }
    }

    /// Steps through simulated time up to `end`, handling each deadline at its
    /// moment. A provider call that has not returned within `settle` of real
    /// time stays running in simulated time, until it returns or times out.
    /// The wait ends as soon as calls return, so a generous `settle` costs
    /// nothing but keeps real I/O (HTTP on a busy machine) from looking hung.
    package func run(until end: Date, settle: Duration = .seconds(120)) async throws {
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
    package func requestReload(_ instance: String, force: Bool = false) {
        handle(SchedulerCore.Step(events: core.requestReload(instance, force: force, at: clock.now())))
    }

    /// Reloads every instance of `kind` now, uncharged: what a tapped
    /// control asks for. Wakes the loop, which starts the calls. In a fleet
    /// other hosts hold some of them: the request goes through the
    /// container, where each host takes its own at once.
    package func reloadKind(_ kind: String) {
        if leases != nil {
            do {
                try workspace.container.addReloadRequest(ReloadRequest(kind: kind, force: true))
                return
            } catch {
                report(.problem("could not ask the other hosts to reload \(kind) (\(ErrorText.describe(error))); reloading this host's instances"))
            }
        }
        for (id, instance) in instances where instance.kind == kind {
            requestReload(id, force: true)
        }
        wake()
    }

    // MARK: The container

    /// Takes in instances added, changed or removed by other processes, and
    /// their reload requests; a fleet host also renews its leases and takes
    /// or gives back its share. Reads only what the container says changed,
    /// everything the first time or when `force`d (the kinds changed, so
    /// which instances are ready may have too).
    package func sync(force: Bool = false) throws {
        var changes = try health.waiting(on: "reading what changed") { try watcher.changes() }
        if force || !readAll { changes.everything = true }
        let renewing = leases?.isDue ?? false
        guard !changes.isEmpty || renewing || (leases?.mustReconcile ?? false) else { return }
        let now = clock.now()

        var touched = Set<String>()
        if changes.everything {
            let all = try health.waiting(on: "reading every instance") { try workspace.container.instances() }
            touched = Set(stored.keys)
            stored = Dictionary(all.map { ($0.id, $0) }) { first, _ in first }
            touched.formUnion(stored.keys)
        } else if !changes.instances.isEmpty {
            let ids = Array(changes.instances)
            let read = try health.waiting(on: "reading \(ids.count) changed instance\(ids.count == 1 ? "" : "s")") {
                try workspace.container.instances(ids: ids)
            }
            for id in ids { stored[id] = nil }
            for instance in read { stored[instance.id] = instance }
            touched = changes.instances
        }
        readAll = true
        if var keeper = leases {
            defer {
                leases = keeper
                HostMetrics.leasesHeld(keeper.held.count)
            }
            let turn = FleetTurn(changes: changes, renewing: renewing, stored: stored.count,
                                 busy: Set(tasks.values.map(\.instance)), reportsLosses: readAll && !instances.isEmpty)
            touched.formUnion(try keeper.follow(turn, health: health, report: report) { try flush() })
        }
        try schedule(touched, at: now)
        try takeReloadRequests(changes, at: now)
    }

    /// Whether this host schedules the instance: a fleet host schedules what it holds.
    private func holds(_ instance: String) -> Bool {
        leases.map { $0.held[instance] != nil } ?? true
    }

    /// Schedules the instances of `ids` that are ready and held, and stops
    /// those no longer so; an instance whose kind, family or configuration
    /// changed reloads.
    private func schedule(_ ids: Set<String>, at now: Date) throws {
        guard !ids.isEmpty else { return }
        let bundle = workspace.bundle
        var added: [WidgetInstance] = []
        for id in ids {
            if stored[id] == nil { withdrawn.remove(id) }
            let wanted = stored[id].flatMap { InstanceState($0, in: bundle) == .ready && holds(id) ? $0 : nil }
            if let known = instances[id] {
                if let wanted {
                    guard known != wanted else { continue }
                    instances[id] = wanted
                    // A new name is drawn with the entries it has.
                    if known.needsReload(becoming: wanted) {
                        handle(SchedulerCore.Step(events: core.requestReload(id, force: true, at: now)))
                    }
                } else if let kept = stored[id], holds(id) {
                    // Still stored: the bundle changed under it, and it comes back when the bundle does.
                    unschedule(id, handedOver: false, withdrawn: InstanceState(kept, in: bundle).description, at: now)
                    withdrawn.insert(id)
                } else {
                    // Held by another host now: nothing happened to the instance itself.
                    unschedule(id, handedOver: stored[id] != nil && !holds(id), at: now)
                }
            } else if let wanted {
                added.append(wanted)
            }
        }
        guard !added.isEmpty else { return }
        let persisted = try health.waiting(on: "reading \(added.count) stored timeline\(added.count == 1 ? "" : "s")") {
            try workspace.container.schedules(of: added.map(\.id)) { id, reason in
                report(.notice("\(id): its stored timeline cannot be read (\(reason)); it starts again from its placeholder"))
            }
        }
        for instance in added.sorted(by: { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }) {
            instances[instance.id] = instance
            emit(core.add(instance.id, schedule: persisted[instance.id], at: now, resumed: withdrawn.remove(instance.id) != nil), instance)
            unsaved.changed(instance.id)
        }
    }

    /// Stops scheduling an instance. One handed over to another host (or
    /// lost to it) is not saved again: its state is the new holder's.
    private func unschedule(_ id: String, handedOver: Bool, withdrawn reason: String? = nil, at now: Date) {
        let removed = instances.removeValue(forKey: id)
        let events = core.remove(id, at: now, withdrawn: reason)
        if handedOver {
            unsaved.forget(id)
        } else {
            emit(events, removed)
        }
        // Its timeout is gone with it, so a call still running is stopped here.
        for (number, call) in tasks where call.instance == id {
            call.task.cancel()
            tasks[number] = nil
        }
    }

    /// The reload requests waiting for this host: all of them, or a fleet
    /// host's for what it holds, checked against its tokens where they are taken.
    private func takeReloadRequests(_ changes: ContainerChanges, at now: Date) throws {
        let requests: [ReloadRequest]
        if let keeper = leases {
            let all = changes.everything || changes.allReloadRequests
            let named = all ? Set(keeper.held.keys) : changes.reloadRequests.filter { keeper.held[$0] != nil }
            guard !named.isEmpty || all else { return }
            requests = try health.waiting(on: "taking reload requests") {
                try workspace.container.takeReloadRequests(fence: keeper.fence(for: named), orphans: all)
            }
        } else {
            guard changes.everything || changes.allReloadRequests || !changes.reloadRequests.isEmpty else { return }
            requests = try health.waiting(on: "taking reload requests") { try workspace.container.takeReloadRequests() }
        }
        for request in requests {
            let applies = request.instanceID.map { id in instances[id].map { [$0] } ?? [] } ?? Array(instances.values)
            for instance in applies where request.applies(to: instance) {
                handle(SchedulerCore.Step(events: core.requestReload(instance.id, force: request.force, at: now)))
            }
        }
    }

    /// Saves changed schedules; on failure they stay marked for the next
    /// try. A fleet host saves only what it still holds with the token it
    /// took: a save refused means another host holds the instance now, so
    /// it is dropped, and what this host holds is read again before
    /// anything else starts. Then `report` hears of the events whose
    /// changes are now in the container, so views that read the container
    /// (the board, the dashboard) never read it before the change they were
    /// told of.
    private func flush() throws {
        guard !unsaved.isEmpty else { return }
        let changed = unsaved.instances.compactMap { id in core.schedules[id].map { (instance: id, schedule: $0) } }
        let fence = leases?.fence(for: unsaved.instances)
        var unsavable: [(instance: String, reason: String)] = []
        let saved = try health.waiting(on: "saving \(changed.count) timeline\(changed.count == 1 ? "" : "s")") {
            try workspace.container.saveSchedules(changed, fence: fence) { unsavable.append(($0, $1)) }
        }
        unsaved.savedInstances()
        for (instance, reason) in unsavable {
            report(.problem("timeline of \(instance) not saved: \(reason)"))
        }
        if fence != nil, saved.count + unsavable.count < changed.count {
            let skipped = Set(unsavable.map(\.instance))
            let refused = changed.map(\.instance).filter { !saved.contains($0) && !skipped.contains($0) && stored[$0] != nil }
            if !refused.isEmpty { fenced(refused) }
        }
        let events = unsaved.takeEvents()
        if !events.isEmpty { report(.saved(events)) }
    }

    /// Saves of instances this host no longer holds were refused: it stopped
    /// or was cut off longer than a lease, and another host took them over.
    private func fenced(_ refused: [String]) {
        HostMetrics.fencedWrites(refused.count)
        refusedWrites.occurred(
            "\(refused.count) save\(refused.count == 1 ? " was" : "s were") refused: another host holds \(refused.count == 1 ? "that instance" : "those instances") now (this host stalled or was cut off longer than its lease); dropping what it no longer holds",
            at: clock.now(), report: { [report] in report(.warning($0)) })
        leases?.writeRefused()
        for id in refused where instances[id] != nil {
            unschedule(id, handedOver: true, at: clock.now())
        }
        changeAnnounced = true
    }

    /// Why the host cannot do its work now, for `/readyz`; nil when it can.
    /// Answers at once, even while the loop waits on the database.
    package nonisolated func notReady() -> String? {
        health.notReady()
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
            // Not at start, where nothing has been renewed yet.
            if readAll { report(.warning("this host's leases lapsed (the database did not answer a renewal in time); no reload starts until they are renewed")) }
            health.leasesLapsed(since: clock.now())
        } else {
            health.leasesLapsed(since: nil)
            refusedWrites.reset()
        }
        handle(core.holdStarts(hold, at: clock.now()))
    }

    /// Starts a provider call, or settles it at once when it cannot start;
    /// returns what settling it asks for next.
    private func launch(_ call: SchedulerCore.ReloadCall) -> SchedulerCore.Step? {
        let now = clock.now()
        guard let instance = instances[call.instance], let kind = workspace.bundle.kind(named: instance.kind) else {
            // Its kind went with a bundle replaced a moment ago: not the instance's fault.
            let unavailable = ReloadFailure(.unavailable, "its kind is not loaded", retryAfter: .seconds(60))
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
        let lease = leases.flatMap { keeper in keeper.held[call.instance].map { "\(keeper.member) \(call.instance) \($0)" } }
        let scope = ReloadScope(revalidate: call.explicit, lease: lease)
        tasks[call.number] = (call.instance, Task {
            let started = ContinuousClock.now
            let result = await RemoteCaller.$scope.withValue(scope) {
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
        wakeups.signal(.callEnded)
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
            let instance = instance ?? instances[event.instance]
            if case .timelineReceived(_, let policy, _, _) = event.kind { warnOfBudget(event.instance, instance, policy, at: event.date) }
            count(event, kind: instance?.kind ?? "?")
            report(.event(event, instance))
            unsaved.record(event)
        }
    }

    /// Once per instance a run: its timeline asks for more reloads than the
    /// daily budget gives, which otherwise shows only as deferred reloads.
    private func warnOfBudget(_ id: String, _ instance: WidgetInstance?, _ policy: TimelineReloadPolicy, at now: Date) {
        guard !warnedOfBudget.contains(id) else { return }
        let next: Date? = switch policy {
        case .after(let date): date
        case .atEnd: core.schedules[id]?.entries.last?.date
        case .never: nil
        }
        guard let next, let warning = core.policy.budgetWarning(requestedInterval: next.timeIntervalSince(now)) else { return }
        warnedOfBudget.insert(id)
        report(.warning("instance \(id) (\(instance?.kind ?? "?")) \(warning)"))
    }

    /// Reload outcomes and quarantines, for `/metrics`.
    private func count(_ event: SchedulerEvent, kind: String) {
        switch event.kind {
        case .timelineReceived: HostMetrics.reloadEnded(kind: kind, outcome: "ok")
        case .reloadFailed: HostMetrics.reloadEnded(kind: kind, outcome: HostMetrics.outcome(ofFailure: event.failure))
        case .quarantined: HostMetrics.quarantined(kind: kind)
        default: break
        }
    }

    // MARK: Waiting

    /// Sleeps until `deadline`, a finished call, an announced change, or
    /// cancellation; returns at once if one of them came meanwhile.
    private func sleep(until deadline: Date) async {
        if timer?.deadline != deadline {
            timer?.task.cancel()
            timer = nil
        }
        // Nothing due and nothing to look at: only a signal ends the sleep.
        if timer == nil, deadline < .distantFuture {
            let (clock, wakeups) = (self.clock, self.wakeups)
            timer = (deadline, Task {
                guard (try? await clock.sleep(until: deadline)) != nil else { return }
                wakeups.signal(.deadline)
            })
        }
        let wakeups = self.wakeups
        let causes = await withTaskCancellationHandler {
            await wakeups.next()
        } onCancel: {
            wakeups.signal(.cancelled)
        }
        if causes.contains(.deadline), let timer, timer.deadline <= clock.now() { self.timer = nil }
        if causes.contains(.containerChanged) { changeAnnounced = true }
        if causes.contains(.filesChanged) { filesChanged = true }
    }

    /// Watches the folders of the manifest and of every module loaded, and
    /// compares the files once at the next turn: a change made before the
    /// watch began is found too.
    func watchFiles() {
        let wakeups = self.wakeups
        fileNotifier = FileNotifier(files: bundleWatcher.paths, events: .completedFiles) { wakeups.signal(.filesChanged) }
        filesChanged = true
    }

    /// Asks the loop for a turn now.
    func wake() {
        wakeups.signal(.asked)
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
        timer?.task.cancel()
        timer = nil
        // Not removed yet, so kept: the next start applies the manifest as it is then.
        pendingRemovals?.task.cancel()
        if !tasks.isEmpty {
            await waitForCalls(within: grace)
            for (number, call) in tasks {
                call.task.cancel()
                // It did not finish, so it does not count: the next start runs it again.
                emit(core.interrupt(call.instance, number: number, at: clock.now()))
            }
            tasks.removeAll()
        }
        let waiting = unsaved.instances.count
        do {
            try flush()
        } catch {
            throw StateNotSaved(reason: error, instances: waiting)
        }
        // Saved first: the hosts that take these read what this one did.
        do {
            try leases?.claim.releaseAll()
        } catch {
            report(.problem("could not give back this host's leases at stop (\(ErrorText.describe(error))); other hosts take them when they lapse"))
        }
    }

    /// The last save at stop failed; the next start reloads what it lost.
    package struct StateNotSaved: Error, CustomStringConvertible {
        let reason: any Error
        let instances: Int

        package var description: String {
            "state not saved at stop: \(reason); \(instances) instance\(instances == 1 ? "" : "s") will reload at the next start"
        }
    }
}
