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
        /// Declared again within `stashLifetime` of their removal: back with
        /// their timelines, budgets and creation dates.
        package var restored: [WidgetInstance] = []
        /// Ids the manifest declares that name an instance of another kind
        /// placed from the command line: left as they are, as `kind` says.
        package var refused: [(id: String, kind: String)] = []
        /// Instances the manifest no longer declares, not removed yet (the
        /// caller asked to wait before removing).
        package var notRemovedYet: [WidgetInstance] = []

        package var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty && adopted.isEmpty && restored.isEmpty }
    }

    /// How long a declared instance the manifest dropped is kept, with its
    /// timeline, for the manifest to declare it again.
    package static let stashLifetime: TimeInterval = 24 * 3600

    /// Makes the container hold the instances the manifest declares, in one
    /// transaction: each added with its own id (or restored, if it was
    /// removed within `stashLifetime`), or changed in place when it differs
    /// (its timeline kept; a changed kind starts a new one), and, with
    /// `removing`, every instance the manifest declared before but not now
    /// removed, kept aside with its timeline. Ids in `keep` are declared but
    /// could not be checked (their kind did not load): they are left as they
    /// are. Instances placed from the command line are never removed, nor
    /// taken over by a declaration of another kind.
    package func applyDeclaredInstances(_ declared: [(id: String, instance: NewInstance)], keep: Set<String>,
                                        removing: Bool = true) throws -> DeclaredInstanceChanges {
        try write { db in
            var changes = DeclaredInstanceChanges()
            let managed = try db.managedInstanceIDs()
            let now = Date()
            try db.purgeStashed(removedBefore: now - Self.stashLifetime)
            for (id, new) in declared {
                changes.addedToSavedLists.merge(try addSavedListAdditions(of: new, in: db)) { $0 + $1 }
                var wanted = WidgetInstance(
                    id: id, kind: new.kind, family: new.family, name: new.name,
                    configurationIdentifier: new.configurationIdentifier, configuration: new.configuration,
                    createdAt: now, updatedAt: now)
                if let existing = try db.instance(id: id) {
                    if !managed.contains(id), existing.kind != wanted.kind {
                        // Placed from the command line as another kind: not the manifest's to replace.
                        changes.refused.append((id, existing.kind))
                        continue
                    }
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
                } else if let stashed = try db.takeStashed(id: id), stashed.instance.kind == wanted.kind {
                    wanted.createdAt = stashed.instance.createdAt
                    try db.insert(wanted)
                    // Its timeline only if what it asks the provider is the same: another family's entries mean nothing.
                    if let schedule = stashed.schedule, !stashed.instance.needsReload(becoming: wanted) {
                        _ = try db.saveTimelines([(id, schedule)], fence: nil, at: now)
                    }
                    changes.restored.append(wanted)
                } else {
                    try db.insert(wanted)
                    changes.added.append(wanted)
                }
                try db.setManaged(true, id: id)
            }
            let declaredIDs = Set(declared.map(\.id)).union(keep)
            let gone = managed.subtracting(declaredIDs).sorted()
            for instance in try db.instances(ids: gone).sorted(by: { $0.id < $1.id }) {
                guard removing else {
                    changes.notRemovedYet.append(instance)
                    continue
                }
                try db.stashRemoved(instance, schedule: try db.timeline(instance: instance.id), at: now)
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
        case (.list(let lefts)?, .list(let rights)?): lefts.count == rights.count && zip(lefts, rights).allSatisfy { sameValue($0, $1) }
        default: left == right
        }
    }
}
