import Foundation

// `Text(attributedString)`, as SwiftUI draws one: each run of the string
// with its own font and colours. The attributes are SwiftUI's, in a scope
// of the same name: `string[range].foregroundColor = .orange`.

extension AttributeScopes {
    /// The attributes a `Text` draws, as SwiftUI names them.
    public struct SwiftUIAttributes: AttributeScope {
        /// The run's colour.
        public let foregroundColor: ForegroundColorAttribute
        /// A colour behind the run.
        public let backgroundColor: BackgroundColorAttribute
        /// The run's font.
        public let font: FontAttribute
        /// Foundation's own attributes (`link` and the rest), kept and not drawn.
        public let foundation: FoundationAttributes

        /// `string.foregroundColor = .orange`.
        public enum ForegroundColorAttribute: AttributedStringKey {
            /// A colour.
            public typealias Value = Color
            /// The attribute's name.
            public static let name = "SwiftUI.ForegroundColor"
        }

        /// `string.backgroundColor = .yellow`.
        public enum BackgroundColorAttribute: AttributedStringKey {
            /// A colour.
            public typealias Value = Color
            /// The attribute's name.
            public static let name = "SwiftUI.BackgroundColor"
        }

        /// `string.font = .headline`.
        public enum FontAttribute: AttributedStringKey {
            /// A font.
            public typealias Value = Font
            /// The attribute's name.
            public static let name = "SwiftUI.Font"
        }
    }

    /// SwiftUI's attributes: `AttributedString(text, attributes: AttributeContainer().foregroundColor(.red))`.
    public var swiftUI: SwiftUIAttributes.Type { SwiftUIAttributes.self }
}

extension AttributeDynamicLookup {
    /// SwiftUI's attributes by name on a string, a run or a container: `string.font = .caption`.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.SwiftUIAttributes, T>) -> T {
        self[T.self]
    }
}

extension Text {
    /// An attributed string's runs, each in its own font and colours:
    /// `var text = AttributedString("42 stars"); text[range].font = .headline`.
    /// Disfavoured: Foundation on Linux makes `AttributedString` a string
    /// literal too, and `Text("…")` is a `LocalizedStringKey`, as on iOS.
    @_disfavoredOverload
    public init(_ attributedContent: AttributedString) {
        var text: Text?
        for run in attributedContent.runs {
            var part = Text(String(attributedContent[run.range].characters))
            if let font = run.font { part = part.font(font) }
            if let color = run.foregroundColor { part = part.foregroundStyle(color) }
            if let background = run.backgroundColor { part = Text(node: part.node.modified(.background(background))) }
            text = text.map { $0 + part } ?? part
        }
        self = text ?? Text("")
    }

    /// Any string, a `Substring` among them: `Text(line.dropFirst())`.
    /// Disfavoured, as SwiftUI's is, so that a literal is a `LocalizedStringKey`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {
        self.init(verbatim: String(content))
    }
}
