import ExtensionProtocol
import Foundation
import Synchronization
import WidgetSDK

/// Asks the host for its services over the channel. The reply arrives on the
/// server's reading thread, never on the caller's, so even a blocking call
/// (shared defaults are synchronous, as `UserDefaults` is) cannot deadlock.
final class ServiceClient: Sendable {
    private let channel: FrameChannel
    private let pending = Mutex<(next: UInt64, waiting: [UInt64: @Sendable (ServiceResult) -> Void])>((1, [:]))
    /// Replies are read by the server's loop, which starts after the module
    /// has loaded: a call made while it loads (a `UserDefaults` read in a
    /// `WidgetBundle`'s body) would wait for ever, so it fails at once.
    private let answering = Mutex(false)

    /// The server's loop reads replies from now on.
    func startAnswering() {
        answering.withLock { $0 = true }
    }


    init(channel: FrameChannel) {
        self.channel = channel
    }

    func call(_ call: ServiceCall) async -> ServiceResult {
        await withCheckedContinuation { continuation in
            send(call) { continuation.resume(returning: $0) }
        }
    }

    func callBlocking(_ call: ServiceCall) -> ServiceResult {
        let done = DispatchSemaphore(value: 0)
        let answer = Mutex<ServiceResult?>(nil)
        send(call) { result in
            answer.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return answer.withLock { $0 } ?? .failure(.other("no answer from the host"))
    }

    func complete(_ id: UInt64, with result: ServiceResult) {
        pending.withLock { $0.waiting.removeValue(forKey: id) }?(result)
    }

    /// Sends `call`; `resume` runs with the reply on the server's reading thread.
    func send(_ call: ServiceCall, then resume: @escaping @Sendable (ServiceResult) -> Void) {
        guard answering.withLock({ $0 }) else {
            return resume(.failure(.other("the host's services are not available while the module loads; use them in a provider or an intent")))
        }
        let id = pending.withLock { state in
            defer { state.next += 1 }
            state.waiting[state.next] = resume
            return state.next
        }
        do {
            try channel.send(.service(id: id, call))
        } catch {
            complete(id, with: .failure(.unreachable("the host's channel is closed: \(error)")))
        }
    }
}

/// `HostServices.http` in an extension: every request is made by the host,
/// which holds the token, the cache and the rate limits.
struct ChannelHTTPService: HTTPService {
    /// Set around a timeline call, as the host scoped it.
    @TaskLocal static var callScope: ReloadScope?

    /// The call's scope; for a `URLSession` request, which runs outside the
    /// call's task, the one timeline call running.
    static var scope: ReloadScope { callScope ?? TimelineCalls.scope }

    let client: ServiceClient

    func api(_ path: String) async throws -> HTTPResponse {
        switch await client.call(.api(path: path, scope: Self.scope)) {
        case .response(let status, let headers, let body, let fromCache):
            return HTTPResponse(status: status, headers: headers, body: body, fromCache: fromCache)
        case .failure(let error): throw error.rethrowable
        default: throw HTTPServiceError.invalidResponse("the host answered an API request with something else")
        }
    }

    func fetch(_ request: HTTPRequest) async throws -> HTTPResponse {
        switch await client.call(.fetch(request, scope: Self.scope)) {
        case .response(let status, let headers, let body, let fromCache):
            return HTTPResponse(status: status, headers: headers, body: body, fromCache: fromCache)
        case .failure(let error): throw error.rethrowable
        default: throw HTTPServiceError.invalidResponse("the host answered a request with something else")
        }
    }

    func asset(_ url: String) async throws -> Data {
        switch await client.call(.asset(url: url)) {
        case .data(let data?): return data
        case .failure(let error): throw error.rethrowable
        default: throw HTTPServiceError.invalidResponse("the host answered an asset request with something else")
        }
    }
}

/// `SharedDefaults.appGroup` and `UserDefaults` in an extension: the
/// container stays in the host, which keeps each module's own suites apart.
struct ChannelDefaultsStore: SharedDefaultsStore {
    let client: ServiceClient
    /// Nil for the App Group's suite.
    var suite: String? = nil

    func data(forKey key: String) throws -> Data? {
        switch client.callBlocking(.readDefault(key: key, suite: suite)) {
        case .data(let data): return data
        case .failure(let error): throw error.rethrowable
        default: return nil
        }
    }

    func setData(_ data: Data?, forKey key: String) throws {
        if case .failure(let error) = client.callBlocking(.writeDefault(key: key, data: data, suite: suite)) {
            throw error.rethrowable
        }
    }

    func suite(named name: String) -> any SharedDefaultsStore {
        ChannelDefaultsStore(client: client, suite: name)
    }
}

/// `WidgetCenter` in an extension: the host stores the reload requests and
/// knows the placed widgets.
struct ChannelWidgetCenter: WidgetCenterService {
    /// Set around a tapped control's `perform()`: its reloads are made at once.
    @TaskLocal static var interactive = false

    let client: ServiceClient

    func reloadTimelines(ofKind kind: String?) throws {
        if case .failure(let error) = client.callBlocking(.reloadTimelines(kind: kind, interactive: Self.interactive)) {
            throw error.rethrowable
        }
    }

    func reloadControls(ofKind kind: String?) throws {
        if case .failure(let error) = client.callBlocking(.reloadControls(kind: kind)) {
            throw error.rethrowable
        }
    }

    func currentConfigurations() async throws -> [WidgetInfo] {
        switch await client.call(.currentConfigurations) {
        case .data(let json?): return try JSONDecoder().decode([WidgetInfo].self, from: json)
        case .failure(let error): throw error.rethrowable
        default: throw HTTPServiceError.invalidResponse("the host answered WidgetCenter with something else")
        }
    }
}
