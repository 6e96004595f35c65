import Foundation

extension SharedContainer {
    func stringList(forKey key: String, in db: any ContainerTransaction) throws -> [String]? {
        guard let data = try db.defaultsData(forKey: key) else { return nil }
        guard let list = try? JSONDecoder().decode([String].self, from: data) else {
            let found = switch try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) {
            case is [Any]: "a list with something other than text in it"
            case is [String: Any]: "an object"
            case is String: "one text, not a list"
            case is NSNumber: "a number or a Boolean"
            default: "something that is not JSON"
            }
            throw ContainerError.notAList(key: key, found: found)
        }
        return list
    }

    func setStringList(_ list: [String], forKey key: String, in db: any ContainerTransaction) throws {
        try db.setDefaultsData(try JSONEncoder().encode(list), forKey: key)
    }
}

/// The shared defaults suite as the `defaults` command sees it: keys and
/// their JSON values.
extension SharedContainer {
    /// Every key with its value, sorted by key.
    package func allDefaults() throws -> [(key: String, value: Data)] {
        try read { db in try db.allDefaults() }
    }

    package func defaultsValue(forKey key: String) throws -> Data? {
        try read { db in try db.defaultsData(forKey: key) }
    }

    /// Stores `json` (already checked to be JSON) under `key`.
    package func writeDefaults(_ json: Data, forKey key: String) throws {
        try write { db in try db.setDefaultsData(json, forKey: key) }
    }

    /// Whether there was a value to delete.
    package func deleteDefaults(forKey key: String) throws -> Bool {
        try write { db in try db.deleteDefaults(forKey: key) }
    }
}
