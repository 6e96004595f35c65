import Foundation

/// A host running on a container, as `reload` and `status` name it.
package struct HostHolder: Sendable, CustomStringConvertible {
    package let pid: Int32
    package let since: Date?
    /// The machine, for a container shared over the network.
    package let machine: String?
    /// When a fleet host last renewed its leases.
    package let renewedAt: Date?
    /// False for a fleet host that stopped renewing (it died, stalled or
    /// lost the database): its leases have lapsed, for others to take over.
    package let isLive: Bool

    package init(pid: Int32, since: Date?, machine: String? = nil, renewedAt: Date? = nil, isLive: Bool = true) {
        self.pid = pid
        self.since = since
        self.machine = machine
        self.renewedAt = renewedAt
        self.isLive = isLive
    }

    package var description: String {
        "pid \(pid)" + (machine.map { " on \($0)" } ?? "") + (since.map { ", since \($0.formatted(.iso8601))" } ?? "")
    }
}

/// A host of a fleet: its id, which its leases name, and who it is.
package struct FleetMember: Sendable {
    package let id: String
    package let holder: HostHolder

    package init(id: String, holder: HostHolder) {
        self.id = id
        self.holder = holder
    }
}
