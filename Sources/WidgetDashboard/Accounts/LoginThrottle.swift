import Foundation
import Synchronization

/// Bounds guessing: each client address and each name may fail to sign in
/// `allowed` times within `window`; then they wait until the oldest
/// failure leaves it. Kept in this host's memory: a fleet of hosts behind
/// one address allows each its own, and a restart forgets.
package final class LoginThrottle: Sendable {
    package let allowed: Int
    package let window: TimeInterval
    private let failures = Mutex<[String: [Date]]>([:])

    package init(allowed: Int = 5, window: TimeInterval = 300) {
        self.allowed = allowed
        self.window = window
    }

    /// Nil when `keys` may try now, else how long to wait.
    package func wait(for keys: [String], now: Date = Date()) -> TimeInterval? {
        failures.withLock { failures in
            keys.compactMap { key -> TimeInterval? in
                let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
                failures[key] = recent.isEmpty ? nil : recent
                guard recent.count >= allowed, let oldest = recent.first else { return nil }
                return window - now.timeIntervalSince(oldest)
            }.max()
        }
    }

    package func recordFailure(for keys: [String], now: Date = Date()) {
        failures.withLock { failures in
            // Bounded: a flood of addresses must not grow this without end.
            if failures.count > 10_000 { failures = failures.filter { $0.value.contains { now.timeIntervalSince($0) < window } } }
            for key in keys { failures[key, default: []].append(now) }
        }
    }

    package func recordSuccess(for keys: [String]) {
        failures.withLock { failures in
            for key in keys { failures[key] = nil }
        }
    }
}
