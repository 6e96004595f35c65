import Foundation
import Logging
import PostgresNIO
import WidgetSDK

/// The container's operations as SQL on one connection, inside the
/// transaction `PostgresStore` opened (or none, for a read).
struct PostgresTransaction: ContainerTransaction {
    let connection: PostgresConnection
    let logger: Logger

    /// How long a statement may go unanswered, waiting for the write lock
    /// included (SQLite's busy timeout is as long), before the connection
    /// counts as gone.
    static let answerLimit = TimeAmount.seconds(30)

    /// Runs `query` and waits for its answer, never longer than
    /// `answerLimit`: a query sent as the server went away was once seen to
    /// stay unanswered for good, freezing the host that waited on it (in a
    /// database restart under a loaded test run). Past the limit the
    /// connection is closed and the statement fails as a connection failure.
    @discardableResult
    func run(_ query: PostgresQuery) throws -> PostgresQueryResult {
        let answer = connection.eventLoop.makePromise(of: PostgresQueryResult.self)
        connection.query(query, logger: logger).cascade(to: answer)
        let connection = connection
        let watchdog = connection.eventLoop.scheduleTask(in: Self.answerLimit) {
            answer.fail(StatementUnanswered())
            let _: EventLoopFuture<Void> = connection.close()
        }
        defer { watchdog.cancel() }
        return try answer.futureResult.wait()
    }

    private static let encoder = JSONEncoder()
    private static let decoder = JSONDecoder()

    // MARK: Defaults

    func defaultsData(forKey key: String) throws -> Data? {
        try run("SELECT value FROM defaults WHERE key = \(key)").first?.decode(Data.self)
    }

    func setDefaultsData(_ data: Data?, forKey key: String) throws {
        guard let data else {
            _ = try deleteDefaults(forKey: key)
            return
        }
        try run("""
            INSERT INTO defaults (key, value, updated_at) VALUES (\(key), \(data), \(Date()))
            ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
            """)
    }

    func deleteDefaults(forKey key: String) throws -> Bool {
        try run("DELETE FROM defaults WHERE key = \(key)").metadata.rows ?? 0 > 0
    }

    func allDefaults() throws -> [(key: String, value: Data)] {
        // COLLATE "C": the order SQLite gives, byte by byte.
        try run(#"SELECT key, value FROM defaults ORDER BY key COLLATE "C""#).map { row in
            let (key, value) = try row.decode((String, Data).self)
            return (key, value)
        }
    }

    // MARK: Instances

    private static let instanceColumns = "id, kind, family, name, configuration_identifier, configuration, created_at, updated_at"

    private func instance(from row: PostgresRow) throws -> WidgetInstance {
        let (id, kind, family, name, identifier, configuration, createdAt, updatedAt) =
            try row.decode((String, String, String, String?, String?, String, Date, Date).self)
        guard let family = WidgetFamily(rawValue: family) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "instance \(id) has an unknown family '\(family)'"))
        }
        return WidgetInstance(
            id: id, kind: kind, family: family, name: name, configurationIdentifier: identifier,
            configuration: try Self.decoder.decode(ConfigurationValues.self, from: Data(configuration.utf8)),
            createdAt: createdAt, updatedAt: updatedAt)
    }

    func instance(id: String) throws -> WidgetInstance? {
        try run("SELECT \(unescaped: Self.instanceColumns) FROM instance WHERE id = \(id)").first.map(instance(from:))
    }

    func instances() throws -> [WidgetInstance] {
        try run(#"SELECT \#(unescaped: Self.instanceColumns) FROM instance ORDER BY created_at, id COLLATE "C""#).map(instance(from:))
    }

    func instanceIDs() throws -> [String] {
        try run("SELECT id FROM instance").map { try $0.decode(String.self) }
    }

    func insert(_ instance: WidgetInstance) throws {
        let configuration = String(decoding: try Self.encoder.encode(instance.configuration), as: UTF8.self)
        try run("""
            INSERT INTO instance (\(unescaped: Self.instanceColumns)) VALUES (
                \(instance.id), \(instance.kind), \(instance.family.rawValue), \(instance.name),
                \(instance.configurationIdentifier), \(configuration), \(instance.createdAt), \(instance.updatedAt))
            """)
    }

    func update(_ instance: WidgetInstance) throws {
        let configuration = String(decoding: try Self.encoder.encode(instance.configuration), as: UTF8.self)
        try run("""
            UPDATE instance SET kind = \(instance.kind), family = \(instance.family.rawValue), name = \(instance.name),
                configuration_identifier = \(instance.configurationIdentifier), configuration = \(configuration),
                created_at = \(instance.createdAt), updated_at = \(instance.updatedAt)
            WHERE id = \(instance.id)
            """)
    }

    func deleteInstance(id: String) throws {
        try run("DELETE FROM instance WHERE id = \(id)")
    }

    // MARK: Reload requests

    func insert(_ request: ReloadRequest) throws {
        try run("""
            INSERT INTO reload_request (kind, instance_id, force, requested_at)
            VALUES (\(request.kind), \(request.instanceID), \(request.force), \(request.requestedAt))
            """)
    }

    func takeReloadRequests(for instanceIDs: [String]?) throws -> [ReloadRequest] {
        let taken: PostgresQuery = if let instanceIDs {
            """
            DELETE FROM reload_request WHERE instance_id = ANY(\(instanceIDs))
            OR NOT EXISTS (SELECT 1 FROM instance WHERE id = reload_request.instance_id)
            RETURNING id, kind, instance_id, force, requested_at
            """
        } else {
            "DELETE FROM reload_request RETURNING id, kind, instance_id, force, requested_at"
        }
        return try run(taken).map { row in
            let (id, kind, instanceID, force, requestedAt) = try row.decode((Int64, String?, String?, Bool, Date).self)
            var request = ReloadRequest(kind: kind, instanceID: instanceID, force: force, requestedAt: requestedAt)
            request.id = id
            return request
        }.sorted { ($0.id ?? 0) < ($1.id ?? 0) }
    }

    // MARK: Timelines

    func saveTimeline(instance: String, schedule: Data, at date: Date) throws {
        try run("""
            INSERT INTO timeline (instance_id, schedule, updated_at)
            SELECT id, \(schedule), \(date) FROM instance WHERE id = \(instance)
            ON CONFLICT (instance_id) DO UPDATE SET schedule = excluded.schedule, updated_at = excluded.updated_at
            """)
    }

    func timelines(of instanceIDs: [String]?) throws -> [(instance: String, schedule: Data)] {
        let query: PostgresQuery = if let instanceIDs {
            "SELECT instance_id, schedule FROM timeline WHERE instance_id = ANY(\(instanceIDs))"
        } else {
            "SELECT instance_id, schedule FROM timeline"
        }
        return try run(query).map { row in
            let (instance, schedule) = try row.decode((String, Data).self)
            return (instance, schedule)
        }
    }

    func timeline(instance: String) throws -> Data? {
        try run("SELECT schedule FROM timeline WHERE instance_id = \(instance)").first?.decode(Data.self)
    }

    // MARK: The HTTP cache

    func cachedResponse(for url: String) throws -> CachedResponse? {
        try run("SELECT url, status, etag, body, fetched_at FROM http_cache WHERE url = \(url)").first.map { row in
            let (url, status, etag, body, fetchedAt) = try row.decode((String, Int, String?, Data, Date).self)
            return CachedResponse(url: url, status: status, etag: etag, body: body, fetchedAt: fetchedAt)
        }
    }

    func store(_ response: CachedResponse) throws {
        try run("""
            INSERT INTO http_cache (url, status, etag, body, fetched_at)
            VALUES (\(response.url), \(response.status), \(response.etag), \(response.body), \(response.fetchedAt))
            ON CONFLICT (url) DO UPDATE SET status = excluded.status, etag = excluded.etag,
                body = excluded.body, fetched_at = excluded.fetched_at
            """)
    }

    func markRevalidated(_ url: String, at date: Date) throws {
        try run("UPDATE http_cache SET fetched_at = \(date) WHERE url = \(url)")
    }
}

/// The database did not answer a statement within `PostgresTransaction.answerLimit`.
struct StatementUnanswered: Error, CustomStringConvertible {
    var description: String { "the database did not answer within \(PostgresTransaction.answerLimit.nanoseconds / 1_000_000_000) s" }
}
