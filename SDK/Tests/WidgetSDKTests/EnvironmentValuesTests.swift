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
            Text("\(streak.days) days, \(direction == .leftToRight ? "ltr" : "rtl"), \(locale.identifier == Locale.current.identifier), \(calendar == Calendar.current)")
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
