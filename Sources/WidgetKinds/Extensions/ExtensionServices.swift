import ExtensionProtocol
import Foundation
import HostText
import WidgetContainer
import WidgetSDK

/// What the host does for its extensions: HTTP with its token, cache and
/// rate limits, and the container's shared defaults. Nothing else crosses.
package struct ExtensionServices: Sendable {
    package let http: any HTTPService
    package let defaults: any SharedDefaultsStore
    package let suites: DefaultsSuites

    package init(http: any HTTPService, defaults: any SharedDefaultsStore, suites: DefaultsSuites = DefaultsSuites()) {
        self.http = http
        self.defaults = defaults
        self.suites = suites
    }

    /// No network, and defaults that live as long as the extensions: for
    /// commands that read a manifest without opening its container.
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
            return "keys starting with '\(DefaultsSuites.reservedPrefix)' hold other modules' own suites"
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

    /// Answers `module`'s extension.
    func handle(_ call: ServiceCall, from module: String) async -> ServiceResult {
        do {
            switch call {
            case .api(let path, let scope):
                let response = if let http = http as? any ScopedHTTPService {
                    try await http.api(path, scope: scope)
                } else {
                    try await http.api(path)
                }
                return .response(status: response.status, headers: response.headers, body: response.body, fromCache: response.fromCache)
            case .asset(let url):
                return .data(try await http.asset(url))
            case .readDefault(let key):
                if DefaultsSuites.isReserved(key) { return .data(nil) }
                let (defaults, key) = (defaults, suites.storedKey(key, module: module))
                // The defaults live in the container: read on its threads, not the pool's.
                return .data(try await ContainerThreads.shared.run { try defaults.data(forKey: key) })
            case .writeDefault(let key, let data):
                if let problem = Self.problem(writing: data, forKey: key) { return .failure(.other(problem)) }
                let (defaults, key) = (defaults, suites.storedKey(key, module: module))
                try await ContainerThreads.shared.run { try defaults.setData(data, forKey: key) }
                return .done
            }
        } catch {
            return .failure(RemoteError(error))
        }
    }
}
