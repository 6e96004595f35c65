import Foundation
import GRDB
import WidgetSDK

/// A placed widget: a kind at a family with the user's configuration.
public struct WidgetInstance: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "instance"

    public var id: String
    public var kind: String
    public var family: WidgetFamily
    public var name: String?
    /// The configuration intent the values were stored under; nil for a
    /// static configuration. Migration compares it with `replacedIdentifier`.
    public var configurationIdentifier: String?
    public var configuration: ConfigurationValues
    public var createdAt: Date
    public var updatedAt: Date
}
