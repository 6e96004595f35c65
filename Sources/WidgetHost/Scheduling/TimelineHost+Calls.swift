import ExtensionProtocol
import Foundation
import HostText
import WidgetConfiguration
import WidgetContainer
import WidgetKinds
import WidgetSDK

/// Provider calls: started as the scheduler asks, their results fed back,
/// their events reported.
extension TimelineHost {
    /// Emits a step's events, cancels its timed-out calls and launches its
    /// calls. A call that cannot launch is settled at once, which may free a
    /// slot for the next: those follow-ups are worked through in a loop, never
    /// by recursion, however many instances wait.
    func handle(_ step: SchedulerCore.Step) {
        var pending = [step]
        while let step = pending.popLast() {
            emit(step.events)
            for call in step.cancelled {
                tasks.removeValue(forKey: call.number)?.task.cancel()
            }
            for call in step.calls {
                if let followUp = launch(call) { pending.append(followUp) }
            }
        }
    }

    /// Holds or allows the scheduler's starts as this host's leases allow:
    /// a fleet host whose leases lapsed starts nothing until it has renewed.
    func followLeases() {
        guard let leases else { return }
        let hold = !leases.isValid
        guard hold != core.startsHeld else { return }
        if hold {
            // Not at start, where nothing has been renewed yet.
            if readAll { report(.warning("this host's leases lapsed (the database did not answer a renewal in time); no reload starts until they are renewed")) }
            health.leasesLapsed(since: clock.now())
        } else {
            health.leasesLapsed(since: nil)
            refusedWrites.reset()
        }
        handle(core.holdStarts(hold, at: clock.now()))
    }

    /// Starts a provider call, or settles it at once when it cannot start;
    /// returns what settling it asks for next.
    private func launch(_ call: SchedulerCore.ReloadCall) -> SchedulerCore.Step? {
        let now = clock.now()
        guard let instance = instances[call.instance], let kind = workspace.bundle.kind(named: instance.kind) else {
            // Its kind went with a bundle replaced a moment ago: not the instance's fault.
            let unavailable = ReloadFailure(.unavailable, "its kind is not loaded", retryAfter: .seconds(60))
            return core.complete(call, with: .failure(unavailable), at: now)
        }
        if let leases, !leases.isValid {
            // Another host may hold it by now: it waits until a renewal says.
            core.putBack(call, at: now)
            return core.holdStarts(true, at: now)
        }
        if let due = call.due { HostMetrics.schedulerLag(now.timeIntervalSince(due)) }
        let context = kind.context(for: instance.family, date: now)
        let provider = kind.descriptor.provider
        let kindName = kind.name
        let moduleVersion = kind.moduleVersion
        let configuration = instance.configuration
        let workspace = self.workspace
        let lease = leases.flatMap { keeper in keeper.held[call.instance].map { "\(keeper.member) \(call.instance) \($0)" } }
        let scope = ReloadScope(revalidate: call.explicit, lease: lease, instance: call.instance)
        tasks[call.number] = (call.instance, Task {
            let started = ContinuousClock.now
            let result = await RemoteCaller.$scope.withValue(scope) {
                await workspace.withServices {
                    await Self.timeline(from: provider, for: configuration, in: context)
                }
            }
            HostMetrics.providerCall(kind: kindName, took: ContinuousClock.now - started)
            // Cancelled calls (timed out, instance removed, host stopping) were
            // settled when they were cancelled; their result means nothing.
            guard !Task.isCancelled else { return await self.resumeIfIdle() }
            await self.finish(call, result, moduleVersion: moduleVersion)
        })
        return nil
    }

    /// Off the actor: a slow provider never holds up the scheduler.
    private nonisolated static func timeline(
        from provider: AnyTimelineProvider, for configuration: ConfigurationValues, in context: TimelineProviderContext
    ) async -> Result<ArchivedTimeline, any Error> {
        do {
            return .success(try await provider.timeline(for: configuration, in: context))
        } catch {
            return .failure(error)
        }
    }

    private func finish(_ call: SchedulerCore.ReloadCall, _ result: Result<ArchivedTimeline, any Error>, moduleVersion: String?) {
        tasks[call.number] = nil
        var result = result
        // A failure after a request of its got no answer: the network's, not the kind's.
        if case .failure(let error) = result, case let failure = ReloadFailure(error), failure.code == .failed,
           workspace.http.network.isWaiting(call.instance) {
            result = .failure(ReloadFailure(.unreachable, failure.message))
        }
        handle(core.complete(call, with: result, at: clock.now(), moduleVersion: moduleVersion))
        wakeups.signal(.callEnded)
        resumeIfIdle()
    }

    func networkChanged(_ change: NetworkWatch.Change) {
        switch change {
        case .began(let outage):
            report(.warning("no answer from \(outage.origin) (\(outage.reason)); asking it again every \(DurationValue(seconds: workspace.http.network.probeInterval.seconds)) "
                            + "and reloading what failed for it as soon as it answers"))
        case .ended(let outage, let at):
            networkReturned(outage, at: at)
        }
    }

    /// An origin that gave no answer does again: the instances whose
    /// reloads failed for it reload now, in their budgets, rather than at
    /// the end of their backoff.
    func networkReturned(_ outage: NetworkWatch.Outage, at now: Date) {
        let waiting = outage.instances.filter { instances[$0] != nil }.sorted()
        var events: [SchedulerEvent] = []
        for instance in waiting {
            events += core.retryUnreachable(instance, at: clock.now(), why: "\(outage.origin) answers again")
        }
        let after = DurationValue(seconds: max(0, now.timeIntervalSince(outage.since)).rounded())
        report(.notice("\(outage.origin) answers again after \(after)"
                       + (events.isEmpty ? "" : "; reloading \(events.count) instance\(events.count == 1 ? "" : "s") whose reloads failed meanwhile")))
        handle(SchedulerCore.Step(events: events))
        wake()
    }

    /// Ends a `waitForCalls` once no call is running.
    func resumeIfIdle() {
        if tasks.isEmpty, let idle = idleWaiter {
            idleWaiter = nil
            idle.resume()
        }
    }

    func emit(_ events: [SchedulerEvent], _ instance: WidgetInstance? = nil) {
        for event in events {
            let instance = instance ?? instances[event.instance]
            if case .timelineReceived(_, let policy, _, _) = event.kind { warnOfBudget(event.instance, instance, policy, at: event.date) }
            count(event, kind: instance?.kind ?? "?")
            report(.event(event, instance))
            unsaved.record(event)
        }
    }

    /// Once per instance a run: its timeline asks for more reloads than the
    /// daily budget gives, which otherwise shows only as deferred reloads.
    private func warnOfBudget(_ id: String, _ instance: WidgetInstance?, _ policy: TimelineReloadPolicy, at now: Date) {
        guard !warnedOfBudget.contains(id) else { return }
        let next: Date? = switch policy {
        case .after(let date): date
        case .atEnd: core.schedule(for: id)?.entries.last?.date
        case .never: nil
        }
        guard let next, let warning = core.policy.budgetWarning(requestedInterval: next.timeIntervalSince(now)) else { return }
        warnedOfBudget.insert(id)
        report(.warning("instance \(id) (\(instance?.kind ?? "?")) \(warning)"))
    }

    /// Reload outcomes and quarantines, for `/metrics`.
    private func count(_ event: SchedulerEvent, kind: String) {
        switch event.kind {
        case .timelineReceived: HostMetrics.reloadEnded(kind: kind, outcome: "ok")
        case .reloadFailed: HostMetrics.reloadEnded(kind: kind, outcome: ReloadFailure.Code.outcome(of: event.failure))
        case .quarantined: HostMetrics.quarantined(kind: kind)
        default: break
        }
    }
}
