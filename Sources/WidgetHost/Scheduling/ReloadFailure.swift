import Foundation
import HostText

/// Why a reload gave no timeline, as the scheduler acts on it and as
/// `/metrics` counts it. Code branches on `code`; `message` is for people
/// and is never read back.
package struct ReloadFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Code: String, Sendable, Equatable {
        /// No answer within the call's timeout.
        case timedOut = "timed_out"
        /// The kind's extension crashed, exited or broke the protocol: three
        /// in a row quarantine the instance.
        case crashed
        /// A rate limit refused the request; retried once it lifts.
        case rateLimited = "rate_limited"
        /// The call never got to run (the extension is restarting, its kind
        /// went with a replaced bundle): requeued, not charged.
        case unavailable
        /// The provider threw, or its entry was refused.
        case failed
        /// It failed after a request of its got no answer at all (a
        /// connection refused, a host that cannot be reached, a name that
        /// does not resolve): the source never saw it, so it counts toward
        /// neither the budget nor the minimum interval. Retried on backoff,
        /// and at once when that origin answers again (`NetworkWatch`).
        case unreachable

        /// The `outcome` label of a reload in `/metrics`: a failure's code,
        /// never its message.
        static func outcome(of code: Code?) -> String {
            (code ?? .failed).rawValue
        }
    }

    package var code: Code
    package var message: String
    /// When an unavailable extension can be asked again.
    package var retryAfter: Duration?
    /// When a rate limit lifts.
    package var rateLimitedUntil: Date?

    package init(_ code: Code, _ message: String, retryAfter: Duration? = nil, rateLimitedUntil: Date? = nil) {
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
        self.rateLimitedUntil = rateLimitedUntil
    }

    /// What any error thrown by a call means to the scheduler: what the
    /// error says of itself (the extension layer's failures, a rate limit),
    /// else a provider's failure.
    package init(_ error: any Error) {
        if let known = error as? any ReloadFailureConvertible {
            self = known.reloadFailure
        } else {
            self.init(.failed, ErrorText.describe(error))
        }
    }

    package var description: String { message }
}

/// An error that says what it means to the scheduler, so that the
/// scheduler need not know the layers the error comes from.
package protocol ReloadFailureConvertible: Error {
    var reloadFailure: ReloadFailure { get }
}
