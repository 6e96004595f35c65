import Foundation
import Testing
import WidgetKit
import SwiftUI

/// A module's widgets declared as for WidgetKit: `@main struct …: WidgetBundle`
/// with `if`, `else` and `if #available`, in code that imports WidgetKit and
/// SwiftUI only. The modules loaded through `main` (TodoList, the Countdown
/// example, what `widgethost new` writes) are driven by other suites.
@Suite("WidgetBundle")
struct WidgetBundleTests {
    struct Entry: TimelineEntry {
        let date: Date
    }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) async -> Entry { Entry(date: context.date) }
        func snapshot(in context: Context) async -> Entry { Entry(date: context.date) }
        func timeline(in context: Context) async throws -> Timeline<Entry> {
            Timeline(entries: [Entry(date: context.date)], policy: .never)
        }
    }

    struct Weather: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Weather", provider: Provider()) { _ in Text("sun") }
        }
    }

    struct Tide: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Tide", provider: Provider()) { _ in Text("high") }
        }
    }

    struct Sunrise: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Sunrise", provider: Provider()) { _ in Text("6:12") }
        }
    }

    struct Forecasts: WidgetBundle {
        nonisolated(unsafe) static var withTides = true

        var body: some Widget {
            Weather()
            if Self.withTides {
                Tide()
            } else {
                Sunrise()
            }
            if #available(macOS 15, *) {
                Sunrise()
            }
        }
    }

    struct Nested: WidgetBundle {
        var body: some Widget {
            Forecasts().body
            Weather()
        }
    }

    @Test func aBundlesWidgetsAreItsBodysInOrderWithItsConditions() {
        Forecasts.withTides = true
        #expect(Forecasts().body.bundledWidgets.map(\.kind) == ["Weather", "Tide", "Sunrise"])
        Forecasts.withTides = false
        #expect(Forecasts().body.bundledWidgets.map(\.kind) == ["Weather", "Sunrise", "Sunrise"])
        Forecasts.withTides = true
        #expect(Nested().body.bundledWidgets.map(\.kind) == ["Weather", "Tide", "Sunrise", "Weather"], "a bundle inside a bundle is flattened")
    }

    @Test func mainRegistersTheWidgetsOnlyForAModuleOfThisSDK() {
        Forecasts.main()
        let registered = WidgetModule.takeRegistration()
        #expect(registered.compiledAgainst == WidgetSDK.version)
        #expect(registered.module?.descriptors.map(\.kind) == ["Weather", "Tide", "Sunrise"])
        #expect(WidgetModule.takeRegistration().module == nil, "taken once")

        Weather.main()
        #expect(WidgetModule.takeRegistration().module?.descriptors.map(\.kind) == ["Weather"], "a single widget may be @main")

        #expect(!WidgetModule.accepts(compiledAgainst: WidgetSDK.version + 1))
        #expect(WidgetModule.takeRegistration().compiledAgainst == WidgetSDK.version + 1, "the extension reports the mismatch")
    }
}
