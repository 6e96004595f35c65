import Hummingbird
import WidgetSDK

/// What a request for a card (an instance's, a screen's, a Live
/// Activity's) asks beyond its path: whether the client already holds
/// the picture, and in which colour scheme to draw it.
enum CardRequest {
    /// Whether the client already holds the picture `etag` names (`If-None-Match`).
    static func holds(_ etag: String, _ request: Request) -> Bool {
        request.headers[.ifNoneMatch]?.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == etag } == true
    }

    /// `?scheme=dark`; nil when the request does not say.
    static func colorScheme(_ request: Request) throws -> ColorScheme? {
        guard let text = request.uri.queryParameters.get("scheme") else { return nil }
        guard let scheme = ColorScheme(rawValue: text) else { throw HTTPError(.badRequest, message: "scheme is light or dark") }
        return scheme
    }
}
