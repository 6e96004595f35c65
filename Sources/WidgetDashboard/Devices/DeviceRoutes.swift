import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import WidgetRendering

/// The API TRMNL's firmware talks to a server of its owner's choosing
/// ("bring your own server"): `GET /api/setup` hands an admitted device its
/// key, `GET /api/display` says which picture to show and how long to
/// sleep, `POST /api/log` takes its error reports. The device fetches the
/// picture from `image_url`, and keeps it by `filename`: the screen's
/// digest, so a picture it has is never fetched again.
///
/// Written from the firmware's source (usetrmnl/trmnl-firmware 1.8.14):
/// it parses a `/api/display` body only with `status` 0 and a usable
/// `image_url`, so every answer has both, even to a device that is not
/// let in (it is shown a picture that says what to do); `status` 500 or
/// `reset_firmware` would wipe its Wi-Fi and are never sent.
enum DeviceRoutes {
    /// Firmware before this takes only an 800×480 1-bit BMP.
    static let firstPNGFirmware = [1, 5, 0]
    /// Firmware before this takes a PNG of 1 bit only.
    static let firstGrayFirmware = [1, 6, 0]
    /// What the firmware downloads at most (more shows "too big").
    static let largestPicture = 90_000
    /// Log lines a request may add to the host's log; the rest are counted.
    static let logLinesLogged = 10
    /// How long a device that is not let in sleeps before asking again.
    static let turnedAwaySleep = 900

    static func add(to router: Router<DashboardContext>, workspace: Workspace, snapshots: StatusSnapshots, cards: CardCache,
                    access: DashboardAccess, logger: Logger) {
        let registry = DeviceRegistry(container: workspace.container)

        // Firmware before 1.7 asks for `/api/setup/`: the router takes both.
        do {
            router.get("/api/setup") { request, context in
                guard let mac = request.headers[Header.id].flatMap(DeviceEntry.normalizedMAC) else {
                    return answer(["status": 404, "message": "no device ID (its MAC address) in the request"], status: .notFound)
                }
                let telemetry = telemetry(request, context: context, access: access)
                switch try await registry.setup(mac, telemetry: telemetry) {
                case .registered(let device, let key):
                    logger.notice("device \(mac) (\(device.friendlyID)) set up to show screen '\(device.screen ?? "")'")
                    return answer(["status": 200, "api_key": key, "friendly_id": device.friendlyID,
                                   "image_url": base(request, context, access) + "/api/pictures/welcome.png",
                                   "message": "Connected to widgethost: showing screen \(device.screen ?? "")"])
                case .notRegistered(let device):
                    let from = access.clientAddress(request, context: context)
                    if device == nil {
                        logger.notice("device \(mac) asked to set up and is not admitted; it is listed as waiting: widgethost devices add \(mac) --screen <name>")
                    } else if let device, !device.isWaiting, device.keyDigest != nil {
                        // A MAC is no secret: this may be the device, reset, or someone using its MAC.
                        logger.warning("""
                            a setup in the name of device \(mac) from \(from) was refused: it has its key. If the device was reset, \
                            'widgethost devices rekey \(mac)' lets it set up within 30 minutes; if it was not, something else uses its MAC
                            """)
                    } else if let device, !device.isWaiting {
                        logger.warning("device \(mac) asked to set up from \(from) after its 30-minute window: 'widgethost devices rekey \(mac)' opens it again")
                    }
                    return answer(["status": 404, "message": "MAC \(mac) is not registered with this widgethost: widgethost devices add \(mac) --screen <name>"],
                                  status: .notFound)
                }
            }
        }

        router.get("/api/display") { request, context in
            let now = Date()
            var telemetry = telemetry(request, context: context, access: access)
            let base = base(request, context, access)
            guard let device = try await registry.authenticate(request.headers[Header.id], key: request.headers[Header.accessToken]) else {
                let mac = request.headers[Header.id].flatMap(DeviceEntry.normalizedMAC) ?? "unknown"
                logger.warning("device \(mac) asked for its picture without a key this host knows; it is shown how to set up again")
                return display(image: base + "/api/pictures/not-admitted.png", filename: "widgethost-not-admitted", refresh: turnedAwaySleep)
            }
            guard let name = device.screen, let screen = workspace.manifest.screen(named: name) else {
                return display(image: base + "/api/pictures/no-screen.png", filename: "widgethost-no-screen", refresh: turnedAwaySleep)
            }
            // Whatever fails here, the device is answered as it expects: an HTTP error would
            // send it through five tries and its retry ladder to an error screen.
            do {
                telemetry.firmware = telemetry.firmware ?? device.telemetry.firmware
                var (drawing, format) = try await deviceDrawing(of: screen, for: telemetry, workspace: workspace, snapshots: snapshots, at: now)
                let picture = try await pictureData(drawing, format: format, workspace: workspace, cards: cards)
                if picture.count > largestPicture, format == .png, drawing.screenPalette != .bw {
                    drawing = drawing.drawn(in: .bw)
                    _ = try await pictureData(drawing, format: format, workspace: workspace, cards: cards)
                } else if picture.count > largestPicture {
                    logger.warning("screen '\(name)' is \(picture.count) bytes as \(format.rawValue), past the \(largestPicture) a TRMNL takes: give it fewer images")
                }
                let refresh = drawing.refreshInterval(at: now)
                let filename = cacheName(drawing.digest, at: now)
                telemetry.filename = filename
                telemetry.refreshRate = refresh
                try await registry.recordContact(device, telemetry: telemetry, at: now)
                let signature = signature(device, digest: drawing.digest, format: format)
                let mac = device.mac.replacingOccurrences(of: ":", with: "")
                return display(image: base + "/api/screens/\(mac)/\(drawing.digest).\(format.rawValue)?sig=\(signature)", filename: filename,
                               refresh: refresh)
            } catch {
                logger.error("screen '\(name)' could not be drawn for device \(device.mac): \(error)")
                return display(image: base + "/api/pictures/not-drawn.png", filename: "widgethost-not-drawn",
                               refresh: Int(screen.refreshMinimum.seconds))
            }
        }

        router.get("/api/screens/:device/:file") { request, context in
            let file = try context.parameters.require("file")
            let parts = file.split(separator: ".")
            guard parts.count == 2, let format = ScreenFormat(rawValue: String(parts[1])), format != .svg,
                  let mac = DeviceEntry.normalizedMAC(Self.colons(try context.parameters.require("device"))),
                  let device = try await workspace.container.read({ try $0.device(mac: mac) }), !device.isWaiting, device.keyDigest != nil else {
                throw HTTPError(.notFound)
            }
            let digest = String(parts[0])
            // The link's signature, made from the device's key: good until it is rekeyed. A device
            // that sends its key with the request (firmware 1.6.10 on) must send the right one.
            var keyRight = true
            if let key = request.headers[Header.accessToken] { keyRight = try await registry.authenticate(mac, key: key) != nil }
            guard SameOrigin.same(request.uri.queryParameters.get("sig"), signature(device, digest: digest, format: format)), keyRight,
                  let name = device.screen, let screen = workspace.manifest.screen(named: name) else {
                throw HTTPError(.notFound)
            }
            var body = cards.kept("screen|\(name)|\(digest)|\(format.rawValue)")
            if body == nil {
                // Another host of a fleet drew it, or it left the cache, or a card that keeps
                // time changed it since: the screen as it is now (a 404 would send the device
                // down its retry ladder). Its next wake names the new picture.
                var (drawing, _) = try await deviceDrawing(of: screen, for: device.telemetry, workspace: workspace, snapshots: snapshots, at: Date())
                if drawing.digest != digest, drawing.drawn(in: .bw).digest == digest { drawing = drawing.drawn(in: .bw) }
                body = try await pictureData(drawing, format: format, workspace: workspace, cards: cards)
            }
            return Response(status: .ok, headers: [.contentType: format.contentType, .cacheControl: "private, max-age=86400"],
                            body: .init(byteBuffer: ByteBuffer(bytes: body!)))
        }

        for name in ["welcome", "not-admitted", "no-screen", "not-drawn"] {
            router.get(RouterPath(stringLiteral: "/api/pictures/\(name).png")) { _, _ in
                let card = try await cards.card(for: "device-picture|\(name)") {
                    let svg = DevicePictures.svg(name)
                    let rasterizer = workspace.rasterizer
                    return try await RenderQueue.rasterize { try rasterizer.picture(svg: svg, scale: 1, palette: .bw, format: .png) }
                }
                return Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "max-age=3600"],
                                body: .init(byteBuffer: ByteBuffer(bytes: card.body)))
            }
        }

        router.post("/api/log") { request, context in
            guard let device = try await registry.authenticate(request.headers[Header.id], key: request.headers[Header.accessToken]) else {
                throw HTTPError(.unauthorized, message: "no device with that ID and Access-Token")
            }
            let body = try await request.body.collect(upTo: 64 << 10)
            let entries = DeviceLog.entries(Data(buffer: body))
            for entry in entries.prefix(logLinesLogged) {
                logger.warning("device \(device.mac) (\(device.friendlyID)) reports: \(entry)")
            }
            if entries.count > logLinesLogged {
                logger.warning("device \(device.mac) (\(device.friendlyID)) sent \(entries.count - logLinesLogged) more log lines, counted and not shown")
            }
            try await registry.recordContact(device, telemetry: telemetry(request, context: context, access: access), logs: entries.count)
            return Response(status: .noContent)
        }
    }

    /// The picture of `drawing`, drawn once per digest and format. A
    /// failure is not kept: the rasteriser may be back at the next wake.
    static func pictureData(_ drawing: ScreenDrawing, format: ScreenFormat, workspace: Workspace, cards: CardCache) async throws -> Data {
        try await cards.card(for: "screen|\(drawing.screen.name.value)|\(drawing.digest)|\(format.rawValue)", remembering: false) {
            try await workspace.picture(of: drawing, as: format)
        }.body
    }

    /// The screen as a device's firmware can show it: before 1.5.0 a 1-bit
    /// BMP, before 1.6.0 a 1-bit PNG, from then on the screen's palette.
    static func deviceDrawing(of screen: ScreenSettings, for telemetry: DeviceTelemetry, workspace: Workspace, snapshots: StatusSnapshots,
                              at now: Date) async throws -> (ScreenDrawing, ScreenFormat) {
        let drawing = try await workspace.drawing(of: screen, statuses: try await snapshots.current(), at: now)
        if firmware(telemetry.firmware, isBefore: firstPNGFirmware) { return (drawing.drawn(in: .bw), .bmp) }
        if firmware(telemetry.firmware, isBefore: firstGrayFirmware), drawing.screenPalette != .bw { return (drawing.drawn(in: .bw), .png) }
        return (drawing, .png)
    }

    /// `filename` for the device's flash cache: the digest, and the start of
    /// the half day. The firmware deletes a cached file whose name ends in
    /// no Unix time or in one more than a day old, so each picture is kept
    /// a day at most and fetched again twice a day at most: a playlist's
    /// pages stay cached as they take turns. 27 characters: the firmware
    /// cuts names past 31.
    static func cacheName(_ digest: String, at now: Date) -> String {
        let halfDay = 43_200
        return "\(digest)-\(Int(now.timeIntervalSince1970) / halfDay * halfDay)"
    }

    /// Proof that the host made the link for this device and picture: a
    /// hash of its key's hash (which every host of a fleet holds) with the
    /// picture's name. Rekeying the device ends its links; a device without
    /// a key has none (the picture route refuses it).
    static func signature(_ device: EInkDevice, digest: String, format: ScreenFormat) -> String {
        let text = "\(device.keyDigest ?? "")|\(device.mac)|\(digest)|\(format.rawValue)"
        return SHA256.hash(data: Data(text.utf8)).prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// `/api/display`'s answer, as every firmware version parses it.
    static func display(image: String, filename: String, refresh: Int) -> Response {
        answer(["status": 0, "image_url": image, "filename": filename, "refresh_rate": refresh, "reset_firmware": false,
                "update_firmware": false, "firmware_url": NSNull(), "special_function": "none"])
    }

    static func answer(_ fields: [String: Any], status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// `http://host:port` as the device reached us: its links must start
    /// with its own API address for it to send its key along.
    static func base(_ request: Request, _ context: DashboardContext, _ access: DashboardAccess) -> String {
        (access.isSecure(request, context: context) ? "https://" : "http://") + (request.head.authority ?? "localhost")
    }

    static func telemetry(_ request: Request, context: DashboardContext, access: DashboardAccess) -> DeviceTelemetry {
        let headers = request.headers
        return DeviceTelemetry(batteryVoltage: headers[Header.battery].flatMap(Double.init).flatMap { $0.isFinite && $0 >= 0 && $0 < 100 ? $0 : nil },
                               rssi: headers[Header.rssi].flatMap { Int($0) }.flatMap { (-200...50).contains($0) ? $0 : nil },
                               firmware: headers[Header.firmware].flatMap(printable), model: headers[Header.model].flatMap(printable),
                               width: headers[Header.width].flatMap { Int($0) }.flatMap { (1...10_000).contains($0) ? $0 : nil },
                               height: headers[Header.height].flatMap { Int($0) }.flatMap { (1...10_000).contains($0) ? $0 : nil },
                               wakeReason: headers[Header.updateSource].flatMap(printable),
                               address: access.clientAddress(request, context: context))
    }

    /// A header's text if it is short and plain ASCII: it reaches the log and `devices`.
    static func printable(_ text: String) -> String? {
        guard !text.isEmpty, text.utf8.count <= 32, text.utf8.allSatisfy({ $0 >= 0x21 && $0 < 0x7f }) else { return nil }
        return text
    }

    /// Whether `version` (`1.5.1`) is older than `limit`; an unknown version is taken as new.
    static func firmware(_ version: String?, isBefore limit: [Int]) -> Bool {
        guard let version else { return false }
        let parts = version.split(separator: ".").map { Int($0) ?? 0 }
        for (index, bound) in limit.enumerated() {
            let part = index < parts.count ? parts[index] : 0
            if part != bound { return part < bound }
        }
        return false
    }

    /// `AABBCCDDEEFF` as `AA:BB:CC:DD:EE:FF`.
    static func colons(_ text: String) -> String {
        guard text.count == 12 else { return text }
        return stride(from: 0, to: 12, by: 2).map { String(Array(text)[$0..<$0 + 2]) }.joined(separator: ":")
    }

    enum Header {
        static let id = HTTPField.Name("ID")!
        static let accessToken = HTTPField.Name("Access-Token")!
        static let battery = HTTPField.Name("Battery-Voltage")!
        static let rssi = HTTPField.Name("RSSI")!
        static let firmware = HTTPField.Name("FW-Version")!
        static let model = HTTPField.Name("Model")!
        static let width = HTTPField.Name("Width")!
        static let height = HTTPField.Name("Height")!
        static let updateSource = HTTPField.Name("Update-Source")!
    }
}
