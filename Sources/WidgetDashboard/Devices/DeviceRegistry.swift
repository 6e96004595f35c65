import Foundation
import WidgetConfiguration
import WidgetContainer

/// The e-ink devices the container knows, admitted or waiting: what
/// `widgethost devices` changes and what the device API (`DeviceRoutes`)
/// asks on each wake. Kept in the shared container, so any host of a
/// fleet serves any device.
package struct DeviceRegistry: Sendable {
    package enum Failure: Error, CustomStringConvertible, Equatable {
        case invalidMAC(String)
        case noSuchDevice(String, known: [String])
        case noSuchScreen(String, known: [String])
        case declared(String, file: String)

        package var description: String {
            switch self {
            case .invalidMAC(let text):
                "'\(text)' is not a MAC address: six hexadecimal pairs such as AA:BB:CC:DD:EE:FF (the device shows it on its setup screen)"
            case .noSuchDevice(let mac, let known):
                "no device \(mac)" + (known.isEmpty ? "; there are none yet" : "; the devices are " + known.joined(separator: ", "))
            case .noSuchScreen(let name, let known):
                "no screen '\(name)'" + (known.isEmpty ? "; declare one under 'screens' in the manifest" : "; the screens are " + known.joined(separator: ", "))
            case .declared(let mac, let file):
                "device \(mac) is declared in \(file) (devices:); remove it there"
            }
        }
    }

    /// What `/api/setup` answers a device.
    package enum Setup: Sendable, Equatable {
        /// Its new key, shown this once.
        case registered(EInkDevice, key: String)
        /// Unknown (now listed as waiting), waiting, or admitted with a key handed out already.
        case notRegistered(EInkDevice?)
    }

    let container: SharedContainer

    package init(container: SharedContainer) {
        self.container = container
    }

    package func devices() async throws -> [EInkDevice] {
        try await container.read { try $0.devices() }
    }

    /// Admits `mac` to show `screen` (or moves it to another), keeping its
    /// key if it has one; a new or waiting device may then set up once,
    /// within `EInkDevice.setupWindow`.
    @discardableResult
    package func admit(_ text: String, screen: String, screens: [String], declared: Bool = false, at now: Date = Date()) async throws -> EInkDevice {
        let mac = try Self.mac(text)
        guard screens.contains(screen) else { throw Failure.noSuchScreen(screen, known: screens) }
        return try await container.write { db in
            var device = try db.device(mac: mac) ?? EInkDevice(mac: mac, screen: nil, friendlyID: Self.friendlyID(), firstSeen: now)
            device.screen = screen
            device.declared = declared
            if device.keyDigest == nil { device.setupUntil = now.addingTimeInterval(EInkDevice.setupWindow) }
            try db.save(device)
            return device
        }
    }

    /// Takes its key away: its next setup (within `EInkDevice.setupWindow`)
    /// gets a new one, and until then it is shown how to set up again.
    package func rekey(_ text: String, at now: Date = Date()) async throws -> EInkDevice {
        let mac = try Self.mac(text)
        return try await container.write { db in
            guard var device = try db.device(mac: mac), !device.isWaiting else {
                throw Failure.noSuchDevice(mac, known: try db.devices().filter { !$0.isWaiting }.map(\.mac))
            }
            device.keyDigest = nil
            device.setupUntil = now.addingTimeInterval(EInkDevice.setupWindow)
            try db.save(device)
            return device
        }
    }

    /// Forgets the device and its key; `manifest` names the file declaring it, if one does.
    package func remove(_ text: String, manifest: Manifest? = nil) async throws {
        let mac = try Self.mac(text)
        if let manifest, manifest.devices.contains(where: { $0.mac.value == mac }) { throw Failure.declared(mac, file: manifest.file) }
        try await container.write { db in
            guard try db.deleteDevice(mac: mac) else { throw Failure.noSuchDevice(mac, known: try db.devices().map(\.mac)) }
        }
    }

    /// The manifest's `devices:` in the container: each admitted to its
    /// screen; one the manifest no longer declares is removed, key and all.
    package func declare(_ manifest: Manifest) async throws {
        let screens = manifest.screens.map(\.name.value)
        for entry in manifest.devices {
            try await admit(entry.mac.value, screen: entry.screen.value, screens: screens, declared: true)
        }
        let declared = Set(manifest.devices.map(\.mac.value))
        try await container.write { db in
            for device in try db.devices() where device.declared && !declared.contains(device.mac) {
                _ = try db.deleteDevice(mac: device.mac)
            }
        }
    }

    /// `/api/setup` from `mac`: a key for an admitted device whose setup is
    /// open; anyone else is turned away. An unknown MAC is noted as
    /// waiting; a known one is left as it was, since anyone may send its MAC.
    package func setup(_ mac: String, telemetry: DeviceTelemetry, at now: Date = Date()) async throws -> Setup {
        let key = Self.newKey()
        return try await container.write { db in
            guard var device = try db.device(mac: mac) else {
                let waiting = EInkDevice(mac: mac, screen: nil, friendlyID: Self.friendlyID(), firstSeen: now, lastContact: now, telemetry: telemetry)
                try db.save(waiting)
                try db.trimWaitingDevices(keeping: EInkDevice.waitingKept)
                return .notRegistered(nil)
            }
            guard device.setupOpen(at: now) else {
                if device.isWaiting, (device.lastContact ?? .distantPast) < now.addingTimeInterval(-60) {
                    // A waiting device shows it is still there, at most once a minute.
                    device.lastContact = now
                    device.telemetry.merge(telemetry)
                    try db.save(device)
                }
                return .notRegistered(device)
            }
            device.keyDigest = Self.digest(key)
            device.setupUntil = nil
            device.lastContact = now
            device.telemetry.merge(telemetry)
            try db.save(device)
            return .registered(device, key: key)
        }
    }

    /// The admitted device `mac` if `key` is its key.
    package func authenticate(_ mac: String?, key: String?) async throws -> EInkDevice? {
        guard let mac = mac.flatMap(DeviceEntry.normalizedMAC), let key, !key.isEmpty else { return nil }
        guard let device = try await container.read({ try $0.device(mac: mac) }), !device.isWaiting, let digest = device.keyDigest,
              SameOrigin.same(Self.digest(key), digest) else { return nil }
        return device
    }

    /// Keeps what the device said of itself at this wake.
    package func recordContact(_ device: EInkDevice, telemetry: DeviceTelemetry, logs: Int = 0, at now: Date = Date()) async throws {
        try await container.write { db in
            // Read again: another host, or `devices rekey`, may have changed it since.
            guard var current = try db.device(mac: device.mac) else { return }
            current.lastContact = now
            current.telemetry.merge(telemetry)
            if logs > 0 { current.telemetry.logs = (current.telemetry.logs ?? 0) + logs }
            try db.save(current)
        }
    }

    static func mac(_ text: String) throws(Failure) -> String {
        guard let mac = DeviceEntry.normalizedMAC(text) else { throw .invalidMAC(text) }
        return mac
    }

    /// 128 random bits as 32 hex digits: short enough for any firmware's
    /// key field, long enough that guessing is hopeless.
    static func newKey() -> String {
        DashboardAccounts.randomHex(bytes: 16)
    }

    /// Six letters and digits people can read out (no 0/O, 1/I).
    static func friendlyID() -> String {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<6).map { _ in alphabet.randomElement(using: &generator)! })
    }

    static func digest(_ secret: String) -> String {
        DashboardAccounts.digest(secret)
    }
}

extension DeviceTelemetry {
    /// What `other` says, over what was known.
    mutating func merge(_ other: DeviceTelemetry) {
        batteryVoltage = other.batteryVoltage ?? batteryVoltage
        rssi = other.rssi ?? rssi
        firmware = other.firmware ?? firmware
        model = other.model ?? model
        width = other.width ?? width
        height = other.height ?? height
        wakeReason = other.wakeReason ?? wakeReason
        filename = other.filename ?? filename
        refreshRate = other.refreshRate ?? refreshRate
        address = other.address ?? address
    }
}
