import Foundation

/// The host running on a container, as `reload` and `status` name it.
public struct HostHolder: Sendable, CustomStringConvertible {
    public let pid: Int32
    public let since: Date?
    /// The machine, for a container shared over the network.
    public let machine: String?

    public init(pid: Int32, since: Date?, machine: String? = nil) {
        self.pid = pid
        self.since = since
        self.machine = machine
    }

    public var description: String {
        "pid \(pid)" + (machine.map { " on \($0)" } ?? "") + (since.map { ", since \($0.formatted(.iso8601))" } ?? "")
    }
}
