import Foundation
import SwiftUI
import Testing
import WidgetKit

/// What a `#Preview` expands to, used directly: the entries are drawn by
/// the widget's own content, entries of another widget are refused, and a
/// view's preview is drawn at systemMedium. The macro itself is built and
/// run through a real module by "A widget extension written as for iOS".
@Suite("#Preview's previews")
struct WidgetPreviewTests {
    struct Entry: TimelineEntry {
        let date: Date
        let count: Int
    }

    struct Other: TimelineEntry {
        let date: Date
    }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.date, count: 0) }
        func getSnapshot(in context: Context, completion: @escaping (Entry) -> ()) { completion(placeholder(in: context)) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> ()) {
            completion(Timeline(entries: (1...3).map { Entry(date: context.date, count: $0) }, policy: .atEnd))
        }
    }

    struct Counter: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Counter", provider: Provider()) { entry in
                Text("count \(entry.count)")
            }
        }
    }

    static let date = Date(timeIntervalSinceReferenceDate: 800_000_000)

    @Test func entriesAreDrawnByTheWidgetsContentInOrder() async throws {
        let showMore = true
        let preview = WidgetPreview("Counting", as: .systemSmall) {
            Counter()
        } timeline: {
            Entry(date: Self.date, count: 1)
            if showMore {
                Entry(date: Self.date, count: 2)
            }
            for count in 3...4 {
                Entry(date: Self.date, count: count)
            }
        }
        let (kind, family, timeline) = try await preview.archived(at: Self.date)
        #expect(kind == "Counter" && family == .systemSmall && preview.name == "Counting")
        #expect(timeline.entries.map(\.view.content) == (1...4).map { .text("count \($0)") })
        #expect(timeline.policy == .never)
    }

    @Test func aProvidersTimelineIsAskedInPreviewMode() async throws {
        let preview = WidgetPreview(as: .systemMedium) { Counter() } timelineProvider: { Provider() }
        let (_, family, timeline) = try await preview.archived(at: Self.date)
        #expect(family == .systemMedium && timeline.entries.count == 3)
        #expect(timeline.entries.allSatisfy { $0.date == Self.date }, "the provider got the preview's date")
    }

    @Test func anotherWidgetsEntriesAreRefusedWithBothTypesNamed() async throws {
        let preview = WidgetPreview(as: .systemSmall) { Counter() } timeline: { Other(date: Self.date) }
        await #expect {
            try await preview.archived(at: Self.date)
        } throws: { error in
            "\(error)".contains("Other") && "\(error)".contains("Entry")
        }
        #expect(preview.kind == "Counter", "the kind is known even when its entries are not")
    }

    @Test func aViewsPreviewIsDrawnAtSystemMediumForNoKind() async throws {
        let preview = WidgetPreview { Text("just a view") }
        let (kind, family, timeline) = try await preview.archived(at: Self.date)
        #expect(kind == nil && family == .systemMedium)
        #expect(timeline.entries.map(\.view.content) == [.text("just a view")])
    }
}
