import Foundation
import WidgetSDK

/// `UserDefaults` as a widget extension uses it, kept by the host:
/// `UserDefaults(suiteName: "<the manifest's container.group>")` reads and
/// writes the App Group's shared defaults (what `widgethost defaults` and
/// every other module of the group see); any other suite name, and
/// `.standard`, is a suite of the module's own. `import WidgetKit`,
/// `SwiftUI` or `AppIntents` brings this class in place of Foundation's,
/// which on Linux would keep the values in a file of the extension's own.
///
/// It has Foundation's methods but is not its subclass: Foundation on Linux
/// declares its `UserDefaults` not `Sendable`, and on Apple platforms it is,
/// so `static let shared = UserDefaults(suiteName: …)!` builds in Swift 6
/// there and must here.
///
/// Values are stored as JSON, as `widgethost defaults` shows them: strings,
/// numbers, booleans, arrays and dictionaries of them as they are, and the
/// property-list types JSON lacks as one-key objects, `{"$date": "<ISO
/// 8601>"}`, `{"$data": "<Base64>"}` and `{"$url": "<URL>"}`, read back as
/// the `Date`, `Data` and `URL` they were (a dictionary of one `$` key of
/// its own is kept inside `{"$dictionary": …}`). Anything else is not
/// stored and the extension's log says so, where iOS would stop the process.
open class UserDefaults: @unchecked Sendable {
    private let suite: SharedDefaults
    /// `register(defaults:)`'s values: property-list values, not Sendable, hence a lock.
    private let lock = NSLock()
    private var registered: [String: Any] = [:]

    /// The App Group's suite when `suitename` is its identifier, else the
    /// module's own suite of that name (nil: the module's `standard`).
    public init?(suiteName suitename: String?) {
        suite = SharedDefaults.suite(named: suitename)
    }

    /// The module's `standard` suite.
    public convenience init() {
        self.init(suiteName: nil)!
    }

    private static let standardSuite = UserDefaults()

    /// The module's own suite, as an extension's `standard` is its own on iOS.
    open class var standard: UserDefaults { standardSuite }

    /// Nothing to write back: every change reached the host when its call returned.
    open class func resetStandardUserDefaults() {}

    // MARK: What every typed getter and setter goes through

    /// The value stored under `defaultName` (strings, `NSNumber`s, arrays and
    /// dictionaries, as JSON decodes), else its registered default, else nil.
    open func object(forKey defaultName: String) -> Any? {
        do {
            if let json = try suite.json(forKey: defaultName) {
                return Self.revived(try JSONSerialization.jsonObject(with: json, options: .fragmentsAllowed))
            }
        } catch {
            Self.report("cannot read '\(defaultName)': \(error)")
        }
        return lock.withLock { registered[defaultName] }
    }

    /// Stores a property-list value under `defaultName`; nil removes it.
    open func set(_ value: Any?, forKey defaultName: String) {
        guard let value else { return removeObject(forKey: defaultName) }
        guard let stored = Self.storable(value),
              let json = try? JSONSerialization.data(withJSONObject: stored, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
        else {
            return Self.report("'\(defaultName)' not stored: a \(type(of: value)) is not a property-list value")
        }
        do {
            try suite.setJSON(json, forKey: defaultName)
        } catch {
            Self.report("'\(defaultName)' not stored: \(error)")
        }
    }

    /// Removes the value under `defaultName`.
    open func removeObject(forKey defaultName: String) {
        do {
            try suite.setJSON(nil, forKey: defaultName)
        } catch {
            Self.report("'\(defaultName)' not removed: \(error)")
        }
    }

    /// Values `object(forKey:)` gives for keys that hold none; never stored.
    open func register(defaults registrationDictionary: [String: Any]) {
        lock.withLock { registered.merge(registrationDictionary) { _, new in new } }
    }

    /// Every write has reached the host when it returns.
    @discardableResult
    open func synchronize() -> Bool { true }

    // MARK: Typed getters, as Foundation converts

    /// The string under `defaultName` (a number as its text), or nil.
    open func string(forKey defaultName: String) -> String? {
        switch object(forKey: defaultName) {
        case let text as String: text
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    /// The array under `defaultName`, or nil.
    open func array(forKey defaultName: String) -> [Any]? {
        object(forKey: defaultName) as? [Any]
    }

    /// The dictionary under `defaultName`, or nil.
    open func dictionary(forKey defaultName: String) -> [String: Any]? {
        object(forKey: defaultName) as? [String: Any]
    }

    /// The array of strings under `defaultName`; nil if any element is not a string.
    open func stringArray(forKey defaultName: String) -> [String]? {
        guard let array = array(forKey: defaultName) else { return nil }
        let strings = array.compactMap { $0 as? String }
        return strings.count == array.count ? strings : nil
    }

    /// The integer under `defaultName` (a number, or text that reads as one), else 0.
    open func integer(forKey defaultName: String) -> Int {
        switch object(forKey: defaultName) {
        case let number as NSNumber: number.intValue
        case let text as String: Int(text) ?? Double(text).map { Int(exactly: $0.rounded(.towardZero)) ?? 0 } ?? 0
        default: 0
        }
    }

    /// The number under `defaultName` as a `Float`, else 0.
    open func float(forKey defaultName: String) -> Float {
        Float(double(forKey: defaultName))
    }

    /// The number under `defaultName` (or text that reads as one), else 0.
    open func double(forKey defaultName: String) -> Double {
        switch object(forKey: defaultName) {
        case let number as NSNumber: number.doubleValue
        case let text as String: Double(text) ?? 0
        default: 0
        }
    }

    /// The flag under `defaultName` (a number is true unless 0; text "yes", "true" or "1"), else false.
    open func bool(forKey defaultName: String) -> Bool {
        switch object(forKey: defaultName) {
        case let number as NSNumber: number.boolValue
        case let text as String: ["yes", "true", "1"].contains(text.lowercased())
        default: false
        }
    }

    /// The bytes under `defaultName` (or Base64 text, as earlier versions stored them), or nil.
    open func data(forKey defaultName: String) -> Data? {
        switch object(forKey: defaultName) {
        case let data as Data: data
        case let base64 as String: Data(base64Encoded: base64)
        default: nil
        }
    }

    /// The URL under `defaultName` (or text that reads as one), or nil.
    open func url(forKey defaultName: String) -> URL? {
        switch object(forKey: defaultName) {
        case let url as URL: url
        case let text as String: URL(string: text)
        default: nil
        }
    }

    // MARK: Typed setters

    /// Stores an integer.
    open func set(_ value: Int, forKey defaultName: String) { set(value as Any, forKey: defaultName) }
    /// Stores a number.
    open func set(_ value: Float, forKey defaultName: String) { set(Double(value) as Any, forKey: defaultName) }
    /// Stores a number; a non-finite one is not stored (JSON has none).
    open func set(_ value: Double, forKey defaultName: String) { set(value as Any, forKey: defaultName) }
    /// Stores a flag.
    open func set(_ value: Bool, forKey defaultName: String) { set(value as Any, forKey: defaultName) }
    /// Stores a URL; nil removes the key.
    open func set(_ url: URL?, forKey defaultName: String) { set(url as Any?, forKey: defaultName) }

    /// Key-value coding's names for `object(forKey:)` and `set(_:forKey:)`,
    /// which code written for Apple platforms uses on defaults.
    open func value(forKey key: String) -> Any? {
        object(forKey: key)
    }

    /// `set(_:forKey:)`.
    open func setValue(_ value: Any?, forKey key: String) {
        set(value, forKey: key)
    }

    // MARK: JSON

    /// `value` as JSON can hold it, or nil when it cannot.
    static func storable(_ value: Any) -> Any? {
        switch value {
        case let text as String: return text
        // Before Bool and Int: a number read back is an NSNumber, which casts to either.
        case let number as NSNumber: return number.doubleValue.isFinite ? number : nil
        case let flag as Bool: return flag
        case let number as Int: return number
        case let number as Double: return number.isFinite ? number : nil
        case let data as Data: return [Tag.data: data.base64EncodedString()]
        case let date as Date: return [Tag.date: date.formatted(Self.dateFormat)]
        case let url as URL: return [Tag.url: url.absoluteString]
        case let array as [Any]:
            let items = array.map(storable)
            return items.contains { $0 == nil } ? nil : items.map { $0! }
        case let dictionary as [String: Any]:
            var stored: [String: Any] = [:]
            for (key, item) in dictionary {
                guard let item = storable(item) else { return nil }
                stored[key] = item
            }
            // One `$` key of the app's own would read back as a tag.
            if stored.count == 1, stored.keys.first?.hasPrefix("$") == true { return [Tag.dictionary: stored] }
            return stored
        default: return nil
        }
    }

    /// The keys of the one-key objects that stand for what JSON lacks.
    enum Tag {
        static let date = "$date", data = "$data", url = "$url", dictionary = "$dictionary"
    }

    /// ISO 8601 to the millisecond, in UTC: what a `Date` round-trips
    /// through as closely as Apple's property lists keep it (they keep the
    /// second; a widget comparing dates made a moment apart needs more).
    static let dateFormat = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// A value JSON decoded, with the tagged objects made the types they stand for.
    static func revived(_ value: Any) -> Any {
        switch value {
        case let array as [Any]:
            return array.map(revived)
        case let dictionary as [String: Any]:
            if dictionary.count == 1, let (tag, inner) = dictionary.first, tag.hasPrefix("$") {
                switch (tag, inner) {
                case (Tag.date, let text as String):
                    if let date = (try? dateFormat.parse(text)) ?? (try? Date(text, strategy: .iso8601)) { return date }
                case (Tag.data, let text as String):
                    if let data = Data(base64Encoded: text) { return data }
                case (Tag.url, let text as String):
                    if let url = URL(string: text) { return url }
                case (Tag.dictionary, let inner as [String: Any]):
                    return inner.mapValues(revived)
                default: break
                }
            }
            return dictionary.mapValues(revived)
        default:
            return value
        }
    }

    /// The host's log, through the extension's standard error.
    private static func report(_ message: String) {
        FileHandle.standardError.write(Data("UserDefaults: \(message)\n".utf8))
    }
}
