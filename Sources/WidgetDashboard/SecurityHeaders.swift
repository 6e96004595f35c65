import HTTPTypes
import Hummingbird

/// Headers every dashboard response carries: no MIME sniffing, no framing,
/// nothing loaded by another site's page (`Cross-Origin-Resource-Policy`,
/// which a browser honours even for an `<img>`), and no address in a
/// `Referer` (the key link's). The page adds its own Content-Security-Policy.
package struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    static var contentTypeOptions: HTTPField.Name { HTTPField.Name("X-Content-Type-Options")! }
    static var frameOptions: HTTPField.Name { HTTPField.Name("X-Frame-Options")! }
    static var resourcePolicy: HTTPField.Name { HTTPField.Name("Cross-Origin-Resource-Policy")! }
    static var referrerPolicy: HTTPField.Name { HTTPField.Name("Referrer-Policy")! }

    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            // Refusals too: a 403 must not be readable by another site either.
            response = try error.response(from: request, context: context)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // Any other failure (a card that could not be drawn) is a 500 with these headers as well.
            response = try HTTPError(.internalServerError, message: "\(error)").response(from: request, context: context)
        }
        response.headers[Self.contentTypeOptions] = "nosniff"
        response.headers[Self.frameOptions] = "DENY"
        response.headers[Self.resourcePolicy] = "same-origin"
        response.headers[Self.referrerPolicy] = "no-referrer"
        return response
    }
}
