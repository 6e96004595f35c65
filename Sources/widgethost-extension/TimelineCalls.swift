import ExtensionProtocol
import Foundation
import Synchronization
import WidgetSDK

/// The timeline calls running in this process, for what a kind's
/// `URLSession` requests cannot carry themselves: a request runs on
/// URLSession's threads, outside the call's task, so it cannot see the
/// call's task-local scope. While one call runs (the usual case), its
/// requests get its scope; while several do, the default scope (cached
/// answers may then be served to an explicit reload).
enum TimelineCalls {
    private struct State {
        var next: UInt64 = 0
        var scopes: [UInt64: ReloadScope] = [:]
        /// The host's rate limit, as a response during the call said.
        var limitedUntil: [UInt64: Date] = [:]
    }

    private static let state = Mutex(State())

    /// The scope of the one call running, or the default.
    static var scope: ReloadScope {
        state.withLock { $0.scopes.count == 1 ? $0.scopes.values.first! : ReloadScope() }
    }

    /// A kind's request met the API's rate limit: every call running may
    /// have been waiting for it.
    static func sawRateLimit(until: Date) {
        state.withLock { state in
            for id in state.scopes.keys { state.limitedUntil[id] = max(state.limitedUntil[id] ?? until, until) }
        }
    }

    /// Runs a timeline call. One that fails after its requests met the rate
    /// limit fails as rate-limited, whatever error the kind made of the
    /// 403, so that the host shows it and waits for the reset rather than
    /// retrying on its error backoff.
    static func run<Result>(_ scope: ReloadScope, _ body: () async throws -> Result) async throws -> Result {
        let id = state.withLock { state in
            state.next += 1
            state.scopes[state.next] = scope
            return state.next
        }
        let ended = { state.withLock { state in
            state.scopes[id] = nil
            return state.limitedUntil.removeValue(forKey: id)
        } }
        do {
            let result = try await body()
            _ = ended()
            return result
        } catch let error as RateLimitedError {
            _ = ended()
            throw error
        } catch {
            if let until = ended(), until > .now { throw RateLimitedError(until: until) }
            throw error
        }
    }
}
