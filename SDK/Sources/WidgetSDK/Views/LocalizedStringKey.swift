import Foundation

/// A string literal a `Text` shows, with SwiftUI's interpolations:
/// `Text("Last glass at \(date, style: .time)")`, `\(count, format: .number)`,
/// `\(Text("bold").bold())`, `\(Image(systemName: "drop"))`. A date with a
/// style keeps time as `Text(date, style:)` does. The key is shown as
/// written (the module's string tables are not read).
public struct LocalizedStringKey: Sendable, Equatable, ExpressibleByStringInterpolation {
    enum Part: Sendable, Equatable {
        case text(String)
        case node(ViewNode)
    }

    let parts: [Part]

    /// A key of this text.
    public init(_ value: String) {
        parts = [.text(value)]
    }

    public init(stringLiteral value: String) {
        parts = [.text(value)]
    }

    public init(stringInterpolation: StringInterpolation) {
        parts = stringInterpolation.parts
    }

    /// What the interpolations of a `LocalizedStringKey` literal may be.
    public struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            append(literal)
        }

        /// A string as it is.
        public mutating func appendInterpolation(_ string: String) {
            append(string)
        }

        /// Any value, as `String(describing:)` gives it.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            append(String(describing: value))
        }

        /// A date that keeps time: `\(date, style: .relative)`.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            parts.append(.node(ViewNode(.date(date, style: style))))
        }

        /// A value in a format: `\(stars, format: .number)`.
        public mutating func appendInterpolation<Format: FormatStyle>(_ input: Format.FormatInput, format: Format) where Format.FormatOutput == String {
            append(format.format(input))
        }

        /// A styled text inside the text: `\(Text("3").bold())`.
        public mutating func appendInterpolation(_ text: Text) {
            if case .text(let string) = text.node.content, text.node.modifiers.isEmpty, text.node.children.isEmpty {
                append(string)
            } else {
                parts.append(.node(text.node))
            }
        }

        /// An image inside the text: `\(Image(systemName: "drop.fill"))`.
        public mutating func appendInterpolation(_ image: Image) {
            parts.append(.node(ViewNode(archiving: image)))
        }

        private mutating func append(_ string: String) {
            if case .text(let previous)? = parts.last {
                parts[parts.count - 1] = .text(previous + string)
            } else if !string.isEmpty {
                parts.append(.text(string))
            }
        }
    }

}

extension Text {
    /// Text from a string literal with SwiftUI's interpolations:
    /// `Text("Last glass at \(date, style: .time)")`.
    public init(_ key: LocalizedStringKey) {
        let parts = key.parts.map { part in
            switch part {
            case .text(let string): Text(verbatim: string)
            case .node(let node): Text(node: node)
            }
        }
        self = parts.dropFirst().reduce(parts.first ?? Text(verbatim: "")) { $0 + $1 }
    }

    /// Text from a key in a strings table; shown as written.
    public init(_ key: LocalizedStringKey, tableName: String?, bundle: Bundle? = nil, comment: StaticString? = nil) {
        self.init(key)
    }

    /// Text with a comment for translators; shown as written.
    public init(_ key: LocalizedStringKey, comment: StaticString) {
        self.init(key)
    }
}

extension WidgetConfiguration {
    /// The name shown in the widget gallery, as a `Text`.
    public func configurationDisplayName(_ text: Text) -> Self {
        configurationDisplayName(text.node.labelText)
    }

    /// The description shown in the widget gallery, as a `Text`.
    public func description(_ text: Text) -> Self {
        description(text.node.labelText)
    }
}
