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

    package init(host: String, token: String, key: DashboardKey? = nil) {
        self.host = host
        self.token = token
        self.key = key
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
        guard authorities.contains(authority.lowercased()) else {
            throw HTTPError(.forbidden, message: "this dashboard answers to \(authorities.sorted().joined(separator: " or ")), not '\(authority)'")
        }
        if let site = request.headers[Self.fetchSite], site != "same-origin", site != "none" {
            // Another site, or another port of this one (same-site): only a link to the page, which it cannot read.
            let isLinkToThePage = request.headers[Self.fetchMode] == "navigate" && request.uri.path == "/" && request.method == .get
            guard isLinkToThePage else {
                throw HTTPError(.forbidden, message: "requests from other sites are refused (Sec-Fetch-Site: \(site))")
            }
        }
        return try await next(request, context)
    }

    /// For a request that changes state: from this dashboard's page only.
    func checkTap(_ request: Request) throws {
        let authority = (request.head.authority ?? "").lowercased()
        if let origin = request.headers[.origin], origin.lowercased() != "http://\(authority)" {
            throw HTTPError(.forbidden, message: "requests from \(origin) may not change this dashboard")
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
