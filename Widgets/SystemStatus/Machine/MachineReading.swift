import Foundation

/// One look at the machine: what `/proc`, `/sys` and `statvfs` say.
struct MachineReading: Codable, Hashable, Sendable {
    struct Disk: Codable, Hashable, Sendable {
        var path: String
        var total: Double
        var available: Double
        var used: Double { max(total - available, 0) }
        var fraction: Double { total > 0 ? used / total : 0 }
    }

    struct Temperature: Codable, Hashable, Sendable {
        var label: String
        var celsius: Double
    }

    /// A systemd unit as its control group shows it.
    struct Unit: Codable, Hashable, Sendable {
        enum State: String, Codable, Sendable {
            /// Its group holds processes.
            case running
            /// Its group is there, empty: a oneshot that ended, a unit that failed.
            case stopped
            /// No group of that name: not started, or no such unit.
            case absent
            /// `/sys/fs/cgroup` is not open to the kind (its `sandbox.read`).
            case unreadable
        }

        var name: String
        var state: State
    }

    var hostName: String
    /// Busy share of all CPUs since the last look, 0 to 1.
    var cpu: Double
    var cpuCount: Int
    var memoryTotal: Double
    var memoryAvailable: Double
    var load: [Double]
    /// Processes and threads (`/proc/loadavg`'s fourth field).
    var processes: Int?
    var uptime: TimeInterval
    var disks: [Disk]
    var temperatures: [Temperature]
    var units: [Unit] = []

    var memoryUsed: Double { max(memoryTotal - memoryAvailable, 0) }
    var memoryFraction: Double { memoryTotal > 0 ? memoryUsed / memoryTotal : 0 }
}
