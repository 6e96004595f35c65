import Foundation
import Synchronization
import WidgetContainer
import WidgetHost

/// Every instance's status for the page and `/instances`, read again only
/// when the container has changed or a second has passed (ages like
/// "updated 5m ago" move on): decoding every stored timeline, avatars
/// included, on each request held the page to 60 requests a second.
///
/// A change is heard of as the container announces it (inotify on a SQLite
/// file, NOTIFY on PostgreSQL), so a request asks the database nothing
/// while nothing changed: asking it each time (`PRAGMA data_version`) was a
/// blocking call on the cooperative pool per request. Where changes cannot
/// be announced, each request asks, as before.
final class StatusSnapshots: Sendable {
    static let maximumAge: TimeInterval = 1

    private let workspace: Workspace
    private let watcher: any ContainerChangeWatching
    private let latest = Mutex<(at: Date, statuses: [InstanceStatus])?>(nil)
    private let refreshing = Mutex<Task<[InstanceStatus], any Error>?>(nil)
    /// Set by the container's announcement, taken by the next request.
    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }
    private let announced = Flag()
    private let announces: Bool

    init(workspace: Workspace) throws {
        self.workspace = workspace
        watcher = try workspace.container.changeWatcher(includingTimelines: true)
        let announced = self.announced
        announces = watcher.onChange { announced.value.store(true, ordering: .releasing) }
    }

    /// The statuses: those read last while nothing was announced and they
    /// are younger than a second, else read again on the container's threads.
    func current() async throws -> [InstanceStatus] {
        let now = Date()
        if announces, !announced.value.load(ordering: .acquiring), let latest = latest.withLock({ $0 }),
           now.timeIntervalSince(latest.at) < Self.maximumAge {
            return latest.statuses
        }
        // One read for every request that finds the statuses stale: fifty
        // clients at once would otherwise decode every timeline fifty times.
        let reading = refreshing.withLock { running in
            if let running { return running }
            let task = Task { try await workspace.container.offPool { _ in try self.read(at: now) } }
            running = task
            return task
        }
        defer { refreshing.withLock { if $0 == reading { $0 = nil } } }
        return try await reading.value
    }

    private func read(at now: Date) throws -> [InstanceStatus] {
        let changed = announces ? announced.value.exchange(false, ordering: .acquiringAndReleasing) : try watcher.hasChanged()
        if !changed, let latest = latest.withLock({ $0 }), now.timeIntervalSince(latest.at) < Self.maximumAge {
            return latest.statuses
        }
        // Taken before reading, so a change committed meanwhile is read next time;
        // it also keeps a PostgreSQL listener connected (it reconnects on a look).
        if announces { _ = try watcher.changes() }
        let statuses = try workspace.statuses(at: now)
        latest.withLock { $0 = (now, statuses) }
        return statuses
    }
}
