import Foundation
import Synchronization

/// The scheduler's time: the wall clock when running, a manual one in tests
/// and benchmarks, where days pass in milliseconds.
package protocol SchedulerClock: Sendable {
    func now() -> Date
    /// Returns at `deadline`, or throws `CancellationError` when cancelled.
    func sleep(until deadline: Date) async throws
}

/// The wall clock.
package struct SystemClock: SchedulerClock {
    package init() {}

    package func now() -> Date { Date() }

    package func sleep(until deadline: Date) async throws {
        let interval = deadline.timeIntervalSinceNow
        if interval > 0 { try await Task.sleep(for: .seconds(interval)) }
    }
}

/// A clock that moves only when told to, for `TimelineHost.run(until:)`.
package final class ManualClock: SchedulerClock {
    private let current: Mutex<Date>

    package init(_ start: Date) {
        current = Mutex(start)
    }

    package func now() -> Date { current.withLock { $0 } }

    package func set(_ date: Date) {
        current.withLock { $0 = max($0, date) }
    }

    /// A manual clock is advanced by the host's simulation loop, never slept on.
    package func sleep(until deadline: Date) async throws {
        try Task.checkCancellation()
        set(deadline)
    }
}
