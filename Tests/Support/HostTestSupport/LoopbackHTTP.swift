import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Requests to a server of the tests' own on loopback (the dashboard, the
/// gallery, /metrics) with the shared AsyncHTTPClient.
package enum LoopbackHTTP {
    package struct Reply: Sendable {
        package let status: Int
        /// By lower-case name.
        package let headers: [String: String]
        package let body: String
        /// The body's bytes, for a picture.
        package let data: Data
    }

    /// The shared client's settings (its generous connect and read
    /// timeouts: a request may wait for a connection behind slow cards), but
    /// following no redirect: a test sees the dashboard's 303 to its sign-in
    /// page as it is. Never shut down: it lasts as the tests do. A
    /// connection each for up to 64 requests at once: a test that asks for
    /// 24 slow cards at once had its later requests wait for a pooled
    /// connection past the connect timeout on a loaded machine. An idle
    /// connection is let go after 5 s, before the dashboard closes it (15 s):
    /// a request sent on one as the server closed it failed a test.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.redirectConfiguration = .disallow
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
        configuration.timeout.connect = .seconds(120)
        configuration.connectionPool.idleTimeout = .seconds(5)
        // Each request's own `timeoutSeconds` is the safety net: with a connection each,
        // 24 slow cards wait on the server's render thread, not in the pool.
        configuration.timeout.read = .seconds(600)
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// `timeoutSeconds` is a safety net: a request that waits behind others for the render thread needs a wider one.
    package static func send(_ url: String, method: HTTPMethod = .GET, headers: [String: String] = [:], body: String? = nil,
                             timeoutSeconds: Int64 = 30) async throws -> Reply {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await client.execute(request, timeout: .seconds(timeoutSeconds))
        let body = try await response.body.collect(upTo: 1 << 24)
        var fields: [String: String] = [:]
        for header in response.headers { fields[header.name.lowercased()] = header.value }
        return Reply(status: Int(response.status.code), headers: fields, body: body.getString(at: body.readerIndex, length: body.readableBytes) ?? "",
                     data: Data(body.readableBytesView))
    }

    /// The body alone.
    package static func get(_ url: String, timeoutSeconds: Int64 = 30) async throws -> String {
        try await send(url, timeoutSeconds: timeoutSeconds).body
    }
}
