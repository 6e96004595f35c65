import CProcessControl
import ExtensionProtocol
import Foundation
import HostBasics
import HostText
import Synchronization
import WidgetConfiguration
import WidgetSDK

/// One running extension process: its channel, the calls in flight on it,
/// and the threads that read its messages and its output and wait for its
/// end. It leads a process group of its own; ending it ends the group, so
/// nothing it started (a forked child, the crash reporter) outlives it or
/// keeps its channel open.
final class ExtensionProcess: Sendable {
    /// Why the host ended a process; without one, the process ended itself.
    enum KillReason: Sendable, Equatable {
        case unresponsive(String)
        /// Garbage on the channel: a crash in all but name (backoff, quarantine).
        case brokeProtocol(String)
        case replaced
        case shutdown
        /// Its folder of the container went past a limit (`FolderQuota`).
        case overLimit(String)
    }

    private enum Call {
        case waiting(CheckedContinuation<CallResult, any Error>)
        /// Cancelled before it was sent.
        case cancelledEarly
    }

    private struct State {
        var nextID: UInt64 = 1
        var calls: [UInt64: Call] = [:]
        /// Calls the host gave up on whose answer has not come: if one is
        /// still missing after the grace period, the process is killed.
        var abandoned: Set<UInt64> = []
        var killReason: KillReason?
        var termination: ExtensionTermination?
    }

    typealias ExitHandler = @Sendable (ExtensionProcess, ExtensionTermination, KillReason?) -> Void

    let pid: pid_t
    let module: String
    private let channel: FrameChannel
    /// Taps (`perform` calls) in flight.
    private let performing = Mutex(0)
    private let state = Mutex(State())
    /// Signalled once the process has exited (not yet reaped).
    private let exitSeen = DispatchSemaphore(value: 0)
    private let timeouts = CallTimeouts()
    private let services: ExtensionServices
    /// Hosts off the internet the module may fetch from.
    private let fetchAllowance: FetchAllowance
    /// Headers the host adds to the module's requests.
    private let credentials: FetchCredentials
    private let output: @Sendable (String) -> Void
    private let grace: Duration
    private let onExit: ExitHandler

    private init(pid: pid_t, module: String, channel: FrameChannel, services: ExtensionServices, fetchAllowance: FetchAllowance,
                 credentials: FetchCredentials, output: @escaping @Sendable (String) -> Void, grace: Duration, onExit: @escaping ExitHandler) {
        self.pid = pid
        self.module = module
        self.channel = channel
        self.services = services
        self.fetchAllowance = fetchAllowance
        self.credentials = credentials
        self.output = output
        self.grace = grace
        self.onExit = onExit
        timeouts.onExpiry { [weak self] id, limit in self?.abandon(id, because: CallTimedOut(limit: limit)) }
    }

    /// Starts the runner on `launch`'s module. Only the allow-listed
    /// environment crosses; each line the kind prints goes to `output`.
    static func launch(runner: String, _ launch: ExtensionLaunch, module: String, environment: [String: String],
                       services: ExtensionServices, fetchAllowance: FetchAllowance = .none, credentials: FetchCredentials = .none, grace: Duration,
                       output: @escaping @Sendable (String) -> Void, onExit: @escaping ExitHandler) async throws -> ExtensionProcess {
        let arguments = [runner] + launch.arguments
        let environment = environment.map { "\($0.key)=\($0.value)" }
        let spawned = try await ProcessSpawner.shared.run {
            try ProcessLaunch.spawn(executable: runner, arguments: arguments, environment: environment)
        }
        let process = ExtensionProcess(pid: spawned.pid, module: module, channel: FrameChannel(descriptor: spawned.channel),
                                       services: services, fetchAllowance: fetchAllowance, credentials: credentials, output: output, grace: grace, onExit: onExit)
        ProcessReaper.shared.watch(spawned.pid)
        OutputReader.start(descriptors: [spawned.stdout, spawned.stderr], module: module, output: output)
        NamedThread.start("wh-read-\(module)") { process.readMessages() }
        NamedThread.start("wh-wait-\(module)") { process.awaitExit() }
        return process
    }

    var isRunning: Bool { state.withLock { $0.termination == nil } }

    /// How the process ended and why, once it has.
    var ending: (termination: ExtensionTermination, reason: KillReason?)? {
        state.withLock { state in state.termination.map { ($0, state.killReason) } }
    }

    /// Sends a call and waits for its answer. Cancelling the waiting task, or
    /// `timeout` passing, gives up on the call at once; the extension is told
    /// to stop it and killed if it has not answered within the grace period.
    /// The timeout is on a dispatch timer (`CallTimeouts`), off the path of the answer.
    func call(_ call: HostCall, timeout: Duration? = nil) async throws -> CallResult {
        // WidgetCenter reloads asked for while a tapped control runs are
        // made at once: the host knows when that is, the extension does not say.
        let isTap = switch call {
        case .perform, .performControl: true
        default: false
        }
        if isTap { performing.withLock { $0 += 1 } }
        defer { if isTap { performing.withLock { $0 -= 1 } } }
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let refusal: (any Error)? = state.withLock { state in
                    if let termination = state.termination { return failure(termination, state.killReason) }
                    if case .cancelledEarly? = state.calls.removeValue(forKey: id) { return CancellationError() }
                    state.calls[id] = .waiting(continuation)
                    return nil
                }
                if let refusal { return continuation.resume(throwing: refusal) }
                if let timeout { timeouts.add(id, limit: timeout) }
                do {
                    try channel.send(.call(id: id, call))
                } catch {
                    // The reader sees the same broken channel and fails every call; only this one may be left.
                    if case .waiting(let waiting)? = state.withLock({ $0.calls.removeValue(forKey: id) }) {
                        waiting.resume(throwing: ExtensionUnavailable(module: module, reason: "the channel to the extension broke: \(ErrorText.describe(error))", retryAfter: .zero))
                    }
                }
            }
        } onCancel: {
            abandon(id, because: CancellationError())
        }
    }

    /// Where kills after the grace period are made: they only send signals, so one queue serves all.
    private static let kills = DispatchQueue(label: "wh-extension-kills")

    /// Ends the process and its group with SIGKILL: the reader then fails its calls.
    func kill(_ reason: KillReason) {
        state.withLock { state in
            // Under the lock, so the pid cannot have been reaped and reused.
            guard state.termination == nil, state.killReason == nil else { return }
            state.killReason = reason
            Self.killGroup(pid)
        }
    }

    /// The process, and its group: what it forked goes with it.
    private static func killGroup(_ pid: pid_t) {
        _ = Glibc.kill(pid, SIGKILL)
        _ = Glibc.kill(-pid, SIGKILL)
    }

    // MARK: The waiting thread

    /// Waits for the process to end, whether or not its channel closes: a
    /// child it forked may hold the channel open for ever, and the crash
    /// must still be noticed. Then ends what the process left behind, and
    /// shuts the channel so that the reader sees its end. Reaping is the
    /// reader's (`ended`); this only watches (`WNOWAIT`).
    private func awaitExit() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        exitSeen.signal()
        state.withLock { state in
            // Not reaped yet, so neither the pid nor the channel's descriptor can have been reused.
            guard state.termination == nil else { return }
            Self.killGroup(pid)
            _ = shutdown(channel.descriptor, Int32(SHUT_RDWR))
        }
    }

    private func abandon(_ id: UInt64, because reason: any Error) {
        timeouts.remove(id)
        let waiting: CheckedContinuation<CallResult, any Error>? = state.withLock { state in
            switch state.calls.removeValue(forKey: id) {
            case .waiting(let continuation)?:
                state.abandoned.insert(id)
                return continuation
            case .cancelledEarly?:
                state.calls[id] = .cancelledEarly
                return nil
            case nil:
                // Not sent yet, or already answered; only a cancellation can come first.
                if reason is CancellationError { state.calls[id] = .cancelledEarly }
                return nil
            }
        }
        guard let waiting else { return }
        waiting.resume(throwing: reason)
        // On a serial queue, not a task or the global queue: the kill must
        // not wait for a pool that something else may be holding (`CallTimeouts`).
        // Set before the cancel is sent, which blocks on a channel the extension no longer reads.
        Self.kills.asyncAfter(deadline: .now() + grace.seconds) { [self] in
            if state.withLock({ $0.abandoned.contains(id) }) {
                kill(.unresponsive("a call went on \(DurationValue(seconds: grace.seconds)) after its timeout"))
            }
        }
        try? channel.send(.cancel(id: id))
    }

    // MARK: The reading thread

    private func readMessages() {
        while true {
            let message: ExtensionMessage?
            do {
                message = try channel.receive()
            } catch FrameError.truncated, FrameError.system(ECONNRESET) {
                // A process that died with messages unread resets the connection: an end like EOF.
                break
            } catch {
                // A kind that writes to the channel itself has broken the protocol.
                kill(.brokeProtocol("\(ErrorText.describe(error))"))
                break
            }
            guard let message else { break }
            handle(message)
        }
        ended()
    }

    private func handle(_ message: ExtensionMessage) {
        switch message {
        case .reply(let id, let result):
            timeouts.remove(id)
            let waiting: CheckedContinuation<CallResult, any Error>? = state.withLock { state in
                if state.abandoned.remove(id) != nil { return nil }
                guard case .waiting(let continuation)? = state.calls.removeValue(forKey: id) else { return nil }
                return continuation
            }
            waiting?.resume(returning: result)
        case .service(let id, let call):
            let services = self.services
            let channel = self.channel
            let module = self.module
            let (fetchAllowance, credentials, output) = (self.fetchAllowance, self.credentials, self.output)
            let interactive = performing.withLock { $0 > 0 }
            Task {
                let result = await services.handle(call, from: module, duringTap: interactive, fetchAllowance: fetchAllowance,
                                                  credentials: credentials, report: output)
                try? channel.send(.serviceReply(id: id, result))
            }
        case .call, .cancel, .serviceReply:
            kill(.brokeProtocol("it sent a message only the host sends"))
        }
    }

    /// How long a process whose channel closed may take to end by itself.
    /// An isolated extension's runner ends a moment after the extension
    /// (`wh_isolate_processes` mirrors its end), and a kill before that
    /// would hide the crash's signal behind SIGKILL.
    static let endAfterClose: DispatchTimeInterval = .seconds(5)

    /// The channel closed: the process has ended, or is made to. Reaps it
    /// and fails every call still waiting.
    private func ended() {
        _ = exitSeen.wait(timeout: .now() + Self.endAfterClose)
        let (termination, reason, waiting) = state.withLock { state in
            // SIGKILL now: a process that closed its channel but lives on is
            // of no use, and what it started goes with it.
            Self.killGroup(pid)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let termination: ExtensionTermination = status & 0x7f == 0 ? .exit((status >> 8) & 0xff) : .signal(status & 0x7f)
            state.termination = termination
            let waiting = state.calls.values.compactMap { call -> CheckedContinuation<CallResult, any Error>? in
                if case .waiting(let continuation) = call { return continuation }
                return nil
            }
            state.calls.removeAll()
            state.abandoned.removeAll()
            return (termination, state.killReason, waiting)
        }
        close(channel.descriptor)
        ProcessReaper.shared.forget(pid)
        let error = failure(termination, reason)
        for continuation in waiting { continuation.resume(throwing: error) }
        onExit(self, termination, reason)
    }

    private func failure(_ termination: ExtensionTermination, _ reason: KillReason?) -> any Error {
        switch reason {
        case nil:
            ExtensionCrash(module: module, termination: termination)
        case .brokeProtocol(let why):
            ExtensionCrash(module: module, termination: termination, brokenProtocol: why)
        case .unresponsive(let why):
            ExtensionUnavailable(module: module, reason: "extension restarted: \(why)", retryAfter: .zero)
        case .replaced:
            ExtensionUnavailable(module: module, reason: "extension restarted: its module changed", retryAfter: .zero)
        case .shutdown:
            ExtensionUnavailable(module: module, reason: "the host is stopping", retryAfter: .seconds(3600))
        case .overLimit(let why):
            ExtensionOverLimit(module: module, reason: "extension stopped: \(why)")
        }
    }
}
