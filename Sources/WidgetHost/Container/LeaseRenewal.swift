/// What a host holds after renewing its claim.
public struct LeaseRenewal: Sendable {
    /// The instances this host may reload; nil for every instance.
    public var held: Set<String>?
    /// The most this host should hold so that the live hosts share evenly.
    public var share: Int
    /// Hosts whose leases are live, this one included.
    public var hosts: Int
    /// Instances taken over from hosts whose leases lapsed, with whom they were taken from.
    public var takenOver: [(instance: String, from: HostHolder?)] = []

    public init(held: Set<String>?, share: Int, hosts: Int, takenOver: [(instance: String, from: HostHolder?)] = []) {
        self.held = held
        self.share = share
        self.hosts = hosts
        self.takenOver = takenOver
    }
}
