import Foundation
import GRDB
import WidgetSDK

/// A placed widget: a kind at a family with the user's configuration.
package struct WidgetInstance: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "instance"

    package var id: String
    package var kind: String
    package var family: WidgetFamily
    package var name: String?
    /// The configuration intent the values were stored under; nil for a
    /// static configuration. Migration compares it with `replacedIdentifier`.
    package var configurationIdentifier: String?
    package var configuration: ConfigurationValues
    package var createdAt: Date
    package var updatedAt: Date
}
