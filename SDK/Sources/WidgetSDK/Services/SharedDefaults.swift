import Foundation
import Synchronization

/// The shared defaults suite of the bundle's container, as
/// `UserDefaults(suiteName:)` on an App Group: the command line, the host and
/// every widget module read and write the same values. A module the bundle
/// manifest keeps out of the App Group (`app_group: false`) reaches a suite
/// of its own here instead, as an extension without the group's entitlement
/// would. Values are JSON, at most 1 MiB each.
///
/// ```swift
/// let repos = SharedDefaults.appGroup.stringArray(forKey: "repos") ?? []
/// ```
public struct SharedDefaults: Sendable {
    private let store: any SharedDefaultsStore

    /// The suite of the container named by the bundle manifest.
    public static var appGroup: SharedDefaults {
        SharedDefaults(store: scopedStore ?? installedStore.withLock { $0 })
    }

    /// Set by a host around its calls into widget modules, so that several
    /// containers open in one process each serve their own kinds.
    @TaskLocal public static var scopedStore: (any SharedDefaultsStore)?

    /// The host calls this once, before it loads any widget module.
    public static func install(_ store: any SharedDefaultsStore) {
        installedStore.withLock { $0 = store }
    }

    /// The suite `UserDefaults(suiteName: name)` reads and writes: the App
    /// Group's when `name` is its identifier, otherwise a suite of the
    /// module's own under that name (nil names the module's `standard` suite),
    /// which no other module and not `widgethost defaults` can reach.
    public static func suite(named name: String?) -> SharedDefaults {
        let store = scopedStore ?? installedStore.withLock { $0 }
        if let name, name == AppGroup.identifier { return SharedDefaults(store: store) }
        return SharedDefaults(store: store.suite(named: name ?? standardSuiteName))
    }

    /// The suite that `UserDefaults.standard` stands for.
    public static let standardSuiteName = "standard"

    private static let installedStore = Mutex<any SharedDefaultsStore>(InMemoryDefaultsStore())

    init(store: any SharedDefaultsStore) {
        self.store = store
    }

    /// The string stored under `key`, or nil.
    public func string(forKey key: String) -> String? {
        decode(String.self, forKey: key)
    }

    /// The array of strings stored under `key`, or nil.
    public func stringArray(forKey key: String) -> [String]? {
        decode([String].self, forKey: key)
    }

    /// The integer stored under `key`, or 0, as `UserDefaults` gives it.
    public func integer(forKey key: String) -> Int {
        decode(Int.self, forKey: key) ?? 0
    }

    /// The flag stored under `key`, or false, as `UserDefaults` gives it.
    public func bool(forKey key: String) -> Bool {
        decode(Bool.self, forKey: key) ?? false
    }

    /// Any `Codable` value, stored as JSON.
    public func decode<Value: Decodable>(_ type: Value.Type, forKey key: String) -> Value? {
        guard let data = try? store.data(forKey: key) else { return nil }
        return try? JSONDecoder().decode(Value.self, from: data)
    }

    /// Stores any `Encodable` value under `key`, as JSON; throws when the container cannot be written.
    public func set<Value: Encodable>(_ value: Value, forKey key: String) throws {
        try store.setData(try JSONEncoder().encode(value), forKey: key)
    }

    /// Removes the value under `key`.
    public func removeObject(forKey key: String) throws {
        try store.setData(nil, forKey: key)
    }

    /// The JSON stored under `key` as it is, or nil; throws when the host cannot read it.
    public func json(forKey key: String) throws -> Data? {
        try store.data(forKey: key)
    }

    /// Stores JSON under `key` as it is (nil removes the key); throws when the host refuses it.
    public func setJSON(_ json: Data?, forKey key: String) throws {
        try store.setData(json, forKey: key)
    }
}

/// Where the host keeps the suite: JSON values by key.
public protocol SharedDefaultsStore: Sendable {
    /// The JSON stored under `key`, or nil.
    func data(forKey key: String) throws -> Data?
    /// Nil removes the key.
    func setData(_ data: Data?, forKey key: String) throws
    /// The suite of the calling module named `name`, apart from this one.
    func suite(named name: String) -> any SharedDefaultsStore
}

extension SharedDefaultsStore {
    /// Keeps a named suite's keys in this store under the prefix that the
    /// App Group's own keys may not use (`widgethost.suite.`, with no
    /// module's name after it). An extension's store asks the host instead,
    /// which keeps each module's suites apart.
    public func suite(named name: String) -> any SharedDefaultsStore {
        PrefixedDefaultsStore(base: self, prefix: "widgethost.suite./\(name)/")
    }
}

/// A named suite inside another store: every key under `prefix`.
struct PrefixedDefaultsStore: SharedDefaultsStore {
    let base: any SharedDefaultsStore
    let prefix: String

    func data(forKey key: String) throws -> Data? {
        try base.data(forKey: prefix + key)
    }

    func setData(_ data: Data?, forKey key: String) throws {
        try base.setData(data, forKey: prefix + key)
    }
}

/// The store until the host installs the container's, and for hosts that
/// open no container: nothing persists.
public final class InMemoryDefaultsStore: SharedDefaultsStore {
    private let values = Mutex<[String: Data]>([:])

    /// An empty store.
    public init() {}

    /// The JSON stored under `key`, or nil.
    public func data(forKey key: String) throws -> Data? {
        values.withLock { $0[key] }
    }

    public func setData(_ data: Data?, forKey key: String) throws {
        values.withLock { $0[key] = data }
    }
}
