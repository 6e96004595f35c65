import Foundation

/// A value of a custom type of an intent definition: an identifier the
/// instance stores, and what people are shown. Generated custom types are
/// its subclasses.
open class INObject: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// What an instance stores.
    public let identifier: String?
    /// What people are shown.
    public let displayString: String
    /// How the display string is said.
    public let pronunciationHint: String?
    /// A second line under the display string.
    public var subtitleString: String?

    /// An object with its identifier and display string.
    public required init(identifier: String?, display: String, pronunciationHint: String? = nil) {
        self.identifier = identifier
        self.displayString = display
        self.pronunciationHint = pronunciationHint
    }

    /// An object with a subtitle (its image is not shown here).
    public convenience init(identifier: String?, display: String, subtitle: String?, image: Any? = nil) {
        self.init(identifier: identifier, display: display)
        subtitleString = subtitle
    }

    /// Same identifier and display string.
    public static func == (lhs: INObject, rhs: INObject) -> Bool {
        lhs.identifier == rhs.identifier && lhs.displayString == rhs.displayString
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(displayString)
    }

    /// The display string.
    public var description: String { displayString }
}

/// The options an Intents extension gives a parameter, in sections.
public final class INObjectCollection<ObjectType>: @unchecked Sendable {
    /// The sections, in order.
    public let sections: [INObjectSection<ObjectType>]
    /// Whether the list is indexed by letter; not shown here.
    public var usesIndexedCollation = false

    /// Options in sections.
    public init(sections: [INObjectSection<ObjectType>]) {
        self.sections = sections
    }

    /// Options in one section without a title.
    public convenience init(items: [ObjectType]) {
        self.init(sections: [INObjectSection(title: nil, items: items)])
    }

    /// Every option, section after section.
    public var allItems: [ObjectType] { sections.flatMap(\.items) }
}

/// A titled group of options.
public final class INObjectSection<ObjectType>: @unchecked Sendable {
    /// Its title, if any.
    public let title: String?
    /// Its options.
    public let items: [ObjectType]

    /// A section of `items`.
    public init(title: String?, items: [ObjectType]) {
        self.title = title
        self.items = items
    }
}

/// The option values the host stores: a string, a number, an object's identifier.
public enum INOptionValues {
    /// `items` as configuration values; what cannot be stored is left out.
    public static func values(_ items: [Any]) -> [ConfigurationValue] {
        items.compactMap(value)
    }

    /// One option as the value an instance stores.
    public static func value(_ item: Any) -> ConfigurationValue? {
        switch item {
        case let object as INObject: .string(object.identifier ?? object.displayString)
        case let string as String: .string(string)
        case let string as NSString: .string(string as String)
        case let number as NSNumber: Double(number.intValue) == number.doubleValue ? .int(number.intValue) : .double(number.doubleValue)
        case let url as URL: .string(url.absoluteString)
        default: nil
        }
    }
}
