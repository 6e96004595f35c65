import AppIntents
import Foundation
import WidgetKit

struct SystemStatusIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "System status"
    static let description: IntentDescription = "The machine the host runs on."

    @Parameter(title: "Disks", default: ["/"])
    var disks: [String]

    /// Read from their control groups (cgroup v2); the large card shows four.
    @Parameter(title: "systemd units", default: [])
    var units: [String]

    init() {}
}

struct SystemStatusEntry: TimelineEntry {
    let date: Date
    let reading: MachineReading
}

/// Reads the machine at each reload: nothing about it can be foretold, so
/// one entry, and a fresh look as often as the host allows.
struct SystemStatusProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> SystemStatusEntry {
        SystemStatusEntry(date: context.date, reading: .sample)
    }

    func snapshot(for configuration: SystemStatusIntent, in context: Context) async -> SystemStatusEntry {
        if context.isPreview { return await placeholder(in: context) }
        return (try? entry(configuration, context)) ?? SystemStatusEntry(date: context.date, reading: .sample)
    }

    func timeline(for configuration: SystemStatusIntent, in context: Context) async throws -> Timeline<SystemStatusEntry> {
        let entry = try entry(configuration, context)
        return Timeline(entries: [entry], policy: .after(context.date.addingTimeInterval(5 * 60)))
    }

    private func entry(_ configuration: SystemStatusIntent, _ context: Context) throws -> SystemStatusEntry {
        let reader = ProcReader(root: context.settings["root"] ?? "/")
        let (counters, cpuCount) = try reader.cpuCounters()
        let memory = try reader.memory()
        let load = try reader.load()
        let reading = MachineReading(
            hostName: reader.hostName(), cpu: Self.busyShare(since: Self.previous(), now: counters), cpuCount: cpuCount,
            memoryTotal: memory.total, memoryAvailable: memory.available, load: load.averages, processes: load.processes, uptime: try reader.uptime(),
            disks: configuration.disks.prefix(4).compactMap { reader.disk(reader.path(String($0.drop { $0 == "/" }))) }.enumerated().map {
                var disk = $1
                disk.path = configuration.disks[$0]
                return disk
            },
            temperatures: reader.temperatures(),
            units: reader.units(Array(configuration.units.prefix(4))))
        Self.remember(counters)
        return SystemStatusEntry(date: context.date, reading: reading)
    }

    /// The CPUs' busy share between the last reload's counters and these:
    /// the machine's load over the time the card was showing. Without
    /// earlier counters, or if they did not move, the share since boot.
    static func busyShare(since previous: ProcReader.CPUCounters?, now: ProcReader.CPUCounters) -> Double {
        if let previous, now.total > previous.total, now.busy >= previous.busy {
            return min((now.busy - previous.busy) / (now.total - previous.total), 1)
        }
        return now.total > 0 ? min(now.busy / now.total, 1) : 0
    }

    /// The module's own defaults keep the last counters between reloads.
    private static let countersKey = "cpu.counters"

    private static func previous() -> ProcReader.CPUCounters? {
        UserDefaults.standard.string(forKey: countersKey).flatMap { try? JSONDecoder().decode(ProcReader.CPUCounters.self, from: Data($0.utf8)) }
    }

    private static func remember(_ counters: ProcReader.CPUCounters) {
        guard let data = try? JSONEncoder().encode(counters) else { return }
        UserDefaults.standard.set(String(decoding: data, as: UTF8.self), forKey: countersKey)
    }
}

extension MachineReading {
    /// The gallery's machine: busy, but well.
    static let sample = MachineReading(
        hostName: "homeserver", cpu: 0.23, cpuCount: 4, memoryTotal: 16 * 1_073_741_824, memoryAvailable: 9.5 * 1_073_741_824,
        load: [0.92, 0.71, 0.65], processes: 312, uptime: 12 * 86_400 + 5 * 3_600,
        disks: [Disk(path: "/", total: 512 * 1_073_741_824, available: 201 * 1_073_741_824)],
        temperatures: [Temperature(label: "x86_pkg_temp", celsius: 47)])
}
