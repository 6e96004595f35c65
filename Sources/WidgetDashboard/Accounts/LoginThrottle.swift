import Foundation
import Synchronization

/// Bounds guessing: each key (a client's address, a name tried from it)
/// may fail to sign in `allowed` times within `window`; then it waits
/// until the oldest failure leaves it. Kept in this host's memory, at most
/// `capacity` keys (the oldest go first): a fleet of hosts behind one
/// address allows each its own, and a restart forgets.
package final class LoginThrottle: Sendable {
    package let allowed: Int
    package let window: TimeInterval
    let capacity: Int
    private let failures = Mutex<[String: [Date]]>([:])

    package init(allowed: Int = 5, window: TimeInterval = 300, capacity: Int = 10_000) {
        self.allowed = allowed
        self.window = window
        self.capacity = capacity
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
            for key in keys { failures[key, default: []].append(now) }
            // Bounded: a flood of addresses must not grow this without end.
            guard failures.count > capacity else { return }
            failures = failures.filter { $0.value.contains { now.timeIntervalSince($0) < window } }
            while failures.count > capacity, let oldest = failures.min(by: { ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast) })?.key {
                failures[oldest] = nil
            }
        }
    }

    /// Takes back the last failure counted for each key: the attempt worked,
    /// or was never checked.
    package func forgive(_ keys: [String]) {
        failures.withLock { failures in
            for key in keys {
                failures[key]?.removeLast()
                if failures[key]?.isEmpty == true { failures[key] = nil }
            }
        }
    }

    /// What an address is counted under: an IPv4 address as it is, an
    /// IPv6 one by its /64, which one client usually holds whole.
    package static func addressKey(_ address: String) -> String {
        guard address.contains(":") else { return address }
        var bytes = in6_addr()
        guard inet_pton(AF_INET6, address, &bytes) == 1 else { return address }
        let prefix = withUnsafeBytes(of: &bytes) { Array($0.prefix(8)) }
        return stride(from: 0, to: 8, by: 2).map { String(format: "%x", Int(prefix[$0]) << 8 | Int(prefix[$0 + 1])) }.joined(separator: ":") + "::/64"
    }
}
