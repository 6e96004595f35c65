import ExtensionProtocol
import Foundation
import WidgetSDK

/// What the host does for its extensions: HTTP with its token, cache and
/// rate limits, and the container's shared defaults. Nothing else crosses.
public struct ExtensionServices: Sendable {
    public let http: any HTTPService
    public let defaults: any SharedDefaultsStore

    public init(http: any HTTPService, defaults: any SharedDefaultsStore) {
        self.http = http
        self.defaults = defaults
    }

    /// No network, and defaults that live as long as the extensions: for
    /// commands that read a manifest without opening its container.
    public static var unavailable: ExtensionServices {
        ExtensionServices(http: UnavailableHTTPService(), defaults: InMemoryDefaultsStore())
    }

    func handle(_ call: ServiceCall) async -> ServiceResult {
        do {
            switch call {
            case .api(let path, let scope):
                let response = if let http = http as? GitHubService {
                    try await http.api(path, scope: scope)
                } else {
                    try await http.api(path)
                }
                return .response(status: response.status, headers: response.headers, body: response.body, fromCache: response.fromCache)
            case .asset(let url):
                return .data(try await http.asset(url))
            case .readDefault(let key):
                return .data(try defaults.data(forKey: key))
            case .writeDefault(let key, let data):
                try defaults.setData(data, forKey: key)
                return .done
            }
        } catch {
            return .failure(RemoteError(error))
        }
    }
}
