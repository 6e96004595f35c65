import ExtensionProtocol
import Foundation
import HostText
import WidgetConfiguration
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
///
/// Why one actor of about 800 lines: a turn of the loop changes the
/// scheduler core, the table of instances and the running calls together,
/// on the host's own thread, and a suspension in the middle of a turn would
/// let another turn in. What needs none of that state is a type of its own
/// (`SchedulerCore`, `HostWakeups`, `SaveBuffer`, `LeaseKeeper`); the rest
/// is split by concern into extensions: the loop and waiting here, the
/// container (`+Container`), provider calls (`+Calls`), and changed files
/// (`+HotReload`).
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
    var unsaved = SaveBuffer()
    /// Why the loop woke; signalled from any thread.
    let wakeups = HostWakeups()
    let watcher: any ContainerChangeWatching
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
    var leases: LeaseKeeper?

    /// Every instance stored, ready or not: a fleet host counts its share over them.
    var stored: [String: WidgetInstance] = [:]
    /// Stored instances the bundle no longer shows (a dropped family or
    /// kind): their return is logged as such, not as a new instance.
    var withdrawn: Set<String> = []
    /// Whether `stored` has been read whole once.
    var readAll = false
    /// Instances being scheduled (placed at a family their kind supports).
    var instances: [String: WidgetInstance] = [:]
    /// Running provider calls by call number, with their instance.
    var tasks: [Int: (instance: String, task: Task<Void, Never>)] = [:]
    /// The wake-up at the loop's next deadline. Kept while the deadline
    /// stays: a busy loop wakes for every call that ends, and a timer made
    /// and cancelled on each of those turns cost more than the turn.
    private var timer: (deadline: Date, task: Task<Void, Never>)?
    var idleWaiter: CheckedContinuation<Void, Never>?
    private var containerTrouble = RecurringProblem()
    var refusedWrites = RecurringProblem()
    /// A container that announces changes said so: look at the next turn.
    var changeAnnounced = false
    /// Kinds being read again after a module or the manifest changed.
    var reloadingFiles: Task<Void, Never>?
    /// Declared instances the manifest dropped, removed once it has said so
    /// for `DeclaredRemovals.confirmation`; cancelled by the next change.
    var pendingRemovals: (ids: Set<String>, task: Task<Void, Never>)?
    /// Set as shutdown begins: nothing new is taken in.
    var stopping = false
    /// Instances already warned that their timeline outruns the daily budget.
    var warnedOfBudget: Set<String> = []

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
        core.schedule(for: instance)
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
        workspace.http.network.onChange { [weak self] change in
            Task { await self?.networkChanged(change) }
        }
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
