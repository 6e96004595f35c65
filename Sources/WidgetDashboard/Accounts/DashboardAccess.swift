import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Synchronization
import WidgetConfiguration
import WidgetContainer

/// Asks who each dashboard request comes from and turns away those it may
/// not answer. In turn: a trusted proxy's header (the manifest's
/// `dashboard.user_header`, believed only from `dashboard.trusted_proxies`),
/// the session cookie of a signed-in browser, a read-only token (`?token=`,
/// `Authorization: Bearer`, or basic auth with the token as password).
///
/// Someone is needed once anyone has an account, a proxy is trusted (the
/// world may be behind it), or the dashboard listens beyond loopback. Until then (a dashboard on
/// loopback, the default) it is open as before: anyone may look, and a
/// tap needs the browser's key (`DashboardKey`).
package struct DashboardAccess: RouterMiddleware {
    package typealias Context = DashboardContext

    package static let cookieName = "widgethost_session"
    /// The name over HTTPS: a `__Host-` cookie must be `Secure`, for this
    /// host alone and path `/`, so no other service of the domain can set it.
    package static let secureCookieName = "__Host-widgethost_session"
    /// Answered whoever asks: signing in, and what a supervisor or a load balancer checks.
    static let openPaths: Set<String> = ["/login", "/healthz", "/readyz", "/favicon.svg", "/favicon.ico"]

    let accounts: DashboardAccounts
    let settings: DashboardSettings
    /// Listening beyond loopback: someone is always needed.
    let beyondLoopback: Bool
    private let accountsExist = AccountsSeen()

    package init(accounts: DashboardAccounts, settings: DashboardSettings, beyondLoopback: Bool) {
        self.accounts = accounts
        self.settings = settings
        self.beyondLoopback = beyondLoopback
    }

    package func handle(_ request: Request, context: DashboardContext, next: (Request, DashboardContext) async throws -> Response) async throws -> Response {
        var context = context
        if let principal = try await identify(request, context: context) {
            context.principal = principal
            // A kiosk's link with its token: the token opens a session, and the address bar loses it.
            if principal.proof == .token, request.method == .get, request.uri.path == "/", let token = request.uri.queryParameters.get("token"),
               try await accounts.token(token) != nil {
                let session = try await accounts.openSession(for: principal, owner: DashboardCredential.sessionOwner(ofToken: principal.name))
                return redirect(to: "/", settingSession: session.secret, request: request, context: context)
            }
        } else if try await needsSomeone() {
            context.principal = nil
            // The device API checks each device's own key (`DeviceRoutes`),
            // a push its kind's token (`PushRoutes`).
            if !Self.openPaths.contains(request.uri.path) && !request.uri.path.hasPrefix("/api/") && !Self.isPush(request) {
                if request.uri.queryParameters.get("token") != nil {
                    throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: #"Bearer realm="widgethost""#],
                                    message: "that token is not, or no longer, one of this dashboard's")
                }
                if request.method == .get || request.method == .head, request.uri.path == "/" {
                    return Response(status: .seeOther, headers: [.location: "/login", .cacheControl: "no-store"])
                }
                // Bearer, not Basic: a browser asks for nothing when a page's card is refused.
                throw HTTPError(.unauthorized, headers: [.wwwAuthenticate: #"Bearer realm="widgethost""#],
                                message: "sign in at /login, or send a token (Authorization: Bearer, or ?token=)")
            }
        }
        return try await next(request, context)
    }

    /// A push to one kind (`POST /push/<kind>`), which shows that kind's token instead of an account.
    static func isPush(_ request: Request) -> Bool {
        guard request.method == .post, request.uri.path.hasPrefix("/push/") else { return false }
        let kind = request.uri.path.dropFirst("/push/".count)
        return !kind.isEmpty && !kind.contains("/") && kind != "." && kind != ".."
    }

    /// Whether a request must say who sent it.
    func needsSomeone() async throws -> Bool {
        if beyondLoopback || !settings.trustedProxies.isEmpty { return true }
        return try await accountsExist.value { try await accounts.exist() }
    }

    /// Who sent `request`, or nil for nobody known.
    func identify(_ request: Request, context: DashboardContext) async throws -> DashboardPrincipal? {
        let session = try await Self.sessionSecret(request).asyncFlatMap { try await accounts.session($0) }
        if let name = proxyUser(request, context: context) {
            let user = try await accounts.container.read { try $0.dashboardUser(named: name) }
            // The page's taps need a session's CSRF token: this user's proxy session, once the page has opened one.
            let csrf = session.flatMap { $0.owner == DashboardCredential.sessionOwner(ofProxyUser: name) ? $0.principal.csrf : nil }
            return DashboardPrincipal(name: name, proof: .proxy, readOnly: false, only: user?.only.map(Set.init), csrf: csrf)
        }
        // A proxy's session is no sign-in: without the proxy's header it is nobody.
        if let session, session.principal.proof != .proxy { return session.principal }
        if let secret = Self.offeredToken(request) { return try await accounts.token(secret) }
        return nil
    }

    /// The name a trusted proxy's header gives, when the request comes from one.
    func proxyUser(_ request: Request, context: DashboardContext) -> String? {
        guard let header = settings.userHeader, let peer = Self.peerAddress(context), settings.trustedProxies.contains(peer),
              let field = HTTPField.Name(header), let name = request.headers[field], DashboardUser.isValidName(name) else { return nil }
        return name
    }

    /// The session cookie's value, by either name.
    static func sessionSecret(_ request: Request) -> String? {
        (request.cookies[secureCookieName] ?? request.cookies[cookieName])?.value
    }

    /// The client's address: the peer's, or the one a trusted proxy says it forwarded for.
    func clientAddress(_ request: Request, context: DashboardContext) -> String {
        let peer = Self.peerAddress(context) ?? "unknown"
        guard settings.trustedProxies.contains(peer), let forwarded = request.headers[HTTPField.Name("X-Forwarded-For")!],
              let last = forwarded.split(separator: ",").last.map({ $0.trimmingCharacters(in: .whitespaces) }),
              let address = DashboardSettings.numericAddress(last) else { return peer }
        return address
    }

    /// Whether the browser reached us over TLS, as a trusted proxy says
    /// (`X-Forwarded-Proto`): then the cookie is `Secure`.
    func isSecure(_ request: Request, context: DashboardContext) -> Bool {
        guard let peer = Self.peerAddress(context), settings.trustedProxies.contains(peer) else { return false }
        return request.headers[HTTPField.Name("X-Forwarded-Proto")!]?.lowercased() == "https"
    }

    /// A 303 to `path` that gives the browser the session `secret`.
    func redirect(to path: String, settingSession secret: String, request: Request, context: DashboardContext) -> Response {
        var response = Response(status: .seeOther, headers: [.location: path, .cacheControl: "no-store"])
        response.headers[values: .setCookie].append(sessionCookie(secret, secure: isSecure(request, context: context)))
        return response
    }

    /// HttpOnly (no script reads it), SameSite=Lax (no other site's form or
    /// fetch carries it; a link from elsewhere still arrives signed in; the
    /// CSRF token guards every change), Secure behind TLS.
    func sessionCookie(_ secret: String, secure: Bool, maxAge: Int = Int(DashboardAccounts.sessionLifetime)) -> String {
        "\(secure ? Self.secureCookieName : Self.cookieName)=\(secret); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }

    static func peerAddress(_ context: DashboardContext) -> String? {
        guard let address = context.remoteAddress?.ipAddress else { return nil }
        // An IPv4 client of a dual-stack socket.
        if address.hasPrefix("::ffff:"), address.contains(".") { return String(address.dropFirst("::ffff:".count)) }
        return address
    }

    /// A token in the query, as a bearer, or as basic auth's password (any user name).
    static func offeredToken(_ request: Request) -> String? {
        if let token = request.uri.queryParameters.get("token") { return String(token) }
        guard let authorization = request.headers[.authorization] else { return nil }
        if authorization.lowercased().hasPrefix("bearer ") { return String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces) }
        if authorization.lowercased().hasPrefix("basic "), let data = Data(base64Encoded: String(authorization.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
           let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":") {
            return String(text[text.index(after: colon)...])
        }
        return nil
    }
}

/// Whether accounts exist, asked of the container at most once a second
/// (every card a page loads would otherwise ask), and once they do, for
/// good: removing the last account leaves the dashboard asking until the
/// host restarts, which is the safe way round.
private final class AccountsSeen: Sendable {
    private let seen = Mutex<(value: Bool, at: ContinuousClock.Instant)?>(nil)

    func value(_ ask: () async throws -> Bool) async throws -> Bool {
        let now = ContinuousClock.now
        if let last = seen.withLock({ $0 }), last.value || now - last.at < .seconds(1) { return last.value }
        let value = try await ask()
        seen.withLock { $0 = (value, now) }
        return value
    }
}

private extension Optional {
    func asyncFlatMap<U>(_ transform: (Wrapped) async throws -> U?) async rethrows -> U? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
