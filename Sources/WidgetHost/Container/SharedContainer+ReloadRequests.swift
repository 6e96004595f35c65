import Foundation
import GRDB

/// A `widgethost reload` waiting for the running host: one instance, every
/// instance of a kind, or (neither) every instance.
public struct ReloadRequest: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "reloadRequest"
    public var id: Int64?
    public var kind: String?
    public var instanceID: String?
    public var force: Bool
    public var requestedAt: Date

    public init(kind: String? = nil, instanceID: String? = nil, force: Bool, requestedAt: Date = Date()) {
        self.kind = kind
        self.instanceID = instanceID
        self.force = force
        self.requestedAt = requestedAt
    }

    public func applies(to instance: WidgetInstance) -> Bool {
        (kind == nil || kind == instance.kind) && (instanceID == nil || instanceID == instance.id)
    }
}

extension SharedContainer {
    public func addReloadRequest(_ request: ReloadRequest) throws {
        try write { db in try db.insert(request) }
    }

    /// The waiting requests, removed as they are taken.
    public func takeReloadRequests() throws -> [ReloadRequest] {
        try write { db in try db.takeReloadRequests() }
    }
}
