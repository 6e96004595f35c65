import Foundation
import Testing
import WidgetSDK

/// Issue 37: six of thirteen real extensions set or read the environment
/// beyond the widget's family: keys of their own with `.environment(_:_:)`,
/// `@EnvironmentObject` models, Dynamic Type, the locale and calendar.
@Suite("Environment values of one's own and SwiftUI's")
struct EnvironmentValuesTests {
    fileprivate struct AccentKey: EnvironmentKey {
        static let defaultValue = "blue"
    }

    final class Streak: ObservableObject {
        @Published var days = 12
    }

    struct Badge: View {
        @Environment(\.accent) private var accent
        @Environment(\.sizeCategory) private var category
        @Environment(\.dynamicTypeSize) private var size
        var body: some View {
            VStack {
                Text(accent)
                Text(category.isAccessibilityCategory ? "accessibility" : "standard")
                Text(size == .large ? "large" : "\(size)")
            }
        }
    }

    struct StreakView: View {
        @EnvironmentObject var streak: Streak
        @Environment(\.locale) private var locale
        @Environment(\.calendar) private var calendar
        @Environment(\.layoutDirection) private var direction
        var body: some View {
            Text("\(streak.days) days, \(direction == .leftToRight ? "ltr" : "rtl"), \(locale == FormattingLocale.current), \(calendar == Calendar.current)")
        }
    }

    private func texts(_ view: some View) -> [String] {
        var texts: [String] = []
        var stack = [ViewNode(archiving: view)]
        while let node = stack.popLast() {
            if case .text(let text) = node.content { texts.append(text) }
            stack.append(contentsOf: node.children.reversed())
        }
        return texts
    }

    @Test func aKeyOfOnesOwnReachesTheViewsWithinAndDefaultsElsewhere() {
        #expect(texts(Badge()) == ["blue", "standard", "large"])
        #expect(texts(Badge().environment(\.accent, "orange")) == ["orange", "standard", "large"])
        // Set again further in, the inner value wins, as in SwiftUI.
        #expect(texts(VStack { Badge().environment(\.accent, "green") }.environment(\.accent, "orange")) == ["green", "standard", "large"])
        // Modifiers after it archive a view that has the value already.
        #expect(texts(Badge().environment(\.accent, "red").padding().frame(width: 80)) == ["red", "standard", "large"])
    }

    @Test func dynamicTypeIsTheStandardSizeWhateverTheLimits() {
        #expect(texts(Badge().dynamicTypeSize(...DynamicTypeSize.xxLarge)) == ["blue", "standard", "large"])
        #expect(texts(Badge().dynamicTypeSize(.accessibility2)) == ["blue", "accessibility", "accessibility2"])
        #expect(texts(Badge().environment(\.sizeCategory, .accessibilityLarge)) == ["blue", "accessibility", "accessibility2"])
        #expect(ContentSizeCategory(.xxxLarge) == .extraExtraExtraLarge && DynamicTypeSize(.small) == .small)
    }

    @Test func anEnvironmentObjectIsFoundByItsType() {
        let streak = Streak()
        streak.days = 30
        #expect(texts(StreakView().environmentObject(streak)) == ["30 days, ltr, true, true"])
    }
}

extension EnvironmentValues {
    fileprivate var accent: String {
        get { self[EnvironmentValuesTests.AccentKey.self] }
        set { self[EnvironmentValuesTests.AccentKey.self] = newValue }
    }
}

/// The locale dates and numbers are written in, read from the environment
/// as a C program reads it, since Foundation's `Locale.current` does not
/// follow `LANG` on Linux.
@Suite("The formatting locale")
struct FormattingLocaleTests {
    @Test func itIsLCAllThenTheCategoryThenLang() {
        #expect(FormattingLocale.locale(from: ["LANG": "de_DE.UTF-8"]).identifier == "de_DE")
        #expect(FormattingLocale.locale(from: ["LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8@euro"]).identifier == "fr_FR")
        #expect(FormattingLocale.locale(from: ["LANG": "de_DE", "LC_TIME": "en_GB"]).identifier == "en_GB")
        #expect(FormattingLocale.locale(from: ["LANG": "de_DE", "LC_TIME": "en_GB"], for: .numeric).identifier == "de_DE")
        #expect(FormattingLocale.locale(from: ["LANG": "C.UTF-8"]).identifier == "en_US_POSIX")
        #expect(FormattingLocale.locale(from: [:]).identifier == "en_US_POSIX", "the same card on every machine")
        #expect(FormattingLocale.locale(from: [:], for: .numeric).identifier == "en_US", "numbers grouped as in US English")
        #expect(FormattingLocale.locale(from: ["LC_ALL": "", "LANG": "pt_BR"]).identifier == "pt_BR", "an empty variable is unset")
    }
}

extension EnvironmentValues {
    @Entry var entryTint: String = "teal"
    @Entry var entryNote: String?
    @Entry var entryCount = 3
    /// Comments around the declaration, as real code has them; this one
    /// even quotes one: `var entryCommented = 1`.
    @Entry var entryCommented: String = "plum" // a trailing comment
    @Entry var entryMaybe: Int? // nil where no view sets it
}

/// SwiftUI's `@Entry` (iOS 18), which writes the key type: the three ways
/// Swift lets the property be declared.
@Suite("@Entry")
struct EntryMacroTests {
    struct Tinted: View {
        @Environment(\.entryTint) private var tint
        @Environment(\.entryNote) private var note
        @Environment(\.entryCount) private var count
        var body: some View {
            Text("\(tint) \(note ?? "none") \(count)")
        }
    }

    private func text(_ view: some View) -> String? {
        var stack = [ViewNode(archiving: view)]
        while let node = stack.popLast() {
            if case .text(let text) = node.content { return text }
            stack.append(contentsOf: node.children)
        }
        return nil
    }

    @Test func commentsAroundAnEntryAreLeftAlone() {
        let values = EnvironmentValues()
        #expect(values.entryCommented == "plum" && values.entryMaybe == nil)
    }

    @Test func anEntryHasItsDefaultUntilAViewAboveSetsIt() {
        #expect(text(Tinted()) == "teal none 3")
        #expect(text(Tinted().environment(\.entryTint, "orange").environment(\.entryNote, "hi").environment(\.entryCount, 7)) == "orange hi 7")
    }
}
