import Foundation
import PostgresNIO
import Synchronization

/// Hears of other processes' changes through `LISTEN widgethost`: the
/// database tells, nothing polls it, and each notice names what changed
/// (`<schema> <table> [ids…|*]`), so a host reads again only that. `changes`
/// only takes what has arrived. A connection that drops is made again on
/// the next look, which then reports everything, so the host reads the
/// container afresh and misses nothing said while it was not listening.
final class PostgresChangeListener: ContainerChangeWatching {
    private let connections: PostgresConnections
    /// The tables whose changes count; nil for all.
    private let tables: Set<String>?
    private struct State {
        var connection: PostgresConnection?
        var pending = ContainerChanges(everything: true)
        var onChange: (@Sendable () -> Void)?
    }
    private let state = Mutex(State())

    init(connections: PostgresConnections, tables: Set<String>?) {
        self.connections = connections
        self.tables = tables
    }

    /// Called on the driver's thread as a change arrives: the host wakes at
    /// once. A listening connection that dropped is made again at the
    /// caller's next look (a fleet host's lease renewal).
    func onChange(_ action: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { $0.onChange = action }
        return true
    }

    func changes() throws -> ContainerChanges {
        if state.withLock({ $0.connection?.isClosed ?? true }) {
            try listen()
        }
        return state.withLock { state in
            defer { state.pending = ContainerChanges() }
            return state.pending
        }
    }

    /// What one notice says, or nil for another group's or a table not followed.
    static func parse(_ payload: String, group: String, tables: Set<String>?) -> ContainerChanges? {
        let words = payload.split(separator: " ").map(String.init)
        guard words.count >= 2, words[0] == group, tables?.contains(words[1]) ?? true else { return nil }
        let named = words.dropFirst(2)
        let all = named.isEmpty || named.contains("*")
        var changes = ContainerChanges()
        switch words[1] {
        case "instance":
            if all { changes.everything = true } else { changes.instances.formUnion(named) }
        case "reload_request":
            if all { changes.allReloadRequests = true } else { changes.reloadRequests.formUnion(named) }
        case "timeline":
            if all { changes.everything = true } else { changes.timelines.formUnion(named) }
        case "lease", "fleet_host":
            changes.fleet = true
        case "defaults":
            changes.defaults = true
        case "activity":
            changes.activities = true
        default:
            changes.everything = true
        }
        return changes
    }

    private func listen() throws {
        let connection = try connections.connect(searchPath: false)
        let group = connections.group
        let tables = tables
        connection.addListener(channel: PostgresSchema.channel) { [weak self] _, notification in
            guard let self, let changes = Self.parse(notification.payload, group: group, tables: tables) else { return }
            let action = self.state.withLock { state in
                state.pending.formUnion(changes)
                return state.onChange
            }
            action?()
        }
        do {
            _ = try connections.wait(connection.query(PostgresQuery(unsafeSQL: "LISTEN \(PostgresSchema.channel)"), logger: connections.logger), on: connection)
        } catch {
            PostgresConnections.close(connection)
            throw error
        }
        let replaced = state.withLock { state in
            defer {
                state.connection = connection
                // Whatever was said while no one listened: read it all again.
                state.pending.everything = true
            }
            return state.connection
        }
        if let replaced { PostgresConnections.close(replaced) }
    }

    deinit {
        // Never waited for: the last reference may go on one of the driver's threads.
        if let connection = state.withLock({ $0.connection }) { PostgresConnections.close(connection) }
    }
}
