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
