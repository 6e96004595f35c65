import AsyncHTTPClient
import ExtensionProtocol
import Foundation
import NIOCore
import NIOFoundationEssentialsCompat
import NIOHTTP1
import WidgetConfiguration
import WidgetContainer
import WidgetKinds
import WidgetSDK

/// The host's HTTP service, spent like money against GitHub's rate limit:
/// one request per URL however many instances ask at once, responses reused
/// while fresh and revalidated with ETags after, avatars kept for a day, and
/// no API request sent while the limit is used up or a 403/429 says to wait.
package actor GitHubService: ScopedHTTPService {
    package struct Statistics: Sendable, Equatable {
        /// Requests sent to the API, and how they were answered.
        package var apiRequests = 0
        package var notModified = 0
        package var rateLimitRefusals = 0
        /// API answers served from the cache without a request, or shared
        /// with a request already on its way.
        package var cacheHits = 0
        package var shared = 0
        /// Calls refused locally because the limit was used up.
        package var heldBack = 0
        package var assetRequests = 0
        package var assetCacheHits = 0
    }

    static let maximumBody = 5 * 1_024 * 1_024
    static let assetLifetime: TimeInterval = 86_400

    private let settings: GitHubSettings
    private let token: String?
    private let container: SharedContainer
    private let clock: any SchedulerClock
    private let client: HTTPClient
    /// Where a kind's own requests may go.
    private let outbound: OutboundGuard
    private var inFlight: [String: Task<HTTPResponse, any Error>] = [:]
    /// How many fetches of each URL have ended: a caller that read the
    /// cache across one's end reads it again.
    private var fetchesEnded: [String: UInt] = [:]
    /// Shared by the fleet when the container is (PostgreSQL).
    private let ledger: any RateLimitLedger
    package private(set) var statistics = Statistics()
    /// Origins that gave no answer, asked again until they do.
    package nonisolated let network: NetworkWatch
    private var probing: Task<Void, Never>?

    package init(settings: GitHubSettings, token: String?, container: SharedContainer, clock: any SchedulerClock,
                client: HTTPClient = GitHubService.defaultClient, network: NetworkWatch = NetworkWatch()) {
        self.settings = settings
        self.token = token
        self.container = container
        self.clock = clock
        self.client = client
        self.network = network
        outbound = OutboundGuard(trusting: settings.api)
        ledger = container.rateLimitLedger(for: token) ?? LocalRateLimit()
    }

    /// The shared client, except that a refused or unreachable connection
    /// fails at once rather than being retried until `github.timeout`: the
    /// host shows "offline" now and retries on its own backoff.
    package static let defaultClient: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    // MARK: HTTPService

    package func api(_ path: String) async throws -> HTTPResponse {
        try await api(path, scope: ReloadScope())
    }

    /// In an explicit reload's `scope`, a response younger than `cache_for`
    /// is not served as it is: GitHub is asked with its ETag, and a 304
    /// (free with a token) confirms it. With a fleet host's lease in the
    /// scope, a request is sent only while the lease holds.
    package func api(_ path: String, scope: ReloadScope) async throws -> HTTPResponse {
        let url = settings.api + (path.hasPrefix("/") ? path : "/" + path)
        let now = clock.now()
        let fetchesBefore = fetchesEnded[url, default: 0]
        if !scope.revalidate, let cached = try await container.cachedResponse(for: url), now.timeIntervalSince(cached.fetchedAt) < settings.cacheFor.seconds {
            statistics.cacheHits += 1
            HostMetrics.githubServedLocally("cache")
            return HTTPResponse(status: cached.status, body: cached.body, fromCache: true)
        }
        // A fetch that ended while the cache was read has stored its answer:
        // read again rather than send the same request twice.
        if !scope.revalidate, inFlight[url] == nil, fetchesEnded[url, default: 0] != fetchesBefore {
            return try await api(path, scope: scope)
        }
        if let running = inFlight[url] {
            statistics.shared += 1
            HostMetrics.githubServedLocally("shared")
            return try await running.value
        }
        let lease = scope.lease.flatMap(HeldLease.init)
        let caller = Caller(instance: scope.instance, allowance: nil)
        return try await shared(url) { try await self.fetchOnceInFleet(url, askedAt: now, lease: lease, for: caller) }
    }

    /// Hosts that share a container take turns per URL: one that waited for
    /// another's request uses its answer rather than spending a request of
    /// the fleet's budget on the same thing.
    private func fetchOnceInFleet(_ url: String, askedAt: Date, lease: HeldLease?, for caller: Caller) async throws -> HTTPResponse {
        let container = container
        return try await container.exclusively("GET \(url)", waitingAtMost: .seconds(settings.timeout.seconds + 5)) { waited in
            if waited, let cached = try await container.cachedResponse(for: url), cached.fetchedAt >= askedAt {
                await self.servedByFleet()
                return HTTPResponse(status: cached.status, body: cached.body, fromCache: true)
            }
            try await self.reserveRequest(at: self.clock.now(), lease: lease)
            return try await self.fetchAPI(url, for: caller)
        }
    }

    private func servedByFleet() {
        statistics.shared += 1
        HostMetrics.githubServedLocally("fleet")
    }

    package func asset(_ url: String) async throws -> Data {
        try await asset(url, allowing: .none)
    }

    /// An image or other file a kind asks for, kept for a day: fetched only
    /// from where `fetch` would. What a host off the internet serves (one
    /// `hosts` names) is kept under a key of its own, so a module that may
    /// not reach that host is never handed it from the cache; everything
    /// else was checked public when it was fetched, and a copy in the cache
    /// is served with no name resolved.
    package func asset(_ url: String, allowing hosts: FetchAllowance) async throws -> Data {
        let key = Self.assetKey(url, allowing: hosts)
        let now = clock.now()
        let fetchesBefore = fetchesEnded[key, default: 0]
        if let cached = try await container.cachedResponse(for: key), now.timeIntervalSince(cached.fetchedAt) < Self.assetLifetime {
            statistics.assetCacheHits += 1
            return cached.body
        }
        if inFlight[key] == nil, fetchesEnded[key, default: 0] != fetchesBefore { return try await asset(url, allowing: hosts) }
        if let running = inFlight[key] { return try await running.value.body }
        guard let scheme = URL(string: url)?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw HTTPServiceError.invalidResponse("widgethost fetches only http and https URLs")
        }
        let destination = try await destination(of: url, allowing: hosts, for: Caller(instance: nil, allowance: hosts))
        return try await shared(key) { try await self.fetchAsset(key, at: destination, allowing: hosts) }.body
    }

    /// `url`, or, for a host only `hosts` let the module reach, `url` and
    /// the list that allowed it.
    static func assetKey(_ url: String, allowing hosts: FetchAllowance) -> String {
        guard !hosts.entries.isEmpty, let components = URLComponents(string: url), let host = components.host else { return url }
        let port = components.port ?? OutboundGuard.defaultPort(components.scheme)
        guard hosts.allows(host: host.removingPercentEncoding ?? host, port: port) else { return url }
        return url + "\u{0}allowed by " + hosts.entries.map(\.description).sorted().joined(separator: ",")
    }

    /// Headers the client sets from the request itself, or that would
    /// steer the host's connection rather than the request.
    static let hostOwnedHeaders: Set<String> = ["host", "content-length", "connection", "transfer-encoding", "keep-alive", "upgrade", "te"]
    /// A kind's request body, at most: more is refused before anything is sent.
    static let maximumRequestBody = 1 << 20
    package private(set) var fetches = 0

    /// Redirects a kind's request follows, as URLSession does, each checked.
    static let maximumRedirects = 5

    package func fetch(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await fetch(request, allowing: .none, credentials: .none, scope: ReloadScope())
    }

    /// A kind's `URLSession` request to anywhere but the API: sent as it is,
    /// never with the token, never cached, within the size limit and
    /// timeout, only to a public address or a host `hosts` names; a
    /// redirect is followed only where the request itself could go. The
    /// headers `credentials` gives a place are added to each hop that goes
    /// there, and to no other.
    package func fetch(_ request: HTTPRequest, allowing hosts: FetchAllowance, credentials: FetchCredentials,
                       scope: ReloadScope) async throws -> HTTPResponse {
        if let body = request.body, body.count > Self.maximumRequestBody {
            throw HTTPServiceError.invalidResponse("a request body is at most \(Self.maximumRequestBody) bytes, this one \(body.count)")
        }
        fetches += 1
        var request = request
        for _ in 0 ... Self.maximumRedirects {
            let destination = try await destination(of: request.url, allowing: hosts, for: Caller(instance: scope.instance, allowance: hosts))
            var outgoing = HTTPClientRequest(url: destination.url)
            outgoing.method = .init(rawValue: request.method)
            for (name, value) in request.headers where !Self.hostOwnedHeaders.contains(name.lowercased()) {
                outgoing.headers.add(name: name, value: value)
            }
            for (name, value) in try credentials.headers(for: request.url) { outgoing.headers.replaceOrAdd(name: name, value: value) }
            if let body = request.body { outgoing.body = .bytes(ByteBuffer(data: body)) }
            let sent = outgoing
            let caller = Caller(instance: scope.instance, allowance: hosts)
            let (status, headers, body) = try await PinnedClients.shared.withClient(for: destination) { try await send(sent, on: $0, for: caller) }
            guard let next = Self.redirect(of: request, status: status, location: headers["location"]) else {
                return HTTPResponse(status: status, headers: headers, body: body)
            }
            request = next
        }
        throw HTTPServiceError.invalidResponse("more than \(Self.maximumRedirects) redirects from \(FetchRefused.shortened(request.url))")
    }

    /// The request a redirect leads to, as URLSession makes it: 303 (and
    /// 301/302 after a POST) turns into a GET without a body; credentials
    /// do not follow to another origin. Nil when `status` is no redirect.
    static func redirect(of request: HTTPRequest, status: Int, location: String?) -> HTTPRequest? {
        guard [301, 302, 303, 307, 308].contains(status), let location, let base = URL(string: request.url),
              let target = URL(string: location, relativeTo: base)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        var next = request
        next.url = target.absoluteString
        if status == 303 && request.method != "HEAD" || (status == 301 || status == 302) && request.method == "POST" {
            next.method = "GET"
            next.body = nil
            next.headers = next.headers.filter { !["content-type", "content-length", "content-encoding"].contains($0.key.lowercased()) }
        }
        let sameOrigin = base.scheme?.lowercased() == scheme && base.host?.lowercased() == target.host?.lowercased() && base.port == target.port
        if !sameOrigin {
            next.headers = next.headers.filter { !["authorization", "cookie", "proxy-authorization"].contains($0.key.lowercased()) }
        }
        return next
    }

    // MARK: Rate limit

    /// Refuses a request the API would refuse, or one for an instance this
    /// host no longer holds, and counts the one it lets through.
    private func reserveRequest(at now: Date, lease: HeldLease?) async throws {
        do {
            try await ledger.reserve(at: now, lease: lease)
        } catch let error as LeaseLost {
            HostMetrics.fencedWrites(1)
            throw error
        } catch {
            statistics.heldBack += 1
            throw error
        }
    }

    private func readRateLimit(_ headers: [String: String]) async {
        if let left = await ledger.record(remaining: headers["x-ratelimit-remaining"].flatMap(Int.init), reset: Self.reset(headers)) {
            HostMetrics.githubRemaining(left)
        }
    }

    private static func reset(_ headers: [String: String]) -> Date? {
        headers["x-ratelimit-reset"].flatMap(TimeInterval.init).map(Date.init(timeIntervalSince1970:))
    }

    /// A 403 or 429 that is a rate limit: wait as it says, else for the
    /// reset, else a minute.
    private func rateLimitEnd(status: Int, headers: [String: String], at now: Date) -> Date? {
        let retryAfter = headers["retry-after"].flatMap(TimeInterval.init)
        let exhausted = headers["x-ratelimit-remaining"] == "0"
        guard status == 429 || (status == 403 && (retryAfter != nil || exhausted)) else { return nil }
        if let retryAfter { return now + retryAfter }
        if exhausted, let reset = Self.reset(headers), reset > now { return reset }
        return now + 60
    }

    // MARK: Requests

    /// Runs `fetch` once for everyone asking for `url` meanwhile.
    private func shared(_ url: String, _ fetch: @escaping @Sendable () async throws -> HTTPResponse) async throws -> HTTPResponse {
        let task = Task { try await fetch() }
        inFlight[url] = task
        defer {
            inFlight[url] = nil
            fetchesEnded[url, default: 0] &+= 1
        }
        return try await task.value
    }

    private func fetchAPI(_ url: String, for caller: Caller) async throws -> HTTPResponse {
        let cached = try await container.cachedResponse(for: url)
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/vnd.github+json")
        request.headers.add(name: "X-GitHub-Api-Version", value: "2022-11-28")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let etag = cached?.etag { request.headers.add(name: "If-None-Match", value: etag) }
        statistics.apiRequests += 1
        let (status, headers, body): (Int, [String: String], Data)
        do {
            (status, headers, body) = try await send(request, on: client, for: caller)
        } catch {
            // No answer: the request no longer waits for one in the fleet's count.
            await ledger.record(remaining: nil, reset: nil)
            throw error
        }
        HostMetrics.githubRequest(status: status)
        let now = clock.now()
        await readRateLimit(headers)

        if status == 304, let cached {
            statistics.notModified += 1
            try await container.markRevalidated(url, at: now)
            return HTTPResponse(status: cached.status, headers: headers, body: cached.body, fromCache: true)
        }
        if let until = rateLimitEnd(status: status, headers: headers, at: now) {
            statistics.rateLimitRefusals += 1
            await ledger.pause(until: until)
            throw RateLimitedError(until: until)
        }
        if status == 200 {
            // Never cache what nobody can read: it would be served for cache_for.
            guard (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) != nil else {
                throw HTTPServiceError.invalidResponse("malformed JSON from \(url.dropFirst(settings.api.count))")
            }
            try await container.storeResponse(CachedResponse(url: url, status: status, etag: headers["etag"], body: body, fetchedAt: now))
        }
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    /// Assets live on other hosts: they never get the token.
    /// Stored under `key` (see `assetKey`).
    private func fetchAsset(_ key: String, at destination: OutboundGuard.Destination, allowing hosts: FetchAllowance) async throws -> HTTPResponse {
        statistics.assetRequests += 1
        let (status, headers, body) = try await PinnedClients.shared.withClient(for: destination) { try await send(HTTPClientRequest(url: destination.url), on: $0, for: Caller(instance: nil, allowance: hosts)) }
        guard status == 200 else { throw HTTPServiceError.invalidResponse("HTTP \(status) for an asset") }
        try await container.storeResponse(CachedResponse(url: key, status: status, etag: nil, body: body, fetchedAt: clock.now()))
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    /// Who a request is sent for, as `network` records an outage: the
    /// instance whose reload asked (nil for none known), and where a kind's
    /// request may go (nil for the API), so that a probe goes only where
    /// the request could.
    struct Caller: Sendable {
        let instance: String?
        let allowance: FetchAllowance?
    }

    private nonisolated func send(_ request: HTTPClientRequest, on client: HTTPClient, for caller: Caller) async throws -> (Int, [String: String], Data) {
        var request = request
        request.headers.add(name: "User-Agent", value: "widgethost/1 (+https://github.com/widgethost)")
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .seconds(Int64(settings.timeout.seconds.rounded(.up))))
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
            throw HTTPServiceError.timedOut
        } catch {
            // Transport errors name the host and cause, never a header.
            let reason = TransportFailure.describe(error, url: request.url)
            if TransportFailure.isNoAnswer(error) { await noAnswer(request.url, for: caller, reason: reason) }
            throw HTTPServiceError.unreachable(reason)
        }
        network.answered(request.url, at: clock.now())
        do {
            let buffer = try await response.body.collect(upTo: Self.maximumBody)
            var headers: [String: String] = [:]
            for header in response.headers { headers[header.name.lowercased()] = header.value }
            return (Int(response.status.code), headers, Data(buffer.readableBytesView))
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            throw HTTPServiceError.timedOut
        } catch is NIOTooManyBytesError {
            // The origin answered: it is not offline, its answer is too big to take.
            throw HTTPServiceError.invalidResponse("the answer is larger than \(Self.maximumBody / 1_048_576) MiB, the most the host takes")
        } catch {
            throw HTTPServiceError.unreachable(TransportFailure.describe(error, url: request.url))
        }
    }

    /// Records that `url` got no answer, and probes its origin from now on.
    private nonisolated func noAnswer(_ url: String, for caller: Caller, reason: String) async {
        if network.unanswered(url, instance: caller.instance, allowance: caller.allowance, reason: reason, at: clock.now()) {
            await startProbing()
        }
    }

    /// Where a kind's request may go, resolved and checked; a name that
    /// does not resolve is an origin that gives no answer.
    private func destination(of url: String, allowing hosts: FetchAllowance, for caller: Caller) async throws -> OutboundGuard.Destination {
        do {
            return try await outbound.destination(of: url, allowing: hosts)
        } catch HTTPServiceError.unreachable(let reason) {
            await noAnswer(url, for: caller, reason: reason)
            throw HTTPServiceError.unreachable(reason)
        }
    }

    /// Asks each origin that is out again every `network.probeInterval`,
    /// with a `HEAD` of its root, until none is: any answer ends its outage.
    /// Nothing runs while the network is fine.
    private func startProbing() {
        guard probing == nil else { return }
        probing = Task { [network] in
            while !network.current.isEmpty {
                guard (try? await Task.sleep(for: network.probeInterval)) != nil else { break }
                network.expire(at: self.clock.now())
                for outage in network.current { await probe(outage) }
            }
            self.probingEnded()
        }
    }

    private func probingEnded() {
        probing = nil
        // An outage that began as the loop ended needs a loop of its own.
        if !network.current.isEmpty { startProbing() }
    }

    private func probe(_ outage: NetworkWatch.Outage) async {
        var request = HTTPClientRequest(url: outage.origin + "/")
        request.method = .HEAD
        let caller = Caller(instance: nil, allowance: outage.allowance)
        guard let allowance = outage.allowance else {
            _ = try? await send(request, on: client, for: caller)
            return
        }
        // A kind's origin: through the same checks as its requests, resolved again.
        guard let destination = try? await outbound.destination(of: request.url, allowing: allowance) else { return }
        request = HTTPClientRequest(url: destination.url)
        request.method = .HEAD
        let sent = request
        _ = try? await PinnedClients.shared.withClient(for: destination) { try await send(sent, on: $0, for: caller) }
    }
}
