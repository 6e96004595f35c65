import Foundation

/// A line or paragraph of text.
public struct Text: View, PrimitiveView {
    let node: ViewNode

    // No `init(_: String)`: as in SwiftUI, a literal is a
    // `LocalizedStringKey` (so `Text("at \(date, style: .time)")` and
    // `\(Text("3").bold())` interpolate as SwiftUI's do) and a string value
    // takes `init(_: some StringProtocol)`.

    /// Text shown exactly as given.
    public init(verbatim string: String) {
        node = ViewNode(.text(string))
    }

    /// Text that follows the clock, as in SwiftUI: drawn from `date` at the
    /// moment it is shown, so `.timer` and `.relative` tick without a reload.
    public init(_ date: Date, style: DateStyle) {
        node = ViewNode(.date(date, style: style))
    }

    /// How `Text(date, style:)` shows its date.
    public enum DateStyle: String, Codable, Sendable, Hashable {
        /// "2 hr, 15 min": the time between now and the date.
        case relative
        /// "+2 hours" or "-5 minutes": the date's offset from now.
        case offset
        /// "2:15" or "1:02:15", counting down to the date or up from it.
        case timer
        /// "November 22, 2026".
        case date
        /// "6:30 PM".
        case time
    }
}

extension Text {
    /// A value as its format says: `Text(stars, format: .number)`,
    /// `Text(date, format: .dateTime.hour().minute())`. Formatted when the
    /// entry is made, in the extension's locale (`FormattingLocale`: the
    /// manifest's `locale:` or `LANG`); an `.environment(\.locale, …)`
    /// set above does not reach it, as the text is made before it is placed.
    public init<Format: FormatStyle>(_ input: Format.FormatInput, format: Format) where Format.FormatOutput == String {
        node = ViewNode(.text(format.locale(FormattingLocale.locale(for: Format.FormatInput.self)).format(input)))
    }

    init(node: ViewNode) {
        self.node = node
    }

    /// Two texts as one, as SwiftUI concatenates them: `Text("\(count)").bold() + Text(" stars")`.
    /// Plain texts join into one text that wraps as one; styled parts are
    /// drawn side by side, each keeping its style (they do not wrap into each other).
    public static func + (lhs: Text, rhs: Text) -> Text {
        if case .text(let left) = lhs.node.content, lhs.node.modifiers.isEmpty, lhs.node.children.isEmpty,
           case .text(let right) = rhs.node.content, rhs.node.modifiers.isEmpty, rhs.node.children.isEmpty {
            return Text(left + right)
        }
        let parts = (lhs.node.isConcatenation ? lhs.node.children : [lhs.node]) + (rhs.node.isConcatenation ? rhs.node.children : [rhs.node])
        return Text(node: ViewNode(.hstack(alignment: .bottom, spacing: 0), children: parts))
    }

    // As in SwiftUI, these keep a `Text` a `Text`, so that styled parts can be joined with `+`.

    /// Bold text.
    public func bold() -> Text { Text(node: node.modified(.fontWeight(.bold))) }
    /// Bold text, or not.
    public func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }
    /// Slanted text, or not.
    public func italic(_ isActive: Bool = true) -> Text { Text(node: node.modified(.italic(isActive))) }
    /// The text in `design` (nil: as its font says), at its own size and weight.
    public func fontDesign(_ design: Font.Design?) -> Text { design.map { Text(node: node.modified(.fontDesign($0))) } ?? self }
    /// The text in the monospaced design: `Text(code).monospaced()`.
    public func monospaced(_ isActive: Bool = true) -> Text { isActive ? fontDesign(.monospaced) : self }
    /// The text with a line under it, in `color` (nil: the text's own).
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { Text(node: node.modified(.underline(isActive, color: color))) }
    /// The text with a line through it, in `color` (nil: the text's own): `.strikethrough(item.isDone)`.
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        Text(node: node.modified(.strikethrough(isActive, color: color)))
    }
    /// The text's font.
    public func font(_ font: Font?) -> Text { font.map { Text(node: node.modified(.font($0))) } ?? self }
    /// The text's weight.
    public func fontWeight(_ weight: Font.Weight?) -> Text { weight.map { Text(node: node.modified(.fontWeight($0))) } ?? self }
    /// The text's colour.
    public func foregroundColor(_ color: Color?) -> Text { color.map { Text(node: node.modified(.foregroundStyle($0))) } ?? self }
    /// The text's colour.
    public func foregroundStyle(_ color: Color) -> Text { Text(node: node.modified(.foregroundStyle(color))) }
    /// The text's style: a colour or a gradient.
    public func foregroundStyle(_ style: some ShapeStyle) -> Text { Text(node: node.modified(.foregroundStyle(style.archivedColor))) }
}

extension ViewNode {
    /// A row of texts that `+` made.
    var isConcatenation: Bool {
        content == .hstack(alignment: .bottom, spacing: 0) && modifiers.isEmpty
    }
}

extension Text {
    /// How `.textCase(_:)` shows text: in capitals or in small letters.
    public enum Case: String, Codable, Sendable, Hashable {
        /// Every letter a capital: "NEXT DEPARTURES".
        case uppercase
        /// Every letter small.
        case lowercase
    }
}
