import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// A GitHub look-alike on a loopback port: recorded-shape JSON for
/// repositories and contributors, avatars, ETags with 304s, rate-limit
/// headers that count down per hour, and faults on demand. It counts every
/// request so tests can say how many were sent.
public final class FakeGitHub: Sendable {
    public struct Repository: Sendable {
        public var owner: String
        public var name: String
        public var description: String?
        public var stars: Int
        public var forks: Int
        public var openIssues: Int
        public var pushedAt: Date
        /// Nil: an empty repository, whose contributors answer 204.
        public var contributors: [(login: String, contributions: Int)]?

        public init(owner: String, name: String, description: String? = nil, stars: Int = 100, forks: Int = 10, openIssues: Int = 3,
                    pushedAt: Date = Date(timeIntervalSince1970: 1_799_000_000),
                    contributors: [(login: String, contributions: Int)]? = [("octocat", 42), ("hubot", 7)]) {
            self.owner = owner
            self.name = name
            self.description = description
            self.stars = stars
            self.forks = forks
            self.openIssues = openIssues
            self.pushedAt = pushedAt
            self.contributors = contributors
        }
    }

    public enum Fault: Sendable {
        case status(Int)
        case slow(seconds: Double)
        case malformedJSON
        /// 403 with the rate-limit headers of an exhausted window.
        case rateLimited
    }

    /// One request as it arrived.
    public struct Request: Sendable {
        /// When it arrived, by the server's clock.
        public var at = Date()
        public let path: String
        public let status: Int
        public let authorization: String?
        public let ifNoneMatch: String?
    }

    struct State {
        var repositories: [String: Repository] = [:]
        var faults: [String: Fault] = [:]
        var log: [Request] = []
        var limit = 5_000
        var remaining = 5_000
        var windowReset: Date?
    }

    /// The server's idea of now, for its rate-limit window; the host's
    /// clock in simulations.
    private let now: @Sendable () -> Date
    private let state = Mutex(State())
    private let port = Mutex<Int?>(nil)
    private let group = Mutex<ServiceGroup?>(nil)

    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    // MARK: Control

    public var apiBase: String { "http://127.0.0.1:\(port.withLock { $0 } ?? 0)" }

    public func add(_ repository: Repository) {
        state.withLock { $0.repositories["\(repository.owner)/\(repository.name)".lowercased()] = repository }
    }

    /// A fault for every request whose path starts with `prefix`; nil clears it.
    public func setFault(_ fault: Fault?, for prefix: String) {
        state.withLock { $0.faults[prefix] = fault }
    }

    /// API requests allowed per hour window (GitHub's unauthenticated limit is 60).
    public func setRateLimit(_ limit: Int) {
        state.withLock {
            $0.limit = limit
            $0.remaining = limit
            $0.windowReset = nil
        }
    }

    public var requests: [Request] { state.withLock { $0.log } }

    public func requests(to path: String) -> [Request] {
        requests.filter { $0.path == path }
    }

    // MARK: Running

    /// - Parameter port: 0 picks a free one; a given one lets a test bring
    ///   "GitHub" back where a host saw it go.
    public func start(port requested: Int = 0) async throws {
        let router = Router()
        router.get("/repos/:owner/:repo") { request, context in
            try await self.respond(to: request, path: "/repos/\(try context.parameters.require("owner"))/\(try context.parameters.require("repo"))")
        }
        router.get("/repos/:owner/:repo/contributors") { request, context in
            try await self.respond(to: request, path: "/repos/\(try context.parameters.require("owner"))/\(try context.parameters.require("repo"))/contributors")
        }
        router.get("/avatars/:name") { request, context in
            try self.avatar(request, name: try context.parameters.require("name"))
        }
        let started = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "FakeGitHub")
        logger.logLevel = .warning
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: requested), serverName: "FakeGitHub"),
            onServerRunning: { channel in
                started.continuation.yield(channel.localAddress?.port ?? 0)
                started.continuation.finish()
            },
            logger: logger)
        // Stopped through graceful shutdown: cancelling a server with open
        // connections trips a NIO precondition.
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        self.group.withLock { $0 = group }
        Task { try await group.run() }
        for await bound in started.stream {
            port.withLock { $0 = bound }
        }
    }

    public func stop() {
        guard let group = group.withLock({ $0 }) else { return }
        Task { await group.triggerGracefulShutdown() }
    }

    // MARK: Responses

    private func respond(to request: Hummingbird.Request, path: String) async throws -> Response {
        let fault = state.withLock { state in state.faults.first { path.hasPrefix($0.key) }?.value }
        if case .slow(let seconds) = fault {
            try await Task.sleep(for: .seconds(seconds))
        }
        let etagAsked = request.headers[.ifNoneMatch]
        let (status, body, headers) = state.withLock { state -> (Int, String, HTTPFields) in
            let now = self.now()
            if let reset = state.windowReset, reset <= now { state.windowReset = nil }
            if state.windowReset == nil {
                state.windowReset = now + 3_600
                state.remaining = state.limit
            }
            var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
            func limitHeaders() {
                headers[HTTPField.Name("x-ratelimit-limit")!] = String(state.limit)
                headers[HTTPField.Name("x-ratelimit-remaining")!] = String(max(0, state.remaining))
                headers[HTTPField.Name("x-ratelimit-reset")!] = String(Int(state.windowReset!.timeIntervalSince1970))
            }
            let result: (Int, String)
            if state.remaining <= 0 || { if case .rateLimited = fault { true } else { false } }() {
                state.remaining = min(state.remaining, 0)
                result = (403, #"{"message":"API rate limit exceeded"}"#)
            } else {
                state.remaining -= 1
                result = Self.answer(path: path, fault: fault, repositories: state.repositories, base: self.apiBase)
            }
            limitHeaders()
            var (status, body) = result
            if status == 200 {
                let etag = "\"\(Self.hash(body))\""
                headers[.eTag] = etag
                if etagAsked == etag {
                    status = 304
                    body = ""
                }
            }
            state.log.append(Request(at: now, path: path, status: status, authorization: request.headers[.authorization], ifNoneMatch: etagAsked))
            return (status, body, headers)
        }
        return Response(status: .init(code: status), headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    private static func answer(path: String, fault: Fault?, repositories: [String: Repository], base: String) -> (Int, String) {
        switch fault {
        case .status(let code)?: return (code, code == 204 ? "" : #"{"message":"fault"}"#)
        case .malformedJSON?: return (200, #"{"name": "truncated", "owner": {"#)
        default: break
        }
        let parts = path.split(separator: "/").map(String.init)  // repos, owner, repo[, contributors]
        guard parts.count >= 3, let repository = repositories["\(parts[1])/\(parts[2])".lowercased()] else {
            return (404, #"{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}"#)
        }
        if parts.count == 4 {
            guard let contributors = repository.contributors else { return (204, "") }
            return (200, json(contributors.map { ["login": $0.login, "avatar_url": "\(base)/avatars/\($0.login)", "contributions": $0.contributions] }))
        }
        return (200, json([
            "name": repository.name,
            "full_name": "\(repository.owner)/\(repository.name)",
            "owner": ["login": repository.owner, "avatar_url": "\(base)/avatars/\(repository.owner)"] as [String: Any],
            "description": repository.description as Any,
            "has_issues": true,
            "stargazers_count": repository.stars,
            "watchers_count": repository.stars,
            "forks_count": repository.forks,
            "open_issues_count": repository.openIssues,
            "pushed_at": ISO8601DateFormatter().string(from: repository.pushedAt),
        ]))
    }

    private func avatar(_ request: Hummingbird.Request, name: String) throws -> Response {
        let now = self.now()
        state.withLock { $0.log.append(Request(at: now, path: "/avatars/\(name)", status: 200, authorization: request.headers[.authorization], ifNoneMatch: nil)) }
        return Response(status: .ok, headers: [.contentType: "image/png"], body: .init(byteBuffer: ByteBuffer(bytes: Self.onePixelPNG)))
    }

    private static func json(_ value: Any) -> String {
        let data = try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    private static func hash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    public static let onePixelPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
        0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
        0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}
