import Foundation
import WidgetSDK

/// GitHub's rate limit as the hosts of a container spend it: each request
/// is reserved before it is sent, and each answer says what is left. Async:
/// a fleet's ledger is a row in the database.
package protocol RateLimitLedger: Sendable {
    /// Counts one request, or throws `RateLimitedError` when the limit is
    /// used up or paused, and `LeaseLost` when `lease` no longer holds.
    func reserve(at now: Date, lease: HeldLease?) async throws
    /// What an answer's `x-ratelimit-remaining` and `x-ratelimit-reset` say;
    /// neither for a request that got no answer. Returns the requests this
    /// host now counts as left, if it knows, for `/metrics`.
    @discardableResult
    func record(remaining: Int?, reset: Date?) async -> Int?
    /// A 403 or 429 said to wait until `until`.
    func pause(until: Date) async
}

/// A fleet host's lease on the instance a request is made for, as the host
/// named it in the call's `ReloadScope`.
package struct HeldLease: Sendable, Equatable {
    package let member: String
    package let instance: String
    package let token: Int64

    /// `<member> <instance> <token>`
    package init?(_ text: String) {
        let words = text.split(separator: " ")
        guard words.count == 3, let token = Int64(words[2]) else { return nil }
        member = String(words[0])
        instance = String(words[1])
        self.token = token
    }
}

/// A request not sent: the instance it was for has another holder now, whose
/// own reload is the one that counts.
package struct LeaseLost: Error, Sendable, CustomStringConvertible {
    package let instance: String
    package var description: String {
        "this host no longer holds \(instance) (another host took it over); the request was not sent"
    }
}
