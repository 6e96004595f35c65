import CProcessControl
import Foundation
import Synchronization

/// Counts the container's blocking calls, and those made from a task on
/// Swift's cooperative pool, where a call that waits on the database holds
/// a thread every task needs. The host's loop calls the container from a
/// thread of its own (`wh-host`), the async API from the container's
/// threads (`wh-container-N`); anything else made inside a task is on the pool.
///
/// Off unless `WIDGETHOST_COUNT_BLOCKING` is set (the benchmark sets it;
/// `report` also prints each pool call's first occurrence, which the tests
/// look for): asking a thread its name is a system call.
package enum BlockingCalls {
    package struct Counts: Sendable {
        package var calls = 0
        package var onPool = 0
        /// Time pool threads spent inside container calls.
        package var blocked = Duration.zero
    }

    private static let setting = ProcessInfo.processInfo.environment["WIDGETHOST_COUNT_BLOCKING"]
    package static let enabled = setting != nil
    /// Each call on the pool is said on standard error, once per operation.
    private static let reports = setting == "report"
    private static let counts = Mutex(Counts())
    private static let reported = Mutex<Set<String>>([])
    private static let measuring = "widgethost.blocking-call"

    package static var current: Counts { counts.withLock { $0 } }

    /// `body`'s value; counted when counting is on. `operation` names the
    /// call for the report.
    static func measure<T>(_ operation: String = #function, _ body: () throws -> T) rethrows -> T {
        // A call inside a counted one (a PostgreSQL statement of a
        // container call) is part of it.
        guard enabled, Thread.current.threadDictionary[measuring] == nil else { return try body() }
        Thread.current.threadDictionary[measuring] = true
        defer { Thread.current.threadDictionary[measuring] = nil }
        let onPool = isOnPool()
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
            if onPool, reports, reported.withLock({ $0.insert(operation).inserted }) {
                FileHandle.standardError.write(Data("widgethost: a container call blocked a thread of the cooperative pool: \(operation)\n".utf8))
            }
        }
        return try body()
    }

    /// Inside a task, on a thread that is not one of this process's own.
    private static func isOnPool() -> Bool {
        guard withUnsafeCurrentTask(body: { $0 != nil }) else { return false }
        var name = [CChar](repeating: 0, count: 16)
        _ = wh_thread_name(&name)
        return !String(cString: name).hasPrefix("wh-")
    }
}
