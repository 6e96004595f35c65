import Foundation

// What a screen reader says for a card. The host reads it as VoiceOver
// would (a label instead of the contents, then the value, then the hint;
// hidden views skipped) into the SVG's `<title>` and the dashboard's text
// for each card.
extension View {
    /// What a screen reader says for the view instead of its contents.
    public func accessibilityLabel(_ label: Text) -> some View { modified(.accessibilityLabel(label.plainText)) }
    /// What a screen reader says for the view instead of its contents.
    public func accessibilityLabel(_ label: LocalizedStringKey) -> some View { modified(.accessibilityLabel(Text(label).plainText)) }
    /// What a screen reader says for the view instead of its contents.
    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { modified(.accessibilityLabel(String(label))) }
    /// The iOS 13 spelling of `accessibilityLabel`.
    public func accessibility(label: Text) -> some View { accessibilityLabel(label) }
    /// Said after the view's label: "3 of 8".
    public func accessibilityValue(_ value: Text) -> some View { modified(.accessibilityValue(value.plainText)) }
    /// Said after the view's label: "3 of 8".
    public func accessibilityValue(_ value: LocalizedStringKey) -> some View { modified(.accessibilityValue(Text(value).plainText)) }
    /// Said after the view's label.
    @_disfavoredOverload
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View { modified(.accessibilityValue(String(value))) }
    /// Said last, after a pause: what the view does.
    public func accessibilityHint(_ hint: Text) -> some View { modified(.accessibilityHint(hint.plainText)) }
    /// Said last, after a pause: what the view does.
    public func accessibilityHint(_ hint: LocalizedStringKey) -> some View { modified(.accessibilityHint(Text(hint).plainText)) }
    /// Said last, after a pause.
    @_disfavoredOverload
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View { modified(.accessibilityHint(String(hint))) }
    /// Whether a screen reader skips the view and what it holds: a decorative symbol.
    public func accessibilityHidden(_ hidden: Bool) -> some View { modified(.accessibilityHidden(hidden)) }
    /// How a screen reader groups the view's children: a card is read as
    /// one element whatever it says, so every behaviour reads the same.
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { self }
}

extension Text {
    /// The words of the text, styles dropped, as a label is said: a date
    /// as its day or time when the entry is made; a label that counts
    /// (`.relative`, `.timer`) names the moment rather than the time left.
    var plainText: String {
        var words = ""
        var stack = [node]
        while let node = stack.popLast() {
            switch node.content {
            case .text(let string): words += string
            case .date(let date, let style): words += Self.spoken(date, style: style)
            default: break
            }
            stack.append(contentsOf: node.children.reversed())
        }
        return words
    }

    private static func spoken(_ date: Date, style: DateStyle) -> String {
        let locale = FormattingLocale.dates
        return switch style {
        case .date: date.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: locale))
        case .time: date.formatted(Date.FormatStyle(date: .omitted, time: .shortened, locale: locale))
        case .relative, .offset, .timer: date.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened, locale: locale))
        }
    }
}
