import Foundation

/// A fleet host's side of its leases: when to renew, which instances it
/// holds, and whether it may still act on them.
///
/// A lease lapses on the database's clock `duration` after the renewal
/// that set it; the host stops starting reloads `duration` after it *sent*
/// that renewal, which is never later, so two hosts never both think they
/// hold an instance. Renewals come three times a lease, so one slow round
/// trip costs nothing.
struct LeaseKeeper {
    let claim: any HostClaim
    let duration: Duration
    /// The instances this host holds, as of the last renewal.
    private(set) var held: Set<String> = []
    private var validUntil: ContinuousClock.Instant?
    /// Since when renewals have worked without a break.
    private var connectedSince: ContinuousClock.Instant?
    private var nextRenewal = ContinuousClock.now

    init?(claim: (any HostClaim)?) {
        guard let claim, let duration = claim.leaseDuration else { return nil }
        self.claim = claim
        self.duration = duration
    }

    var renewInterval: Duration { duration / 3 }
    var isDue: Bool { ContinuousClock.now >= nextRenewal }
    /// Whether a reload may start now.
    var isValid: Bool { validUntil.map { ContinuousClock.now < $0 } ?? false }

    /// Renews, and takes a share of what is free. A host takes over the
    /// instances of a host whose lease lapsed only once it has itself been
    /// connected for a whole lease: after the database comes back from an
    /// outage every lease looks lapsed, and each host must first renew its own.
    mutating func renew() throws -> LeaseRenewal {
        let sent = ContinuousClock.now
        nextRenewal = sent + renewInterval
        let renewal: LeaseRenewal
        do {
            renewal = try claim.renew(takingOverLapsed: connectedSince.map { sent - $0 >= duration } ?? false)
        } catch {
            connectedSince = nil
            throw error
        }
        connectedSince = connectedSince ?? sent
        validUntil = sent + duration
        held = renewal.held ?? []
        return renewal
    }

    /// Gives back instances another host should serve.
    mutating func release(_ instances: [String]) throws {
        held.subtract(instances)
        try claim.release(instances)
    }
}
