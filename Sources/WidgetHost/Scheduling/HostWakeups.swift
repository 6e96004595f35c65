import Synchronization

/// Why the host's loop woke: everything that can end its sleep, gathered in
/// one place from any thread.
///
/// A watcher's callback, a timer or a finished call signals here directly,
/// without a task to hop onto the host's actor first; causes that arrive
/// while the loop is busy are kept and end its next wait at once, so none
/// is lost and a burst of them costs one turn.
final class HostWakeups: Sendable {
    struct Causes: OptionSet, Sendable {
        let rawValue: UInt8
        /// The loop's deadline came (a reload due, an entry current, a look due).
        static let deadline = Causes(rawValue: 1 << 0)
        /// The container announced another process's change.
        static let containerChanged = Causes(rawValue: 1 << 1)
        /// The manifest's or a module's folder changed.
        static let filesChanged = Causes(rawValue: 1 << 2)
        /// A provider call ended.
        static let callEnded = Causes(rawValue: 1 << 3)
        /// Something in the host asked for a turn (a reload, a kind replaced).
        static let asked = Causes(rawValue: 1 << 4)
        /// The loop's task was cancelled: the host is stopping.
        static let cancelled = Causes(rawValue: 1 << 5)
    }

    private struct State {
        var causes: Causes = []
        var waiter: CheckedContinuation<Causes, Never>?
    }

    private let state = Mutex(State())

    /// Adds `cause`; wakes the loop if it waits.
    func signal(_ cause: Causes) {
        let woken: (CheckedContinuation<Causes, Never>, Causes)? = state.withLock { state in
            state.causes.insert(cause)
            guard let waiter = state.waiter else { return nil }
            state.waiter = nil
            defer { state.causes = [] }
            return (waiter, state.causes)
        }
        // Resumed outside the lock: the loop may run on at once.
        if let (waiter, causes) = woken { waiter.resume(returning: causes) }
    }

    /// Whether the loop waits for a cause now.
    var isWaiting: Bool { state.withLock { $0.waiter != nil } }

    /// The causes since the last wait, at once if there are any; otherwise
    /// waits for the next. One waiter at a time: the loop.
    func next() async -> Causes {
        await withCheckedContinuation { (waiter: CheckedContinuation<Causes, Never>) in
            let ready: Causes? = state.withLock { state in
                guard state.causes.isEmpty else {
                    defer { state.causes = [] }
                    return state.causes
                }
                precondition(state.waiter == nil, "the host's loop waits in one place")
                state.waiter = waiter
                return nil
            }
            if let ready { waiter.resume(returning: ready) }
        }
    }
}
