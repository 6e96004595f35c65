import ArgumentParser
import Foundation
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import WidgetKinds
import WidgetSDK
import YAML

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Every instance's state, current entry and next reload.",
        discussion: """
            States: placeholder, fresh, stale, failing, rate-limited, quarantined (its calls crashed the kind's \
            extension 3 times in a row), unsupported, overdue (a host runs, but this instance's reload is more \
            than a minute late: the host meant to reload it stopped, stalled or is far behind), and no-host (no \
            host is running on the container, so nothing keeps it fresh). The first line says which hosts run, \
            and when each last renewed its leases; a fleet host that stopped renewing is named on a line of its \
            own. Then a line for each e-ink device (battery, signal, firmware, last contact) and a count of those \
            waiting to be admitted. A last line names the kinds the manifest lets do more than the default sandbox \
            (widgets[].sandbox). With --json: {"hosts": [...], "instances": [...], "devices": [...], "widenedSandboxes": [...]}.
            """)

    @OptionGroup var manifest: ManifestOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() async throws {
        let workspace = try await manifest.openWorkspace(describing: .remembered)
        let known = workspace.container.fleetHosts()
        let hosts = known.filter(\.isLive)
        let statuses = try await Terminal.failing { try workspace.statuses(hostRunning: !hosts.isEmpty) }
        let widened = workspace.manifest.widgets.filter(\.sandbox.isWidened)
        let devices = try await Terminal.failing { try workspace.container.read { try $0.devices() } }
        if json {
            try Terminal.printJSON(Report(
                hosts: known.map(HostSummary.init), instances: statuses.map { InstanceSummary($0, locale: workspace.theme.locale) },
                devices: devices.map(DeviceJSON.init),
                widenedSandboxes: widened.map { WidenedSandbox(kind: $0.kind.value, read: $0.sandbox.read.map(\.value), network: $0.sandbox.network,
                                                                        fetch: $0.sandbox.fetch.map(\.value)) }))
            return
        }
        Terminal.line(Terminal.hostLine(hosts))
        for host in known where !host.isLive {
            Terminal.line(Terminal.lapsedHostLine(host))
        }
        if statuses.isEmpty {
            print("No instances. Place one with 'widgethost add-instance <kind>'.")
        } else {
            let table = [["ID", "KIND", "FAMILY", "STATE", "ENTRY", "NEXT RELOAD", "DETAIL"]] + statuses.map { status in
                [status.instance.id, status.instance.kind, status.instance.family.rawValue, status.state.rawValue,
                 status.currentEntry.map { Terminal.time($0.date) } ?? "-",
                 status.schedule?.nextReload.map(Terminal.time) ?? "-", status.detail]
            }
            Terminal.printTable(table)
        }
        for device in devices where !device.isWaiting {
            let telemetry = device.telemetry
            let said = [telemetry.batteryVoltage.map { String(format: "%.2f V", $0) }, telemetry.rssi.map { "\($0) dBm" },
                        telemetry.firmware.map { "firmware \($0)" }].compactMap { $0 }
            Terminal.line("device \(device.mac) (\(device.friendlyID)) shows \(device.screen ?? "-"): "
                          + (device.lastContact.map { (said + ["last contact \(Terminal.time($0))"]).joined(separator: ", ") } ?? "not seen yet"))
        }
        let waiting = devices.filter(\.isWaiting).count
        if waiting > 0 {
            Terminal.line("\(waiting) device\(waiting == 1 ? "" : "s") waiting to be admitted: widgethost devices")
        }
        if !widened.isEmpty {
            Terminal.line("widened sandbox: " + widened.map { "\($0.kind.value) (\($0.sandbox.summary ?? ""))" }.joined(separator: ", "))
        }
    }

    /// `status --json`: the hosts, then every instance.
    struct Report: Encodable {
        let hosts: [HostSummary]
        let instances: [InstanceSummary]
        let devices: [DeviceJSON]
        let widenedSandboxes: [WidenedSandbox]
    }

    /// A kind the manifest lets do more than the default sandbox.
    struct WidenedSandbox: Encodable {
        let kind: String
        let read: [String]
        let network: Bool
        let fetch: [String]
    }
}
