import ExtensionProtocol
import Foundation
import HostText
import WidgetContainer
import WidgetKinds
import WidgetSDK

/// Following the container: instances placed, changed or removed by other
/// processes, their reload requests, and saving what changed.
extension TimelineHost {
    /// Takes in instances added, changed or removed by other processes, and
    /// their reload requests; a fleet host also renews its leases and takes
    /// or gives back its share. Reads only what the container says changed,
    /// everything the first time or when `force`d (the kinds changed, so
    /// which instances are ready may have too).
    package func sync(force: Bool = false) throws {
        var changes = try health.waiting(on: "reading what changed") { try watcher.changes() }
        if force || !readAll { changes.everything = true }
        let renewing = leases?.isDue ?? false
        guard !changes.isEmpty || renewing || (leases?.mustReconcile ?? false) else { return }
        let now = clock.now()

        var touched = Set<String>()
        if changes.everything {
            let all = try health.waiting(on: "reading every instance") { try workspace.container.instances() }
            touched = Set(stored.keys)
            stored = Dictionary(all.map { ($0.id, $0) }) { first, _ in first }
            touched.formUnion(stored.keys)
        } else if !changes.instances.isEmpty {
            let ids = Array(changes.instances)
            let read = try health.waiting(on: "reading \(ids.count) changed instance\(ids.count == 1 ? "" : "s")") {
                try workspace.container.instances(ids: ids)
            }
            for id in ids { stored[id] = nil }
            for instance in read { stored[instance.id] = instance }
            touched = changes.instances
        }
        readAll = true
        if var keeper = leases {
            defer {
                leases = keeper
                HostMetrics.leasesHeld(keeper.held.count)
            }
            let turn = FleetTurn(changes: changes, renewing: renewing, stored: stored.count,
                                 busy: Set(tasks.values.map(\.instance)), reportsLosses: readAll && !instances.isEmpty)
            touched.formUnion(try keeper.follow(turn, health: health, report: report) { try flush() })
        }
        try schedule(touched, at: now)
        try takeReloadRequests(changes, at: now)
        if changes.activities || changes.everything { report(.activities) }
    }

    /// Whether this host schedules the instance: a fleet host schedules what it holds.
    private func holds(_ instance: String) -> Bool {
        leases.map { $0.held[instance] != nil } ?? true
    }

    /// Schedules the instances of `ids` that are ready and held, and stops
    /// those no longer so; an instance whose kind, family or configuration
    /// changed reloads.
    private func schedule(_ ids: Set<String>, at now: Date) throws {
        guard !ids.isEmpty else { return }
        let bundle = workspace.bundle
        var added: [WidgetInstance] = []
        for id in ids {
            if stored[id] == nil { withdrawn.remove(id) }
            let wanted = stored[id].flatMap { InstanceState($0, in: bundle) == .ready && holds(id) ? $0 : nil }
            if let known = instances[id] {
                if let wanted {
                    guard known != wanted else { continue }
                    instances[id] = wanted
                    // A new name is drawn with the entries it has.
                    if known.needsReload(becoming: wanted) {
                        handle(SchedulerCore.Step(events: core.requestReload(id, force: true, at: now)))
                    }
                } else if let kept = stored[id], holds(id) {
                    // Still stored: the bundle changed under it, and it comes back when the bundle does.
                    unschedule(id, handedOver: false, withdrawn: InstanceState(kept, in: bundle).description, at: now)
                    withdrawn.insert(id)
                } else {
                    // Held by another host now: nothing happened to the instance itself.
                    unschedule(id, handedOver: stored[id] != nil && !holds(id), at: now)
                }
            } else if let wanted {
                added.append(wanted)
            }
        }
        guard !added.isEmpty else { return }
        let persisted = try health.waiting(on: "reading \(added.count) stored timeline\(added.count == 1 ? "" : "s")") {
            try workspace.container.schedules(of: added.map(\.id)) { id, reason in
                report(.notice("\(id): its stored timeline cannot be read (\(reason)); it starts again from its placeholder"))
            }
        }
        for instance in added.sorted(by: { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }) {
            instances[instance.id] = instance
            emit(core.add(instance.id, schedule: persisted[instance.id], at: now, resumed: withdrawn.remove(instance.id) != nil,
                          moduleVersion: bundle.kind(named: instance.kind)?.moduleVersion), instance)
            unsaved.changed(instance.id)
        }
    }

    /// Stops scheduling an instance. One handed over to another host (or
    /// lost to it) is not saved again: its state is the new holder's.
    private func unschedule(_ id: String, handedOver: Bool, withdrawn reason: String? = nil, at now: Date) {
        let removed = instances.removeValue(forKey: id)
        let events = core.remove(id, at: now, withdrawn: reason)
        if handedOver {
            unsaved.forget(id)
        } else {
            emit(events, removed)
        }
        // Its timeout is gone with it, so a call still running is stopped here.
        for (number, call) in tasks where call.instance == id {
            call.task.cancel()
            tasks[number] = nil
        }
    }

    /// The reload requests waiting for this host: all of them, or a fleet
    /// host's for what it holds, checked against its tokens where they are taken.
    private func takeReloadRequests(_ changes: ContainerChanges, at now: Date) throws {
        let requests: [ReloadRequest]
        if let keeper = leases {
            let all = changes.everything || changes.allReloadRequests
            let named = all ? Set(keeper.held.keys) : changes.reloadRequests.filter { keeper.held[$0] != nil }
            guard !named.isEmpty || all else { return }
            requests = try health.waiting(on: "taking reload requests") {
                try workspace.container.takeReloadRequests(fence: keeper.fence(for: named), orphans: all)
            }
        } else {
            guard changes.everything || changes.allReloadRequests || !changes.reloadRequests.isEmpty else { return }
            requests = try health.waiting(on: "taking reload requests") { try workspace.container.takeReloadRequests() }
        }
        for request in requests {
            let applies = request.instanceID.map { id in instances[id].map { [$0] } ?? [] } ?? Array(instances.values)
            for instance in applies where request.applies(to: instance) {
                handle(SchedulerCore.Step(events: core.requestReload(instance.id, force: request.force, at: now)))
            }
        }
    }

    /// Saves changed schedules; on failure they stay marked for the next
    /// try. A fleet host saves only what it still holds with the token it
    /// took: a save refused means another host holds the instance now, so
    /// it is dropped, and what this host holds is read again before
    /// anything else starts. Then `report` hears of the events whose
    /// changes are now in the container, so views that read the container
    /// (the board, the dashboard) never read it before the change they were
    /// told of.
    func flush() throws {
        guard !unsaved.isEmpty else { return }
        let changed = unsaved.instances.compactMap { id in core.schedule(for: id).map { (instance: id, schedule: $0) } }
        let fence = leases?.fence(for: unsaved.instances)
        var unsavable: [(instance: String, reason: String)] = []
        let saved = try health.waiting(on: "saving \(changed.count) timeline\(changed.count == 1 ? "" : "s")") {
            try workspace.container.saveSchedules(changed, fence: fence) { unsavable.append(($0, $1)) }
        }
        unsaved.savedInstances()
        for (instance, reason) in unsavable {
            report(.problem("timeline of \(instance) not saved: \(reason)"))
        }
        if fence != nil, saved.count + unsavable.count < changed.count {
            let skipped = Set(unsavable.map(\.instance))
            let refused = changed.map(\.instance).filter { !saved.contains($0) && !skipped.contains($0) && stored[$0] != nil }
            if !refused.isEmpty { fenced(refused) }
        }
        let events = unsaved.takeEvents()
        if !events.isEmpty { report(.saved(events)) }
    }

    /// Saves of instances this host no longer holds were refused: it stopped
    /// or was cut off longer than a lease, and another host took them over.
    private func fenced(_ refused: [String]) {
        HostMetrics.fencedWrites(refused.count)
        refusedWrites.occurred(
            "\(refused.count) save\(refused.count == 1 ? " was" : "s were") refused: another host holds \(refused.count == 1 ? "that instance" : "those instances") now (this host stalled or was cut off longer than its lease); dropping what it no longer holds",
            at: clock.now(), report: { [report] in report(.warning($0)) })
        leases?.writeRefused()
        for id in refused where instances[id] != nil {
            unschedule(id, handedOver: true, at: clock.now())
        }
        changeAnnounced = true
    }

    /// Why the host cannot do its work now, for `/readyz`; nil when it can.
    /// Answers at once, even while the loop waits on the database.
    package nonisolated func notReady() -> String? {
        health.notReady()
    }
}
