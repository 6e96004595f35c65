import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import Synchronization

/// Connections to one container's database, reused between calls. The
/// container's API is synchronous (SQLite's always was), so a call blocks its
/// thread on the driver's event loop, which is never one of the callers'.
final class PostgresConnections: Sendable {
    let url: PostgresURL
    let group: String
    let logger: Logger
    private let idle = Mutex<[PostgresConnection]>([])
    private let nextID = Atomic<Int>(1)
    /// Callers beyond this many at once connect and then close again.
    static let maxIdle = 4

    init(url: PostgresURL, group: String) {
        self.url = url
        self.group = group
        var logger = Logger(label: "widgethost.postgres")
        logger.logLevel = .critical
        self.logger = logger
    }

    /// `"group.co.example"`: a group as an SQL identifier.
    var schema: String { Self.quoted(group) }

    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A new connection whose search path is the group's schema (created
    /// elsewhere, by the migrations).
    func connect(searchPath: Bool = true) throws -> PostgresConnection {
        let connection = try PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.any(), configuration: try configuration(),
            id: nextID.wrappingAdd(1, ordering: .relaxed).oldValue, logger: logger
        ).wait()
        if searchPath {
            do {
                _ = try connection.query(PostgresQuery(unsafeSQL: "SET search_path TO \(schema)"), logger: logger).wait()
            } catch {
                _ = try? connection.close().wait()
                throw error
            }
        }
        return connection
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
        configuration.options.connectTimeout = .seconds(url.connectTimeout.components.seconds)
        if let name = url.applicationName {
            configuration.options.additionalStartupParameters = [("application_name", name)]
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
            if Self.isConnectionFailure(error) {
                _ = try? connection.close().wait()
            } else {
                giveBack(connection)
            }
            throw error
        }
    }

    private func giveBack(_ connection: PostgresConnection) {
        if !keep(connection) { _ = try? connection.close().wait() }
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

    func closeAll() {
        for connection in idle.withLock({ connections in defer { connections = [] }; return connections }) {
            _ = try? connection.close().wait()
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
        return "\(error)"
    }
}
