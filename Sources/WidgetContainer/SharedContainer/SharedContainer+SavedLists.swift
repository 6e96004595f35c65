import Foundation
import WidgetSDK

/// Saved lists in the shared defaults (the user's repositories): values
/// compare case-insensitively, as GitHub names do, and each list holds a
/// value once.
extension SharedContainer {
    /// The list under `key`, or `initial` when nothing is saved yet.
    package func savedList(key: String, initial: [String]) throws -> [String] {
        try read { db in try stringList(forKey: key, in: db) ?? initial }
    }

    /// Adds the values not yet in the list, in one transaction; returns those added.
    @discardableResult
    package func addToSavedList(_ values: [String], key: String, initial: [String]) throws -> [String] {
        try write { db in try addToSavedList(values, key: key, initial: initial, in: db) }
    }

    func addToSavedList(_ values: [String], key: String, initial: [String], in db: any ContainerTransaction) throws -> [String] {
        let saved = try stringList(forKey: key, in: db)
        var list = saved ?? initial
        var added: [String] = []
        // A set of the folded values: a scan of the list per value made
        // adding 10,000 repositories take 229 s.
        var present = Set(list.map(Self.folded))
        for value in values where present.insert(Self.folded(value)).inserted {
            list.append(value)
            added.append(value)
        }
        // Saving the initial list too fixes what the user saw as their list.
        if !added.isEmpty || saved == nil {
            try setStringList(list, forKey: key, in: db)
        }
        return added
    }

    /// Repositories are compared without regard to case, as GitHub does.
    private static func folded(_ value: String) -> String { value.lowercased() }

    /// A parameter whose values come from a saved list.
    package struct SavedListUser: Sendable {
        package var kind: String
        package var parameter: String
        /// For a list parameter, the fewest values it holds, by family: an
        /// instance whose list would hold fewer is removed instead.
        package var fewest: [WidgetFamily: Int]

        package init(kind: String, parameter: String, fewest: [WidgetFamily: Int] = [:]) {
            self.kind = kind
            self.parameter = parameter
            self.fewest = fewest
        }
    }

    /// What removing a value from a saved list did to the instances that used it.
    package struct SavedListRemoval: Sendable {
        /// Instances that showed the value alone, removed with it.
        package var removed: [WidgetInstance] = []
        /// Instances whose list parameter held it among others: they keep
        /// the rest of their list.
        package var edited: [WidgetInstance] = []
    }

    /// Removes `value` from the list. Instances whose configuration uses it
    /// (in one of `parameters`) block the removal unless `force`, which, in
    /// the same transaction, removes each instance that shows it alone and
    /// takes it out of the lists that hold it among others.
    package func removeFromSavedList(
        _ value: String, key: String, initial: [String], usedBy parameters: [SavedListUser], force: Bool
    ) throws -> SavedListRemoval {
        try write { db in
            var list = try stringList(forKey: key, in: db) ?? initial
            guard let index = list.firstIndex(where: { Self.folded($0) == Self.folded(value) }) else {
                throw ContainerError.notInSavedList(value: value, key: key)
            }
            let users = try db.instances().filter { instance in
                parameters.contains { $0.kind == instance.kind && instance.configuration[$0.parameter]?.matches(value) == true }
            }
            if !users.isEmpty && !force {
                throw ContainerError.savedListEntryInUse(value: list[index], instanceIDs: users.map(\.id))
            }
            var removal = SavedListRemoval()
            for instance in users {
                var kept = instance.configuration.filter { name, _ in
                    parameters.contains { $0.kind == instance.kind && $0.parameter == name }
                }
                var tooFew = false
                for (name, stored) in kept {
                    guard case .list(let values) = stored else { continue }
                    let rest = values.filter { !$0.matches(value) }
                    kept[name] = .list(rest)
                    let fewest = parameters.first { $0.kind == instance.kind && $0.parameter == name }?.fewest[instance.family] ?? 0
                    tooFew = tooFew || rest.count < fewest
                }
                // Still shown by a single value, a list left too short, or nothing else to show: the instance goes.
                if tooFew || kept.values.contains(where: { $0.matches(value) }) || kept.values.allSatisfy(\.elements.isEmpty) {
                    try db.deleteInstance(id: instance.id)
                    removal.removed.append(instance)
                } else {
                    var edited = instance
                    edited.configuration.merge(kept) { _, new in new }
                    edited.updatedAt = Date()
                    try db.update(edited)
                    removal.edited.append(edited)
                }
            }
            list.remove(at: index)
            try setStringList(list, forKey: key, in: db)
            return removal
        }
    }
}

extension ConfigurationValue {
    /// Whether the value, or one of a list's values, is `text` in any case.
    package func matches(_ text: String) -> Bool {
        switch self {
        case .string(let value): value.caseInsensitiveCompare(text) == .orderedSame
        case .list(let values): values.contains { $0.matches(text) }
        default: false
        }
    }
}

