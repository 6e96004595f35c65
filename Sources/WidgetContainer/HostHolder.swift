import Foundation

/// A host running on a container, as `reload` and `status` name it.
public struct HostHolder: Sendable, CustomStringConvertible {
    public let pid: Int32
    public let since: Date?
    /// The machine, for a container shared over the network.
    public let machine: String?
    /// When a fleet host last renewed its leases.
    public let renewedAt: Date?
    /// False for a fleet host that stopped renewing (it died, stalled or
    /// lost the database): its leases have lapsed, for others to take over.
    public let isLive: Bool

    public init(pid: Int32, since: Date?, machine: String? = nil, renewedAt: Date? = nil, isLive: Bool = true) {
        self.pid = pid
        self.since = since
        self.machine = machine
        self.renewedAt = renewedAt
        self.isLive = isLive
    }

    public var description: String {
        "pid \(pid)" + (machine.map { " on \($0)" } ?? "") + (since.map { ", since \($0.formatted(.iso8601))" } ?? "")
    }
}

/// A host of a fleet: its id, which its leases name, and who it is.
public struct FleetMember: Sendable {
    public let id: String
    public let holder: HostHolder

    public init(id: String, holder: HostHolder) {
        self.id = id
        self.holder = holder
    }
}
