import ExtensionProtocol
import Foundation
import WidgetSDK

/// `URLSession` in a kind, through the host. The URLProtocol that takes the
/// requests lives in libWidgetURLSession.so beside this runner, loaded only
/// when the module linked FoundationNetworking (the only way it can use
/// URLSession): linked into the runner, FoundationNetworking and libcurl cost
/// every extension 6.5 MiB of RSS. Requests and answers cross as JSON
/// through the library's two C entry points.
enum URLSessionRouting {
    private typealias Fetch = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutableRawPointer?) -> Void
    private typealias Install = @convention(c) (Fetch) -> Void
    private typealias Complete = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int) -> Void

    static let library = "libWidgetURLSession.so"

    nonisolated(unsafe) private static var service: ChannelHTTPService?
    nonisolated(unsafe) private static var complete: Complete?

    /// Call after the module is loaded and before any of its code runs a
    /// timeline. Returns why URLSession stays unrouted, or nil.
    @discardableResult
    static func installIfLinked(_ http: ChannelHTTPService) -> String? {
        // Loaded with the module, or not at all: RTLD_NOLOAD only looks.
        guard dlopen("libFoundationNetworking.so", RTLD_NOLOAD | RTLD_LAZY) != nil else { return nil }
        let path = runnerFolder() + "/" + library
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL),
              let install = dlsym(handle, "widgethost_url_session_install"),
              let complete = dlsym(handle, "widgethost_url_session_complete")
        else {
            let reason = dlerror().map { String(cString: $0) } ?? "\(path) lacks its entry points"
            return "URLSession requests will fail: \(reason)"
        }
        service = http
        self.complete = unsafeBitCast(complete, to: Complete.self)
        unsafeBitCast(install, to: Install.self)(fetch)
        return nil
    }

    private static func runnerFolder() -> String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (executable as NSString).deletingLastPathComponent
    }

    /// The library's request, sent to the host; the answer comes back on the
    /// server's reading thread and goes to the library from there, so no
    /// thread of the cooperative pool is needed (a kind that blocks them all
    /// waiting on a `dataTask` still gets its answer).
    private static let fetch: Fetch = { bytes, count, token in
        let json = bytes.map { Data(bytes: $0, count: count) } ?? Data()
        let token = UInt(bitPattern: token)
        let deliver: @Sendable (Answer) -> Void = { answer in
            let reply = (try? JSONEncoder().encode(answer)) ?? Data()
            reply.withUnsafeBytes { bytes in
                URLSessionRouting.complete?(UnsafeMutableRawPointer(bitPattern: token), bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count)
            }
        }
        guard let service, let request = try? JSONDecoder().decode(HTTPRequest.self, from: json) else {
            return deliver(Answer(errorCode: -1011, errorMessage: "the request could not be read"))
        }
        service.client.send(.fetch(request, scope: ChannelHTTPService.scope)) { result in
            deliver(answer(result))
        }
    }

    /// What libWidgetURLSession reads back.
    private struct Answer: Encodable {
        var status: Int?
        var headers: [String: String]?
        var body: Data?
        var errorCode: Int?
        var errorMessage: String?
    }

    private static func answer(_ result: ServiceResult) -> Answer {
        switch result {
        case .response(let status, let headers, let body, _):
            if status == 403 || status == 429, headers["x-ratelimit-remaining"] == "0",
               let reset = headers["x-ratelimit-reset"].flatMap(TimeInterval.init) {
                TimelineCalls.sawRateLimit(until: Date(timeIntervalSince1970: reset))
            }
            return Answer(status: status, headers: headers, body: body)
        case .failure(let error):
            if let error = error.rethrowable as? HTTPServiceError {
                return Answer(errorCode: urlErrorCode(error), errorMessage: error.description)
            }
            return Answer(errorCode: -1, errorMessage: error.description)
        default:
            return Answer(errorCode: -1011, errorMessage: "the host answered a request with something else")
        }
    }

    /// The host's reasons as the `URLError` codes URLSession users test for.
    static func urlErrorCode(_ error: HTTPServiceError) -> Int {
        switch error {
        case .unreachable: -1004  // cannotConnectToHost
        case .timedOut: -1001  // timedOut
        case .invalidResponse: -1011  // badServerResponse
        }
    }
}
