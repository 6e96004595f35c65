import GRDB
import Synchronization

/// Tells whether another process changed the container since the last look,
/// with one `PRAGMA data_version` on a connection of its own: cheap enough to
/// ask every second while the host is otherwise asleep.
public final class ContainerChangeWatcher: Sendable {
    private let connection: DatabaseQueue
    private let lastVersion = Mutex<Int?>(nil)

    public init(container: SharedContainer) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(SharedContainer.busyTimeout)
        connection = try DatabaseQueue(path: container.location.databasePath, configuration: configuration)
    }

    /// True the first time, then whenever another connection has committed.
    public func hasChanged() throws -> Bool {
        let version = try connection.read { try Int.fetchOne($0, sql: "PRAGMA data_version") }
        return lastVersion.withLock { last in
            defer { last = version }
            return last != version
        }
    }
}

