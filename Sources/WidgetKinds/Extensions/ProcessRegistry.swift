import Synchronization

/// Every extension process a pool has running, so they can all be ended at
/// once, even from a `deinit`.
final class ProcessRegistry: Sendable {
    /// Every extension process of this program, whichever pool runs it.
    static let everywhere = ProcessRegistry()

    private let processes = Mutex<[ObjectIdentifier: ExtensionProcess]>([:])

    /// A process that has already ended is not added: a module that crashes
    /// as it loads can end, and its exit handler remove it, before its
    /// launcher adds it. Its end is recorded before that handler runs, and
    /// the check is made under the lock `remove` takes, so neither order
    /// leaves a process listed long after it is gone.
    func add(_ process: ExtensionProcess) {
        processes.withLock { processes in
            guard process.isRunning else { return }
            processes[ObjectIdentifier(process)] = process
        }
        if self !== Self.everywhere { Self.everywhere.add(process) }
    }

    func remove(_ process: ExtensionProcess) {
        processes.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(process)) }
        if self !== Self.everywhere { Self.everywhere.remove(process) }
    }

    func killAll() {
        for process in processes.withLock({ Array($0.values) }) { process.kill(.shutdown) }
    }

    var pids: [Int32] { processes.withLock { $0.values.map(\.pid) } }
}
