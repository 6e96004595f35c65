import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Synchronization
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import WidgetKinds
import WidgetRendering
import WidgetSDK

/// The web dashboard of `run --serve`: every instance as its SVG, laid out
/// like a home screen, updated through server-sent events without reloading
/// the page; a JSON endpoint per instance for other clients.
package enum Dashboard {
    /// The page may run its own script and nothing else.
    package static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self'; "
        + "style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    /// - Parameter reloadKind: asks the running host to reload every instance
    ///   of a kind at once, after a tap on the page ran one of its intents.
    /// - Parameters:
    ///   - metrics: served at `/metrics` in Prometheus's text format.
    ///   - notReady: why the host cannot do its work now (`/readyz` answers 503 with it), or nil.
    ///   - key: what a browser must hold to tap while the dashboard is open (`DashboardKey`).
    ///   - beyondLoopback: the address is not a loopback one, and the dashboard was not said to be open: everyone must sign in or show a token (`DashboardAccess`).
    ///   - anyHost: answer to any name in `Host` (listening beyond loopback, where a machine's names and proxies vary).
    ///   - logger: the server's own (warnings and worse).
    ///   - accessLogger: who signed in, and who failed to: the host's log.
    package static func application(workspace: Workspace, events: DashboardEvents, host: String, port: Int, key: DashboardKey,
                                   beyondLoopback: Bool = false, anyHost: Bool = false, logger: Logger, accessLogger: Logger? = nil,
                                   metrics: HostMetrics? = nil,
                                   notReady: @escaping @Sendable () async -> String? = { nil },
                                   reloadKind: @escaping @Sendable (String) async -> Void = { _ in },
                                   onRunning: @escaping @Sendable (Int) async -> Void) throws -> some ApplicationProtocol {
        let router = Router(context: DashboardContext.self)
        let snapshots = try StatusSnapshots(workspace: workspace)
        // A token per run: only the page this host served can tap.
        let token = (0..<4).map { _ in String(UInt64.random(in: 0 ... .max), radix: 16) }.joined()
        // Behind a trusted proxy everyone signs in, and the proxy sends its own name for the dashboard.
        let requestGuard = RequestGuard<DashboardContext>(host: host, token: token, key: key,
                                                          anyHost: anyHost || beyondLoopback || !workspace.manifest.dashboard.trustedProxies.isEmpty)
        let access = DashboardAccess(accounts: DashboardAccounts(container: workspace.container), settings: workspace.manifest.dashboard,
                                     beyondLoopback: beyondLoopback)
        router.add(middleware: SecurityHeaders())
        router.add(middleware: requestGuard)
        router.add(middleware: access)
        SignInRoutes.add(to: router, access: access, throttle: LoginThrottle(), appearance: workspace.manifest.appearance, logger: accessLogger ?? logger)
        let cards = CardCache()
        DeviceRoutes.add(to: router, workspace: workspace, snapshots: snapshots, cards: cards, access: access, logger: accessLogger ?? logger)
        ActivityRoutes.add(to: router, workspace: workspace, cards: cards, accounts: access.accounts)
        ControlRoutes.add(to: router, workspace: workspace, cards: cards) { try requestGuard.checkTap($0, from: $1) }
        PushRoutes.add(to: router, workspace: workspace)
        /// The instances the request's sender may see, most relevant first (`StackRelevance`).
        @Sendable func visible(_ context: DashboardContext) async throws -> [InstanceStatus] {
            guard let principal = context.principal else { return [] }
            let statuses = try await snapshots.current().byRelevance(at: Date())
            guard let only = principal.only else { return statuses }
            return statuses.filter { only.contains($0.instance.id) }
        }
        /// The screens whose every instance the sender may see.
        @Sendable func visibleScreens(_ context: DashboardContext) -> [ScreenSettings] {
            guard let principal = context.principal else { return [] }
            return workspace.manifest.screens.filter { screen in screen.instanceIDs.allSatisfy { principal.sees($0) } }
        }
        serve(router, "/") { request, context in
            // The key link: a wrong key is said at once; the right one is kept by the page's script.
            if let offered = request.uri.queryParameters.get("key"), !key.matches(offered) {
                throw HTTPError(.forbidden, message: "that is not this dashboard's key")
            }
            var principal = context.principal ?? .open
            var cookie: String?
            if principal.proof == .proxy, principal.csrf == nil {
                // A proxy's user gets a session of their own, whose CSRF token their taps carry.
                let session = try await access.accounts.openSession(for: principal, owner: DashboardCredential.sessionOwner(ofProxyUser: principal.name))
                principal = session.principal
                cookie = access.sessionCookie(session.secret, secure: access.isSecure(request, context: context))
            }
            let statuses = try await visible(context)
            let screens = visibleScreens(context).map(\.name.value)
            var response = Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                                                           HTTPField.Name("Content-Security-Policy")!: contentSecurityPolicy],
                                    body: .init(byteBuffer: ByteBuffer(string: DashboardPage.html(statuses, token: token, principal: principal, screens: screens,
                                                                                                  appearance: workspace.manifest.appearance,
                                                                                                  locale: workspace.theme.locale))))
            if let cookie { response.headers[values: .setCookie].append(cookie) }
            return response
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
        serve(router, "/instances") { _, context in
            let summaries = try await visible(context).map { InstanceSummary($0, locale: workspace.theme.locale) }
            guard let json = InstanceSummary.jsonArray(summaries) else { return try Response.json(summaries) }
            return Response.json(bytes: json)
        }
        /// The instance, if it exists and the sender may see it (else it does not exist, for them).
        @Sendable func status(_ id: String, _ context: DashboardContext) async throws -> InstanceStatus {
            guard context.principal?.sees(id) ?? false, let status = try await snapshots.current().first(where: { $0.instance.id == id }) else {
                throw HTTPError(.notFound, message: "no instance with id '\(id)'")
            }
            return status
        }
        // One parameter name per level: Hummingbird's router refuses two.
        serve(router, "/instances/:file/actions") { _, context in
            let status = try await status(try context.parameters.require("file"), context)
            guard let entry = status.currentEntry, status.state != .unsupported else { return try Response.json([DashboardAction]()) }
            return try Response.json(try await RenderQueue.draw { DashboardAction.all(in: entry, family: status.instance.family, links: workspace.manifest.links, locale: workspace.theme.locale) })
        }
        router.post("/instances/:file/actions/:number") { request, context in
            try requestGuard.checkTap(request, from: context.principal)
            let id = try context.parameters.require("file")
            guard let number = Int(try context.parameters.require("number")) else { throw HTTPError(.badRequest, message: "not an action number") }
            _ = try await status(id, context)
            let entry = request.uri.queryParameters.get("entry")
            do {
                switch try await workspace.tap(id, number: number, entry: entry, reload: { kind in await reloadKind(kind) }) {
                case .link(let url): return try Response.json(["url": url.absoluteString])
                case .performed(let action, _, let reloading):
                    return try Response.json(["performed": action.intent?.title ?? action.label, "reloading": "\(reloading.count)"])
                }
            } catch let error as TapError {
                if case .intentFailed = error { throw HTTPError(.unprocessableContent, message: error.description) }
                if case .entryChanged = error { throw HTTPError(.conflict, message: error.description) }
                throw HTTPError(.badRequest, message: error.description)
            }
        }
        serve(router, "/instances/:file") { request, context in
            let file = try context.parameters.require("file")
            let format = CardFormat(file: file)
            let id = format.map { String(file.dropLast($0.rawValue.count + 1)) } ?? file
            let status = try await status(id, context)
            guard let format else { return try Response.json(InstanceSummary(status, includingView: true, locale: workspace.theme.locale)) }
            let mode = try renderingMode(request)
            let scheme = try CardRequest.colorScheme(request) ?? workspace.defaultScheme
            let (scale, palette) = try format == .png ? pngOptions(request) : (1, .color)
            // A card with text that keeps time is drawn again each second it is asked for.
            let now = Date()
            let tick = status.currentEntry?.view.ticks == true ? "|\(Int(now.timeIntervalSince1970))" : ""
            let key = "\(id)|\(status.currentEntry.map { "\($0.date.timeIntervalSince1970)" } ?? "placeholder")|\(mode)|\(scheme)|\(workspace.generation)|\(status.state)\(tick)"
                + (format == .png ? "|png|\(scale)|\(palette)" : "")
            let card = try await cards.card(for: key) {
                let renderable = try await workspace.renderable(status)
                let svg = try await RenderQueue.draw { renderable.svg(mode: mode, scheme: scheme) }
                switch format {
                case .svg: return Data(svg.utf8)
                case .png:
                    let rasterizer = workspace.rasterizer
                    return try await RenderQueue.rasterize { try rasterizer.png(svg: svg, scale: scale, palette: palette) }
                }
            }
            let headers: HTTPFields = [.contentType: format.contentType, .cacheControl: "no-cache", .eTag: card.etag]
            if CardRequest.holds(card.etag, request) { return Response(status: .notModified, headers: headers) }
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: card.body)))
        }
        serve(router, "/screens") { _, context in
            let statuses = try await visible(context)
            var summaries: [ScreenSummary] = []
            for screen in visibleScreens(context) {
                summaries.append(ScreenSummary(try await workspace.drawing(of: screen, statuses: statuses, at: Date())))
            }
            return try Response.json(summaries)
        }
        serve(router, "/screens/:file") { request, context in
            let file = try context.parameters.require("file")
            guard let dot = file.lastIndex(of: "."), let format = ScreenFormat(rawValue: String(file[file.index(after: dot)...])),
                  let screen = visibleScreens(context).first(where: { $0.name.value == file[..<dot] }) else {
                throw HTTPError(.notFound, message: "no screen '\(file)'; screens are /screens/<name>.png, .svg or .bmp")
            }
            if format == .bmp, screen.palette != .bw { throw HTTPError(.badRequest, message: ScreenError.bitmapNeedsBW(screen.name.value).description) }
            let drawing = try await workspace.drawing(of: screen, statuses: try await visible(context), at: Date())
            let etag = "\"\(drawing.digest)-\(format.rawValue)\""
            let headers: HTTPFields = [.contentType: format.contentType, .cacheControl: "no-cache", .eTag: etag]
            if CardRequest.holds(etag, request) { return Response(status: .notModified, headers: headers) }
            let body = try await DeviceRoutes.pictureData(drawing, format: format, workspace: workspace, cards: cards)
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
        }
        // For a process supervisor or a load balancer: alive, and able to work.
        serve(router, "/healthz") { _, _ in plain("ok\n") }
        serve(router, "/readyz") { _, _ in
            if let reason = await notReady() { return plain("not ready: \(reason)\n", status: .serviceUnavailable) }
            return plain("ready: \(workspace.bundle.kinds.count) kinds, container writable\n")
        }
        if let metrics {
            serve(router, "/metrics") { _, context in
                // Kinds, hosts and counts of every instance: not for someone limited to some.
                guard context.principal?.only == nil else { throw HTTPError(.forbidden, message: "/metrics is for users and tokens that see every instance") }
                if let counts = try await workspace.container.offPool({ $0.leaseCounts() }) { HostMetrics.fleetLeases(counts) }
                HostMetrics.devices(try await workspace.container.read { try $0.devices() }.filter { !$0.isWaiting }.map {
                    (mac: $0.mac, screen: $0.screen ?? "", battery: $0.telemetry.batteryVoltage, rssi: $0.telemetry.rssi, lastContact: $0.lastContact)
                })
                return plain(metrics.text(), contentType: "text/plain; version=0.0.4; charset=utf-8")
            }
        }
        serve(router, "/events") { _, context in
            // A user limited to some instances hears of those only, and not of Live Activities, which they do not see.
            let only = context.principal.map { $0.only } ?? []
            let messages = events.subscribe()
                .filter { message in only.map { DashboardEvents.instance(in: message).map($0.contains) ?? !message.hasPrefix("event: activities\n") } ?? true }
                .map { ByteBuffer(string: $0) }
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                            body: .init(asyncSequence: messages))
        }
        return application(router, guardedBy: requestGuard, serverName: "widgethost", port: port, logger: logger, onRunning: onRunning)
    }

    /// The server for `router` on the guard's host: once it has bound, the
    /// guard learns the port (0 picks one) and `onRunning` is told it.
    package static func application<Context: RequestContext>(_ router: Router<Context>, guardedBy requestGuard: RequestGuard<Context>,
                            serverName: String, port: Int, logger: Logger,
                            onRunning: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol
    where Context.Source == ApplicationRequestContextSource {
        Application(
            router: router,
            server: StrictHTTP1Channel.builder,
            configuration: .init(address: .hostname(requestGuard.host, port: port), serverName: serverName),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? port
                requestGuard.port.value.withLock { $0 = bound }
                await onRunning(bound)
            },
            logger: logger)
    }

    /// GET and HEAD answer with `handler`; any other method is 405 with `Allow`.
    package static func serve<Context: RequestContext>(_ router: Router<Context>, _ path: RouterPath,
                                                     _ handler: @escaping @Sendable (Request, Context) async throws -> Response) {
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

    /// `?scale=2&palette=bw` on a PNG card.
    private static func pngOptions(_ request: Request) throws -> (Double, PNGRasterizer.Palette) {
        let parameters = request.uri.queryParameters
        var scale = 1.0
        if let text = parameters.get("scale") {
            guard let value = Double(text), PNGRasterizer.scales.contains(value) else {
                throw HTTPError(.badRequest, message: "scale is a number from 0.25 to 4")
            }
            // In quarters: each scale is a card of its own in the cache, and
            // 1.0001 must not draw (and hold) another.
            scale = (value * 4).rounded() / 4
        }
        var palette = PNGRasterizer.Palette.color
        if let text = parameters.get("palette") {
            guard let value = PNGRasterizer.Palette(rawValue: text) else { throw HTTPError(.badRequest, message: "palette is color, gray-4 or bw") }
            palette = value
        }
        return (scale, palette)
    }

    /// `?mode=`, default full colour; anything else is 400.
    private static func renderingMode(_ request: Request) throws -> RenderingMode {
        guard let text = request.uri.queryParameters.get("mode") else { return .fullColor }
        guard let mode = RenderingMode(rawValue: text) else {
            throw HTTPError(.badRequest, message: "unknown mode '\(text)'; modes: fullColor, accented, vibrant")
        }
        return mode
    }

    private static func plain(_ text: String, status: HTTPResponse.Status = .ok, contentType: String = "text/plain; charset=utf-8") -> Response {
        Response(status: status, headers: [.contentType: contentType, .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(string: text)))
    }


    /// Which dashboard event a scheduler event is, if any.
    package static func event(for event: SchedulerEvent) -> String? {
        switch event.kind {
        case .added, .removed, .withdrawn, .resumed: "instances"
        case .timelineReceived, .entryBecameCurrent, .reloadFailed, .quarantined: "entry"
        default: nil
        }
    }
}

/// What `/instances/<id>.<ext>` draws a card as.
private enum CardFormat: String {
    case svg, png

    init?(file: String) {
        guard let dot = file.lastIndex(of: "."), let format = CardFormat(rawValue: String(file[file.index(after: dot)...])) else { return nil }
        self = format
    }

    var contentType: String {
        switch self {
        case .svg: "image/svg+xml"
        case .png: "image/png"
        }
    }
}
