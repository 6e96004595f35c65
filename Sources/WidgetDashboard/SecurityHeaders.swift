import HTTPTypes
import Hummingbird

/// Headers every dashboard response carries: no MIME sniffing, no framing.
/// The page adds its own Content-Security-Policy.
package struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    static var contentTypeOptions: HTTPField.Name { HTTPField.Name("X-Content-Type-Options")! }
    static var frameOptions: HTTPField.Name { HTTPField.Name("X-Frame-Options")! }

    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[Self.contentTypeOptions] = "nosniff"
        response.headers[Self.frameOptions] = "DENY"
        return response
    }
}
