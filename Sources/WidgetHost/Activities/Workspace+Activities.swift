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
    /// `timestamp`: when the sender made the start (APNs' `timestamp`),
    /// against which its later updates are compared.
    package func startActivity(type: String, attributes: Data, content: ActivityContentUpdate, timestamp: Date? = nil) async throws -> LiveActivity {
        let activity = try loadedActivity(type)
        try Self.check(attributes: attributes, content: content)
        let now = clock.now()
        let stamp = try Self.milliseconds(timestamp, now: now)
        let id = UUID().uuidString
        let (view, staleView) = try await draw(activity, id: id, attributes: attributes, content: content, at: now)
        let started = LiveActivity(id: id, type: type, attributes: attributes, state: content.state, staleDate: content.staleDate,
                                   relevanceScore: content.relevanceScore, startedAt: now, updatedAt: now, lastTimestamp: stamp,
                                   budget: ActivityLimits.updates.burst, budgetAt: now, view: view, staleView: staleView)
        try await container.write { db in
            let kept = try db.activities()
            try db.deleteActivities(ids: Self.removable(kept, making: type, at: now))
            let running = kept.filter { $0.type == type && [.active, .stale].contains($0.phase(at: now)) }
            guard running.count < ActivityLimits.maximumRunning else { throw ActivityError.tooManyRunning(type: type) }
            try db.save(started)
        }
        return started
    }

    /// Applies `content`, unless the sender stamped it (`timestamp`) no
    /// later than a start, update or end it stamped before: a retried
    /// update is applied once.
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

    /// A Live Activity preview's entry as it would show, as `renderable(_:at:)` draws a stored one.
    package func renderable(previewOf entry: ArchivedEntry) -> RenderableView {
        RenderableView(view: entry.view, family: .systemMedium, date: entry.date, redacted: false, now: entry.date, contentMarginsDisabled: true, theme: theme)
    }

    /// Every activity kept, oldest first.
    package func activities() async throws -> [LiveActivity] {
        try await container.read { try $0.activities() }
    }

    private func change(id: String, content: ActivityContentUpdate?, timestamp: Date?, ending: ActivityUIDismissalPolicy?) async throws -> ActivityChange {
        let now = clock.now()
        let stamp = try Self.milliseconds(timestamp, now: now)
        guard let current = try await container.read({ try $0.activity(id: id) }) else { throw ActivityError.notFound(id) }
        if let change = try Self.unchanged(current, stamp: stamp, ending: ending, at: now) { return change }
        // Over its budget: said before its drawing is made for nothing (and checked again when stored).
        if ending == nil { _ = try Self.budget(of: current, at: now) }
        var drawing: (Data, Data?)?
        if let content {
            try Self.check(attributes: current.attributes, content: content)
            drawing = try await draw(try loadedActivity(current.type), id: id, attributes: current.attributes, content: content, at: now)
        }
        let drawn = drawing
        return try await container.write { db in
            // Read again in the transaction: another writer may have changed it while this one drew.
            guard var activity = try db.activity(id: id) else { throw ActivityError.notFound(id) }
            if let change = try Self.unchanged(activity, stamp: stamp, ending: ending, at: now) { return change }
            if ending == nil {
                activity.budget = try Self.budget(of: activity, at: now) - 1
                activity.budgetAt = now
            }
            if let content, let (view, staleView) = drawn {
                activity.state = content.state
                activity.staleDate = content.staleDate
                activity.relevanceScore = content.relevanceScore
                activity.view = view
                activity.staleView = staleView
            }
            activity.updatedAt = now
            activity.lastTimestamp = stamp ?? activity.lastTimestamp
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
    private static func unchanged(_ activity: LiveActivity, stamp: Int64?, ending: ActivityUIDismissalPolicy?, at now: Date) throws -> ActivityChange? {
        let ended = activity.phase(at: now) == .ended || activity.phase(at: now) == .dismissed
        if ending != nil, ended { return ActivityChange.ignored(activity) }
        if let stamp, let last = activity.lastTimestamp, stamp <= last { return ActivityChange.ignored(activity) }
        if ended { throw ActivityError.ended(activity.id) }
        return nil
    }

    /// The updates the activity may make now, refilled since it was last
    /// counted; at least one, or it must wait.
    private static func budget(of activity: LiveActivity, at now: Date) throws -> Double {
        let budget = ActivityLimits.updates.available(activity.budget, countedAt: activity.budgetAt, at: now)
        guard budget >= 1 else { throw ActivityError.overBudget(activity.id, retryAfter: ActivityLimits.updates.retryAfter(budget)) }
        return budget
    }

    /// A sender's timestamp in whole milliseconds. One far ahead of this
    /// host's clock (milliseconds sent as seconds, say) would make every
    /// later change look old, and is refused.
    private static func milliseconds(_ timestamp: Date?, now: Date) throws -> Int64? {
        guard let timestamp else { return nil }
        guard timestamp.timeIntervalSince(now) <= ActivityLimits.timestampLead else {
            throw ActivityError.invalid("the timestamp \(timestamp.formatted(.iso8601)) is ahead of this host's clock (\(now.formatted(.iso8601))); it is when the change was made, in seconds since 1970")
        }
        return Int64((max(timestamp.timeIntervalSince1970, 0) * 1000).rounded(.down))
    }

    /// What a start of `type` removes: activities dismissed over a day ago,
    /// and, of `type`, the longest ended beyond the number kept of a type.
    private static func removable(_ kept: [LiveActivity], making type: String, at now: Date) -> [String] {
        let expired = kept.filter { $0.effectiveDismissal < now.addingTimeInterval(-ActivityLimits.keptAfterDismissal) }
        let expiredIDs = Set(expired.map(\.id))
        let ended = kept.filter { $0.type == type && !expiredIDs.contains($0.id) && [.ended, .dismissed].contains($0.phase(at: now)) }
        let ofType = kept.filter { $0.type == type && !expiredIDs.contains($0.id) }.count
        let surplus = max(0, ofType + 1 - ActivityLimits.maximumKept)
        return expired.map(\.id) + ended.sorted { $0.effectiveEnd < $1.effectiveEnd }.prefix(surplus).map(\.id)
    }

    private func loadedActivity(_ type: String) throws -> LoadedActivity {
        guard let activity = bundle.activity(named: type) else { throw ActivityError.unknownType(type, declared: Array(bundle.activities.keys)) }
        return activity
    }

    private static func check(attributes: Data, content: ActivityContentUpdate) throws {
        let state = content.state
        guard attributes.count + state.count <= ActivityLimits.maximumPayload else { throw ActivityError.tooLarge(bytes: attributes.count + state.count) }
        guard content.relevanceScore.isFinite else { throw ActivityError.invalid("the relevance score is not a finite number") }
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
