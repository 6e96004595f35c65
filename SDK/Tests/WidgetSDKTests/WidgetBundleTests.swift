import Foundation
import SwiftUI
import Testing
import WidgetKit

/// A module's widgets declared as for WidgetKit: `@main struct …: WidgetBundle`
/// with `if`, `else` and `if #available`, in code that imports WidgetKit and
/// SwiftUI only. The modules loaded through `main` (TodoList, the Countdown
/// example, what `widgethost new` writes) are driven by other suites.
// Serialized: the bundles read static flags that tests set, and `main` registers into one global.
@Suite("WidgetBundle", .serialized)
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

    /// A Lock Screen widget as extensions written for iOS 14 declare one:
    /// its body chooses with `if #available`, and an empty configuration
    /// where the families did not exist.
    struct LockScreenClock: Widget {
        nonisolated(unsafe) static var available = true

        var body: some WidgetConfiguration {
            if Self.available {
                StaticConfiguration(kind: "LockScreenClock", provider: Provider()) { _ in Text("6:12") }
                    .supportedFamilies([.accessoryCircular])
            } else {
                EmptyWidgetConfiguration()
            }
        }
    }

    struct WithLockScreen: WidgetBundle {
        var body: some Widget {
            Weather()
            LockScreenClock()
        }
    }

    @Test func anEmptyConfigurationOffersNoKindAndAnAvailableBranchItsOwn() {
        LockScreenClock.available = true
        #expect(WidgetModule(widgets: WithLockScreen().body.bundledWidgets).descriptors.map(\.kind) == ["Weather", "LockScreenClock"])
        #expect(LockScreenClock().body.descriptor.supportedFamilies == [.accessoryCircular], "a branch keeps its modifiers")
        LockScreenClock.available = false
        #expect(WidgetModule(widgets: WithLockScreen().body.bundledWidgets).descriptors.map(\.kind) == ["Weather"])
        LockScreenClock.available = true
    }

    /// A provider as WidgetKit code before Swift concurrency writes one: a
    /// synchronous placeholder and completion handlers, called back later.
    struct CompletionProvider: TimelineProvider {
        func placeholder(in context: Context) -> Entry {
            Entry(date: context.date)
        }

        func getSnapshot(in context: Context, completion: @escaping (Entry) -> ()) {
            completion(Entry(date: context.date))
        }

        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> ()) {
            // What Swift 6's checking asks of such code (in Swift 5 mode it builds as it is).
            nonisolated(unsafe) let completion = completion
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10)) {
                let entries = (0..<3).map { Entry(date: context.date.addingTimeInterval(Double($0) * 3600)) }
                completion(Timeline(entries: entries, policy: .atEnd))
            }
        }
    }

    struct Clock: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Clock", provider: CompletionProvider()) { entry in Text(entry.date, style: .time) }
        }
    }

    @Test func aCompletionHandlerProviderAnswersTheHostsCalls() async throws {
        let provider = Clock().body.descriptor.provider
        let context = TimelineProviderContext(family: .systemSmall, date: Date(timeIntervalSince1970: 1_800_000_000))
        let timeline = try await provider.timeline(for: [:], in: context)
        #expect(timeline.entries.map(\.date) == [0, 3600, 7200].map { context.date.addingTimeInterval($0) })
        #expect(timeline.policy == .atEnd)
        #expect(try await provider.snapshot(for: [:], in: context).date == context.date)
        #expect(try await provider.placeholder(in: context).date == context.date)
    }
}
