import WidgetContainer

/// What a fleet host knows of its loop's turn, for `LeaseKeeper.follow`.
struct FleetTurn {
    /// What the container said changed.
    var changes: ContainerChanges
    /// Whether this host's renewal is due.
    var renewing: Bool
    /// Instances stored in the container, which the live hosts share.
    var stored: Int
    /// Instances with a call running: never given back in the middle of one.
    var busy: Set<String>
    /// Whether leases lost while cut off are news: not at start, not while
    /// nothing is scheduled.
    var reportsLosses: Bool
}

extension LeaseKeeper {
    /// How many instances each live host serves at most.
    func share(of stored: Int) -> Int {
        (stored + liveHosts - 1) / liveHosts
    }

    /// The instances to give back to come down to `share`: never one with a
    /// call running, the same ones whichever host computes it.
    func excess(over share: Int, busy: Set<String>) -> [String] {
        guard held.count > share else { return [] }
        return Array(held.keys.filter { !busy.contains($0) }.sorted().suffix(held.count - share))
    }

    /// A fleet host's part of a turn: renews its row when due, reads what
    /// it holds when it may have lost some, takes its share of what is free
    /// (and of what lapsed hosts held, once it may), and gives back what is
    /// over its share once it is saved (`saveFirst`) for the host that takes
    /// it next. Returns the instances whose lease changed hands.
    mutating func follow(_ turn: FleetTurn, health: HostHealth, report: (HostNews) -> Void,
                         saveFirst: () throws -> Void) throws -> Set<String> {
        var touched = Set<String>()
        let changes = turn.changes
        // A host that joined or left changes every share: its own row, and
        // the few of the fleet, say so at once.
        if turn.renewing || changes.fleet || changes.everything {
            do {
                try health.waiting(on: "renewing this host's leases") { try renew() }
            } catch {
                HostMetrics.renewalFailed()
                throw error
            }
        }
        if mustReconcile {
            let (lost, found) = try health.waiting(on: "reading this host's leases") { try reconcile() }
            if !lost.isEmpty, turn.reportsLosses {
                report(.warning("\(lost.count) instance\(lost.count == 1 ? " was" : "s were") taken over by other hosts while this host could not renew its leases; it serves what it still holds"))
            }
            touched.formUnion(lost)
            touched.formUnion(found)
        }
        let share = share(of: turn.stored)
        if held.count < share, turn.renewing || changes.fleet || changes.everything || !changes.instances.isEmpty {
            var taken: [ClaimedLease] = []
            while held.count < share {
                let batch = try health.waiting(on: "claiming instances") { try take(share - held.count) }
                HostMetrics.claimBatch(batch.count)
                taken += batch
                guard batch.count == Self.claimBatch else { break }
            }
            let takenOver = taken.filter { $0.from != nil }
            // Counted even when 0, so that /metrics shows the figure from the start.
            HostMetrics.leaseTakeovers(takenOver.count)
            let byHost = Dictionary(grouping: takenOver) { host($0.from)?.description ?? "a host now gone" }
            for (from, leases) in byHost.sorted(by: { $0.key < $1.key }) {
                report(.notice("took over \(leases.count) instance\(leases.count == 1 ? "" : "s") from the host (\(from)) whose lease lapsed"))
            }
            touched.formUnion(taken.map(\.instance))
        } else {
            let excess = excess(over: share, busy: turn.busy)
            if !excess.isEmpty {
                try saveFirst()
                try health.waiting(on: "giving back instances") { try release(excess) }
                report(.notice("gave \(excess.count) instance\(excess.count == 1 ? "" : "s") to other hosts: \(liveHosts) hosts share the container, \(share) each at most"))
                touched.formUnion(excess)
            }
        }
        return touched
    }
}
