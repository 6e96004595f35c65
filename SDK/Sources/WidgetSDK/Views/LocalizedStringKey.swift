import Foundation

/// A string literal a `Text` shows, with SwiftUI's interpolations:
/// `Text("Last glass at \(date, style: .time)")`, `\(count, format: .number)`,
/// `\(Text("bold").bold())`, `\(Image(systemName: "drop"))`. A date with a
/// style keeps time as `Text(date, style:)` does.
///
/// The literal is also the key of the module's string tables, as SwiftUI
/// makes it: each interpolation is a format specifier (`%@` for text, a
/// date, an image or any value; `%lld` for an integer; `%lf` for a
/// `Double`), so `Text("\(count) glasses left")` looks up
/// `"%lld glasses left"`, and the translation's specifiers (`%1$@` too)
/// take the values.
public struct LocalizedStringKey: Sendable, Equatable, ExpressibleByStringInterpolation {
    enum Part: Sendable, Equatable {
        case text(String)
        case node(ViewNode)
    }

    /// A value put into the text, kept as it was for a translation's specifier.
    enum Argument: Sendable, Equatable {
        case text(String)
        case integer(Int64)
        case double(Double)
        case node(ViewNode)

        var part: Part {
            switch self {
            case .text(let string): .text(string)
            case .integer(let value): .text(String(value))
            case .double(let value): .text(String(value))
            case .node(let node): .node(node)
            }
        }
    }

    /// The literal as written, values in place.
    let parts: [Part]
    /// The key in the string tables.
    let key: String
    /// The values, in order, for the key's specifiers.
    let arguments: [Argument]

    /// A key of this text.
    public init(_ value: String) {
        parts = [.text(value)]
        key = value
        arguments = []
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// A key other than the literal, as `String(localized:defaultValue:)` gives one.
    init(key: String, parts: [Part], arguments: [Argument]) {
        self.parts = parts
        self.key = key
        self.arguments = arguments
    }

    public init(stringInterpolation: StringInterpolation) {
        parts = stringInterpolation.parts
        key = stringInterpolation.key
        arguments = stringInterpolation.arguments
    }

    /// What the interpolations of a `LocalizedStringKey` literal may be.
    public struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Part] = []
        var key = ""
        var arguments: [Argument] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            append(literal)
            // A literal percent sign is doubled in the key, as Xcode writes it.
            key += literal.replacingOccurrences(of: "%", with: "%%")
        }

        /// A string as it is.
        public mutating func appendInterpolation(_ string: String) {
            argument(.text(string), "%@")
        }

        /// An integer: `%lld` in the key.
        public mutating func appendInterpolation<Value: BinaryInteger>(_ value: Value) {
            argument(Int64(exactly: value).map { .integer($0) } ?? .text(String(describing: value)), "%lld")
        }

        /// A `Double`: `%lf` in the key.
        public mutating func appendInterpolation(_ value: Double) {
            argument(.double(value), "%lf")
        }

        /// A `Float`: `%f` in the key.
        public mutating func appendInterpolation(_ value: Float) {
            argument(.double(Double(value)), "%f")
        }

        /// Any value, as `String(describing:)` gives it.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            argument(.text(String(describing: value)), "%@")
        }

        /// A number with a `printf` format: `\(kilowatts, specifier: "%.1f")`,
        /// which is also the key's specifier.
        public mutating func appendInterpolation<Value: BinaryInteger>(_ value: Value, specifier: String) {
            let number = Int64(clamping: value)
            arguments.append(.integer(number))
            key += specifier
            append(FormattingLocale.string(format: specifier, number))
        }

        /// A number with a `printf` format: `\(kilowatts, specifier: "%.1f")`.
        public mutating func appendInterpolation<Value: BinaryFloatingPoint>(_ value: Value, specifier: String) {
            let number = Double(value)
            arguments.append(.double(number))
            key += specifier
            append(FormattingLocale.string(format: specifier, number))
        }

        /// A date that keeps time: `\(date, style: .relative)`.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            argument(.node(ViewNode(.date(date, style: style))), "%@")
        }

        /// A value in a format: `\(stars, format: .number)`.
        public mutating func appendInterpolation<Format: FormatStyle>(_ input: Format.FormatInput, format: Format) where Format.FormatOutput == String {
            argument(.text(format.locale(FormattingLocale.locale(for: Format.FormatInput.self)).format(input)), "%@")
        }

        /// A styled text inside the text: `\(Text("3").bold())`.
        public mutating func appendInterpolation(_ text: Text) {
            if case .text(let string) = text.node.content, text.node.modifiers.isEmpty, text.node.children.isEmpty {
                argument(.text(string), "%@")
            } else {
                argument(.node(text.node), "%@")
            }
        }

        /// An image inside the text: `\(Image(systemName: "drop.fill"))`.
        public mutating func appendInterpolation(_ image: Image) {
            argument(.node(ViewNode(archiving: image)), "%@")
        }

        private mutating func argument(_ value: Argument, _ specifier: String) {
            arguments.append(value)
            key += specifier
            switch value.part {
            case .text(let string): append(string)
            case .node(let node): parts.append(.node(node))
            }
        }

        private mutating func append(_ string: String) {
            if case .text(let previous)? = parts.last {
                parts[parts.count - 1] = .text(previous + string)
            } else if !string.isEmpty {
                parts.append(.text(string))
            }
        }
    }

    /// The text to show: the translation of the key in `table` with the
    /// values in its specifiers, or the literal as written when the module
    /// has no translation.
    func resolved(table: String?) -> [Part] {
        guard let translation = StringTables.translation(of: key, table: table) else { return parts }
        // A key without values is no format: its translation is shown as it is, "%" and all.
        guard !arguments.isEmpty else { return [.text(translation.value)] }
        let count = arguments.lazy.compactMap { if case .integer(let value) = $0 { value } else { nil } }.first
        return Self.format(translation.value(count: count), arguments)
    }

    /// `format` with its specifiers (`%@`, `%lld`, `%d`, `%.1f`, `%2$@`, `%%`, …) replaced by `arguments`.
    static func format(_ format: String, _ arguments: [Argument]) -> [Part] {
        var parts: [Part] = []
        var text = ""
        func flush() {
            if !text.isEmpty { parts.append(.text(text)) }
            text = ""
        }
        var next = 0
        let scalars = Array(format.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            guard scalar == "%", index < scalars.count else {
                text.unicodeScalars.append(scalar)
                continue
            }
            if scalars[index] == "%" {
                text += "%"
                index += 1
                continue
            }
            // [position$][flags][width][.precision][length]conversion
            var specification = String.UnicodeScalarView()
            var position: Int?
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            if index < scalars.count, scalars[index] == "$", index > start {
                position = Int(String(String.UnicodeScalarView(scalars[start..<index])))
                index += 1
            } else {
                index = start
            }
            while index < scalars.count, "-+ #0123456789.hlqLzjt".unicodeScalars.contains(scalars[index]) {
                specification.append(scalars[index])
                index += 1
            }
            guard index < scalars.count else {
                text += "%" + String(specification)
                break
            }
            let conversion = scalars[index]
            index += 1
            let argumentIndex = position.map { $0 - 1 } ?? next
            next = argumentIndex + 1
            guard arguments.indices.contains(argumentIndex) else {
                // A translation asks for a value the text does not have: shown as written.
                text += "%" + String(specification) + String(conversion)
                continue
            }
            let argument = arguments[argumentIndex]
            let flags = String(specification).filter { !"hlqLzjt".contains($0) }
            switch (conversion, argument) {
            case ("@", .node(let node)):
                flush()
                parts.append(.node(node))
            case ("d", _), ("i", _), ("u", _):
                let value: Int64 = switch argument {
                case .integer(let value): value
                case .double(let value): value.isFinite ? Int64(max(-9.2e18, min(9.2e18, value))) : 0
                default: 0
                }
                if case .text(let string) = argument { text += string } else { text += FormattingLocale.string(format: "%\(flags)lld", value) }
            case ("f", _), ("F", _), ("e", _), ("g", _):
                let value: Double? = switch argument {
                case .double(let value): value
                case .integer(let value): Double(value)
                default: nil
                }
                if let value { text += FormattingLocale.string(format: "%\(flags)\(Character(conversion))", value) } else if case .text(let string) = argument { text += string }
            default:
                switch argument.part {
                case .text(let string): text += string
                case .node(let node):
                    flush()
                    parts.append(.node(node))
                }
            }
        }
        flush()
        return parts
    }
}

extension Text {
    /// Text from a string literal with SwiftUI's interpolations:
    /// `Text("Last glass at \(date, style: .time)")`.
    public init(_ key: LocalizedStringKey) {
        self.init(key, table: nil)
    }

    /// The key's translation in `table`, its parts joined.
    init(_ key: LocalizedStringKey, table: String?) {
        let parts = key.resolved(table: table).map { part in
            switch part {
            case .text(let string): Text(verbatim: string)
            case .node(let node): Text(node: node)
            }
        }
        self = parts.dropFirst().reduce(parts.first ?? Text(verbatim: "")) { $0 + $1 }
    }

    /// Text from a key in the module's strings table `tableName`
    /// (`Localizable` when nil); the bundle is the module's own.
    public init(_ key: LocalizedStringKey, tableName: String?, bundle: Bundle? = nil, comment: StaticString? = nil) {
        self.init(key, table: tableName)
    }

    /// Text with a comment for translators.
    public init(_ key: LocalizedStringKey, comment: StaticString) {
        self.init(key)
    }
}
