import Foundation

/// What a fleet host learns when it renews: whether its own row had lapsed
/// before this renewal (so another host may have taken some of its leases),
/// and every host's row.
package struct LeaseRenewal: Sendable {
    /// The host's row had expired, or did not exist: what it holds must be read again.
    package var lapsed: Bool
    /// Every host the container knows of, live or lapsed, oldest first.
    package var hosts: [FleetMember]

    package init(lapsed: Bool, hosts: [FleetMember]) {
        self.lapsed = lapsed
        self.hosts = hosts
    }
}

/// A lease a host took: the instance, the lease's new token, and the host
/// it was taken over from, if one held it.
package struct ClaimedLease: Sendable, Equatable {
    package let instance: String
    package let token: Int64
    /// The id of the lapsed host that held it; nil for a free lease.
    package let from: String?

    package init(instance: String, token: Int64, from: String?) {
        self.instance = instance
        self.token = token
        self.from = from
    }
}
