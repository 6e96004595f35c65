import Foundation
import HTTPTypes
import Hummingbird
import Logging
import WidgetConfiguration
import WidgetContainer

/// `/login` and `/logout`: a form posts a name and password, and a right
/// one gets a session cookie. Each failure is logged with the client's
/// address and counted against it and the name (`LoginThrottle`).
enum SignInRoutes {
    static func add(to router: Router<DashboardContext>, access: DashboardAccess, throttle: LoginThrottle,
                    appearance: AppearanceSettings, logger: Logger) {
        @Sendable func page(_ message: String? = nil, name: String = "", status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
            var fields: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                                      HTTPField.Name("Content-Security-Policy")!: LoginPage.contentSecurityPolicy]
            fields.append(contentsOf: headers)
            return Response(status: status, headers: fields,
                            body: .init(byteBuffer: ByteBuffer(string: LoginPage.html(message: message, name: name, appearance: appearance))))
        }
        let show: @Sendable (Request, DashboardContext) async throws -> Response = { _, context in
            // Signed in already, or nothing to sign in to: the dashboard.
            if let principal = context.principal, principal.proof != .open { return Response(status: .seeOther, headers: [.location: "/"]) }
            guard try await access.needsSomeone() else { return Response(status: .seeOther, headers: [.location: "/"]) }
            return page()
        }
        router.get("/login", use: show)
        router.head("/login") { request, context in
            var response = try await show(request, context)
            response.body = .init()
            return response
        }
        router.post("/login") { request, context in
            try SameOrigin.check(request)
            let form = Self.form(try await request.body.collect(upTo: 8192))
            let name = form["name"] ?? "", password = form["password"] ?? ""
            let address = access.clientAddress(request, context: context)
            // An address (an IPv6 client's /64, which it has whole), and a name from that address: a
            // stranger guessing cannot lock a user out from elsewhere. A name that cannot be one is
            // never kept. scrypt, one check at a time, bounds guesses from everywhere together.
            let keys = ["address " + LoginThrottle.addressKey(address)]
                + (DashboardUser.isValidName(name) ? ["name \(name.lowercased()) from \(LoginThrottle.addressKey(address))"] : [])
            if let wait = throttle.wait(for: keys) {
                logger.warning("dashboard: sign-in as '\(name)' from \(address) refused: \(throttle.allowed) failures within \(Int(throttle.window)) s")
                return page("Too many failed attempts. Try again in \(Int(wait.rounded(.up))) seconds.", name: name, status: .tooManyRequests,
                            headers: [.retryAfter: "\(Int(wait.rounded(.up)))"])
            }
            // Counted before the check: guesses sent at once are all counted.
            throttle.recordFailure(for: keys)
            let user: DashboardUser?
            do {
                user = DashboardUser.isValidName(name) ? try await access.accounts.user(named: name, password: password) : nil
            } catch let busy as DashboardAccounts.Busy {
                throttle.forgive(keys)
                return page(busy.description.prefix(1).uppercased() + busy.description.dropFirst() + ".", name: name,
                            status: .serviceUnavailable, headers: [.retryAfter: "2"])
            }
            guard let user else {
                logger.warning("dashboard: failed sign-in as '\(DashboardUser.isValidName(name) ? name : "(not a name)")' from \(address)")
                return page("Wrong name or password.", name: name, status: .unauthorized)
            }
            throttle.forgive(keys)
            let principal = DashboardPrincipal(name: user.name, proof: .session, readOnly: false, only: user.only.map(Set.init), csrf: nil)
            let session = try await access.accounts.openSession(for: principal, owner: user.name)
            logger.info("dashboard: \(user.name) signed in from \(address)")
            return access.redirect(to: "/", settingSession: session.secret, request: request, context: context)
        }
        router.post("/logout") { request, context in
            try SameOrigin.check(request)
            let form = Self.form(try await request.body.collect(upTo: 8192))
            guard let principal = context.principal, let csrf = principal.csrf, SameOrigin.same(form["csrf"], csrf),
                  let secret = DashboardAccess.sessionSecret(request) else {
                throw HTTPError(.forbidden, message: "sign out from the dashboard's own page")
            }
            try await access.accounts.endSession(secret)
            var response = Response(status: .seeOther, headers: [.location: "/login", .cacheControl: "no-store"])
            // Both names: the cookie may have been set over HTTP or HTTPS.
            response.headers[values: .setCookie].append(access.sessionCookie("", secure: false, maxAge: 0))
            if access.isSecure(request, context: context) { response.headers[values: .setCookie].append(access.sessionCookie("", secure: true, maxAge: 0)) }
            return response
        }
    }

    /// `application/x-www-form-urlencoded`: `+` is a space, then percent-decoding.
    static func form(_ body: ByteBuffer) -> [String: String] {
        let text = String(buffer: body)
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ part: Substring) -> String { part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" }
            guard let key = parts.first else { continue }
            fields[decoded(key)] = parts.count > 1 ? decoded(parts[1]) : ""
        }
        return fields
    }
}
