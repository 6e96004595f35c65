import Foundation
import SwiftUI
import Testing
import WidgetFoundation
import WidgetSDK

/// Issue 37: `@AppStorage`, as a widget's view reads the App Group with it.
@Suite("@AppStorage reads and writes UserDefaults")
struct AppStorageTests {
    enum Unit: String { case litres, cups }

    struct Goal {
        @AppStorage("goal", store: UserDefaults(suiteName: "group.test.storage")) var goal = 8
        @AppStorage("unit", store: UserDefaults(suiteName: "group.test.storage")) var unit: Unit = .litres
        @AppStorage("since", store: UserDefaults(suiteName: "group.test.storage")) var since: Date?
        @AppStorage("reminders", store: UserDefaults(suiteName: "group.test.storage")) var reminders = true
    }

    @Test func aKeyWithNoValueReadsAsTheDefaultAndAStoredValueAsItself() {
        SharedDefaults.$scopedStore.withValue(InMemoryDefaultsStore()) {
            let defaults = WidgetFoundation.UserDefaults(suiteName: "group.test.storage")!
            let widget = Goal()
            #expect(widget.goal == 8 && widget.unit == .litres && widget.since == nil && widget.reminders)
            #expect(defaults.object(forKey: "goal") == nil, "a default is not written")

            // The app writes; the widget's next drawing reads it.
            let date = Date(timeIntervalSince1970: 1_764_000_000)
            defaults.set(12, forKey: "goal")
            defaults.set("cups", forKey: "unit")
            defaults.set(date, forKey: "since")
            defaults.set(false, forKey: "reminders")
            #expect(widget.goal == 12 && widget.unit == .cups && widget.since == date && !widget.reminders)

            // A value of another type reads as the default, as on iOS.
            defaults.set("many", forKey: "goal")
            defaults.set("pints", forKey: "unit")
            defaults.set(2.5, forKey: "reminders")
            #expect(widget.goal == 8 && widget.unit == .litres && widget.reminders)

            widget.goal = 10
            widget.$since.wrappedValue = nil
            #expect(defaults.integer(forKey: "goal") == 10 && defaults.object(forKey: "since") == nil, "nil removes the key")
        }
    }

    struct Unset: View {
        @AppStorage("unit") var unit: Unit?
        @AppStorage("goal") var goal = 8

        var body: some View {
            Text("\(unit?.rawValue ?? "none") \(goal)")
        }
    }

    @Test func anOptionalEnumAndTheEnvironmentsDefaultSuite() {
        SharedDefaults.$scopedStore.withValue(InMemoryDefaultsStore()) {
            let group = WidgetFoundation.UserDefaults(suiteName: "group.test.storage")!
            group.set("cups", forKey: "unit")
            group.set(12, forKey: "goal")
            #expect(ViewNode(archiving: Unset()).content == .text("none 8"), "the module's own suite")
            #expect(ViewNode(archiving: Unset().defaultAppStorage(group)).content == .text("cups 12"), "the suite .defaultAppStorage names")
            let view = Unset()
            view.unit = .litres
            #expect(WidgetFoundation.UserDefaults.standard.string(forKey: "unit") == "litres", "an enum is stored by its raw value")
            view.unit = nil
            #expect(WidgetFoundation.UserDefaults.standard.object(forKey: "unit") == nil)
        }
    }
}
