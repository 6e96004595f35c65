import Foundation
import HTTPTypes
import Hummingbird
import WidgetHost
import WidgetRendering
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

    /// `<name>.svg` or `<name>.png`: the name, and whether a PNG is asked for; nil for any other file.
    static func file(_ file: String) -> (name: String, png: Bool)? {
        guard let dot = file.lastIndex(of: "."), ["svg", "png"].contains(file[file.index(after: dot)...]) else { return nil }
        return (String(file[..<dot]), file.hasSuffix(".png"))
    }

    /// The card's bytes: `svg`, drawn on the render thread, and rasterised at scale 1 when a PNG is asked for.
    static func draw(png: Bool, rasterizer: any PNGRendering, _ svg: @escaping @Sendable () throws -> String) async throws -> Data {
        let drawn = try await RenderQueue.draw(svg)
        guard png else { return Data(drawn.utf8) }
        return try await RenderQueue.rasterize { try rasterizer.png(svg: drawn, scale: 1, palette: .color) }
    }

    /// The card as the answer: its type and ETag, a 304 when the client
    /// holds it already, and no body for a HEAD.
    static func response(_ card: CardCache.Card, png: Bool, for request: Request) -> Response {
        let headers: HTTPFields = [.contentType: png ? "image/png" : "image/svg+xml", .cacheControl: "no-cache", .eTag: card.etag]
        if holds(card.etag, request) { return Response(status: .notModified, headers: headers) }
        return Response(status: .ok, headers: headers, body: request.method == .head ? .init() : .init(byteBuffer: ByteBuffer(bytes: card.body)))
    }
}
