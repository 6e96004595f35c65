import Foundation
import FoundationNetworking

// URLSession in a kind, answered by the host. The extension process loads
// this library only into a module that links FoundationNetworking itself:
// linking it into every extension cost 6.5 MiB of RSS each (22.3 -> 28.9
// MiB), for the many kinds that never use URLSession. It knows nothing of
// the host: requests leave and answers arrive as JSON through two C entry
// points, so no type is shared with the runner's copy of anything.

/// Sends a request (JSON) to the runner; the runner answers through
/// `widgethost_url_session_complete` with the same token.
public typealias WidgetURLSessionFetch = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutableRawPointer?) -> Void

/// What the runner is asked: `HTTPRequest`'s JSON form in the SDK.
struct OutgoingRequest: Codable {
    var url: String
    var method: String
    var headers: [String: String]
    var body: Data?
}

/// The runner's answer: a response, or the host's reason for none.
struct IncomingAnswer: Codable {
    var status: Int?
    var headers: [String: String]?
    var body: Data?
    /// A `URLError.Code` raw value, and the host's words.
    var errorCode: Int?
    var errorMessage: String?
}

/// Takes the http(s) requests of `URLSession.shared`, which asks registered
/// protocols before its own. A session made with a configuration of its
/// own (`.default`, `.ephemeral`) asks the configuration's classes first
/// and so goes to the network directly; docs/porting.md says so.
final class HostURLProtocol: URLProtocol, @unchecked Sendable {
    /// Set once by `widgethost_url_session_install`, before the module's code runs.
    nonisolated(unsafe) static var fetch: WidgetURLSessionFetch?

    override class func canInit(with request: URLRequest) -> Bool {
        guard let scheme = request.url?.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    private var pending: Pending?

    override func startLoading() {
        guard let url = request.url, let fetch = Self.fetch,
              let json = try? JSONEncoder().encode(OutgoingRequest(url: url.absoluteString, method: request.httpMethod ?? "GET",
                                                                    headers: request.allHTTPHeaderFields ?? [:], body: request.httpBody))
        else {
            return client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL)) ?? ()
        }
        let waiting = Pending(loader: self, url: url)
        pending = waiting
        let token = Unmanaged.passRetained(waiting).toOpaque()
        json.withUnsafeBytes { bytes in
            fetch(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, token)
        }
    }

    override func stopLoading() {
        pending?.stop()
    }
}

/// One request on its way: the token the runner hands back. The answer
/// arrives on the runner's reading thread while the session may stop the
/// load on its own: one lock, held across the calls to the client, so a
/// stopped load is never also finished.
final class Pending: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    /// Nil once the session stopped the load: the answer is dropped.
    private weak var loader: HostURLProtocol?
    let url: URL

    init(loader: HostURLProtocol, url: URL) {
        self.loader = loader
        self.url = url
    }

    func stop() {
        lock.withLock { loader = nil }
    }

    /// The headers handed to the URL loading system. A 401 goes without its
    /// challenge: corelibs' URLSession, seeing `WWW-Authenticate`, waits for
    /// a credential no kind can give (the host adds credentials itself), and
    /// the task never ended; without it the 401 is answered as any status.
    static func deliverable(_ headers: [String: String], status: Int) -> [String: String] {
        guard status == 401 || status == 407 else { return headers }
        return headers.filter { !["www-authenticate", "proxy-authenticate"].contains($0.key.lowercased()) }
    }

    func deliver(_ answer: IncomingAnswer?) {
        lock.lock()
        defer { lock.unlock() }
        guard let loader else { return }
        self.loader = nil
        if let answer, let status = answer.status,
           let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: Self.deliverable(answer.headers ?? [:], status: status)) {
            loader.client?.urlProtocol(loader, didReceive: response, cacheStoragePolicy: .notAllowed)
            loader.client?.urlProtocol(loader, didLoad: answer.body ?? Data())
            loader.client?.urlProtocolDidFinishLoading(loader)
        } else {
            let code = answer?.errorCode.flatMap(URLError.Code.init(rawValue:)) ?? .badServerResponse
            let message = answer?.errorMessage ?? "the host's answer could not be read"
            loader.client?.urlProtocol(loader, didFailWithError: URLError(code, userInfo: [NSLocalizedDescriptionKey: message, NSURLErrorFailingURLErrorKey: url]))
        }
    }
}

/// Registers the protocol; `fetch` sends each request to the runner.
@_cdecl("widgethost_url_session_install")
public func widgethostURLSessionInstall(_ fetch: WidgetURLSessionFetch) {
    HostURLProtocol.fetch = fetch
    URLProtocol.registerClass(HostURLProtocol.self)
}

/// The runner's answer (JSON) to the request `token` named.
@_cdecl("widgethost_url_session_complete")
public func widgethostURLSessionComplete(_ token: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<UInt8>?, _ count: Int) {
    guard let token else { return }
    let pending = Unmanaged<Pending>.fromOpaque(token).takeRetainedValue()
    let answer = bytes.flatMap { try? JSONDecoder().decode(IncomingAnswer.self, from: Data(bytes: $0, count: count)) }
    pending.deliver(answer)
}
