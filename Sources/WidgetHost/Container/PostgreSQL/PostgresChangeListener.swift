import Foundation
import PostgresNIO
import Synchronization

/// Hears of other processes' changes through `LISTEN widgethost`: the
/// database tells, nothing polls it. `hasChanged` only reads a flag. A
/// connection that drops is made again on the next look, which then reports
/// a change, so the host reads the container afresh and misses nothing said
/// while it was not listening.
final class PostgresChangeListener: ContainerChangeWatching {
    private let connections: PostgresConnections
    /// The tables whose changes count; nil for all.
    private let tables: Set<String>?
    private struct State {
        var connection: PostgresConnection?
        var changed = true
        var onChange: (@Sendable () -> Void)?
    }
    private let state = Mutex(State())

    init(connections: PostgresConnections, tables: Set<String>?) {
        self.connections = connections
        self.tables = tables
    }

    /// Called on the driver's thread as a change arrives: the host wakes at once.
    func onChange(_ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.onChange = action }
    }

    func hasChanged() throws -> Bool {
        if state.withLock({ $0.connection?.isClosed ?? true }) {
            try listen()
        }
        return state.withLock { state in
            defer { state.changed = false }
            return state.changed
        }
    }

    private func listen() throws {
        let connection = try connections.connect(searchPath: false)
        let group = connections.group
        let tables = tables
        connection.addListener(channel: PostgresSchema.channel) { [weak self] _, notification in
            let words = notification.payload.split(separator: " ", maxSplits: 1).map(String.init)
            guard words.first == group, tables?.contains(words.last ?? "") ?? true, let self else { return }
            let action = self.state.withLock { state in
                state.changed = true
                return state.onChange
            }
            action?()
        }
        do {
            _ = try connection.query(PostgresQuery(unsafeSQL: "LISTEN \(PostgresSchema.channel)"), logger: connections.logger).wait()
        } catch {
            _ = try? connection.close().wait()
            throw error
        }
        let replaced = state.withLock { state in
            defer {
                state.connection = connection
                // Whatever was said while no one listened: read it all again.
                state.changed = true
            }
            return state.connection
        }
        _ = try? replaced?.close().wait()
    }

    deinit {
        _ = try? state.withLock { $0.connection }?.close().wait()
    }
}
