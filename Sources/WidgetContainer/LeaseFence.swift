/// What a fleet host shows when it writes for instances it holds: who it
/// is, and the token of each lease as it took it. The container accepts the
/// write only for leases that still carry those tokens, in the same
/// statement, so a host that lost an instance (it stalled, or was cut off
/// longer than a lease) can never write over the host that holds it now.
package struct LeaseFence: Sendable, Equatable {
    /// The host's id in the fleet.
    package let member: String
    /// Instance id → the token of this host's lease on it.
    package let tokens: [String: Int64]

    package init(member: String, tokens: [String: Int64]) {
        self.member = member
        self.tokens = tokens
    }
}
