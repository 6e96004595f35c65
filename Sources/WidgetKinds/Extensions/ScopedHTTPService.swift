import ExtensionProtocol
import WidgetSDK

/// An HTTP service that knows which reload a request is made for: the host's
/// GitHub service, which skips its freshness window for an explicit reload
/// and spends a fleet's budget only while the lease named still holds.
package protocol ScopedHTTPService: HTTPService {
    func api(_ path: String, scope: ReloadScope) async throws -> HTTPResponse
}
