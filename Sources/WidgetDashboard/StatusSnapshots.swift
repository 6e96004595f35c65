import Foundation
import Synchronization
import WidgetContainer
import WidgetHost

/// Every instance's status for the page and `/instances`, read again only
/// when the container has changed or a second has passed (ages like
/// "updated 5m ago" move on): decoding every stored timeline, avatars
/// included, on each request held the page to 60 requests a second.
final class StatusSnapshots: Sendable {
    static let maximumAge: TimeInterval = 1

    private let workspace: Workspace
    private let watcher: any ContainerChangeWatching
    private let latest = Mutex<(at: Date, statuses: [InstanceStatus])?>(nil)

    init(workspace: Workspace) throws {
        self.workspace = workspace
        watcher = try workspace.container.changeWatcher(includingTimelines: true)
    }

    func current() throws -> [InstanceStatus] {
        let now = Date()
        let changed = try watcher.hasChanged()
        if !changed, let latest = latest.withLock({ $0 }), now.timeIntervalSince(latest.at) < Self.maximumAge {
            return latest.statuses
        }
        let statuses = try workspace.statuses(at: now)
        latest.withLock { $0 = (now, statuses) }
        return statuses
    }
}
