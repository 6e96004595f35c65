import AsyncHTTPClient
import Synchronization

/// HTTP clients for kinds' requests, each connecting one host name to the
/// one address `OutboundGuard` checked (`dnsOverride`: TLS still names and
/// verifies the host). A client keeps its connections, so a kind that asks
/// one server often does not connect each time; the least recently used is
/// shut down past `capacity`, once no request is using it.
final class PinnedClients: Sendable {
    static let shared = PinnedClients()
    static let capacity = 16

    private struct Entry {
        let client: HTTPClient
        var users = 0
        var evicted = false
    }

    private let state = Mutex<(entries: [String: Entry], order: [String])>(([:], []))

    /// For an address written in the URL or a host the manifest allows: the
    /// system resolves it, and nothing is pinned.
    static let direct = makeClient(dnsOverride: [:])

    /// Follows no redirect (the guard checks every hop) and retries no
    /// refused connection (the host shows "offline" now).
    private static func makeClient(dnsOverride: [String: String]) -> HTTPClient {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.redirectConfiguration = .disallow
        configuration.dnsOverride = dnsOverride
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    /// Runs `body` with the client for `destination`.
    func withClient<T: Sendable>(for destination: OutboundGuard.Destination, _ body: @Sendable (HTTPClient) async throws -> T) async throws -> T {
        guard let address = destination.pinned else { return try await body(Self.direct) }
        let key = "\(destination.host)\u{0}\(address)"
        let (client, evicted) = state.withLock { state -> (HTTPClient, [HTTPClient]) in
            state.order.removeAll { $0 == key }
            state.order.append(key)
            var entry = state.entries[key] ?? Entry(client: Self.makeClient(dnsOverride: [destination.host: address]))
            entry.users += 1
            entry.evicted = false
            state.entries[key] = entry
            var evicted: [HTTPClient] = []
            while state.order.count > Self.capacity {
                let oldest = state.order.removeFirst()
                guard var entry = state.entries[oldest] else { continue }
                if entry.users == 0 {
                    state.entries[oldest] = nil
                    evicted.append(entry.client)
                } else {
                    entry.evicted = true
                    state.entries[oldest] = entry
                }
            }
            return (state.entries[key]!.client, evicted)
        }
        for client in evicted { Self.shutDown(client) }
        defer {
            let retired: HTTPClient? = state.withLock { state in
                guard var entry = state.entries[key] else { return nil }
                entry.users -= 1
                if entry.users == 0 && entry.evicted {
                    state.entries[key] = nil
                    return entry.client
                }
                state.entries[key] = entry
                return nil
            }
            if let retired { Self.shutDown(retired) }
        }
        return try await body(client)
    }

    private static func shutDown(_ client: HTTPClient) {
        Task { try? await client.shutdown() }
    }
}
