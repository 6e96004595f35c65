import Foundation
import HostBasics

/// The push token the host issued for a kind whose widgets take pushes
/// (`.pushHandler`): the secret a `POST /push/<kind>` must show, or sign
/// its body with, to reload the kind's timelines at once.
package struct PushToken: Sendable, Equatable {
    package var kind: String
    /// 64 hexadecimal digits: 32 random bytes, which the kind's handler is
    /// given as `WidgetPushInfo.token`. Kept as it is, not hashed: a GitHub
    /// webhook's signature is an HMAC keyed with it, which only the secret
    /// itself can check.
    package var secret: String
    package var createdAt: Date
    /// What the kind's handler was last told (a digest): the token
    /// and the widgets it was given, so that it is told again only when
    /// either changes. Nil until it is first told.
    package var told: String?
    /// Pushes that may still reload at once, and when that was counted.
    package var budget: Double
    package var budgetAt: Date

    package init(kind: String, secret: String, createdAt: Date, told: String? = nil, budget: Double, budgetAt: Date) {
        self.kind = kind
        self.secret = secret
        self.createdAt = createdAt
        self.told = told
        self.budget = budget
        self.budgetAt = budgetAt
    }

    /// The 32 bytes the secret spells.
    package var bytes: Data { Data(hexadecimal: secret) ?? Data() }

    /// A new secret: 32 bytes from the system's random source, in hexadecimal.
    package static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0 ... .max, using: &generator)) }.joined()
    }
}
