import Foundation
import HTTPTypes
import Hummingbird
import Logging
import WidgetDashboard

/// The live gallery of `dev --serve`: the page, the gallery as a fragment,
/// and an event stream that says when to fetch it again. It shares the
/// dashboard's guards: only requests naming the bound address are answered.
package enum GalleryServer {
    package static func application(page: GalleryPage, events: DashboardEvents, host: String, port: Int, logger: Logger,
                                   onRunning: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        let router = Router()
        let requestGuard = RequestGuard<BasicRequestContext>(host: host, token: "")
        router.add(middleware: SecurityHeaders())
        router.add(middleware: requestGuard)
        Dashboard.serve(router, "/") { _, _ in
            html(page.html(), headers: [HTTPField.Name("Content-Security-Policy")!: Dashboard.contentSecurityPolicy])
        }
        Dashboard.serve(router, "/gallery") { _, _ in html(page.fragment()) }
        Dashboard.serve(router, "/gallery.js") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                     body: .init(byteBuffer: ByteBuffer(string: GalleryPage.script)))
        }
        Dashboard.serve(router, "/events") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                     body: .init(asyncSequence: events.subscribe().map { ByteBuffer(string: $0) }))
        }
        return Dashboard.application(router, guardedBy: requestGuard, serverName: "widgethost-dev", port: port, logger: logger, onRunning: onRunning)
    }

    private static func html(_ text: String, headers: HTTPFields = [:]) -> Response {
        var fields: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
        fields.append(contentsOf: headers)
        return Response(status: .ok, headers: fields, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
