import ExtensionProtocol
import Foundation
import Synchronization
import WidgetConfiguration
import WidgetContainer
import WidgetSDK

/// The extension process of one module, kept available: started on first
/// use, restarted with backoff after a crash (1 s doubling to 5 min), and
/// replaced when the module changes on disk. Every call into the module's
/// code goes through here.
package actor ModuleExtension {
    package static let firstBackoff: Duration = .seconds(1)
    package static let maximumBackoff: Duration = .seconds(300)

    package nonisolated let modulePath: String
    /// The module's name, prefixed to the lines it prints.
    package nonisolated let module: String
    private var limits: ExtensionLimits
    private var sandbox: ExtensionSandbox
    private let pool: ExtensionPool.Settings
    private let registry: ProcessRegistry

    private var process: ExtensionProcess?
    private var starting: Task<ExtensionProcess, any Error>?
    /// Bumped by `replace()`: a start that was under way when it ran made a
    /// process with what the extension had before, which is not kept.
    private var generation = 0
    private var consecutiveCrashes = 0
    private var restartAt: ContinuousClock.Instant?
    private var stopped = false
    /// The latest crash, for the message of calls made while it restarts.
    private var lastCrash: String?
    /// The module file as the current process was started from. A process
    /// that dies after the file changed under it (a `cp` over a library
    /// that is mapped in crashes it) is not the kind's fault.
    private var launchedFrom: FileIdentity?
    /// Processes started, the first included.
    package private(set) var launches = 0
    /// Whether `FolderQuota` stopped the last process: set from its thread.
    private nonisolated let stoppedForDisk = SharedFlag()
    /// The module's folder when `FolderQuota` cannot watch it (no inotify
    /// to be had): then it is measured after each call instead.
    private var unwatchedFolder: (folder: String, bytesAtStart: Int)?

    init(modulePath: String, module: String, limits: ExtensionLimits, sandbox: ExtensionSandbox, pool: ExtensionPool.Settings, registry: ProcessRegistry) {
        self.modulePath = modulePath
        self.module = module
        self.limits = limits
        self.sandbox = sandbox
        self.pool = pool
        self.registry = registry
    }

    deinit {
        process?.kill(.shutdown)
    }

    // MARK: Calls

    /// Runs `call` in the extension. Throws `ExtensionCrash` when the process
    /// died during the call, `ExtensionUnavailable` when the call could not
    /// run through no fault of its own (retry later, uncharged).
    package func call(_ call: HostCall, timeout: Duration? = nil) async throws -> CallResult {
        let process = try await running()
        let started = launchedFrom
        do {
            let result = try await process.call(call, timeout: timeout)
            if process.isRunning { consecutiveCrashes = 0 }
            if let unwatched = unwatchedFolder, process.isRunning,
               let problem = FolderQuota.problem(in: unwatched.folder, limits: limits, grownFrom: unwatched.bytesAtStart) {
                stopOverLimit(process, problem)
            }
            return result
        } catch is ExtensionCrash where Self.fileChanged(modulePath, since: started) {
            throw ExtensionUnavailable(module: module, reason: "\(Self.changedUnderIt); restarting it on the new file", retryAfter: Self.changedRestart)
        }
    }

    static let changedUnderIt = "the module file changed while its extension ran"
    /// Long enough for a copy in progress to finish before the next start.
    static let changedRestart: Duration = .seconds(2)

    private static func fileChanged(_ path: String, since launch: FileIdentity?) -> Bool {
        launch != nil && FileIdentity(path: path) != launch
    }

    private func running() async throws -> ExtensionProcess {
        if let process {
            guard let ending = process.ending else { return process }
            // Ended, and its exit handler has not run yet: apply it now, so its backoff holds.
            exited(process, ending.termination, ending.reason)
        }
        if stopped {
            throw ExtensionUnavailable(module: module, reason: "the host is stopping", retryAfter: .seconds(3600))
        }
        if let restartAt, case let wait = restartAt - .now, wait > .zero {
            throw ExtensionUnavailable(
                module: module, reason: "\(lastCrash ?? "extension crashed"); restarting in \(Int(wait.seconds.rounded(.up)))s", retryAfter: wait)
        }
        if let starting { return try await starting.value }
        // A folder over its limits starts no extension: the kind would only
        // write more. Nor does a module stopped for filling the disk while
        // the disk is still low; others may start (they write nothing, or
        // are stopped in turn if they do).
        if let folder = pool.services.groupFolder(of: module),
           let problem = FolderQuota.problem(in: folder, limits: limits, grownFrom: stoppedForDisk.isSet ? 0 : nil) {
            throw ExtensionOverLimit(module: module, reason: "extension not started: \(problem)")
        }
        stoppedForDisk.isSet = false
        // A process started before a `replace()` (an edited sandbox) is not
        // kept: every call waiting for this start gets the one started after.
        let task = Task {
            while true {
                let launchedIn = generation
                let started = try await launch()
                if launchedIn == generation || stopped { return started }
                started.kill(.replaced)
            }
        }
        starting = task
        defer { starting = nil }
        let started = try await task.value
        process = started
        return started
    }

    private func launch() async throws -> ExtensionProcess {
        guard let runner = pool.runner else {
            throw ExtensionStartError(reason: ExtensionRunner.notFoundMessage(searched: pool.runnerSearched))
        }
        launches += 1
        if launches > 1 { ExtensionMetrics.extensionRestarted(module: module) }
        launchedFrom = FileIdentity(path: modulePath)
        let folder = pool.services.groupFolder(of: module)
        if let folder {
            // Its tmp starts empty each time, as a device's does after a while:
            // what a kind wrote there is not kept for it.
            let temporary = URL(fileURLWithPath: folder).appendingPathComponent("tmp")
            try? FileManager.default.removeItem(at: temporary)
        }
        let launch = ExtensionLaunch(modulePath: modulePath, memoryLimit: limits.memory, openFilesLimit: limits.openFiles,
                                     fileSizeLimit: folder == nil ? nil : limits.disk, hostPID: getpid(),
                                     appGroup: pool.services.suites.group, groupFolder: folder,
                                     extraReadPaths: sandbox.readPaths, network: sandbox.network, confined: sandbox.isEnforced,
                                     isolated: sandbox.isEnforced && SandboxSupport.current.processIsolation)
        let registry = self.registry
        let process = try await ExtensionProcess.launch(
            runner: runner, launch, module: module, environment: pool.withheld.filter(pool.environment), services: pool.services,
            fetchAllowance: sandbox.fetchAllowance, credentials: sandbox.credentials, grace: pool.grace,
            output: pool.output
        ) { [weak self] process, termination, reason in
            registry.remove(process)
            Task { await self?.exited(process, termination, reason) }
        }
        registry.add(process)
        unwatchedFolder = nil
        if let folder {
            let (output, module, stopped) = (pool.output, self.module, stoppedForDisk)
            let watching = ExtensionPool.folderQuota?.watch(module: module, folder: folder, limits: limits) { [weak process] reason in
                output("[\(module)] extension stopped: \(reason)")
                stopped.isSet = true
                process?.kill(.overLimit(reason))
            } ?? false
            if !watching { unwatchedFolder = (folder, KindFolders.measure(folder).bytes) }
        }
        return process
    }

    private func stopOverLimit(_ process: ExtensionProcess, _ reason: String) {
        pool.output("[\(module)] extension stopped: \(reason)")
        stoppedForDisk.isSet = true
        process.kill(.overLimit(reason))
    }

    /// Applies a process's end once: from its exit handler, or from the next
    /// call if that comes first. A replaced process is no longer current.
    private func exited(_ ended: ExtensionProcess, _ termination: ExtensionTermination, _ reason: ExtensionProcess.KillReason?) {
        guard ended === process else { return }
        process = nil
        switch reason {
        case nil, .brokeProtocol:
            if Self.fileChanged(modulePath, since: launchedFrom) {
                restartAt = .now + Self.changedRestart
                lastCrash = Self.changedUnderIt
                pool.output("[\(module)] extension ended: \(Self.changedUnderIt); restarting it on the new file")
                return
            }
            // Breaking the protocol is a crash in all but name: restarting at
            // once made 1,517 processes in 20 s of a kind that writes garbage.
            ExtensionMetrics.extensionCrashed(module: module)
            consecutiveCrashes += 1
            let backoff = min(Self.firstBackoff * (1 << min(consecutiveCrashes - 1, 20)), Self.maximumBackoff)
            restartAt = .now + backoff
            var crash = ExtensionCrash(module: module, termination: termination)
            if case .brokeProtocol(let why) = reason { crash.brokenProtocol = why }
            lastCrash = crash.description
            pool.output("[\(module)] \(lastCrash!); restarting in \(DurationValue(seconds: backoff.seconds)) (crash \(consecutiveCrashes) in a row)")
        case .unresponsive(let why):
            // Its own timeout already counted against the instance; restart at once for the others.
            restartAt = nil
            pool.output("[\(module)] extension killed: \(why)")
        case .replaced, .shutdown, .overLimit:
            break
        }
    }

    // MARK: Life cycle

    /// Ends the current process, so the next call starts a fresh one with no
    /// backoff: the module file changed.
    /// Takes the manifest's limits and sandbox for the module as they are
    /// now: when they changed (a kind declared with `json:` added, with its
    /// URL and headers; a `sandbox.fetch` edited), the process is replaced,
    /// and the next call starts one that has them.
    package func adopt(limits: ExtensionLimits, sandbox: ExtensionSandbox) {
        guard limits != self.limits || sandbox != self.sandbox else { return }
        self.limits = limits
        self.sandbox = sandbox
        replace()
    }

    package func replace() {
        generation += 1
        process?.kill(.replaced)
        process = nil
        consecutiveCrashes = 0
        restartAt = nil
        lastCrash = nil
    }

    package func shutDown() {
        stopped = true
        process?.kill(.shutdown)
    }
}

/// A flag one thread sets and an actor reads.
final class SharedFlag: Sendable {
    private let value = Atomic(false)

    var isSet: Bool {
        get { value.load(ordering: .relaxed) }
        set { value.store(newValue, ordering: .relaxed) }
    }
}
