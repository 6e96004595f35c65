import CProcessControl
import Foundation
import Synchronization

/// Counts the container's calls, and those made on a thread of Swift's
/// cooperative pool (dispatch's root-queue workers on Linux), where a call
/// that waits on the database holds a thread every task needs. The
/// container is synchronous; the host's loop calls it from a thread of its
/// own, and this tells how much of the rest still blocks the pool.
///
/// Off unless `WIDGETHOST_COUNT_BLOCKING` is set (the benchmark sets it):
/// asking a thread its name is a system call.
package enum BlockingCalls {
    package struct Counts: Sendable {
        package var calls = 0
        package var onPool = 0
        /// Time pool threads spent inside container calls.
        package var blocked = Duration.zero
    }

    package static let enabled = ProcessInfo.processInfo.environment["WIDGETHOST_COUNT_BLOCKING"] != nil
    private static let counts = Mutex(Counts())

    package static var current: Counts { counts.withLock { $0 } }

    /// `body`'s value; counted when counting is on.
    static func measure<T>(_ body: () throws -> T) rethrows -> T {
        guard enabled else { return try body() }
        var name = [CChar](repeating: 0, count: 16)
        _ = wh_thread_name(&name)
        // Dispatch names its root-queue workers after their queue
        // (com.apple.root.default-qos…, of which the kernel keeps 15 bytes);
        // the host names its own threads wh-….
        let onPool = String(cString: name).contains("qos")
        let started = ContinuousClock.now
        defer {
            let took = ContinuousClock.now - started
            counts.withLock { counts in
                counts.calls += 1
                if onPool {
                    counts.onPool += 1
                    counts.blocked += took
                }
            }
        }
        return try body()
    }
}
