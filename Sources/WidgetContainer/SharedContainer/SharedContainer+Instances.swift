import Foundation
import HostText
import WidgetSDK

extension SharedContainer {
    /// What a new instance needs; the id and dates are given on insert.
    package struct NewInstance: Sendable {
        package var kind: String
        package var family: WidgetFamily
        package var name: String?
        package var configurationIdentifier: String?
        package var configuration: ConfigurationValues
        /// Values to add to saved lists (key → values) in the same transaction.
        package var savedListAdditions: [String: [String]]
        /// Each saved list as its provider offers it when nothing is saved yet.
        package var savedListInitialValues: [String: [String]]

        package init(kind: String, family: WidgetFamily, name: String?, configurationIdentifier: String?, configuration: ConfigurationValues,
                     savedListAdditions: [String: [String]], savedListInitialValues: [String: [String]]) {
            self.kind = kind
            self.family = family
            self.name = name
            self.configurationIdentifier = configurationIdentifier
            self.configuration = configuration
            self.savedListAdditions = savedListAdditions
            self.savedListInitialValues = savedListInitialValues
        }
    }

    /// Inserts an instance and its saved-list additions in one transaction.
    /// Returns the instance and the values that were new to their lists.
    package func insert(_ new: NewInstance) throws -> (instance: WidgetInstance, addedToSavedLists: [String: [String]]) {
        try write { db in
            let added = try addSavedListAdditions(of: new, in: db)
            var id = InstanceID.random()
            while try db.instance(id: id) != nil { id = InstanceID.random() }
            let now = Date()
            let instance = WidgetInstance(
                id: id, kind: new.kind, family: new.family, name: new.name,
                configurationIdentifier: new.configurationIdentifier, configuration: new.configuration,
                createdAt: now, updatedAt: now)
            try db.insert(instance)
            return (instance, added)
        }
    }

    /// Adds `new`'s values to their saved lists; returns those that were new to them.
    func addSavedListAdditions(of new: NewInstance, in db: any ContainerTransaction) throws -> [String: [String]] {
        var added: [String: [String]] = [:]
        for (key, values) in new.savedListAdditions {
            added[key] = try addToSavedList(values, key: key, initial: new.savedListInitialValues[key] ?? [], in: db)
        }
        return added.filter { !$0.value.isEmpty }
    }

    /// Changes the instance `id` in place to `new`, with its saved-list
    /// additions, in one transaction: the id, the creation date and the
    /// stored timeline stay. Returns it as it was and as it is.
    package func editInstance(id: String, to new: NewInstance) throws
        -> (before: WidgetInstance, after: WidgetInstance, addedToSavedLists: [String: [String]]) {
        try write { db in
            let before = try Self.existingInstance(id: id, in: db)
            let added = try addSavedListAdditions(of: new, in: db)
            var after = before
            after.family = new.family
            after.name = new.name
            after.configurationIdentifier = new.configurationIdentifier
            after.configuration = new.configuration
            if !after.hasSameContent(as: before) {
                after.updatedAt = Date()
                try db.update(after)
            }
            return (before, after, added)
        }
    }

    package func instances() throws -> [WidgetInstance] {
        try read { db in try db.instances() }
    }

    /// The instances of `ids` that still exist.
    package func instances(ids: [String]) throws -> [WidgetInstance] {
        try read { db in try db.instances(ids: ids) }
    }

    package func instance(id: String) throws -> WidgetInstance? {
        try read { db in try db.instance(id: id) }
    }

    /// The instance with `id`; an unknown id is an error naming the closest one.
    package func existingInstance(id: String) throws -> WidgetInstance {
        try read { db in try Self.existingInstance(id: id, in: db) }
    }

    /// Removes an instance; an unknown id is an error naming the closest one.
    @discardableResult
    package func removeInstance(id: String) throws -> WidgetInstance {
        try removeInstances(ids: [id])[0]
    }

    /// Removes every instance named, in one transaction: if any id is
    /// unknown, nothing is removed and the error names the closest one.
    /// An id given twice is removed once.
    @discardableResult
    package func removeInstances(ids: [String]) throws -> [WidgetInstance] {
        try write { db in
            var seen = Set<String>()
            let instances = try ids.filter { seen.insert($0).inserted }.map { try Self.existingInstance(id: $0, in: db) }
            for instance in instances { try db.deleteInstance(id: instance.id) }
            return instances
        }
    }

    private static func existingInstance(id: String, in db: any ContainerTransaction) throws -> WidgetInstance {
        if let instance = try db.instance(id: id) { return instance }
        let ids = try db.instanceIDs()
        throw ContainerError.unknownInstance(id: id, suggestion: Suggestion.closest(to: id, in: ids))
    }
}

