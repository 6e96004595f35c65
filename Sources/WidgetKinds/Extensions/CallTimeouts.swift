import Dispatch
import HeapModule
import Synchronization
import WidgetConfiguration

/// The timeouts of the calls in flight on one extension process, on one
/// dispatch timer set to the earliest of them.
///
/// A timer per call, as before, stayed armed after its call had answered:
/// 100,000 reloads left 100,000 timers in libdispatch's heap, each firing up
/// to a call timeout later for nothing, which cost an idle host 9 % of a
/// core. Here an answered call is forgotten at once, and the timer fires
/// only for a call that is still waiting, or once to clear those that are not.
/// Unchecked: the dispatch timer is not `Sendable`, though libdispatch makes
/// it safe to use from any thread; the rest is in `Mutex`es.
final class CallTimeouts: @unchecked Sendable {
    private struct Deadline: Comparable {
        let at: DispatchTime
        let id: UInt64
        let limit: Duration
        static func < (lhs: Deadline, rhs: Deadline) -> Bool { lhs.at < rhs.at }
        static func == (lhs: Deadline, rhs: Deadline) -> Bool { lhs.at == rhs.at && lhs.id == rhs.id }
    }

    private struct State {
        var deadlines = Heap<Deadline>()
        var waiting: Set<UInt64> = []
        var armedFor: DispatchTime?
    }

    private let state = Mutex(State())
    /// Thread-safe by libdispatch's contract; touched only under `state`'s lock.
    private let timer: any DispatchSourceTimer
    private let expired = Mutex<(@Sendable (_ id: UInt64, _ limit: Duration) -> Void)?>(nil)

    /// The timer fires on a serial queue of its own (one per process, since
    /// the handler may block on a full channel), not `DispatchQueue.global()`:
    /// on Linux the global queue shares a bounded pool of threads with the
    /// cooperative pool, and while enough of them block (in `waitpid`, a
    /// busy wait, a test's helper process) its work waits. Measured: 400
    /// jobs asleep for 3 s held a 0.1 s `asyncAfter` on the global queue
    /// for over 10 s; the same on a serial queue fired on time. A hung
    /// call's kill waited two minutes so in a busy test run.
    init() {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "wh-call-timeouts"))
        timer.setEventHandler { [weak self] in self?.fire() }
        timer.schedule(deadline: .distantFuture)
        timer.resume()
    }

    /// Tells `handler` of each call still waiting at its deadline.
    func onExpiry(_ handler: @escaping @Sendable (_ id: UInt64, _ limit: Duration) -> Void) {
        expired.withLock { $0 = handler }
    }

    /// Starts counting `limit` for call `id`.
    func add(_ id: UInt64, limit: Duration) {
        let at = DispatchTime.now() + limit.seconds
        state.withLock { state in
            state.waiting.insert(id)
            state.deadlines.insert(Deadline(at: at, id: id, limit: limit))
            if state.armedFor.map({ at < $0 }) ?? true {
                state.armedFor = at
                timer.schedule(deadline: at)
            }
        }
    }

    /// The call answered, or was given up on: its deadline means nothing now.
    func remove(_ id: UInt64) {
        _ = state.withLock { $0.waiting.remove(id) }
    }

    private func fire() {
        let now = DispatchTime.now()
        let due: [Deadline] = state.withLock { state in
            var due: [Deadline] = []
            while let top = state.deadlines.min {
                if !state.waiting.contains(top.id) {
                    state.deadlines.removeMin()
                } else if top.at <= now {
                    state.deadlines.removeMin()
                    state.waiting.remove(top.id)
                    due.append(top)
                } else {
                    break
                }
            }
            state.armedFor = state.deadlines.min?.at
            timer.schedule(deadline: state.armedFor ?? .distantFuture)
            return due
        }
        let handler = expired.withLock { $0 }
        for deadline in due { handler?(deadline.id, deadline.limit) }
    }

    deinit {
        timer.cancel()
    }
}
