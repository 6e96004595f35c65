import Foundation
import HostBasics
import PostgresNIO
import WidgetSDK

/// GitHub's rate limit for a fleet: one row per token in `rate_limit`, so
/// that every host reserves from the same count and a 403 on one pauses
/// them all. Each reservation is one statement that decrements only while
/// something is left, so two hosts never both take the last request.
/// GitHub's answers say what was left when it counted that request, not the
/// others still on their way: those are subtracted from what it says, so
/// the count errs low, never high. While the database cannot be asked, the
/// host counts alone.
final class PostgresRateLimit: RateLimitLedger {
    private let store: PostgresStore
    /// The token's fingerprint, never the token: requests made with
    /// different tokens count against different limits.
    private let key: String
    private let local = LocalRateLimit()

    init(store: PostgresStore, token: String?) {
        self.store = store
        key = token.map { "token " + String(Self.fingerprint($0), radix: 16) } ?? "anonymous"
    }

    /// Stable across processes, unlike `Hasher`.
    private static func fingerprint(_ text: String) -> UInt64 {
        FNV1a.hash(text.utf8)
    }

    // Each is a statement of its own on the container's threads: the network
    // asks from its tasks, which must not wait on the database.

    func reserve(at now: Date, lease: HeldLease?) async throws {
        try await ContainerThreads.shared.run { try self.reserveBlocking(at: now, lease: lease) }
    }

    @discardableResult
    func record(remaining: Int?, reset: Date?) async -> Int? {
        // A local count never fails.
        (try? await ContainerThreads.shared.run { self.recordBlocking(remaining: remaining, reset: reset) }) ?? nil
    }

    func pause(until: Date) async {
        _ = try? await ContainerThreads.shared.run { self.pauseBlocking(until: until) }
    }

    /// With a `lease`, the request is counted only while the lease still
    /// has its token, checked in the statement that counts it.
    private func reserveBlocking(at now: Date, lease: HeldLease?) throws {
        enum Refusal { case until(Date), leaseLost }
        let refusal: Refusal?
        do {
            refusal = try store.inOwnTransaction { transaction -> Refusal? in
                try transaction.run("INSERT INTO rate_limit (key) VALUES (\(key)) ON CONFLICT DO NOTHING")
                let reserved = try transaction.run("""
                    UPDATE rate_limit SET
                        remaining = CASE WHEN reset_at <= \(now) THEN NULL ELSE remaining - 1 END,
                        in_flight = CASE WHEN reset_at <= \(now) THEN 1 ELSE in_flight + 1 END,
                        reset_at = CASE WHEN reset_at <= \(now) THEN NULL ELSE reset_at END
                    WHERE key = \(key)
                    AND (paused_until IS NULL OR paused_until <= \(now))
                    AND (remaining IS NULL OR remaining > 0 OR reset_at <= \(now))
                    AND (\(lease?.instance)::text IS NULL OR EXISTS (SELECT 1 FROM lease
                        WHERE instance_id = \(lease?.instance) AND holder = \(lease?.member) AND token = \(lease?.token)))
                    RETURNING key
                    """)
                if reserved.first != nil { return nil }
                let (paused, reset, held) = try transaction.run("""
                    SELECT paused_until, reset_at, (\(lease?.instance)::text IS NULL OR EXISTS (SELECT 1 FROM lease
                        WHERE instance_id = \(lease?.instance) AND holder = \(lease?.member) AND token = \(lease?.token)))
                    FROM rate_limit WHERE key = \(key)
                    """).first!.decode((Date?, Date?, Bool).self)
                if !held { return .leaseLost }
                if let paused, paused > now { return .until(paused) }
                return .until(reset ?? now + 60)
            }
        } catch {
            return try local.reserve(at: now)
        }
        switch refusal {
        case nil: return
        case .until(let date): throw RateLimitedError(until: date)
        case .leaseLost: throw LeaseLost(instance: lease?.instance ?? "?")
        }
    }

    /// Within one window the count only goes down, whichever host's answer
    /// arrives last; a later reset time starts a new window. A request that
    /// got no answer is recorded with neither.
    private func recordBlocking(remaining: Int?, reset: Date?) -> Int? {
        let left = local.record(remaining: remaining, reset: reset)
        _ = try? store.inOwnTransaction { transaction in
            // In SET, columns are their values before the update: `others` is the requests still on their way.
            try transaction.run("""
                UPDATE rate_limit SET
                    in_flight = GREATEST(in_flight - 1, 0),
                    remaining = CASE
                        WHEN \(remaining)::integer IS NULL THEN remaining
                        WHEN \(reset)::timestamptz IS NOT NULL AND (reset_at IS NULL OR \(reset)::timestamptz > reset_at)
                            THEN \(remaining)::integer - GREATEST(in_flight - 1, 0)
                        ELSE LEAST(COALESCE(remaining, \(remaining)::integer), \(remaining)::integer - GREATEST(in_flight - 1, 0)) END,
                    reset_at = GREATEST(reset_at, \(reset)::timestamptz)
                WHERE key = \(key)
                """)
        }
        return left
    }

    private func pauseBlocking(until: Date) {
        local.pause(until: until)
        _ = try? store.inOwnTransaction { transaction in
            try transaction.run("UPDATE rate_limit SET paused_until = GREATEST(paused_until, \(until)) WHERE key = \(key)")
        }
    }
}
