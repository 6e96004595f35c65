import Foundation
import Synchronization
import WidgetSDK

/// The rate limit as one host counts it: the host of a SQLite container,
/// or a fleet host while the database cannot be reached.
package final class LocalRateLimit: RateLimitLedger {
    private struct State {
        var remaining: Int?
        var reset: Date?
        var pausedUntil: Date?
    }
    private let state = Mutex(State())

    /// One host counts alone: it holds every instance it reloads.
    package init() {}

    package func reserve(at now: Date, lease: HeldLease? = nil) throws {
        let refusedUntil: Date? = state.withLock { state in
            if let until = state.pausedUntil {
                if until > now { return until }
                state.pausedUntil = nil
            }
            if let left = state.remaining, left <= 0, let reset = state.reset {
                if reset > now {
                    state.pausedUntil = reset
                    return reset
                }
                state.remaining = nil
            }
            if let left = state.remaining { state.remaining = left - 1 }
            return nil
        }
        if let refusedUntil { throw RateLimitedError(until: refusedUntil) }
    }

    /// Responses arrive out of order: within one window the count only goes
    /// down (a late answer must not undo requests reserved since); a new
    /// reset time starts a new window.
    @discardableResult
    package func record(remaining reported: Int?, reset window: Date?) -> Int? {
        state.withLock { state in
            if let window, window != state.reset {
                state.reset = window
                state.remaining = reported
            } else if let reported {
                state.remaining = min(state.remaining ?? reported, reported)
            }
            return state.remaining
        }
    }

    package func pause(until: Date) {
        state.withLock { $0.pausedUntil = max($0.pausedUntil ?? until, until) }
    }
}
