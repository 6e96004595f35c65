import Foundation
import WidgetContainer

/// A fleet host's side of its leases: when to renew, which instances it
/// holds and with which tokens, and whether it may still act on them.
///
/// A lease lapses on the database's clock `duration` after the renewal
/// that set it; the host stops starting reloads `duration` after it *sent*
/// that renewal, which is never later, so two hosts never both think they
/// hold an instance. Renewals come three times a lease, so one slow round
/// trip costs nothing, and each touches only the host's own row: what it
/// holds is read again only when its row had lapsed (another host may have
/// taken some) or a write of its was refused.
struct LeaseKeeper {
    let claim: any HostClaim
    let duration: Duration
    let member: String
    /// The instances this host holds, with their leases' tokens.
    private(set) var held: [String: Int64] = [:]
    /// Every host's row as of the last renewal.
    private(set) var hosts: [FleetMember] = []
    /// What it holds must be read before anything starts: at first, after
    /// its row lapsed, after a write was refused.
    private(set) var mustReconcile = true
    private var validUntil: ContinuousClock.Instant?
    /// Since when the container has answered without a break.
    private var connectedSince: ContinuousClock.Instant?
    private var nextRenewal = ContinuousClock.now

    /// Leases taken in one statement: a cold start of 100,000 instances
    /// claims in steps well within the statement timeout.
    static let claimBatch = 5_000

    init?(claim: (any HostClaim)?) {
        guard let claim, let duration = claim.leaseDuration, let member = claim.member else { return nil }
        self.claim = claim
        self.duration = duration
        self.member = member
    }

    var renewInterval: Duration { duration / 3 }
    var isDue: Bool { ContinuousClock.now >= nextRenewal }
    /// How long until the next renewal is due; zero once it is.
    var untilRenewal: Duration { max(.zero, nextRenewal - ContinuousClock.now) }
    /// Whether a reload may start now.
    var isValid: Bool { !mustReconcile && (validUntil.map { ContinuousClock.now < $0 } ?? false) }
    /// Live hosts, this one included.
    var liveHosts: Int { max(1, hosts.filter(\.holder.isLive).count) }

    /// Renews this host's row. Any failure, here or in another call to the
    /// container since, starts the count of unbroken connection again.
    mutating func renew() throws {
        let sent = ContinuousClock.now
        nextRenewal = sent + renewInterval
        let renewal: LeaseRenewal
        do {
            renewal = try claim.renew()
        } catch {
            connectedSince = nil
            throw error
        }
        if let since = connectedSince, let failure = claim.lastConnectionFailure, failure >= since {
            connectedSince = nil
        }
        connectedSince = connectedSince ?? sent
        hosts = renewal.hosts
        if renewal.lapsed { mustReconcile = true }
        validUntil = sent + duration
    }

    /// Reads what this host holds. Returns the instances it lost (another
    /// host took them, so their tokens no longer match) and those it holds
    /// and did not know of.
    mutating func reconcile() throws -> (lost: Set<String>, found: Set<String>) {
        let current = try claim.heldLeases()
        let lost = Set(held.filter { current[$0.key] != $0.value }.map(\.key))
        let found = Set(current.filter { held[$0.key] != $0.value }.map(\.key))
        held = current
        mustReconcile = false
        return (lost, found)
    }

    /// A write of this host's was refused: it no longer holds what it thought.
    mutating func writeRefused() {
        mustReconcile = true
    }

    /// Whether this host may take over a lapsed host's leases: only once the
    /// container has answered it for a whole lease without a break, so that
    /// after an outage (when every row looks lapsed) each host renews its
    /// own first, and nothing is reshuffled.
    var mayTakeOver: Bool {
        guard let since = connectedSince else { return false }
        if let failure = claim.lastConnectionFailure, failure >= since { return false }
        return ContinuousClock.now - since >= duration
    }

    /// Takes up to `count` leases (at most a batch): free ones, and those of
    /// lapsed hosts when it may.
    mutating func take(_ count: Int) throws -> [ClaimedLease] {
        let lapsed = mayTakeOver ? hosts.filter { !$0.holder.isLive }.map(\.id) : []
        let taken = try claim.claim(min(count, Self.claimBatch), takingOverFrom: lapsed)
        for lease in taken { held[lease.instance] = lease.token }
        return taken
    }

    /// Gives back instances another host should serve.
    mutating func release(_ instances: [String]) throws {
        try claim.release(instances)
        for instance in instances { held[instance] = nil }
    }

    /// What this host shows when it writes for `instances`.
    func fence(for instances: some Sequence<String>) -> LeaseFence {
        var tokens: [String: Int64] = [:]
        for instance in instances {
            if let token = held[instance] { tokens[instance] = token }
        }
        return LeaseFence(member: member, tokens: tokens)
    }

    /// The host a lapsed member id stands for, to name it.
    func host(_ member: String?) -> HostHolder? {
        member.flatMap { id in hosts.first { $0.id == id }?.holder }
    }
}
