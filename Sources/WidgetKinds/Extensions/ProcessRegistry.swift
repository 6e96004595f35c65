import Synchronization

/// Every extension process a pool has running, so they can all be ended at
/// once, even from a `deinit`.
final class ProcessRegistry: Sendable {
    private let processes = Mutex<[ObjectIdentifier: ExtensionProcess]>([:])

    func add(_ process: ExtensionProcess) {
        processes.withLock { $0[ObjectIdentifier(process)] = process }
    }

    func remove(_ process: ExtensionProcess) {
        processes.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(process)) }
    }

    func killAll() {
        for process in processes.withLock({ Array($0.values) }) { process.kill(.shutdown) }
    }

    var pids: [Int32] { processes.withLock { $0.values.map(\.pid) } }
}
