import Crypto
import Foundation
import HostBasics
import Synchronization
import WidgetContainer

/// The dashboard's users and read-only tokens, kept in the shared container
/// so that every host of a fleet knows them, and the sessions signing in
/// opens. What `widgethost users` and `widgethost tokens` change and what
/// `DashboardAccess` asks on each request.
package struct DashboardAccounts: Sendable {
    /// How long a sign-in lasts.
    package static let sessionLifetime: TimeInterval = 30 * 24 * 3600
    /// Shorter passwords are refused.
    package static let shortestPassword = 8
    /// What shows a read-only token for what it is, in a log or a leak scanner.
    package static let tokenPrefix = "wht_"

    package enum Failure: Error, CustomStringConvertible, Equatable {
        case invalidName(String)
        case userExists(String)
        case noSuchUser(String, known: [String])
        case tokenExists(String)
        case noSuchToken(String, known: [String])
        case passwordTooShort

        package var description: String {
            switch self {
            case .invalidName(let name):
                "'\(name)' cannot be a name: use 1 to 64 letters, digits and . _ @ -"
            case .userExists(let name):
                "there is already a user '\(name)': change their password with `widgethost users passwd \(name)`"
            case .noSuchUser(let name, let known):
                "no user '\(name)'" + (known.isEmpty ? "; there are none yet" : "; the users are " + known.joined(separator: ", "))
            case .tokenExists(let label):
                "there is already a token '\(label)': remove it first, or choose another label"
            case .noSuchToken(let label, let known):
                "no token '\(label)'" + (known.isEmpty ? "; there are none" : "; the tokens are " + known.joined(separator: ", "))
            case .passwordTooShort:
                "a password needs at least \(DashboardAccounts.shortestPassword) characters"
            }
        }
    }

    let container: SharedContainer

    package init(container: SharedContainer) {
        self.container = container
    }

    // MARK: Users

    package func users() throws -> [DashboardUser] {
        try container.read { try $0.dashboardUsers() }
    }

    package func addUser(_ name: String, password: String, only: [String]? = nil) throws {
        try Self.check(name: name)
        try Self.check(password: password)
        let hash = try PasswordHash(password: password).phc
        try container.write { db in
            guard try db.dashboardUser(named: name) == nil else { throw Failure.userExists(name) }
            try db.save(DashboardUser(name: name, passwordHash: hash, only: only))
        }
    }

    /// Removes the user and ends their sessions; returns how many ended.
    @discardableResult
    package func removeUser(_ name: String) throws -> Int {
        try container.write { db in
            guard try db.deleteDashboardUser(named: name) else { throw Failure.noSuchUser(name, known: try db.dashboardUsers().map(\.name)) }
            return try db.deleteDashboardCredentials(owner: name, kind: .session)
        }
    }

    /// A new password ends every session the old one opened; returns how many.
    @discardableResult
    package func setPassword(of name: String, to password: String) throws -> Int {
        try Self.check(password: password)
        let hash = try PasswordHash(password: password).phc
        return try container.write { db in
            guard var user = try db.dashboardUser(named: name) else { throw Failure.noSuchUser(name, known: try db.dashboardUsers().map(\.name)) }
            user.passwordHash = hash
            try db.save(user)
            return try db.deleteDashboardCredentials(owner: name, kind: .session)
        }
    }

    // MARK: Tokens

    package func tokens() throws -> [DashboardCredential] {
        try container.read { try $0.dashboardCredentials(kind: .token) }
    }

    /// A new read-only token; returns its secret, which is kept nowhere else.
    /// A `push` token may also start, update and end Live Activities
    /// (`POST /activities`); it is kept with `readOnly` false, and still
    /// taps nothing.
    package func addToken(_ label: String, only: [String]? = nil, push: Bool = false) throws -> String {
        try Self.check(name: label)
        let secret = Self.tokenPrefix + Self.randomHex()
        try container.write { db in
            guard try !db.dashboardCredentials(kind: .token).contains(where: { $0.owner == label }) else { throw Failure.tokenExists(label) }
            try db.insert(DashboardCredential(digest: Self.digest(secret), kind: .token, owner: label, readOnly: !push, only: only))
        }
        return secret
    }

    /// Removes the token and ends the kiosks' sessions it opened.
    package func removeToken(_ label: String) throws {
        try container.write { db in
            guard try db.deleteDashboardCredentials(owner: label, kind: .token) > 0 else {
                throw Failure.noSuchToken(label, known: try db.dashboardCredentials(kind: .token).map(\.owner))
            }
            try db.deleteDashboardCredentials(owner: DashboardCredential.sessionOwner(ofToken: label), kind: .session)
        }
    }

    // MARK: Signing in

    /// A session's secret (the cookie) and what the page carries for taps.
    package struct OpenedSession: Sendable {
        package let secret: String
        package let principal: DashboardPrincipal
    }

    /// The user, when `password` is theirs. The hash is checked even for a
    /// name that does not exist, so the time taken does not tell which names do.
    ///
    /// A check takes 32 MiB and tens of milliseconds of a core: checks run
    /// one at a time on a thread of their own, never on Swift's cooperative
    /// pool, and more than `waitingChecks` waiting is `Busy`.
    package func user(named name: String, password: String) async throws -> DashboardUser? {
        let user = try await container.read { try $0.dashboardUser(named: name) }
        let hash = user.flatMap { PasswordHash(phc: $0.passwordHash) } ?? Self.decoy
        guard Self.waiting.withLock({ waiting in
            guard waiting < Self.waitingChecks else { return false }
            waiting += 1
            return true
        }) else { throw Busy() }
        defer { Self.waiting.withLock { $0 -= 1 } }
        let verified = try await Self.checks.runUnlessCancelled { hash.verifies(password) }
        guard verified, let user else { return nil }
        return user
    }

    /// Too many sign-ins at once: try again in a moment.
    package struct Busy: Error, CustomStringConvertible {
        package var description: String { "too many sign-ins at once; try again in a moment" }
    }

    static let waitingChecks = 8
    private static let waiting = Mutex(0)
    private static let checks = JobThreads<@Sendable () -> Void>(name: "wh-passwords")

    /// Opens a session for `principal` (a signed-in user, a proxy's user, a
    /// kiosk's token); expired sessions go at the same time.
    package func openSession(for principal: DashboardPrincipal, owner: String) async throws -> OpenedSession {
        let secret = Self.randomHex()
        var opened = principal
        opened.csrf = Self.randomHex()
        let now = Date()
        let credential = DashboardCredential(digest: Self.digest(secret), kind: .session, owner: owner, readOnly: principal.readOnly,
                                             csrf: opened.csrf ?? "", only: principal.only.map { $0.sorted() },
                                             createdAt: now, expiresAt: now.addingTimeInterval(Self.sessionLifetime))
        try await container.write { db in
            try db.purgeDashboardCredentials(expiredBefore: now)
            try db.insert(credential)
        }
        return OpenedSession(secret: secret, principal: opened)
    }

    package func endSession(_ secret: String) async throws {
        let digest = Self.digest(secret)
        try await container.write { try $0.deleteDashboardCredential(digest: digest) }
    }

    /// Who holds the session `secret`, if it is open. A session records
    /// how it was opened (`owner`): a password, a proxy or a token.
    package func session(_ secret: String) async throws -> (principal: DashboardPrincipal, owner: String)? {
        guard Self.looksLikeSecret(secret) else { return nil }
        let digest = Self.digest(secret)
        guard let credential = try await container.read({ try $0.dashboardCredential(digest: digest) }), credential.kind == .session,
              (credential.expiresAt ?? .distantFuture) > Date() else { return nil }
        let (name, proof): (String, DashboardPrincipal.Proof) =
            if credential.owner.hasPrefix(DashboardCredential.sessionOwner(ofToken: "")) { (String(credential.owner.dropFirst("token:".count)), .token) }
            else if credential.owner.hasPrefix(DashboardCredential.sessionOwner(ofProxyUser: "")) { (String(credential.owner.dropFirst("proxy:".count)), .proxy) }
            else { (credential.owner, .session) }
        let principal = DashboardPrincipal(name: name, proof: proof, readOnly: credential.readOnly, only: credential.only.map(Set.init), csrf: credential.csrf)
        return (principal, credential.owner)
    }

    /// Who holds the read-only token `secret`, if it exists.
    package func token(_ secret: String) async throws -> DashboardPrincipal? {
        guard secret.hasPrefix(Self.tokenPrefix), Self.looksLikeSecret(String(secret.dropFirst(Self.tokenPrefix.count))) else { return nil }
        let digest = Self.digest(secret)
        guard let credential = try await container.read({ try $0.dashboardCredential(digest: digest) }), credential.kind == .token else { return nil }
        return DashboardPrincipal(name: credential.owner, proof: .token, readOnly: true, only: credential.only.map(Set.init), csrf: nil,
                                  mayPush: !credential.readOnly)
    }

    /// Whether anyone has an account: then the dashboard asks who is there.
    package func exist() async throws -> Bool {
        try await container.read { try $0.hasDashboardAccounts() }
    }

    // MARK: Checks and secrets

    static func check(name: String) throws {
        guard DashboardUser.isValidName(name) else { throw Failure.invalidName(name) }
    }

    static func check(password: String) throws {
        guard password.count >= shortestPassword else { throw Failure.passwordTooShort }
    }

    /// What an unknown name's password is checked against (a hash of nothing anyone can type).
    private static let decoy = try! PasswordHash(password: randomHex())

    /// `bytes` random bytes (32 unless said) as hex.
    static func randomHex(bytes: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    static func looksLikeSecret(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    static func digest(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
