import Foundation
import Synchronization

/// The host's HTTP service, for kinds that show data from the network:
///
/// ```swift
/// let response = try await HostServices.http.api("/repos/apple/swift")
/// ```
///
/// The host adds the base URL, credentials and headers, shares one request
/// among everyone asking for the same URL at once, revalidates with ETags,
/// and keeps every kind within the API's rate limit. A kind never sees a token.
public protocol HTTPService: Sendable {
    /// GET a path of the bundle's API (`github.api` in the manifest). Any
    /// status comes back as a response; transport problems are thrown as
    /// `HTTPServiceError`, a rate limit as `RateLimitedError`.
    func api(_ path: String) async throws -> HTTPResponse

    /// GET an asset such as an avatar, by absolute URL; cached for a day.
    func asset(_ url: String) async throws -> Data

    /// Any other http(s) request, by absolute URL: sent by the host as it
    /// is, without the API's token or cache, within its size limit and
    /// timeout. `URLSession` in a kind comes here for what is not the API.
    func fetch(_ request: HTTPRequest) async throws -> HTTPResponse
}

extension HTTPService {
    /// A service that offers only the API and assets.
    public func fetch(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw HTTPServiceError.unreachable("this host fetches only its API and assets, not \(request.url)")
    }
}

/// A request for `HTTPService.fetch`.
public struct HTTPRequest: Sendable, Equatable, Codable {
    /// An absolute http or https URL.
    public var url: String
    /// `GET`, `POST`, …
    public var method: String
    /// As the kind set them; the host drops the hop-by-hop ones it sets itself.
    public var headers: [String: String]
    /// What a POST, PUT or PATCH sends; at most 1 MiB.
    public var body: Data?

    /// A request for `url`.
    public init(url: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }
}

/// Services the host provides to widget modules.
public enum HostServices {
    /// The host's HTTP service; until the host installs one, it is offline.
    public static var http: any HTTPService {
        scopedHTTP ?? installedHTTP.withLock { $0 }
    }

    /// Set by a host around its provider calls, so that several hosts (or
    /// tests) in one process each reach their own service.
    @TaskLocal public static var scopedHTTP: (any HTTPService)?

    /// The host calls this before it asks any provider for a timeline.
    public static func install(http service: any HTTPService) {
        installedHTTP.withLock { $0 = service }
    }

    private static let installedHTTP = Mutex<any HTTPService>(UnavailableHTTPService())
}

/// A response from the host's HTTP service.
public struct HTTPResponse: Sendable {
    /// The HTTP status code.
    public let status: Int
    /// Header names lowercased.
    public let headers: [String: String]
    /// The response body.
    public let body: Data
    /// True when the body came from the host's cache (fresh, or revalidated with a 304).
    public let fromCache: Bool

    /// A response, as the host's service (or a test double) makes it.
    public init(status: Int, headers: [String: String] = [:], body: Data, fromCache: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fromCache = fromCache
    }
}

/// A request that got no HTTP answer.
public enum HTTPServiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No connection: offline, DNS, refused. The reason is for people.
    case unreachable(String)
    /// No complete answer within the manifest's `github.timeout`.
    case timedOut
    /// The response was not what the caller can use (too large, not decodable).
    case invalidResponse(String)

    public var description: String {
        switch self {
        case .unreachable(let reason): "offline or unreachable: \(reason)"
        case .timedOut: "the request timed out"
        case .invalidResponse(let reason): "invalid response: \(reason)"
        }
    }
}

/// What kinds get before a host installs its service: no network.
public struct UnavailableHTTPService: HTTPService {
    /// The service that refuses every request.
    public init() {}

    public func api(_ path: String) async throws -> HTTPResponse {
        throw HTTPServiceError.unreachable("this host offers no network service")
    }

    public func asset(_ url: String) async throws -> Data {
        throw HTTPServiceError.unreachable("this host offers no network service")
    }
}
