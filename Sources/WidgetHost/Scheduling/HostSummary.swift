import Foundation
import WidgetContainer

/// A host of the container as JSON, for `status --json`.
package struct HostSummary: Encodable, Sendable {
    package let pid: Int32
    package let machine: String?
    package let since: Date?
    /// When a fleet host last renewed its leases.
    package let renewedAt: Date?
    /// False for a fleet host that stopped renewing: its leases lapsed.
    package let live: Bool

    package init(_ host: HostHolder) {
        pid = host.pid
        machine = host.machine
        since = host.since
        renewedAt = host.renewedAt
        live = host.isLive
    }
}
