import Foundation

extension String {
    /// A string literal that is also a key of the module's string tables,
    /// as `String(localized:)` takes it: `String(localized: "\(count) left")`
    /// looks up `"%lld left"`. Interpolated views (a `Text`, an `Image`)
    /// add nothing to a plain string.
    public struct LocalizationValue: Sendable, Equatable, ExpressibleByStringInterpolation {
        let key: LocalizedStringKey

        /// A key of this text.
        public init(_ value: String) { key = LocalizedStringKey(value) }

        init(key: LocalizedStringKey) { self.key = key }

        public init(stringLiteral value: String) { self.init(value) }

        public init(stringInterpolation: LocalizedStringKey.StringInterpolation) {
            key = LocalizedStringKey(stringInterpolation: stringInterpolation)
        }
    }

    /// The translation of `keyAndValue` in the module's table `table`
    /// (`Localizable` when nil), in the host's language or the manifest's
    /// `locale:`; the literal as written when the module has none. The
    /// bundle is the module's own; `locale` does not change the table read.
    public init(localized keyAndValue: LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
                locale: Locale = .current, comment: StaticString? = nil) {
        self = keyAndValue.key.resolvedString(table: table)
    }

    /// The translation of `key`, or `defaultValue` when the module has none.
    public init(localized key: StaticString, defaultValue: LocalizationValue, table: String? = nil, bundle: Bundle? = nil,
                locale: Locale = .current, comment: StaticString? = nil) {
        let value = defaultValue.key
        let keyed = LocalizedStringKey(key: "\(key)", parts: value.parts, arguments: value.arguments)
        self = keyed.resolvedString(table: table)
    }
}

extension LocalizedStringKey {
    /// The translation as a plain string: interpolated views add nothing.
    func resolvedString(table: String?) -> String {
        resolved(table: table).map { part in
            if case .text(let string) = part { string } else { "" }
        }.joined()
    }
}
