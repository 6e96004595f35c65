import Foundation

/// A string to be looked up in the module's string tables when it is shown,
/// as Foundation's on Apple platforms (Foundation on Linux has none): an
/// intent's `title`, a parameter's, `String(localized:)` and `Text` of one.
///
/// ```swift
/// static var title: LocalizedStringResource { "Select Repo" }
/// static let title = LocalizedStringResource("Select Repo", table: "Intents")
/// ```
public struct LocalizedStringResource: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// Where the tables are: always the module's own here.
    public enum BundleDescription: Sendable, Equatable {
        /// The module's resources.
        case main
        /// The bundle at this address; read as the module's.
        case atURL(URL)
    }

    /// The key in the string tables.
    public var key: String { value.key.key }
    /// The text shown when no table has the key.
    public var defaultValue: String.LocalizationValue { value }
    /// The table, `Localizable` when nil.
    public var table: String?
    /// Accepted: the language is the manifest's `locale:` or the host's `LANG`.
    public var locale: Locale
    /// Accepted: the module's own resources are read.
    public var bundle: BundleDescription

    private let value: String.LocalizationValue

    /// A key that is also its text: `LocalizedStringResource("Next departures")`.
    public init(_ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale = FormattingLocale.current,
                bundle: BundleDescription = .main, comment: StaticString? = nil) {
        value = keyAndValue
        self.table = table
        self.locale = locale
        self.bundle = bundle
    }

    /// A key with a text of its own for when no table has it.
    public init(_ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, locale: Locale = FormattingLocale.current,
                bundle: BundleDescription = .main, comment: StaticString? = nil) {
        let keyed = LocalizedStringKey(key: "\(key)", parts: defaultValue.key.parts, arguments: defaultValue.key.arguments)
        self.init(String.LocalizationValue(key: keyed), table: table, locale: locale, bundle: bundle)
    }

    public init(stringLiteral value: String) {
        self.init(String.LocalizationValue(value))
    }

    public init(stringInterpolation: LocalizedStringKey.StringInterpolation) {
        self.init(String.LocalizationValue(stringInterpolation: stringInterpolation))
    }

    /// The text in the module's language.
    public var description: String { String(localized: self) }
}

extension Text {
    /// Text of a resource, looked up in its table: `Text(intent.title)`.
    /// A literal stays a `LocalizedStringKey`, as in SwiftUI.
    @_disfavoredOverload
    public init(_ resource: LocalizedStringResource) {
        self.init(resource.defaultValue.key, table: resource.table)
    }
}

extension String {
    /// The resource's translation in the module's tables, or its text.
    public init(localized resource: LocalizedStringResource) {
        self = resource.defaultValue.key.resolvedString(table: resource.table)
    }
}

/// An intent's description, as App Intents declares it:
/// `static var description: IntentDescription { "Which repository to show." }`
/// or `IntentDescription("…", categoryName: "…")`. Its text is looked up as a
/// `LocalizedStringResource` is.
public struct IntentDescription: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// What the intent does.
    public var descriptionText: LocalizedStringResource
    /// Accepted: there is no Shortcuts app to group intents in.
    public var categoryName: LocalizedStringResource?
    /// Accepted: nothing searches intents here.
    public var searchKeywords: [LocalizedStringResource]
    /// Accepted.
    public var resultValueName: LocalizedStringResource?

    /// A description, with what Shortcuts would show beside it (accepted).
    public init(_ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
                searchKeywords: [LocalizedStringResource] = [], resultValueName: LocalizedStringResource? = nil) {
        self.descriptionText = descriptionText
        self.categoryName = categoryName
        self.searchKeywords = searchKeywords
        self.resultValueName = resultValueName
    }

    public init(stringLiteral value: String) {
        self.init(LocalizedStringResource(stringLiteral: value))
    }

    public init(stringInterpolation: LocalizedStringKey.StringInterpolation) {
        self.init(LocalizedStringResource(stringInterpolation: stringInterpolation))
    }

    /// The text in the module's language.
    public var description: String { descriptionText.description }
}
