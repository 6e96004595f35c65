import Foundation
import HostBasics
import Synchronization
import WidgetConfiguration
import WidgetKinds
import WidgetSDK

/// Decides where a kind's request may connect. A kind has no sockets: the
/// host fetches for it, so the host must not be its way to the dashboard,
/// another local service or the network behind the machine. The host name is
/// resolved here and the request pinned to the address checked, so a name
/// that resolves elsewhere a moment later (DNS rebinding) changes nothing;
/// each redirect is checked again.
package struct OutboundGuard: Sendable {
    /// Where a checked request connects.
    package struct Destination: Sendable, Equatable {
        let host: String
        let port: Int
        /// The address to connect to in place of resolving `host` again; nil
        /// for an address in the URL, or a host the manifest allows.
        let pinned: String?
        /// The URL to send: its host written as `host` is, lowercased and
        /// without a final dot, so that the HTTP client finds `pinned` under
        /// it (its DNS override matches the URL's host as written).
        let url: String
    }

    /// Hosts every kind may reach: the manifest's `github.api` (its avatars
    /// too), which the person running the host chose.
    let trusted: FetchAllowance

    package init(trusting api: String) {
        let components = URLComponents(string: api)
        let entry = components?.host.map { FetchAllowance.Entry(host: FetchAllowance.normalized($0), port: components?.port ?? Self.defaultPort(components?.scheme)) }
        trusted = FetchAllowance(entry.map { [$0] } ?? [])
    }

    static func defaultPort(_ scheme: String?) -> Int {
        scheme?.lowercased() == "http" ? 80 : 443
    }

    /// Where `url` may be fetched from for a module allowed `hosts`, or
    /// `FetchRefused`.
    package func destination(of url: String, allowing hosts: FetchAllowance) async throws -> Destination {
        guard let components = URLComponents(string: url), let rawHost = components.host, !rawHost.isEmpty else {
            throw HTTPServiceError.invalidResponse("not a URL with a host: \(FetchRefused.shortened(url))")
        }
        let host = FetchAllowance.normalized(rawHost.removingPercentEncoding ?? rawHost)
        let port = components.port ?? Self.defaultPort(components.scheme)
        var sent = components
        sent.host = host.contains(":") ? "[\(host)]" : host
        guard let rewritten = sent.string, URL(string: rewritten)?.host.map(FetchAllowance.normalized) == host else {
            throw HTTPServiceError.invalidResponse("not a URL the host can send: \(FetchRefused.shortened(url))")
        }
        if trusted.allows(host: host, port: port) || hosts.allows(host: host, port: port) {
            return Destination(host: host, port: port, pinned: nil, url: rewritten)
        }
        if let literal = OutboundAddress(host) {
            if let reason = Self.refusal(of: literal) {
                throw FetchRefused(url: url, host: host, port: port, address: nil, reason: reason)
            }
            return Destination(host: host, port: port, pinned: nil, url: rewritten)
        }
        let addresses = try await Self.resolve(host, port: port)
        guard let first = addresses.first else { throw HTTPServiceError.unreachable("cannot resolve \(host)") }
        guard let usable = addresses.first(where: { Self.refusal(of: $0) == nil }) else {
            throw FetchRefused(url: url, host: host, port: port, address: first.description, reason: Self.refusal(of: first) ?? "")
        }
        return Destination(host: host, port: port, pinned: usable.description, url: rewritten)
    }

    /// Names are resolved here, on threads of their own: the system's
    /// resolver blocks for as long as a slow name server takes, and the
    /// shared pool's two threads serve every other blocking call too.
    private static let resolvers = JobThreads<@Sendable () -> Void>(count: 4, name: "wh-resolve")

    /// Why the host will not connect to `address` for a kind, or nil.
    static func refusal(of address: OutboundAddress) -> String? {
        let scope = address.scope
        if scope != .global { return scope.rawValue }
        return ThisMachine.addresses.contains(address) ? OutboundAddress.Scope.thisMachine.rawValue : nil
    }

    /// The addresses `host` resolves to, off the cooperative pool: the
    /// system's resolver blocks.
    private static func resolve(_ host: String, port: Int) async throws -> [OutboundAddress] {
        try await resolvers.runUnlessCancelled {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            hints.ai_flags = AI_ADDRCONFIG
            var result: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, String(port), &hints, &result)
            guard status == 0 else { throw HTTPServiceError.unreachable("cannot resolve \(host)") }
            defer { freeaddrinfo(result) }
            var addresses: [OutboundAddress] = []
            var next = result
            while let current = next {
                next = current.pointee.ai_next
                if let address = current.pointee.ai_addr.flatMap({ OutboundAddress(socketAddress: $0) }), !addresses.contains(address) {
                    addresses.append(address)
                }
            }
            return addresses
        }
    }

    /// This machine's own addresses, read again at most every few seconds:
    /// an interface may come up while the host runs.
    private enum ThisMachine {
        static let cache = Mutex<(addresses: Set<OutboundAddress>, read: ContinuousClock.Instant?)>(([], nil))

        static var addresses: Set<OutboundAddress> {
            cache.withLock { cache in
                let now = ContinuousClock.now
                if let read = cache.read, now - read < .seconds(10) { return cache.addresses }
                cache = (OutboundAddress.ofThisMachine(), now)
                return cache.addresses
            }
        }
    }
}
