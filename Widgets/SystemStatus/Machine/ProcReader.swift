import Foundation

/// Reads the machine from `/proc`, `/sys` and `statvfs`, read-only, under
/// `root` (`/` normally; a folder holding `proc` and `sys`, such as a
/// container's view of its host mounted at `/host`).
struct ProcReader {
    enum Failure: Error, LocalizedError {
        case unreadable(String)

        var errorDescription: String? {
            switch self {
            case .unreadable(let path): "cannot read \(path): the kind needs /proc (and /sys for temperatures)"
            }
        }
    }

    /// The CPU counters: busy and total jiffies, summed over all CPUs.
    struct CPUCounters: Codable, Hashable {
        var busy: Double
        var total: Double
    }

    var root = "/"

    func path(_ relative: String) -> String {
        root == "/" ? "/" + relative : (root as NSString).appendingPathComponent(relative)
    }

    func text(_ relative: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path(relative)), data.count < 4_000_000 else {
            throw Failure.unreadable(path(relative))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// `/proc/stat`'s `cpu` line, and how many `cpuN` lines follow it.
    func cpuCounters() throws -> (CPUCounters, count: Int) {
        let lines = try text("proc/stat").split(separator: "\n")
        guard let all = lines.first(where: { $0.hasPrefix("cpu ") }) else { throw Failure.unreadable(path("proc/stat")) }
        // user nice system idle iowait irq softirq steal: idle and iowait are idle.
        let fields = all.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard fields.count >= 4 else { throw Failure.unreadable(path("proc/stat")) }
        let total = fields.prefix(8).reduce(0, +)
        let idle = fields[3] + (fields.count > 4 ? fields[4] : 0)
        let count = lines.filter { $0.hasPrefix("cpu") && !$0.hasPrefix("cpu ") }.count
        return (CPUCounters(busy: total - idle, total: total), max(count, 1))
    }

    /// MemTotal and MemAvailable, in bytes.
    func memory() throws -> (total: Double, available: Double) {
        var values: [String: Double] = [:]
        for line in try text("proc/meminfo").split(separator: "\n") {
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 2, let kilobytes = Double(parts[1]) else { continue }
            values[String(parts[0].dropLast())] = kilobytes * 1_024
        }
        guard let total = values["MemTotal"] else { throw Failure.unreadable(path("proc/meminfo")) }
        return (total, values["MemAvailable"] ?? values["MemFree"] ?? 0)
    }

    /// The load averages over 1, 5 and 15 minutes, and the processes and threads there are.
    func load() throws -> (averages: [Double], processes: Int?) {
        let fields = try text("proc/loadavg").split(separator: " ")
        let values = fields.prefix(3).compactMap { Double($0) }
        guard values.count == 3 else { throw Failure.unreadable(path("proc/loadavg")) }
        return (values, fields.count > 3 ? fields[3].split(separator: "/").last.flatMap { Int($0) } : nil)
    }

    func uptime() throws -> TimeInterval {
        guard let seconds = try text("proc/uptime").split(separator: " ").first.flatMap({ Double($0) }) else {
            throw Failure.unreadable(path("proc/uptime"))
        }
        return seconds
    }

    func hostName() -> String {
        ((try? text("proc/sys/kernel/hostname")) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A mounted file system's size and what is free to an ordinary user.
    func disk(_ mountPath: String) -> MachineReading.Disk? {
        var stats = statvfs()
        guard statvfs(mountPath, &stats) == 0 else { return nil }
        let block = Double(stats.f_frsize)
        return MachineReading.Disk(path: mountPath, total: Double(stats.f_blocks) * block, available: Double(stats.f_bavail) * block)
    }

    /// A systemd unit's state from its control group (cgroup v2, as systemd
    /// lays it out: `system.slice/nginx.service`, or one slice deeper for a
    /// template's instances): no socket, no D-Bus, a file to read.
    /// A name without a unit type is a service's: `nginx` is `nginx.service`.
    func units(_ names: [String]) -> [MachineReading.Unit] {
        let files = FileManager.default
        let groups = "sys/fs/cgroup"
        // cgroup v1 (or none) lays units out otherwise: nothing to read here.
        guard files.fileExists(atPath: path("\(groups)/cgroup.controllers")), let top = try? files.contentsOfDirectory(atPath: path(groups)) else {
            return names.map { .init(name: $0, state: .unreadable) }
        }
        var slices: [String] = []
        for slice in top.sorted() where slice.hasSuffix(".slice") {
            slices.append("\(groups)/\(slice)")
            for inner in ((try? files.contentsOfDirectory(atPath: path("\(groups)/\(slice)"))) ?? []).sorted() where inner.hasSuffix(".slice") {
                slices.append("\(groups)/\(slice)/\(inner)")
            }
        }
        return names.map { name in
            guard name.wholeMatch(of: /[A-Za-z0-9:_.@\-]{1,128}/) != nil, !name.hasPrefix(".") else { return .init(name: name, state: .absent) }
            let unit = name.contains(".") ? name : name + ".service"
            for slice in slices {
                guard let events = try? text("\(slice)/\(unit)/cgroup.events") else { continue }
                return .init(name: name, state: events.split(separator: "\n").contains("populated 1") ? .running : .stopped)
            }
            return .init(name: name, state: .absent)
        }
    }

    /// Thermal zones (`/sys/class/thermal`), else hardware monitors'
    /// sensors (`/sys/class/hwmon`); none on most virtual machines.
    func temperatures() -> [MachineReading.Temperature] {
        let files = FileManager.default
        var found: [MachineReading.Temperature] = []
        let zones = (try? files.contentsOfDirectory(atPath: path("sys/class/thermal"))) ?? []
        for zone in zones.sorted() where zone.hasPrefix("thermal_zone") {
            guard let value = try? text("sys/class/thermal/\(zone)/temp"), let milli = Double(value.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                continue
            }
            let label = ((try? text("sys/class/thermal/\(zone)/type")) ?? zone).trimmingCharacters(in: .whitespacesAndNewlines)
            found.append(.init(label: label, celsius: milli / 1_000))
        }
        if found.isEmpty {
            for monitor in ((try? files.contentsOfDirectory(atPath: path("sys/class/hwmon"))) ?? []).sorted() {
                let name = ((try? text("sys/class/hwmon/\(monitor)/name")) ?? monitor).trimmingCharacters(in: .whitespacesAndNewlines)
                guard let value = try? text("sys/class/hwmon/\(monitor)/temp1_input"),
                      let milli = Double(value.trimmingCharacters(in: .whitespacesAndNewlines)) else { continue }
                found.append(.init(label: name, celsius: milli / 1_000))
            }
        }
        // A sensor that reads absurdly is a broken one, not a fire.
        return Array(found.filter { (-50...150).contains($0.celsius) }.prefix(8))
    }
}
