import Foundation
import WidgetContainer
import WidgetKinds
import WidgetSDK

extension SharedContainer {
    /// What migrating one kind's instances did.
    package struct MigrationReport: Sendable, Hashable, CustomStringConvertible {
        package let kind: String
        package let from: String
        package let to: String
        package let count: Int
        /// Parameters that no longer exist and were dropped, by name.
        package let droppedParameters: [String]

        package var description: String {
            var text = "migrated \(count) \(kind) instance\(count == 1 ? "" : "s") from \(from) to \(to)"
            if !droppedParameters.isEmpty { text += " (dropped parameters no longer declared: \(droppedParameters.joined(separator: ", ")))" }
            return text
        }
    }

    /// Moves instances stored under a configuration a kind now replaces
    /// (`CustomIntentMigratedAppIntent`) to the new one, keeping every
    /// parameter whose name still exists. One transaction for all kinds.
    package func migrateInstances(of kinds: [LoadedKind]) throws -> [MigrationReport] {
        let migrating = kinds.compactMap { kind -> (LoadedKind, String, String)? in
            guard let old = kind.configuration.replacedIdentifier, let new = kind.configuration.identifier else { return nil }
            return (kind, old, new)
        }
        guard !migrating.isEmpty else { return [] }
        // Looked for with a read first: every command opens a workspace,
        // and a write each, with nothing stale, queued fifty processes at
        // once behind SQLite's one writer.
        let anyStale = try read { db in
            try db.instances().contains { instance in migrating.contains { instance.kind == $0.0.name && instance.configurationIdentifier == $0.1 } }
        }
        guard anyStale else { return [] }
        return try write { db in
            var reports: [MigrationReport] = []
            for (kind, old, new) in migrating {
                let stale = try db.instances().filter { $0.kind == kind.name && $0.configurationIdentifier == old }
                guard !stale.isEmpty else { continue }
                let names = Set(kind.configuration.parameters.map(\.name))
                var dropped = Set<String>()
                for var instance in stale {
                    dropped.formUnion(instance.configuration.keys.filter { !names.contains($0) })
                    instance.configuration = instance.configuration.filter { names.contains($0.key) }
                    instance.configurationIdentifier = new
                    instance.updatedAt = Date()
                    try db.update(instance)
                }
                reports.append(MigrationReport(kind: kind.name, from: old, to: new, count: stale.count, droppedParameters: dropped.sorted()))
            }
            return reports
        }
    }
}
