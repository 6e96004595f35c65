import ExtensionProtocol
import Foundation
import WidgetContainer
import WidgetKinds
import WidgetRendering
import WidgetSDK

/// Live Activities, started, updated and ended from outside their kind as
/// ActivityKit's app and push updates do: by `widgethost activity` and the
/// dashboard's `/activities` endpoint. Each change is drawn in the module's
/// extension before it is stored, so what the container holds always draws.
extension Workspace {
    package func startActivity(type: String, attributes: Data, content: ActivityContentUpdate) async throws -> LiveActivity {
        let activity = try loadedActivity(type)
        try Self.check(attributes: attributes, state: content.state)
        let now = clock.now()
        let id = UUID().uuidString
        let (view, staleView) = try await draw(activity, id: id, attributes: attributes, content: content, at: now)
        let started = LiveActivity(id: id, type: type, attributes: attributes, state: content.state, staleDate: content.staleDate,
                                   relevanceScore: content.relevanceScore, startedAt: now, updatedAt: now,
                                   budget: ActivityLimits.updateBurst, budgetAt: now, view: view, staleView: staleView)
        try await container.write { db in
            try db.purgeActivities(dismissedBefore: now.addingTimeInterval(-ActivityLimits.keptAfterDismissal))
            let running = try db.activities().filter { $0.type == type && [.active, .stale].contains($0.phase(at: now)) }
            guard running.count < ActivityLimits.maximumRunning else { throw ActivityError.tooManyRunning(type: type) }
            try db.save(started)
        }
        return started
    }

    /// Applies `content` unless an update stamped `timestamp` or later was
    /// applied already: a retried update is applied once.
    package func updateActivity(id: String, content: ActivityContentUpdate, timestamp: Date? = nil) async throws -> ActivityChange {
        try await change(id: id, content: content, timestamp: timestamp, ending: nil)
    }

    /// Ends the activity, with final content if given; it stays shown as `dismissal` says.
    package func endActivity(id: String, content: ActivityContentUpdate?, dismissal: ActivityUIDismissalPolicy = .default,
                             timestamp: Date? = nil) async throws -> ActivityChange {
        try await change(id: id, content: content, timestamp: timestamp, ending: dismissal)
    }

    /// The activity as it shows at `date`: its Lock Screen presentation,
    /// stale once its content is, at a medium widget's size.
    package func renderable(_ activity: LiveActivity, at date: Date) throws -> RenderableView {
        let entry = try activity.drawing(at: date)
        // A Lock Screen activity pads itself, as on iOS: no content margins are added.
        return RenderableView(view: entry.view, family: .systemMedium, date: entry.date, redacted: false, now: date, contentMarginsDisabled: true, theme: theme)
    }

    /// Every activity kept, oldest first.
    package func activities() async throws -> [LiveActivity] {
        try await container.read { try $0.activities() }
    }

    private func change(id: String, content: ActivityContentUpdate?, timestamp: Date?, ending: ActivityUIDismissalPolicy?) async throws -> ActivityChange {
        let now = clock.now()
        let stamp = timestamp ?? now
        guard let current = try await container.read({ try $0.activity(id: id) }) else { throw ActivityError.notFound(id) }
        if let change = try Self.unchanged(current, stamp: stamp, ending: ending, at: now) { return change }
        var drawing: (Data, Data?)?
        if let content {
            try Self.check(attributes: current.attributes, state: content.state)
            drawing = try await draw(try loadedActivity(current.type), id: id, attributes: current.attributes, content: content, at: stamp)
        }
        let drawn = drawing
        return try await container.write { db in
            // Read again in the transaction: another writer may have changed it while this one drew.
            guard var activity = try db.activity(id: id) else { throw ActivityError.notFound(id) }
            if let change = try Self.unchanged(activity, stamp: stamp, ending: ending, at: now) { return change }
            if ending == nil {
                let budget = min(ActivityLimits.updateBurst, activity.budget + now.timeIntervalSince(activity.budgetAt) / ActivityLimits.updateInterval)
                guard budget >= 1 else { throw ActivityError.overBudget(id, retryAfter: (1 - budget) * ActivityLimits.updateInterval) }
                activity.budget = budget - 1
                activity.budgetAt = now
            }
            if let content, let (view, staleView) = drawn {
                activity.state = content.state
                activity.staleDate = content.staleDate
                activity.relevanceScore = content.relevanceScore
                activity.view = view
                activity.staleView = staleView
            }
            activity.updatedAt = stamp
            if let ending {
                activity.endedAt = now
                activity.dismissAt = switch ending {
                case .default: now.addingTimeInterval(ActivityLimits.endedShownFor)
                case .immediate: now
                case .after(let date): min(max(date, now), now.addingTimeInterval(ActivityLimits.endedShownFor))
                }
            }
            try db.save(activity)
            return .applied(activity)
        }
    }

    /// Nothing to do: an update no newer than the latest, or to one that
    /// has ended; an end of one ended already.
    private static func unchanged(_ activity: LiveActivity, stamp: Date, ending: ActivityUIDismissalPolicy?, at now: Date) throws -> ActivityChange? {
        let ended = activity.phase(at: now) == .ended || activity.phase(at: now) == .dismissed
        if ending != nil, ended { return ActivityChange.ignored(activity) }
        if stamp <= activity.updatedAt { return ActivityChange.ignored(activity) }
        if ended { throw ActivityError.ended(activity.id) }
        return nil
    }

    private func loadedActivity(_ type: String) throws -> LoadedActivity {
        guard let activity = bundle.activity(named: type) else { throw ActivityError.unknownType(type, declared: Array(bundle.activities.keys)) }
        return activity
    }

    private static func check(attributes: Data, state: Data) throws {
        guard attributes.count + state.count <= ActivityLimits.maximumPayload else { throw ActivityError.tooLarge(bytes: attributes.count + state.count) }
        for (name, data) in [("attributes", attributes), ("state", state)] {
            guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else { throw ActivityError.notJSON(name) }
        }
    }

    /// The fresh drawing, and the stale one when the content can go stale.
    private func draw(_ activity: LoadedActivity, id: String, attributes: Data, content: ActivityContentUpdate,
                      at date: Date) async throws -> (Data, Data?) {
        do {
            let fresh = try await activity.draw(attributes: attributes, state: content.state,
                                                context: ActivityDrawingContext(activityID: id, isStale: false, date: date))
            var stale: ArchivedEntry?
            if content.staleDate != nil {
                stale = try await activity.draw(attributes: attributes, state: content.state,
                                                context: ActivityDrawingContext(activityID: id, isStale: true, date: date))
            }
            return (ArchiveCodec.encode(fresh), stale.map(ArchiveCodec.encode))
        } catch let error as ActivityError {
            throw error
        } catch {
            throw ActivityError.refused("\(error)")
        }
    }
}

extension LiveActivity {
    /// Its Lock Screen presentation at `date`: the stale one once its content is.
    package func drawing(at date: Date) throws -> ArchivedEntry {
        try ArchiveCodec.decodeEntry(view(at: date))
    }
}
