import ExtensionProtocol
import Foundation
import Synchronization
import HostText
import WidgetConfiguration
import WidgetContainer
import WidgetSDK

/// What the host does for its extensions: HTTP with its token, cache and
/// rate limits, and the container's shared defaults. Nothing else crosses.
package struct ExtensionServices: Sendable {
    package let http: any HTTPService
    package let defaults: any SharedDefaultsStore
    package let suites: DefaultsSuites
    package let widgetCenter: ContainerWidgetCenter
    /// The container's folder: each module's own is `extensions/<module>` in it. Nil without a container.
    package let containerFolder: URL?
    /// Bounds what a module's URLSession requests may hold in the host.
    let fetchGate = FetchGate()
    /// Which refused hosts each module has been logged for.
    let fetchRefusals = RefusalLog()

    package init(http: any HTTPService, defaults: any SharedDefaultsStore, suites: DefaultsSuites = DefaultsSuites(),
                widgetCenter: ContainerWidgetCenter = ContainerWidgetCenter(container: nil), containerFolder: URL? = nil) {
        self.http = http
        self.defaults = defaults
        self.suites = suites
        self.widgetCenter = widgetCenter
        self.containerFolder = containerFolder
    }

    /// `module`'s own folder in the container, made (0700) if it is not there
    /// yet; nil without a container or when it cannot be made.
    func groupFolder(of module: String) -> String? {
        guard let containerFolder else { return nil }
        let folder = containerFolder.appendingPathComponent(KindFolders.folderName, isDirectory: true).appendingPathComponent(module, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return folder.path
        } catch {
            return nil
        }
    }

    /// No network, no WidgetCenter, and defaults that live as long as the
    /// extensions: for commands that read a manifest without opening its container.
    package static var unavailable: ExtensionServices {
        ExtensionServices(http: UnavailableHTTPService(), defaults: InMemoryDefaultsStore())
    }

    /// A value is at most 1 MiB: the whole suite is read by `defaults read`
    /// and every kind's provider.
    static let maximumValueBytes = 1 << 20
    static let maximumKeyBytes = 256

    /// Why a kind may not store `data` under `key`, or nil. The SDK writes
    /// JSON; a raw channel could write any bytes, which `defaults read`
    /// printed as they were and every other kind's decoder then choked on.
    static func problem(writing data: Data?, forKey key: String) -> String? {
        if key.isEmpty || key.utf8.count > maximumKeyBytes {
            return "a defaults key is 1 to \(maximumKeyBytes) bytes, found \(key.utf8.count)"
        }
        if key.unicodeScalars.contains(where: TerminalText.isUnsafe) {
            return "a defaults key may not hold control characters: '\(TerminalText.escaped(key))'"
        }
        if DefaultsSuites.isReserved(key) {
            return "keys starting with '\(DefaultsSuites.reservedPrefix)' or '\(DefaultsSuites.suitePrefix)' hold modules' own suites"
        }
        guard let data else { return nil }
        if data.count > maximumValueBytes {
            return "the value for '\(key)' is \(data.count) bytes; at most \(maximumValueBytes)"
        }
        if (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) == nil {
            return "the value for '\(key)' is not JSON"
        }
        return nil
    }

    /// Where `URLSession` in a kind reaches the API: these URLs go to the
    /// manifest's `github.api` with the host's token, cache and budget.
    static let apiOrigins = ["https://api.github.com"]
    /// What URLSession sends; REPORT and PROPFIND are CalDAV's and CardDAV's reads.
    static let forwardedMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "REPORT", "PROPFIND"]

    /// A kind's `URLSession` request: the API's through `api` (GET only:
    /// the host spends its budget on reading), anything else as it is, to a
    /// public address or a host `allowing` names.
    func fetch(_ request: HTTPRequest, scope: ReloadScope, allowing hosts: FetchAllowance = .none,
               credentials: FetchCredentials = .none) async throws -> HTTPResponse {
        let method = request.method.uppercased()
        if let path = Self.apiPath(of: request.url) {
            guard method == "GET" else {
                throw HTTPServiceError.invalidResponse("widgethost sends the API only GET requests, not \(method)")
            }
            do {
                return try await api(path, scope: scope)
            } catch let limited as RateLimitedError {
                return Self.rateLimitedResponse(until: limited.until)
            }
        }
        guard let scheme = URL(string: request.url)?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw HTTPServiceError.invalidResponse("widgethost fetches only http and https URLs")
        }
        guard Self.forwardedMethods.contains(method) else {
            throw HTTPServiceError.invalidResponse("widgethost does not send \(TerminalText.escaped(method)) requests")
        }
        var request = request
        request.method = method
        if let http = http as? any ScopedHTTPService { return try await http.fetch(request, allowing: hosts, credentials: credentials, scope: scope) }
        for (name, value) in try credentials.headers(for: request.url) { request.headers[name] = value }
        return try await http.fetch(request)
    }

    private func asset(_ url: String, allowing hosts: FetchAllowance) async throws -> Data {
        if let http = http as? any ScopedHTTPService { return try await http.asset(url, allowing: hosts) }
        return try await http.asset(url)
    }

    /// An API request in `scope`, for a service that honours scopes (the host's does).
    private func api(_ path: String, scope: ReloadScope) async throws -> HTTPResponse {
        if let http = http as? any ScopedHTTPService { return try await http.api(path, scope: scope) }
        return try await http.api(path)
    }

    /// The API path of `url` when it is one of `apiOrigins`' URLs.
    static func apiPath(of url: String) -> String? {
        for origin in apiOrigins where url.lowercased().hasPrefix(origin) {
            let rest = url.dropFirst(origin.count)
            if rest.isEmpty { return "/" }
            if rest.hasPrefix("/") || rest.hasPrefix("?") { return String(rest) }
        }
        return nil
    }

    /// What GitHub itself answers when the budget is spent, so that code
    /// written for iOS handles the host's refusal as it handles GitHub's:
    /// 403 with `x-ratelimit-remaining: 0` and the reset time.
    static func rateLimitedResponse(until: Date) -> HTTPResponse {
        let reset = String(Int(until.timeIntervalSince1970.rounded(.up)))
        let body = #"{"message":"API rate limit exceeded (the host waits until \#(until.formatted(.iso8601)))"}"#
        return HTTPResponse(status: 403, headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": reset, "content-type": "application/json"],
                            body: Data(body.utf8))
    }

    /// Answers `module`'s extension.
    /// - Parameters:
    ///   - duringTap: whether the host has a tapped control's `perform()`
    ///     running in that module: only then is a WidgetCenter reload made at
    ///     once. What the extension says of it is not asked.
    ///   - fetchAllowance: the hosts off the internet the module may fetch from.
    ///   - credentials: the headers the host adds to the module's requests.
    ///   - report: takes a line for the log about the module (a refused
    ///     fetch), once for each host.
    func handle(_ call: ServiceCall, from module: String, duringTap: Bool = false, fetchAllowance: FetchAllowance = .none,
                credentials: FetchCredentials = .none, report: @Sendable (String) -> Void = { _ in }) async -> ServiceResult {
        do {
            switch call {
            case .api(let path, let scope):
                let response = try await api(path, scope: scope)
                return .response(status: response.status, headers: response.headers, body: response.body, fromCache: response.fromCache)
            case .asset(let url):
                return .data(try await asset(url, allowing: fetchAllowance))
            case .readDefault(let key, let suite):
                if let suite, let problem = DefaultsSuites.problem(withSuite: suite) { return .failure(.other(problem)) }
                if DefaultsSuites.isReserved(key) { return .data(nil) }
                let (defaults, key) = (defaults, suites.storedKey(key, module: module, suite: suite))
                // The defaults live in the container: read on its threads, not the pool's.
                return .data(try await ContainerThreads.shared.run { try defaults.data(forKey: key) })
            case .writeDefault(let key, let data, let suite):
                if let suite, let problem = DefaultsSuites.problem(withSuite: suite) { return .failure(.other(problem)) }
                if let problem = Self.problem(writing: data, forKey: key) { return .failure(.other(problem)) }
                let (defaults, key) = (defaults, suites.storedKey(key, module: module, suite: suite))
                try await ContainerThreads.shared.run { try defaults.setData(data, forKey: key) }
                return .done
            case .fetch(let request, let scope):
                guard fetchGate.enter(module) else {
                    return .failure(.other("\(FetchGate.limit) requests of this module are already in flight; wait for one to end"))
                }
                defer { fetchGate.leave(module) }
                let response = try await fetch(request, scope: scope, allowing: fetchAllowance, credentials: credentials)
                return .response(status: response.status, headers: response.headers, body: response.body, fromCache: response.fromCache)
            case .reloadTimelines(let kind, _):
                _ = try await widgetCenter.reloadTimelines(ofKind: kind, interactive: duringTap, from: module)
                return .done
            case .currentConfigurations:
                return .data(try JSONEncoder().encode(try await widgetCenter.currentConfigurations(of: module)))
            case .reloadControls(let kind):
                widgetCenter.reloadControls(ofKind: kind)
                return .done
            }
        } catch let refused as FetchRefused {
            if fetchRefusals.first(module, refused.hostAndPort) { report("[\(module)] " + refused.logLine) }
            return .failure(RemoteError(refused))
        } catch {
            return .failure(RemoteError(error))
        }
    }
}

/// What has been logged of each module's refusals: each once, and at most
/// `limit` for a module, so that a kind trying every address of a network
/// cannot fill the log.
final class RefusalLog: Sendable {
    static let limit = 32
    private let logged = Mutex<[String: Set<String>]>([:])

    /// True the first time `what` is refused for `module`.
    func first(_ module: String, _ what: String) -> Bool {
        logged.withLock { logged in
            guard logged[module, default: []].count < Self.limit else { return false }
            return logged[module, default: []].insert(what).inserted
        }
    }
}

/// At most `limit` requests of one module in flight in the host: each may
/// hold a 5 MiB answer, and a kind could otherwise ask for thousands at once.
final class FetchGate: Sendable {
    static let limit = 16
    private let inFlight = Mutex<[String: Int]>([:])

    func enter(_ module: String) -> Bool {
        inFlight.withLock { counts in
            guard counts[module, default: 0] < Self.limit else { return false }
            counts[module, default: 0] += 1
            return true
        }
    }

    func leave(_ module: String) {
        inFlight.withLock { $0[module, default: 1] -= 1 }
    }
}
