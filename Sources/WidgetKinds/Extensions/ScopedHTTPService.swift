import ExtensionProtocol
import Foundation
import WidgetConfiguration
import WidgetSDK

/// An HTTP service that knows which reload a request is made for: the host's
/// GitHub service, which skips its freshness window for an explicit reload
/// and spends a fleet's budget only while the lease named still holds; and
/// that fetches for a kind only from public addresses, or hosts the
/// manifest allows its module, throwing `FetchRefused` for the rest, with
/// the headers the manifest gives the module for each place it reaches.
package protocol ScopedHTTPService: HTTPService {
    func api(_ path: String, scope: ReloadScope) async throws -> HTTPResponse
    func fetch(_ request: HTTPRequest, allowing hosts: FetchAllowance, credentials: FetchCredentials, scope: ReloadScope) async throws -> HTTPResponse
    func asset(_ url: String, allowing hosts: FetchAllowance) async throws -> Data
}
