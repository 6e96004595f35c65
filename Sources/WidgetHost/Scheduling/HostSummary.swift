import Foundation
import WidgetContainer

/// A host of the container as JSON, for `status --json`.
public struct HostSummary: Encodable, Sendable {
    public let pid: Int32
    public let machine: String?
    public let since: Date?
    /// When a fleet host last renewed its leases.
    public let renewedAt: Date?
    /// False for a fleet host that stopped renewing: its leases lapsed.
    public let live: Bool

    public init(_ host: HostHolder) {
        pid = host.pid
        machine = host.machine
        since = host.since
        renewedAt = host.renewedAt
        live = host.isLive
    }
}
