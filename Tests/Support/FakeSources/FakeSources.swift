import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// The services the wall's kinds read, on a loopback port: Open-Meteo's
/// forecast and geocoding (computed for the place asked), and documents
/// (feeds, calendars, JSON) served as set, with ETag and Last-Modified and
/// their 304s. Faults on demand; every request is logged, so a test can
/// say how many were sent and what they asked for.
public final class FakeSources: Sendable {
    public enum Fault: Sendable {
        case status(Int)
        /// This body with a 200 (or `status`), whatever was asked: a service that lies.
        case body(String, contentType: String, status: Int = 200)
        /// A 200 of `bytes` bytes of `byte`, streamed: a service that floods.
        case flood(bytes: Int, byte: UInt8)
        case slow(seconds: Double)
        /// A 302 to this URL.
        case redirect(String)
    }

    /// One request as it arrived.
    public struct Request: Sendable {
        public let path: String
        public let query: [String: String]
        public let status: Int
        /// By lowercased name.
        public let headers: [String: String]
        /// The body's bytes as sent (a flood's: as many as it was to send).
        public var bytes = 0
    }

    /// A document at a path, served as set until it is set again.
    public struct Document: Sendable {
        public var body: Data
        public var contentType: String
        public var lastModified: Date

        public init(_ body: String, contentType: String, lastModified: Date = Date(timeIntervalSince1970: 1_799_000_000)) {
            self.body = Data(body.utf8)
            self.contentType = contentType
            self.lastModified = lastModified
        }

        public init(data: Data, contentType: String, lastModified: Date = Date(timeIntervalSince1970: 1_799_000_000)) {
            self.body = data
            self.contentType = contentType
            self.lastModified = lastModified
        }
    }

    struct State {
        var documents: [String: Document] = [:]
        var faults: [String: Fault] = [:]
        var collections: [String: CalDAVCollection] = [:]
        var log: [Request] = []
    }

    /// The server's now: the host's clock in simulations.
    let now: @Sendable () -> Date
    let state = Mutex(State())
    private let port = Mutex<Int?>(nil)
    private let group = Mutex<ServiceGroup?>(nil)

    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    public var base: String { "http://127.0.0.1:\(port.withLock { $0 } ?? 0)" }
    /// `127.0.0.1:port`, as a manifest's `sandbox.fetch` names it.
    public var host: String { "127.0.0.1:\(port.withLock { $0 } ?? 0)" }

    public func set(_ document: Document, at path: String) {
        state.withLock { $0.documents[path] = document }
    }

    /// A fault for every request whose path starts with `prefix`; nil clears it.
    public func setFault(_ fault: Fault?, for prefix: String) {
        state.withLock { $0.faults[prefix] = fault }
    }

    public var requests: [Request] { state.withLock { $0.log } }

    public func requests(to path: String) -> [Request] {
        requests.filter { $0.path == path }
    }

    public func start() async throws {
        let router = Router()
        router.get("/v1/forecast") { request, _ in try await self.respond(request) { self.forecast($0) } }
        router.get("/v1/search") { request, _ in try await self.respond(request) { self.geocoding($0) } }
        router.get("/**") { request, _ in try await self.respond(request) { _ in nil } }
        router.on("/**", method: HTTPRequest.Method("REPORT")!) { request, _ in try await self.report(request) }
        let started = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "FakeSources")
        logger.logLevel = .warning
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "FakeSources"),
            onServerRunning: { channel in
                started.continuation.yield(channel.localAddress?.port ?? 0)
                started.continuation.finish()
            },
            logger: logger)
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

    /// A computed answer (status, body, content type), or nil for the document at the path.
    typealias Answer = (status: Int, body: Data, contentType: String)

    func respond(_ request: Hummingbird.Request, computed: @Sendable ([String: String]) -> Answer?) async throws -> Response {
        let path = request.uri.path
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName.lowercased()] = field.value }
        let fault = state.withLock { state in state.faults.first { path.hasPrefix($0.key) }?.value }
        if case .slow(let seconds) = fault { try await Task.sleep(for: .seconds(seconds)) }
        func log(_ status: Int, bytes: Int = 0) {
            state.withLock { $0.log.append(Request(path: path, query: query, status: status, headers: headers, bytes: bytes)) }
        }
        switch fault {
        case .status(let code):
            log(code)
            return Response(status: .init(code: code), body: .init(byteBuffer: ByteBuffer(string: #"{"error":true,"reason":"fault"}"#)))
        case .body(let body, let contentType, let status):
            log(status, bytes: body.utf8.count)
            return Response(status: .init(code: status), headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(string: body)))
        case .flood(let bytes, let byte):
            log(200, bytes: bytes)
            let chunk = ByteBuffer(repeating: byte, count: 65_536)
            return Response(status: .ok, headers: [.contentType: "application/octet-stream"], body: ResponseBody { writer in
                var left = bytes
                while left > 0 {
                    let slice = chunk.getSlice(at: 0, length: min(left, chunk.readableBytes))!
                    try await writer.write(slice)
                    left -= slice.readableBytes
                }
                try await writer.finish(nil)
            })
        case .redirect(let location):
            log(302)
            return Response(status: .found, headers: [.location: location])
        case .slow, nil:
            break
        }
        if let answer = computed(query) {
            log(answer.status, bytes: answer.body.count)
            return Response(status: .init(code: answer.status), headers: [.contentType: answer.contentType], body: .init(byteBuffer: ByteBuffer(data: answer.body)))
        }
        guard let document = state.withLock({ $0.documents[path] }) else {
            log(404)
            return Response(status: .notFound, body: .init(byteBuffer: ByteBuffer(string: "not found")))
        }
        let etag = "\"\(Self.hash(document.body))\""
        let lastModified = Self.httpDate(document.lastModified)
        var fields: HTTPFields = [.contentType: document.contentType, .eTag: etag, .lastModified: lastModified]
        if headers["if-none-match"] == etag || (headers["if-none-match"] == nil && headers["if-modified-since"] == lastModified) {
            log(304)
            fields[.contentType] = nil
            return Response(status: .notModified, headers: fields)
        }
        log(200, bytes: document.body.count)
        return Response(status: .ok, headers: fields, body: .init(byteBuffer: ByteBuffer(data: document.body)))
    }

    static func json(_ value: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data()
    }

    private static func hash(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
