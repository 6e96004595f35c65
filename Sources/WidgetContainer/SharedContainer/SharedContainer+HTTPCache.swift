import Foundation
import GRDB

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
