import Foundation
import GRDB
import Synchronization

/// Tells what other processes changed in a SQLite container since the last
/// look. `PRAGMA data_version` on a connection of its own says whether any
/// commit happened (the host's own saves included); the `change` log then
/// names the instances and requests that changed, so a host reads only
/// those. A watcher that follows timelines too (the dashboard's) is told of
/// every commit as `everything`.
///
/// With `onChange`, inotify on the container's folder announces each commit
/// as it lands, so the host wakes at once instead of at its next look.
final class SQLiteChangeWatcher: ContainerChangeWatching {
    private let connection: DatabaseQueue
    private let includingTimelines: Bool
    private let path: String
    private struct State {
        var version: Int?
        /// The last entry of the change log read; nil before the first look.
        var seq: Int64?
        var notifier: FileNotifier?
    }
    private let state = Mutex(State())

    init(path: String, includingTimelines: Bool) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(SQLiteStore.busyTimeout)
        connection = try DatabaseQueue(path: path, configuration: configuration)
        self.includingTimelines = includingTimelines
        self.path = path
    }

    func changes() throws -> ContainerChanges {
        let last = state.withLock { ($0.version, $0.seq) }
        let (version, changes, seq) = try BlockingCalls.measure("changes()") { try connection.read { db -> (Int?, ContainerChanges, Int64?) in
            let version = try Int.fetchOne(db, sql: "PRAGMA data_version")
            guard let seq = last.1 else {
                return (version, ContainerChanges(everything: true), try Int64.fetchOne(db, sql: "SELECT max(seq) FROM change") ?? 0)
            }
            guard version != last.0 else { return (version, ContainerChanges(), seq) }
            if includingTimelines { return (version, ContainerChanges(everything: true), seq) }
            let rows = try Row.fetchAll(db, sql: "SELECT seq, tableName, instanceID FROM change WHERE seq > ? ORDER BY seq", arguments: [seq])
            guard let first = rows.first else { return (version, ContainerChanges(), seq) }
            let latest: Int64 = rows.last!["seq"]
            // Entries this watcher never read were pruned: it fell more than the log's length behind.
            if first["seq"] as Int64 != seq + 1, try Int64.fetchOne(db, sql: "SELECT min(seq) FROM change") ?? 0 > seq + 1 {
                return (version, ContainerChanges(everything: true), latest)
            }
            var changes = ContainerChanges()
            for row in rows {
                let instance: String? = row["instanceID"]
                switch row["tableName"] as String {
                case "instance":
                    if let instance { changes.instances.insert(instance) }
                case "reload_request":
                    if let instance { changes.reloadRequests.insert(instance) } else { changes.allReloadRequests = true }
                case "defaults":
                    changes.defaults = true
                case "activity":
                    changes.activities = true
                default:
                    changes.everything = true
                }
            }
            return (version, changes, latest)
        } }
        state.withLock { state in
            state.version = version
            state.seq = seq
        }
        return changes
    }

    /// Calls `action` whenever a commit lands: SQLite in WAL mode appends
    /// it to `-wal`, and a checkpoint writes the database file. False when
    /// inotify cannot be had: the caller must then look at its own pace.
    func onChange(_ action: @escaping @Sendable () -> Void) -> Bool {
        let notifier = FileNotifier(files: [path, path + "-wal"], events: .writes, action: action)
        state.withLock { $0.notifier = notifier }
        return notifier != nil
    }
}
