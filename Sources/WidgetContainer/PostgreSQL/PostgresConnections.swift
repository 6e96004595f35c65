import Foundation
import HostText
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import Synchronization
import WidgetConfiguration

/// Connections to one container's database, reused between calls. A
/// container transaction is synchronous (SQLite's always were), so a call
/// blocks its thread on the driver's event loop, which is never one of the
/// callers': the host's loop thread, a command's, or the container's own
/// threads for the async API (`ContainerThreads`), never the cooperative pool.
///
/// Every wait is bounded, on the server and here: a host that stalls inside
/// a transaction, or a statement sent into a network that no longer answers,
/// must hold up no other host and no command for longer than a lease.
final class PostgresConnections: Sendable {
    /// How long the server lets a session go on: set on every connection it opens.
    struct SessionLimits: Sendable, Equatable {
        /// A statement running longer is cancelled by the server.
        var statement: Duration
        /// A wait for a lock longer than this fails instead.
        var lock: Duration?
        /// A session idle inside a transaction longer than this (a process
        /// stopped mid-transaction) is ended by the server, and its locks with it.
        var idleInTransaction: Duration
        /// How long a statement may go unanswered here before the connection
        /// counts as gone: longer than `statement`, so the server speaks first.
        var answer: Duration
        /// How long connecting may take.
        var connect: Duration

        /// A command's: it may wait for the write lock as long as a host may
        /// hold it, but may not hold it while stopped.
        static func command(lease: Duration, url: PostgresURL) -> SessionLimits {
            SessionLimits(statement: .seconds(30), lock: nil, idleInTransaction: lease / 3, answer: .seconds(35), connect: url.connectTimeout)
        }

        /// A host's: every wait shorter than a third of the lease, so that a
        /// host never acts on leases it can no longer renew in time.
        static func host(lease: Duration, url: PostgresURL) -> SessionLimits {
            SessionLimits(statement: lease / 3, lock: lease / 3, idleInTransaction: lease / 3, answer: lease / 2,
                          connect: min(url.connectTimeout, lease / 3))
        }

        /// The server's settings, as a startup `options` parameter.
        var options: String {
            func milliseconds(_ duration: Duration) -> Int64 { max(1, Int64(duration.seconds * 1000)) }
            return "-c statement_timeout=\(milliseconds(statement)) -c lock_timeout=\(lock.map(milliseconds) ?? 0)"
                + " -c idle_in_transaction_session_timeout=\(milliseconds(idleInTransaction))"
        }
    }

    let url: PostgresURL
    let group: String
    let logger: Logger
    private let idle = Mutex<[PostgresConnection]>([])
    private let nextID = Atomic<Int>(1)
    private let limits: Mutex<SessionLimits>
    /// When a connection last failed (refused, dropped, unanswered): the
    /// fleet's takeover guard starts counting again from there.
    private let failure = Mutex<ContinuousClock.Instant?>(nil)
    /// Callers beyond this many at once connect and then close again.
    static let maxIdle = 4

    init(url: PostgresURL, group: String, lease: Duration) {
        self.url = url
        self.group = group
        limits = Mutex(.command(lease: lease, url: url))
        var logger = Logger(label: "widgethost.postgres")
        logger.logLevel = .critical
        self.logger = logger
    }

    /// The limits every new connection gets; idle ones are closed, so that
    /// none with the old limits is used again.
    var sessionLimits: SessionLimits {
        get { limits.withLock { $0 } }
        set {
            limits.withLock { $0 = newValue }
            closeAll()
        }
    }

    /// When a connection last failed, if one has.
    var lastFailure: ContinuousClock.Instant? { failure.withLock { $0 } }

    func noteFailure(_ error: any Error) {
        if Self.isConnectionFailure(error) { failure.withLock { $0 = .now } }
    }

    /// `"group.co.example"`: a group as an SQL identifier.
    var schema: String { Self.quoted(group) }

    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A new connection whose search path is the group's schema (created
    /// elsewhere, by the migrations).
    func connect(searchPath: Bool = true) throws -> PostgresConnection {
        let connection: PostgresConnection
        do {
            let configuration = try configuration()
            connection = try BlockingCalls.measure("connecting to PostgreSQL") {
                try PostgresConnection.connect(
                    on: MultiThreadedEventLoopGroup.singleton.any(), configuration: configuration,
                    id: nextID.wrappingAdd(1, ordering: .relaxed).oldValue, logger: logger
                ).wait()
            }
        } catch {
            noteFailure(error)
            throw error
        }
        if searchPath {
            do {
                _ = try wait(connection.query(PostgresQuery(unsafeSQL: "SET search_path TO \(schema)"), logger: logger), on: connection)
            } catch {
                PostgresConnections.close(connection)
                throw error
            }
        }
        return connection
    }

    /// Waits for `future`, never longer than the answer limit: a query sent
    /// as the server went away was once seen to stay unanswered for good,
    /// freezing the host that waited on it. Past the limit the connection is
    /// closed and the wait fails as a connection failure. Never called on
    /// one of the driver's threads (it would wait for itself).
    func wait<T: Sendable>(_ future: EventLoopFuture<T>, on connection: PostgresConnection) throws -> T {
        let limit = sessionLimits.answer
        let answer = connection.eventLoop.makePromise(of: T.self)
        future.cascade(to: answer)
        let watchdog = connection.eventLoop.scheduleTask(in: .nanoseconds(Int64(limit.seconds * 1e9))) {
            answer.fail(StatementUnanswered(limit: limit))
            PostgresConnections.close(connection)
        }
        defer { watchdog.cancel() }
        do {
            return try BlockingCalls.measure("a PostgreSQL statement") { try answer.futureResult.wait() }
        } catch {
            noteFailure(error)
            throw error
        }
    }

    /// An idle connection, or a new one like `connect`'s, for work that
    /// waits on the server without holding a thread.
    func connectAsync() async throws -> PostgresConnection {
        if let connection = idle.withLock({ $0.popLast() }), !connection.isClosed { return connection }
        let connection = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.any(), configuration: try configuration(),
            id: nextID.wrappingAdd(1, ordering: .relaxed).oldValue, logger: logger
        ).get()
        do {
            _ = try await connection.query(PostgresQuery(unsafeSQL: "SET search_path TO \(schema)"), logger: logger).get()
        } catch {
            _ = try? await connection.close().get()
            throw error
        }
        return connection
    }

    private func configuration() throws -> PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: try tls())
        let limits = sessionLimits
        configuration.options.connectTimeout = .milliseconds(max(1, Int64(limits.connect.seconds * 1000)))
        configuration.options.additionalStartupParameters = [("options", limits.options)]
        if let name = url.applicationName {
            configuration.options.additionalStartupParameters.append(("application_name", name))
        }
        return configuration
    }

    private func tls() throws -> PostgresConnection.Configuration.TLS {
        switch url.sslMode {
        case .disable:
            return .disable
        case .allow, .prefer:
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.certificateVerification = .none
            return .prefer(try NIOSSLContext(configuration: configuration))
        case .require:
            // libpq's require encrypts without checking whom it talks to.
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.certificateVerification = .none
            return .require(try NIOSSLContext(configuration: configuration))
        case .verifyCA, .verifyFull:
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.certificateVerification = url.sslMode == .verifyFull ? .fullVerification : .noHostnameVerification
            return .require(try NIOSSLContext(configuration: configuration))
        }
    }

    /// Runs `body` on an idle connection, or a new one. A connection that
    /// closed under it is not reused.
    func with<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let connection = try idle.withLock { $0.popLast() }.flatMap { $0.isClosed ? nil : $0 } ?? connect()
        do {
            let result = try body(connection)
            giveBack(connection)
            return result
        } catch {
            noteFailure(error)
            if Self.isConnectionFailure(error) {
                PostgresConnections.close(connection)
            } else {
                giveBack(connection)
            }
            throw error
        }
    }

    private func giveBack(_ connection: PostgresConnection) {
        if !keep(connection) { PostgresConnections.close(connection) }
    }

    /// Gives back a connection from `connectAsync`.
    func giveBack(_ connection: PostgresConnection) async {
        if !keep(connection) { _ = try? await connection.close().get() }
    }

    /// Whether the pool took the connection; one it did not take is to be closed.
    private func keep(_ connection: PostgresConnection) -> Bool {
        guard !connection.isClosed else { return true }
        return idle.withLock { connections in
            guard connections.count < Self.maxIdle else { return false }
            connections.append(connection)
            return true
        }
    }

    /// Closes `connection` without waiting for it to close (a wait on one of
    /// the driver's threads would wait for itself); the connection is kept
    /// until it has, as the driver asks.
    static func close(_ connection: PostgresConnection) {
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    /// Closes the idle connections without waiting: this may run in a
    /// `deinit` on one of the driver's threads.
    func closeAll() {
        for connection in idle.withLock({ connections in defer { connections = [] }; return connections }) {
            PostgresConnections.close(connection)
        }
    }

    /// The connection, not the statement, failed: the server went away or
    /// could not be reached. Such a connection is not used again.
    static func isConnectionFailure(_ error: any Error) -> Bool {
        if let error = error as? PSQLError {
            return [.connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown].contains(error.code)
        }
        return error is IOError || error is ChannelError || error is NIOConnectionError || error is StatementUnanswered
    }

    /// One line for a person, without the password.
    func reason(_ error: any Error) -> String {
        let text: String
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                text = message
            } else if let underlying = error.underlying {
                text = Self.describe(underlying)
            } else {
                text = switch error.code {
                case .serverClosedConnection, .uncleanShutdown: "the server closed the connection"
                case .clientClosedConnection: "the connection was closed"
                case .authMechanismRequiresPassword: "the server asks for a password: put it in PGPASSWORD or the URL"
                case .sslUnsupported: "the server does not offer TLS, which sslmode asks for"
                default: "\(error.code)"
                }
            }
        } else {
            text = Self.describe(error)
        }
        return url.redacting(text)
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? NIOConnectionError {
            if let failure = error.connectionErrors.first { return describe(failure.error) }
            if let failure = error.dnsAAAAError ?? error.dnsAError { return "the host name cannot be resolved (\(failure))" }
        }
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        if case .connectTimeout? = error as? ChannelError { return "no answer within the connect timeout" }
        return "\(ErrorText.describe(error))"
    }
}
