import Foundation

/// Thrown by a provider when a service it depends on refuses requests until a
/// time: the host keeps the last entry, shows "rate-limited until …" and
/// does not ask again before then.
public struct RateLimitedError: Error, Sendable, CustomStringConvertible {
    /// When the limit resets.
    public let until: Date

    /// A limit that resets at `until`.
    public init(until: Date) {
        self.until = until
    }

    public var description: String { "rate-limited until \(until.formatted(.iso8601))" }
}
