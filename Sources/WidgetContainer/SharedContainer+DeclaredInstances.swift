import Foundation
import WidgetSDK

extension SharedContainer {
    /// What bringing the container in step with the manifest's instances did.
    package struct DeclaredInstanceChanges: Sendable {
        package var added: [WidgetInstance] = []
        /// Changed in place, as they were and as they are now.
        package var changed: [(before: WidgetInstance, after: WidgetInstance)] = []
        /// Declared instances the manifest no longer lists.
        package var removed: [WidgetInstance] = []
        /// Instances placed from the command line that the manifest now
        /// declares, unchanged: the manifest's from now on.
        package var adopted: [String] = []
        /// Values that were new to saved lists, by list key.
        package var addedToSavedLists: [String: [String]] = [:]

        package var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty && adopted.isEmpty }
    }

    /// Makes the container hold the instances the manifest declares, in one
    /// transaction: each added with its own id, or changed in place when it
    /// differs (its timeline kept; a changed kind starts a new one), and
    /// every instance the manifest declared before but not now removed. Ids
    /// in `keep` are declared but could not be checked (their kind did not
    /// load): they are left as they are. Instances placed from the command
    /// line are never removed.
    package func applyDeclaredInstances(_ declared: [(id: String, instance: NewInstance)], keep: Set<String>) throws -> DeclaredInstanceChanges {
        try write { db in
            var changes = DeclaredInstanceChanges()
            let managed = try db.managedInstanceIDs()
            let now = Date()
            for (id, new) in declared {
                changes.addedToSavedLists.merge(try addSavedListAdditions(of: new, in: db)) { $0 + $1 }
                var wanted = WidgetInstance(
                    id: id, kind: new.kind, family: new.family, name: new.name,
                    configurationIdentifier: new.configurationIdentifier, configuration: new.configuration,
                    createdAt: now, updatedAt: now)
                if let existing = try db.instance(id: id) {
                    if existing.hasSameContent(as: wanted) {
                        if !managed.contains(id) { changes.adopted.append(id) }
                    } else if existing.kind != wanted.kind {
                        // Another kind's timeline means nothing to this one.
                        try db.deleteInstance(id: id)
                        try db.insert(wanted)
                        changes.changed.append((existing, wanted))
                    } else {
                        wanted.createdAt = existing.createdAt
                        try db.update(wanted)
                        changes.changed.append((existing, wanted))
                    }
                } else {
                    try db.insert(wanted)
                    changes.added.append(wanted)
                }
                try db.setManaged(true, id: id)
            }
            let declaredIDs = Set(declared.map(\.id)).union(keep)
            let gone = managed.subtracting(declaredIDs).sorted()
            for instance in try db.instances(ids: gone).sorted(by: { $0.id < $1.id }) {
                try db.deleteInstance(id: instance.id)
                changes.removed.append(instance)
            }
            return changes
        }
    }

    /// The ids of the instances the manifest declares.
    package func managedInstanceIDs() throws -> Set<String> {
        try read { db in try db.managedInstanceIDs() }
    }
}

extension WidgetInstance {
    /// Whether `other` is this instance as the user sees it: the same kind,
    /// family, name and configuration (dates aside).
    package func hasSameContent(as other: WidgetInstance) -> Bool {
        kind == other.kind && family == other.family && name == other.name
            && configurationIdentifier == other.configurationIdentifier && Self.same(configuration, other.configuration)
    }

    /// Whether going from `self` to `other` changes what the provider is
    /// asked for: only a new name does not.
    package func needsReload(becoming other: WidgetInstance) -> Bool {
        kind != other.kind || family != other.family
            || configurationIdentifier != other.configurationIdentifier || !Self.same(configuration, other.configuration)
    }

    /// Equal values, a whole `Double` and the `Int` it is stored as alike:
    /// JSON writes 3.0 as 3, and reading it back gives an `Int`, so a
    /// declared 3.0 would otherwise differ from itself on every start.
    static func same(_ left: ConfigurationValues, _ right: ConfigurationValues) -> Bool {
        Set(left.keys).union(right.keys).allSatisfy { sameValue(left[$0], right[$0]) }
    }

    /// One parameter's values compared so.
    package static func sameValue(_ left: ConfigurationValue?, _ right: ConfigurationValue?) -> Bool {
        switch (left, right) {
        case (.int(let whole)?, .double(let number)?), (.double(let number)?, .int(let whole)?): Double(whole) == number
        default: left == right
        }
    }
}
