import CProcessControl
import DequeModule
import Foundation
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
    private final class Queue: Sendable {
        let jobs = Mutex<(pending: Deque<UnownedJob>, open: Bool)>(([], true))
        let ready = DispatchSemaphore(value: 0)
    }

    private let queue = Queue()

    init(name: String) {
        let queue = self.queue
        let thread = Thread { [weak self] in
            wh_set_thread_name(name)
            while true {
                queue.ready.wait()
                let next: UnownedJob? = queue.jobs.withLock { state in
                    state.pending.isEmpty ? nil : state.pending.removeFirst()
                }
                guard let next else {
                    if !queue.jobs.withLock({ $0.open }) { return }
                    continue
                }
                guard let executor = self else { return }
                next.runSynchronously(on: executor.asUnownedSerialExecutor())
            }
        }
        thread.name = name
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.jobs.withLock { $0.pending.append(job) }
        queue.ready.signal()
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    deinit {
        queue.jobs.withLock { $0.open = false }
        queue.ready.signal()
    }
}
