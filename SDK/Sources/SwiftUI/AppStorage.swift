import Foundation
import WidgetFoundation
import WidgetSDK

/// SwiftUI's `@AppStorage`: a value in `UserDefaults`, read each time the
/// view reads it. `@AppStorage("goal", store: UserDefaults(suiteName:
/// "group.com.example.water")) var goal = 8` reads the App Group's shared
/// defaults, as the app wrote them; without `store:` it is the module's own
/// `standard` suite, as an extension's is on iOS. The default is what a key
/// with no value (or a value of another type) reads as; it is not written.
@propertyWrapper
public struct AppStorage<Value> {
    private let read: () -> Value
    private let write: (Value) -> Void

    private init(_ key: String, store: UserDefaults?, fallback: Value,
                 get: @escaping (UserDefaults, String) -> Value?, set: @escaping (UserDefaults, String, Value) -> Void) {
        // Resolved as the view reads it: `.defaultAppStorage` is in the
        // environment only while the view is made.
        let resolved = { store ?? EnvironmentValues.current[DefaultAppStorageKey.self] ?? UserDefaults.standard }
        read = { get(resolved(), key) ?? fallback }
        write = { set(resolved(), key, $0) }
    }

    /// The stored value, or the default.
    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    /// A binding to the stored value: `$goal`.
    public var projectedValue: Binding<Value> {
        Binding(get: read, set: write)
    }
}

extension AppStorage {
    /// A property-list value as `UserDefaults` keeps it, read back with
    /// `as?`: a key unset or of another type reads as `fallback`.
    private init(propertyList key: String, store: UserDefaults?, fallback: Value) {
        self.init(key, store: store, fallback: fallback, get: { $0.object(forKey: $1) as? Value }, set: { $0.set($2, forKey: $1) })
    }

    /// An optional: nil reads an unset key (or one of another type), and
    /// writing nil removes the key.
    private init<Wrapped>(optional key: String, store: UserDefaults?, stored: @escaping (Wrapped) -> Any = { $0 },
                          get: @escaping (UserDefaults, String) -> Wrapped? = { $0.object(forKey: $1) as? Wrapped }) where Value == Wrapped? {
        self.init(key, store: store, fallback: nil, get: { store, key in get(store, key).map { .some($0) } },
                  set: { store, key, value in
                      if let value { store.set(stored(value), forKey: key) } else { store.removeObject(forKey: key) }
                  })
    }
}

extension AppStorage where Value == Bool {
    /// A flag: `@AppStorage("showsGoal") var showsGoal = true`.
    public init(wrappedValue: Bool, _ key: String, store: UserDefaults? = nil) {
        self.init(propertyList: key, store: store, fallback: wrappedValue)
    }
}

extension AppStorage where Value == Int {
    /// An integer: `@AppStorage("goal") var goal = 8`.
    public init(wrappedValue: Int, _ key: String, store: UserDefaults? = nil) {
        self.init(propertyList: key, store: store, fallback: wrappedValue)
    }
}

extension AppStorage where Value == Double {
    /// A number: `@AppStorage("litres") var litres = 2.0`.
    public init(wrappedValue: Double, _ key: String, store: UserDefaults? = nil) {
        self.init(propertyList: key, store: store, fallback: wrappedValue)
    }
}

extension AppStorage where Value == String {
    /// A string: `@AppStorage("name") var name = ""`.
    public init(wrappedValue: String, _ key: String, store: UserDefaults? = nil) {
        self.init(propertyList: key, store: store, fallback: wrappedValue)
    }
}

extension AppStorage where Value == URL {
    /// A URL.
    public init(wrappedValue: URL, _ key: String, store: UserDefaults? = nil) {
        self.init(key, store: store, fallback: wrappedValue, get: { $0.url(forKey: $1) }, set: { $0.set($2, forKey: $1) })
    }
}

extension AppStorage where Value == Data {
    /// Bytes: often a `Codable` value the app encoded.
    public init(wrappedValue: Data, _ key: String, store: UserDefaults? = nil) {
        self.init(propertyList: key, store: store, fallback: wrappedValue)
    }
}

extension AppStorage where Value == Date {
    /// A date, as `UserDefaults.set(Date(), forKey:)` keeps it.
    public init(wrappedValue: Date, _ key: String, store: UserDefaults? = nil) {
        self.init(propertyList: key, store: store, fallback: wrappedValue)
    }
}

extension AppStorage where Value: RawRepresentable, Value.RawValue == String {
    /// A string enum, stored by its raw value: `@AppStorage("unit") var unit: Unit = .litres`.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) {
        self.init(key, store: store, fallback: wrappedValue, get: { $0.string(forKey: $1).flatMap(Value.init(rawValue:)) },
                  set: { $0.set($2.rawValue, forKey: $1) })
    }
}

extension AppStorage where Value: RawRepresentable, Value.RawValue == Int {
    /// An integer enum, stored by its raw value.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) {
        self.init(key, store: store, fallback: wrappedValue,
                  get: { ($0.object(forKey: $1) as? Int).flatMap(Value.init(rawValue:)) },
                  set: { $0.set($2.rawValue, forKey: $1) })
    }
}

extension AppStorage {
    /// A string enum that may be unset.
    public init<Wrapped: RawRepresentable>(_ key: String, store: UserDefaults? = nil) where Value == Wrapped?, Wrapped.RawValue == String {
        self.init(optional: key, store: store, stored: \.rawValue) { $0.string(forKey: $1).flatMap(Wrapped.init(rawValue:)) }
    }

    /// An integer enum that may be unset.
    public init<Wrapped: RawRepresentable>(_ key: String, store: UserDefaults? = nil) where Value == Wrapped?, Wrapped.RawValue == Int {
        self.init(optional: key, store: store, stored: \.rawValue) { ($0.object(forKey: $1) as? Int).flatMap(Wrapped.init(rawValue:)) }
    }
}

extension AppStorage where Value == Bool? {
    /// A flag that may be unset.
    public init(_ key: String, store: UserDefaults? = nil) {
        self.init(optional: key, store: store)
    }
}

extension AppStorage where Value == Int? {
    /// An integer that may be unset.
    public init(_ key: String, store: UserDefaults? = nil) {
        self.init(optional: key, store: store)
    }
}

extension AppStorage where Value == Double? {
    /// A number that may be unset.
    public init(_ key: String, store: UserDefaults? = nil) {
        self.init(optional: key, store: store)
    }
}

extension AppStorage where Value == String? {
    /// A string that may be unset.
    public init(_ key: String, store: UserDefaults? = nil) {
        self.init(optional: key, store: store)
    }
}

extension AppStorage where Value == URL? {
    /// A URL that may be unset.
    public init(_ key: String, store: UserDefaults? = nil) {
        self.init(optional: key, store: store, get: { $0.url(forKey: $1) })
    }
}

extension AppStorage where Value == Data? {
    /// Bytes that may be unset.
    public init(_ key: String, store: UserDefaults? = nil) {
        self.init(optional: key, store: store)
    }
}

extension AppStorage where Value == Date? {
    /// A date that may be unset.
    public init(_ key: String, store: UserDefaults? = nil) {
        self.init(optional: key, store: store)
    }
}

/// The suite `@AppStorage` without `store:` reads, set by `.defaultAppStorage`.
private struct DefaultAppStorageKey: EnvironmentKey {
    static let defaultValue: UserDefaults? = nil
}

extension View {
    /// The suite the `@AppStorage` values within read when they name none:
    /// `.defaultAppStorage(UserDefaults(suiteName: "group…")!)`.
    public func defaultAppStorage(_ store: UserDefaults) -> some View {
        environment(\.defaultAppStorage, store)
    }
}

extension EnvironmentValues {
    fileprivate var defaultAppStorage: UserDefaults? {
        get { self[DefaultAppStorageKey.self] }
        set { self[DefaultAppStorageKey.self] = newValue }
    }
}
