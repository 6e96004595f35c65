import Foundation
import Hummingbird
import Logging
import WidgetSDK

/// The web dashboard of `run --serve`: every instance as its SVG, laid out
/// like a home screen, updated through server-sent events without reloading
/// the page; a JSON endpoint per instance for other clients.
public enum Dashboard {
    public static func application(workspace: Workspace, events: DashboardEvents, host: String, port: Int, logger: Logger,
                                   onRunning: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        let router = Router()
        router.get("/") { _, _ in
            let statuses = try workspace.statuses()
            return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: DashboardPage.html(statuses))))
        }
        router.get("/instances") { _, _ in
            try json(try workspace.statuses().map { InstanceSummary($0) })
        }
        router.get("/instances/:file") { request, context in
            let file = try context.parameters.require("file")
            let id = file.hasSuffix(".svg") ? String(file.dropLast(4)) : file
            guard let status = try? workspace.status(of: id) else {
                throw HTTPError(.notFound, message: "no instance with id '\(id)'")
            }
            guard file.hasSuffix(".svg") else { return try json(InstanceSummary(status, includingView: true)) }
            let mode = request.uri.queryParameters.get("mode").flatMap(RenderingMode.init(rawValue:)) ?? .fullColor
            let svg = try await workspace.renderable(status).svg(mode: mode)
            return Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(string: svg)))
        }
        router.get("/events") { _, _ in
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
