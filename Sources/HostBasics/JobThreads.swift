import DequeModule
import Foundation
import Synchronization

/// Jobs run in the order they came, on threads of their own: for work that
/// blocks (a database call, a spawn, an actor's turn on the host's thread)
/// and so must not hold a thread of Swift's cooperative pool, which has one
/// per core for every task of the process.
///
/// One thread runs the jobs one at a time, as a serial executor needs;
/// several take the next job as each is free. The threads are named
/// `name`, or `name-0`, `name-1`, … when there are several.
package final class JobThreads<Job: Sendable>: Sendable {
    private final class Queue: Sendable {
        let jobs = Mutex<(pending: Deque<Job>, open: Bool)>(([], true))
        let ready = DispatchSemaphore(value: 0)
    }

    private let queue = Queue()

    /// Starts `count` threads that give each job to `run`.
    package init(count: Int = 1, name: String, run: @escaping @Sendable (Job) -> Void) {
        let queue = self.queue
        for index in 0..<count {
            NamedThread.start(count == 1 ? name : "\(name)-\(index)") {
                while true {
                    queue.ready.wait()
                    let (job, open) = queue.jobs.withLock { state in (state.pending.popFirst(), state.open) }
                    if let job {
                        run(job)
                    } else if !open {
                        // Closed and drained: wake the next thread so it ends too.
                        queue.ready.signal()
                        return
                    }
                }
            }
        }
    }

    /// Queues `job` for the next free thread.
    package func submit(_ job: Job) {
        queue.jobs.withLock { $0.pending.append(job) }
        queue.ready.signal()
    }

    /// Ends the threads once the jobs already queued have run.
    package func close() {
        queue.jobs.withLock { $0.open = false }
        queue.ready.signal()
    }
}

extension JobThreads where Job == @Sendable () -> Void {
    /// Threads that run closures.
    package convenience init(count: Int = 1, name: String) {
        self.init(count: count, name: name) { $0() }
    }

    /// `work`'s value, computed on one of these threads while the caller is suspended.
    package func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            submit { continuation.resume(with: Result { try work() }) }
        }
    }

    /// As `run`, but a caller whose task is cancelled before `work`'s turn
    /// comes gets `CancellationError` at once, and `work` never runs: a card
    /// nobody waits for any more is not drawn.
    package func runUnlessCancelled<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let turn = Turn<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                guard turn.wait(continuation) else { return continuation.resume(throwing: CancellationError()) }
                submit {
                    guard let continuation = turn.take() else { return }
                    continuation.resume(with: Result { try work() })
                }
            }
        } onCancel: {
            turn.cancel()?.resume(throwing: CancellationError())
        }
    }
}

/// A caller of `runUnlessCancelled` waiting for its turn: resumed once, by
/// the turn or by cancellation, whichever comes first.
private final class Turn<T: Sendable>: Sendable {
    private let state = Mutex<(continuation: CheckedContinuation<T, any Error>?, cancelled: Bool)>((nil, false))

    /// Keeps `continuation` for the turn; false when already cancelled.
    func wait(_ continuation: CheckedContinuation<T, any Error>) -> Bool {
        state.withLock { state in
            if state.cancelled { return false }
            state.continuation = continuation
            return true
        }
    }

    /// The continuation, for the turn; nil when cancellation took it.
    func take() -> CheckedContinuation<T, any Error>? {
        state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
    }

    /// The continuation, for cancellation; nil when the turn took it.
    func cancel() -> CheckedContinuation<T, any Error>? {
        state.withLock { state in
            state.cancelled = true
            defer { state.continuation = nil }
            return state.continuation
        }
    }
}
