import CProcessControl
import Foundation
import Synchronization

/// Threads of the container's own, on which its async calls wait for the
/// database while the tasks that made them are suspended.
///
/// A container call blocks until the database answers: SQLite's API is
/// synchronous, and a PostgreSQL call may wait up to its answer limit. Made
/// on Swift's cooperative pool, which has a thread per core, one such wait
/// stalls every other task of the process (the dashboard, `/readyz`, the
/// extensions' HTTP requests). The async API runs the call here instead:
/// a few named threads (`wh-container-N`), started on first use, so a
/// process that never awaits the container (most commands) starts none.
/// GRDB's own async access does the same with a dispatch queue; one set of
/// threads serves both stores and keeps the blocking check able to tell
/// them from the pool's.
package final class ContainerThreads: Sendable {
    /// Enough for the readers a SQLite pool and the idle connections a
    /// PostgreSQL container keep (4 each): more would only queue in the database.
    package static let shared = ContainerThreads(count: 4, name: "wh-container")

    private final class Queue: Sendable {
        let jobs = Mutex<(pending: [@Sendable () -> Void], next: Int)>(([], 0))
        let ready = DispatchSemaphore(value: 0)
    }

    private let queue = Queue()

    init(count: Int, name: String) {
        let queue = self.queue
        for index in 0..<count {
            let thread = Thread {
                wh_set_thread_name("\(name)-\(index)")
                while true {
                    queue.ready.wait()
                    let job = queue.jobs.withLock { queue -> (@Sendable () -> Void)? in
                        guard queue.next < queue.pending.count else { return nil }
                        defer {
                            queue.next += 1
                            // Compacted once drained, so the array does not grow for good.
                            if queue.next == queue.pending.count { queue = ([], 0) }
                        }
                        return queue.pending[queue.next]
                    }
                    job?()
                }
            }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    /// `work`'s value, computed on one of these threads.
    package func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            queue.jobs.withLock { $0.pending.append { continuation.resume(with: Result { try work() }) } }
            queue.ready.signal()
        }
    }
}
