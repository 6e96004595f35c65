import Foundation
import GRDB

/// A cached HTTP response: an API body with its ETag, or an asset.
package struct CachedResponse: Codable, Sendable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "httpCache"
    package var url: String
    package var status: Int
    package var etag: String?
    package var body: Data
    package var fetchedAt: Date

    package init(url: String, status: Int, etag: String?, body: Data, fetchedAt: Date) {
        self.url = url
        self.status = status
        self.etag = etag
        self.body = body
        self.fetchedAt = fetchedAt
    }
}

/// The network's cache, asked from its tasks: never on the cooperative pool.
extension SharedContainer {
    package func cachedResponse(for url: String) async throws -> CachedResponse? {
        try await read { db in try db.cachedResponse(for: url) }
    }

    package func storeResponse(_ response: CachedResponse) async throws {
        try await write { db in try db.store(response) }
    }

    /// A 304 says the cached body is still current: it counts as fetched now.
    package func markRevalidated(_ url: String, at date: Date) async throws {
        try await write { db in try db.markRevalidated(url, at: date) }
    }
}
