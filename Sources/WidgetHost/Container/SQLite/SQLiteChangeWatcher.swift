import GRDB
import Synchronization

/// Tells whether another process changed the container since the last look,
/// with one `PRAGMA data_version` on a connection of its own: cheap enough to
/// ask every second while the host is otherwise asleep.
final class SQLiteChangeWatcher: ContainerChangeWatching {
    private let connection: DatabaseQueue
    private let lastVersion = Mutex<Int?>(nil)

    init(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(SQLiteStore.busyTimeout)
        connection = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// SQLite says that something changed, never what: everything.
    func changes() throws -> ContainerChanges {
        let version = try connection.read { try Int.fetchOne($0, sql: "PRAGMA data_version") }
        let changed = lastVersion.withLock { last in
            defer { last = version }
            return last != version
        }
        return ContainerChanges(everything: changed)
    }
}
