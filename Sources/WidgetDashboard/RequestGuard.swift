import HTTPTypes
import Hummingbird
import Synchronization

/// Refuses requests not meant for this dashboard. Every request must name
/// the address it is bound to in `Host`, so a web page on another name that
/// a DNS rebinding points at this port is refused; a browser's request from
/// another site (`Sec-Fetch-Site`: an `<img>` of a card, a `fetch` of the
/// list, both of which would tell that site what it shows) is refused but
/// for a link to the page itself. A request that changes state (a tap) must
/// also come from the dashboard's own page (no foreign `Origin`, the
/// per-run token the page embeds) and from a browser that holds the
/// dashboard's key (`DashboardKey`), which the page does not carry.
package struct RequestGuard<Context: RequestContext>: RouterMiddleware {
    static var tokenHeader: HTTPField.Name { HTTPField.Name("X-Widgethost-Token")! }
    static var keyHeader: HTTPField.Name { HTTPField.Name("X-Widgethost-Key")! }
    static var csrfHeader: HTTPField.Name { HTTPField.Name("X-Widgethost-CSRF")! }
    static var fetchSite: HTTPField.Name { HTTPField.Name("Sec-Fetch-Site")! }
    static var fetchMode: HTTPField.Name { HTTPField.Name("Sec-Fetch-Mode")! }

    /// Known once the server has bound (port 0 picks one).
    final class BoundPort: Sendable {
        let value = Mutex<Int?>(nil)
    }

    let host: String
    let port = BoundPort()
    let token: String
    /// Nil where nothing can be changed (the authors' gallery).
    let key: DashboardKey?
    /// Listening beyond loopback, where names and proxies vary and everyone
    /// must sign in: a rebinding page gets the sign-in page, nothing more.
    let anyHost: Bool

    package init(host: String, token: String, key: DashboardKey? = nil, anyHost: Bool = false) {
        self.host = host
        self.token = token
        self.key = key
        self.anyHost = anyHost
    }

    /// `127.0.0.1:8080`, `[::1]:8080`, and `localhost:8080` for a loopback address.
    var authorities: Set<String> {
        guard let port = port.value.withLock({ $0 }) else { return [] }
        let literal = host.contains(":") ? "[\(host)]" : host
        var names: Set<String> = ["\(literal):\(port)"]
        if host == "127.0.0.1" || host == "::1" || host == "localhost" { names.insert("localhost:\(port)") }
        return names
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let authority = request.head.authority ?? ""
        guard anyHost || authorities.contains(authority.lowercased()) else {
            throw HTTPError(.forbidden, message: "this dashboard answers to \(authorities.sorted().joined(separator: " or ")), not '\(authority)'")
        }
        if let site = request.headers[Self.fetchSite], site != "same-origin", site != "none" {
            // Another site, or another port of this one (same-site): only a
            // link to the page (or to signing in, where the page sends one), which it cannot read.
            let isLinkToThePage = request.headers[Self.fetchMode] == "navigate" && ["/", "/login"].contains(request.uri.path) && request.method == .get
            guard isLinkToThePage else {
                throw HTTPError(.forbidden, message: "requests from other sites are refused (Sec-Fetch-Site: \(site))")
            }
        }
        return try await next(request, context)
    }

    /// For a request that changes state: from this dashboard's page only,
    /// and from someone who may change it: a signed-in user whose page sent
    /// back their session's CSRF token, or, on an open dashboard, a browser
    /// that holds the key.
    func checkTap(_ request: Request, from principal: DashboardPrincipal?) throws {
        try SameOrigin.check(request)
        guard let principal else { throw HTTPError(.unauthorized, message: "sign in to tap") }
        if principal.proof != .open {
            guard !principal.readOnly else {
                throw HTTPError(.forbidden, message: "'\(principal.name)' is a read-only token: it shows the widgets, but taps need a signed-in user")
            }
            guard let csrf = principal.csrf, SameOrigin.same(request.headers[Self.csrfHeader], csrf) else {
                throw HTTPError(.forbidden, message: "missing or wrong \(Self.csrfHeader.rawName): reload the dashboard's page, then tap")
            }
            return
        }
        guard request.headers[Self.tokenHeader] == token else {
            throw HTTPError(.forbidden, message: "missing or wrong \(Self.tokenHeader.rawName): taps come from the dashboard's own page")
        }
        guard let key, key.matches(request.headers[Self.keyHeader]) else {
            throw HTTPError(.forbidden, message: "this browser does not hold the dashboard's key yet: open once the link the host logged "
                            + "at start ('taps from a browser need its key once: …/?key=…')")
        }
    }
}
