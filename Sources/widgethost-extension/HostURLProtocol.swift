import ExtensionProtocol
import Foundation
import FoundationNetworking
import Synchronization
import WidgetSDK

/// `URLSession` in a kind, answered by the host: registered before the
/// module is loaded, it takes every http(s) request of every session
/// (`URLSession.shared` included; Foundation asks registered protocols
/// first). API requests get the host's token, cache, coalescing and rate
/// limit; the rest are fetched by the host as they are. The extension
/// needs no network of its own, and never sees the token.
final class HostURLProtocol: URLProtocol, @unchecked Sendable {
    /// Set once in `main`, before any module code runs.
    nonisolated(unsafe) static var service: ChannelHTTPService?

    private let loading = Mutex<Task<Void, Never>?>(nil)

    override class func canInit(with request: URLRequest) -> Bool {
        guard let scheme = request.url?.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        guard let url = request.url else {
            return client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL)) ?? ()
        }
        let outgoing = HTTPRequest(url: url.absoluteString, method: request.httpMethod ?? "GET",
                                   headers: request.allHTTPHeaderFields ?? [:], body: request.httpBody)
        // URLProtocol is not Sendable; its client is called from this task
        // alone, once the answer is in, as Foundation's own protocols call it from their threads.
        nonisolated(unsafe) weak var loader = self
        let task = Task {
            let result = await Self.send(outgoing, to: url)
            guard let loader, !Task.isCancelled else { return }
            switch result {
            case .success(let (response, body)):
                loader.client?.urlProtocol(loader, didReceive: response, cacheStoragePolicy: .notAllowed)
                loader.client?.urlProtocol(loader, didLoad: body)
                loader.client?.urlProtocolDidFinishLoading(loader)
            case .failure(let error):
                loader.client?.urlProtocol(loader, didFailWithError: error)
            }
        }
        loading.withLock { $0 = task }
    }

    override func stopLoading() {
        loading.withLock { $0?.cancel() }
    }

    private static func send(_ outgoing: HTTPRequest, to url: URL) async -> Result<(HTTPURLResponse, Data), URLError> {
        guard let service else { return .failure(URLError(.unsupportedURL)) }
        do {
            let answer = try await service.fetch(outgoing)
            if answer.status == 403 || answer.status == 429, answer.headers["x-ratelimit-remaining"] == "0",
               let reset = answer.headers["x-ratelimit-reset"].flatMap(TimeInterval.init) {
                TimelineCalls.sawRateLimit(until: Date(timeIntervalSince1970: reset))
            }
            guard let response = HTTPURLResponse(url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers) else {
                return .failure(URLError(.badServerResponse))
            }
            return .success((response, answer.body))
        } catch let error as HTTPServiceError {
            return .failure(Self.urlError(error, url: url))
        } catch {
            return .failure(URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "\(error)", NSURLErrorFailingURLErrorKey: url]))
        }
    }

    /// The host's reasons as the codes URLSession users test for.
    static func urlError(_ error: HTTPServiceError, url: URL) -> URLError {
        let code: URLError.Code = switch error {
        case .unreachable: .cannotConnectToHost
        case .timedOut: .timedOut
        case .invalidResponse: .badServerResponse
        }
        return URLError(code, userInfo: [NSLocalizedDescriptionKey: error.description, NSURLErrorFailingURLErrorKey: url])
    }
}
