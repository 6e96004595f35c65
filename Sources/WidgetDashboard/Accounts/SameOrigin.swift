import HTTPTypes
import Hummingbird

/// What a request that changes state (a tap, signing in or out) must show
/// of where it comes from, and the comparison its tokens are checked with.
enum SameOrigin {
    /// A browser's request must not come from another site's page: its
    /// `Origin`, when it sends one, names this dashboard as `Host` does.
    /// Behind a TLS proxy the page's origin is https: the scheme is the
    /// proxy's business. A form posted from a page whose referrer policy is
    /// `no-referrer` (every page of the dashboard's) says `Origin: null`:
    /// then the browser's `Sec-Fetch-Site` must say the request is the
    /// dashboard's own.
    static func check(_ request: Request) throws {
        let authority = (request.head.authority ?? "").lowercased()
        guard let origin = request.headers[.origin]?.lowercased() else { return }
        if origin == "null", request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "same-origin" { return }
        guard ["http://\(authority)", "https://\(authority)"].contains(origin) else {
            throw HTTPError(.forbidden, message: "requests from \(origin) may not change this dashboard")
        }
    }

    /// Whether `candidate` is `expected`, in time that does not depend on where they differ.
    static func same(_ candidate: String?, _ expected: String) -> Bool {
        guard let candidate, candidate.utf8.count == expected.utf8.count, !expected.isEmpty else { return false }
        return zip(candidate.utf8, expected.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
