import Foundation

/// An e-ink panel that talks TRMNL's protocol to the host (`/api/setup`,
/// `/api/display`), known by its MAC address. It is admitted by
/// `widgethost devices add` (or the manifest's `devices:`) to show a
/// screen; a device that asked without being admitted is kept as waiting
/// (no screen), so that `widgethost devices` can show it and someone can
/// admit it, never given a screen by itself.
package struct EInkDevice: Sendable, Equatable {
    /// `AA:BB:CC:DD:EE:FF`, as the firmware sends it in `ID`.
    package var mac: String
    /// The screen it shows; nil while it waits to be admitted.
    package var screen: String?
    /// A short name for people (the firmware shows it on its setup screen).
    package var friendlyID: String
    /// SHA-256 of its key, in hex; nil before its first setup.
    package var keyDigest: String?
    /// Until when its next `/api/setup` may be given a key: set for
    /// `setupWindow` when it is admitted or rekeyed, cleared once a key was
    /// handed out. A MAC is no secret: anyone on the network could ask for
    /// a key in its name, so the window is short and opened by a person.
    package var setupUntil: Date?
    /// Declared in the manifest: `devices remove` leaves it to the manifest.
    package var declared: Bool
    package var firstSeen: Date
    package var lastContact: Date?
    package var telemetry: DeviceTelemetry

    package init(mac: String, screen: String?, friendlyID: String, keyDigest: String? = nil, setupUntil: Date? = nil, declared: Bool = false,
                 firstSeen: Date = Date(), lastContact: Date? = nil, telemetry: DeviceTelemetry = DeviceTelemetry()) {
        self.mac = mac
        self.screen = screen
        self.friendlyID = friendlyID
        self.keyDigest = keyDigest
        self.setupUntil = setupUntil
        self.declared = declared
        self.firstSeen = firstSeen
        self.lastContact = lastContact
        self.telemetry = telemetry
    }

    package var isWaiting: Bool { screen == nil }

    /// Whether a setup at `now` gets a key.
    package func setupOpen(at now: Date = Date()) -> Bool {
        !isWaiting && (setupUntil.map { $0 > now } ?? false)
    }

    /// How long after `devices add` or `rekey` the device may set up: two
    /// of a turned-away device's 15-minute sleeps.
    package static let setupWindow: TimeInterval = 30 * 60

    /// Waiting devices kept at most: past it the longest silent go, so a
    /// flood of made-up MACs cannot fill the container.
    package static let waitingKept = 64
}

/// What a device said of itself at its last contact.
package struct DeviceTelemetry: Codable, Sendable, Equatable {
    package var batteryVoltage: Double?
    /// Wi-Fi signal, dBm.
    package var rssi: Int?
    package var firmware: String?
    package var model: String?
    package var width: Int?
    package var height: Int?
    /// Why it woke: timer, button, powercycle.
    package var wakeReason: String?
    /// The picture it was last told to show, and the sleep it was given.
    package var filename: String?
    package var refreshRate: Int?
    /// The address it last asked from.
    package var address: String?
    /// Log lines it sent (errors, as the firmware sends only those), all time.
    package var logs: Int?

    package init(batteryVoltage: Double? = nil, rssi: Int? = nil, firmware: String? = nil, model: String? = nil, width: Int? = nil,
                 height: Int? = nil, wakeReason: String? = nil, filename: String? = nil, refreshRate: Int? = nil, address: String? = nil,
                 logs: Int? = nil) {
        self.batteryVoltage = batteryVoltage
        self.rssi = rssi
        self.firmware = firmware
        self.model = model
        self.width = width
        self.height = height
        self.wakeReason = wakeReason
        self.filename = filename
        self.refreshRate = refreshRate
        self.address = address
        self.logs = logs
    }

    package static func encode(_ telemetry: DeviceTelemetry) -> String {
        (try? String(decoding: JSONEncoder().encode(telemetry), as: UTF8.self)) ?? "{}"
    }

    package static func decode(_ text: String?) -> DeviceTelemetry {
        text.flatMap { try? JSONDecoder().decode(DeviceTelemetry.self, from: Data($0.utf8)) } ?? DeviceTelemetry()
    }
}
