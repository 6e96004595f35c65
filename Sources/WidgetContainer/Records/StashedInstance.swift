import Foundation

/// A declared instance the manifest stopped declaring, as it was, with its
/// timeline as the scheduler encoded it: kept for `SharedContainer.stashLifetime`.
package struct StashedInstance: Sendable {
    package let instance: WidgetInstance
    package let schedule: Data?
    package let removedAt: Date

    static func encode(_ instance: WidgetInstance) throws -> Data {
        try JSONEncoder().encode(instance)
    }

    static func decode(_ data: Data) throws -> WidgetInstance {
        try JSONDecoder().decode(WidgetInstance.self, from: data)
    }
}
