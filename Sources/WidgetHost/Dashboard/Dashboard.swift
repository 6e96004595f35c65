import Foundation
import HTTPTypes
import Hummingbird
import Logging
import WidgetSDK

/// The web dashboard of `run --serve`: every instance as its SVG, laid out
/// like a home screen, updated through server-sent events without reloading
/// the page; a JSON endpoint per instance for other clients.
public enum Dashboard {
    /// The page may run its own script and nothing else.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self'; "
        + "style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    public static func application(workspace: Workspace, events: DashboardEvents, host: String, port: Int, logger: Logger,
                                   onRunning: @escaping @Sendable (Int) async -> Void) throws -> some ApplicationProtocol {
        let router = Router()
        let snapshots = try StatusSnapshots(workspace: workspace)
        router.add(middleware: SecurityHeaders())
        let cards = CardCache()
        serve(router, "/") { _, _ in
            let statuses = try snapshots.current()
            return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                                                   HTTPField.Name("Content-Security-Policy")!: contentSecurityPolicy],
                            body: .init(byteBuffer: ByteBuffer(string: DashboardPage.html(statuses))))
        }
        serve(router, "/dashboard.js") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                     body: .init(byteBuffer: ByteBuffer(string: DashboardPage.script)))
        }
        for icon in ["/favicon.svg", "/favicon.ico"] {
            serve(router, RouterPath(stringLiteral: icon)) { _, _ in
                Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "max-age=86400"],
                         body: .init(byteBuffer: ByteBuffer(string: DashboardPage.favicon)))
            }
        }
        serve(router, "/instances") { _, _ in
            try json(try snapshots.current().map { InstanceSummary($0) })
        }
        serve(router, "/instances/:file") { request, context in
            let file = try context.parameters.require("file")
            let id = file.hasSuffix(".svg") ? String(file.dropLast(4)) : file
            guard let status = try snapshots.current().first(where: { $0.instance.id == id }) else {
                throw HTTPError(.notFound, message: "no instance with id '\(id)'")
            }
            guard file.hasSuffix(".svg") else { return try json(InstanceSummary(status, includingView: true)) }
            let mode = try renderingMode(request)
            let key = "\(id)|\(status.currentEntry.map { "\($0.date.timeIntervalSince1970)" } ?? "placeholder")|\(mode)|\(workspace.generation)"
            let card = try await cards.card(for: key) { try await workspace.renderable(status).svg(mode: mode) }
            let headers: HTTPFields = [.contentType: "image/svg+xml", .cacheControl: "no-cache", .eTag: card.etag]
            if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == card.etag }) == true {
                return Response(status: .notModified, headers: headers)
            }
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: card.svg)))
        }
        serve(router, "/events") { _, _ in
            let messages = events.subscribe().map { ByteBuffer(string: $0) }
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                            body: .init(asyncSequence: messages))
        }
        return Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "widgethost"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    /// GET and HEAD answer with `handler`; any other method is 405 with `Allow`.
    private static func serve(_ router: Router<BasicRequestContext>, _ path: RouterPath,
                              _ handler: @escaping @Sendable (Request, BasicRequestContext) async throws -> Response) {
        router.get(path, use: handler)
        router.head(path) { request, context in
            var response = try await handler(request, context)
            response.body = .init()
            return response
        }
        for method in [HTTPRequest.Method.post, .put, .patch, .delete, .options] {
            router.on(path, method: method) { _, _ in
                Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
            }
        }
    }

    /// `?mode=`, default full colour; anything else is 400.
    private static func renderingMode(_ request: Request) throws -> RenderingMode {
        guard let text = request.uri.queryParameters.get("mode") else { return .fullColor }
        guard let mode = RenderingMode(rawValue: text) else {
            throw HTTPError(.badRequest, message: "unknown mode '\(text)'; modes: fullColor, accented, vibrant")
        }
        return mode
    }

    private static func json(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return Response(status: .ok, headers: [.contentType: "application/json"],
                        body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }

    /// Which dashboard event a scheduler event is, if any.
    public static func event(for event: SchedulerEvent) -> String? {
        switch event.kind {
        case .added, .removed: "instances"
        case .timelineReceived, .entryBecameCurrent, .reloadFailed, .quarantined: "entry"
        default: nil
        }
    }
}
