import HTTPTypes
import Hummingbird
import Synchronization

/// Refuses requests not meant for this dashboard. Every request must name
/// the address it is bound to in `Host`, so a web page on another name that
/// a DNS rebinding points at this port is refused. A request that changes
/// state (a tap) must also come from the dashboard's own page: no foreign
/// `Origin`, and the per-run token the page embeds.
package struct RequestGuard<Context: RequestContext>: RouterMiddleware {
    static var tokenHeader: HTTPField.Name { HTTPField.Name("X-Widgethost-Token")! }

    /// Known once the server has bound (port 0 picks one).
    final class BoundPort: Sendable {
        let value = Mutex<Int?>(nil)
    }

    let host: String
    let port = BoundPort()
    let token: String

    package init(host: String, token: String) {
        self.host = host
        self.token = token
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
    }
}
