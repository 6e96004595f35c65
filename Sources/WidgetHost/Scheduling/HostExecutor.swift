import Foundation
import HostBasics
import Synchronization

/// A serial executor on a thread of its own, for the host's loop.
///
/// The container's calls block until the database answers (the API is
/// synchronous; a PostgreSQL call may wait up to the answer limit). On the
/// cooperative pool, whose threads are as many as the cores, one such wait
/// would stall every other task of the process: the dashboard, `/readyz`,
/// the extensions' HTTP requests. On this thread it stalls only the loop.
/// The thread ends with the executor.
final class HostExecutor: SerialExecutor, Sendable {
    /// The executor the thread's jobs run on, once it exists; weak, so the
    /// thread does not keep it alive, and a job left after it is dropped.
    private final class Owner: Sendable {
        let executor = Mutex<UnownedSerialExecutor?>(nil)
    }

    private let owner = Owner()
    private let thread: JobThreads<UnownedJob>

    init(name: String) {
        let owner = self.owner
        thread = JobThreads(name: name) { job in
            guard let executor = owner.executor.withLock({ $0 }) else { return }
            job.runSynchronously(on: executor)
        }
        owner.executor.withLock { $0 = UnownedSerialExecutor(ordinary: self) }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        thread.submit(UnownedJob(job))
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    deinit {
        owner.executor.withLock { $0 = nil }
        thread.close()
    }
}
