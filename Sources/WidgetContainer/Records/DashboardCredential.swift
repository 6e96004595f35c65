import Foundation

/// What a browser or a script shows the dashboard instead of a password: a
/// signed-in session (the cookie) or a read-only token (a kiosk's, a
/// script's). Only the secret's SHA-256 is kept: a copy of the container
/// lets no one in. The secrets are random and long, so a fast hash is
/// enough; passwords, which people choose, get a memory-hard one.
package struct DashboardCredential: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case session, token
    }

    /// The secret's SHA-256, in hex.
    package var digest: String
    package var kind: Kind
    /// A token: its label. A session: the user's name, `token:<label>` for
    /// a kiosk that signed in with a token (removing the token ends it), or
    /// `proxy:<name>` for a trusted proxy's user (good only with the
    /// proxy's header naming them: it holds their CSRF token, not a sign-in).
    package var owner: String
    /// Sees, but changes nothing (no taps).
    package var readOnly: Bool
    /// A session's cross-site request forgery token: the page carries it,
    /// and a request that changes state must send it back.
    package var csrf: String
    /// The instance ids it may see; nil for every instance.
    package var only: [String]?
    package var createdAt: Date
    /// Nil for a token, which lasts until it is removed.
    package var expiresAt: Date?

    package init(digest: String, kind: Kind, owner: String, readOnly: Bool, csrf: String = "", only: [String]? = nil,
                 createdAt: Date = Date(), expiresAt: Date? = nil) {
        self.digest = digest
        self.kind = kind
        self.owner = owner
        self.readOnly = readOnly
        self.csrf = csrf
        self.only = only
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    /// The owner of the sessions a token opens.
    package static func sessionOwner(ofToken label: String) -> String { "token:" + label }
    /// The owner of the sessions a trusted proxy's user gets.
    package static func sessionOwner(ofProxyUser name: String) -> String { "proxy:" + name }
}
