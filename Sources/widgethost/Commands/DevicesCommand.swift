import ArgumentParser
import Foundation
import WidgetConfiguration
import WidgetContainer
import WidgetDashboard

/// E-ink devices (TRMNL) that fetch a screen from `run --serve`.
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "Admit, list and remove the e-ink devices (TRMNL) that show the manifest's screens.",
        discussion: """
            Point the device at this host (its Wi-Fi setup page: custom server, http://HOST:PORT), then admit it by \
            the MAC address it shows: 'widgethost devices add AA:BB:CC:DD:EE:FF --screen kitchen'. At its next wake \
            it sets up and gets its key, which the container keeps only hashed. A device that asks without being \
            admitted is listed here as waiting, and shown a picture that says how to admit it.
            """,
        subcommands: [List.self, Add.self, Rekey.self, Remove.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print every device: its screen, state, battery, signal and last contact.")

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let container = try manifest.openContainer(try manifest.loadManifest())
            let devices = try await Terminal.failing { try await DeviceRegistry(container: container).devices() }
            if json {
                try Terminal.printJSON(devices.map(DeviceJSON.init))
            } else if devices.isEmpty {
                Terminal.line("no devices; admit one with 'widgethost devices add MAC --screen NAME'")
            } else {
                var rows = [["MAC", "ID", "SCREEN", "STATE", "BATTERY", "SIGNAL", "FIRMWARE", "LAST CONTACT"]]
                for device in devices {
                    rows.append([device.mac, device.friendlyID, device.screen ?? "-", DeviceJSON.state(of: device),
                                 device.telemetry.batteryVoltage.map { String(format: "%.2f V", $0) } ?? "-",
                                 device.telemetry.rssi.map { "\($0) dBm" } ?? "-", device.telemetry.firmware ?? "-",
                                 device.lastContact.map(Terminal.time) ?? "never"])
                }
                Terminal.printTable(rows)
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Admit a device to show a screen (or move it to another); it gets its key at its next setup.")

        @Argument(help: ArgumentHelp("Its MAC address, as it shows on its setup screen.", valueName: "mac"))
        var mac: String

        @Option(help: ArgumentHelp("A screen of the manifest's 'screens:'.", valueName: "name"))
        var screen: String

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let loaded = try manifest.loadManifest()
            let container = try manifest.openContainer(loaded)
            try await Terminal.failing {
                let device = try await DeviceRegistry(container: container).admit(mac, screen: screen, screens: loaded.screens.map(\.name.value))
                if json {
                    try Terminal.printJSON(DeviceJSON(device))
                } else {
                    Terminal.line("admitted \(device.mac) (\(device.friendlyID)) to show screen \(screen)")
                    if device.setupUntil != nil {
                        Terminal.note("it gets its key if it sets up within 30 minutes (its next wake, or after its credentials are reset); later, 'widgethost devices rekey \(device.mac)' opens setup again")
                    }
                }
            }
        }
    }

    struct Rekey: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take a device's key away; its next setup gets a new one (after a reset, or a key that leaked).")

        @Argument(help: ArgumentHelp("Its MAC address.", valueName: "mac"))
        var mac: String

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let container = try manifest.openContainer(try manifest.loadManifest())
            try await Terminal.failing {
                let device = try await DeviceRegistry(container: container).rekey(mac)
                Terminal.line("\(device.mac) has no key now; reset its credentials within 30 minutes to give it a new one")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget a device and its key.")

        @Argument(help: ArgumentHelp("Its MAC address.", valueName: "mac"))
        var mac: String

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let loaded = try manifest.loadManifest()
            let container = try manifest.openContainer(loaded)
            try await Terminal.failing {
                try await DeviceRegistry(container: container).remove(mac, manifest: loaded)
                Terminal.line("removed \(DeviceEntry.normalizedMAC(mac) ?? mac)")
            }
        }
    }
}

/// A device as `devices --json` prints it.
struct DeviceJSON: Encodable {
    let mac: String
    let friendlyID: String
    let screen: String?
    let state: String
    let declared: Bool
    let firstSeen: Date
    let lastContact: Date?
    let batteryVoltage: Double?
    let rssi: Int?
    let firmware: String?
    let model: String?
    let width: Int?
    let height: Int?
    let picture: String?
    let refreshRate: Int?
    let address: String?
    let logs: Int?

    init(_ device: EInkDevice) {
        mac = device.mac
        friendlyID = device.friendlyID
        screen = device.screen
        state = Self.state(of: device)
        declared = device.declared
        firstSeen = device.firstSeen
        lastContact = device.lastContact
        let telemetry = device.telemetry
        (batteryVoltage, rssi, firmware, model) = (telemetry.batteryVoltage, telemetry.rssi, telemetry.firmware, telemetry.model)
        (width, height, picture, refreshRate) = (telemetry.width, telemetry.height, telemetry.filename, telemetry.refreshRate)
        (address, logs) = (telemetry.address, telemetry.logs)
    }

    /// waiting (asked, not admitted), setup (admitted, no key yet), or active.
    static func state(of device: EInkDevice) -> String {
        device.isWaiting ? "waiting" : device.keyDigest == nil ? "setup" : "active"
    }
}
