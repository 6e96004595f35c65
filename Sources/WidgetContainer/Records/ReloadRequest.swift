import Foundation
import GRDB

/// A `widgethost reload` waiting for the running host: one instance, every
/// instance of a kind, or (neither) every instance.
package struct ReloadRequest: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "reloadRequest"
    package var id: Int64?
    package var kind: String?
    package var instanceID: String?
    package var force: Bool
    package var requestedAt: Date

    package init(kind: String? = nil, instanceID: String? = nil, force: Bool, requestedAt: Date = Date()) {
        self.kind = kind
        self.instanceID = instanceID
        self.force = force
        self.requestedAt = requestedAt
    }

    package func applies(to instance: WidgetInstance) -> Bool {
        (kind == nil || kind == instance.kind) && (instanceID == nil || instanceID == instance.id)
    }
}
