import Foundation
import WidgetSDK

/// GitHub's rate limit as the hosts of a container spend it: each request
/// is reserved before it is sent, and each answer says what is left.
protocol RateLimitLedger: Sendable {
    /// Counts one request, or throws when the limit is used up or paused.
    func reserve(at now: Date) throws(RateLimitedError)
    /// What an answer's `x-ratelimit-remaining` and `x-ratelimit-reset` say;
    /// neither for a request that got no answer.
    func record(remaining: Int?, reset: Date?)
    /// A 403 or 429 said to wait until `until`.
    func pause(until: Date)
}
