/// Who a dashboard request comes from, once `DashboardAccess` has asked.
package struct DashboardPrincipal: Sendable, Equatable {
    package enum Proof: String, Sendable {
        /// Signed in with a password (the session cookie).
        case session
        /// A read-only token: `?token=`, `Authorization: Bearer`, basic auth, or a kiosk's session opened with one.
        case token
        /// A trusted proxy's header (`Remote-User`).
        case proxy
        /// Nobody asked: a dashboard on loopback with no users, whose taps need the browser's key.
        case open
    }

    package var name: String
    package var proof: Proof
    /// Sees, but taps nothing.
    package var readOnly: Bool
    /// The instance ids it sees; nil for all.
    package var only: Set<String>?
    /// What a request that changes state must carry (the page holds it);
    /// nil where there is no session to tie it to.
    package var csrf: String?
    /// A push token's: may start, update and end Live Activities. Never
    /// carried into a session a token opens.
    package var mayPush = false

    package static let open = DashboardPrincipal(name: "", proof: .open, readOnly: false, only: nil, csrf: nil)

    package func sees(_ instanceID: String) -> Bool {
        only?.contains(instanceID) ?? true
    }
}
