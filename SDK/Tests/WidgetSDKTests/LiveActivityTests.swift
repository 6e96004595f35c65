import ActivityKit
import Foundation
import SwiftUI
import Testing
import WidgetKit

/// A Live Activity declared as an iOS extension declares one, in a bundle
/// beside a widget: the module offers the widget as a kind and the activity
/// by its attributes' type, and draws the Lock Screen presentation from JSON.
@Suite("Live Activities")
struct LiveActivityTests {
    struct DeliveryAttributes: ActivityAttributes {
        struct ContentState: Codable, Hashable {
            var minutesLeft: Int
            var courier: String?
        }
        var orderNumber: String
    }

    struct DeliveryActivity: Widget {
        var body: some WidgetConfiguration {
            ActivityConfiguration(for: DeliveryAttributes.self) { context in
                VStack {
                    Text("Order \(context.orderNumber)")
                    Text(context.isStale ? "late" : "\(context.state.minutesLeft) min")
                }
                .activityBackgroundTint(Color.black)
                .activitySystemActionForegroundColor(.white)
            } dynamicIsland: { context in
                DynamicIsland {
                    DynamicIslandExpandedRegion(.leading) { Text(context.attributes.orderNumber) }
                    if context.state.courier != nil {
                        DynamicIslandExpandedRegion(.bottom) { Text(context.state.courier ?? "") }
                    }
                } compactLeading: {
                    Text("🚲")
                } compactTrailing: {
                    Text("\(context.state.minutesLeft)m")
                } minimal: {
                    Text("🚲")
                }
                .keylineTint(.orange)
            }
            .supplementalActivityFamilies([.small])
        }
    }

    struct Entry: TimelineEntry {
        let date: Date
    }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.date) }
        func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) { completion(Entry(date: context.date)) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
            completion(Timeline(entries: [Entry(date: context.date)], policy: .never))
        }
    }

    struct OrdersWidget: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Orders", provider: Provider()) { _ in Text("orders") }
        }
    }

    let module = WidgetModule(OrdersWidget(), DeliveryActivity())

    @Test func theActivityIsNoKindAndIsFoundByItsAttributesType() throws {
        #expect(module.descriptors.map(\.kind) == ["Orders"])
        let activity = try #require(module.activities.first)
        #expect(module.activities.count == 1)
        #expect(activity.attributesType == "DeliveryAttributes")
        #expect(activity.supplementalFamilies == [.small])
    }

    @Test func theLockScreenPresentationIsDrawnFromJSON() throws {
        let activity = try #require(module.activities.first)
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let fresh = try activity.draw(attributes: Data(#"{"orderNumber":"A-17"}"#.utf8), state: Data(#"{"minutesLeft":12}"#.utf8),
                                      in: ActivityDrawingContext(activityID: "1", isStale: false, date: date))
        #expect(fresh.date == date)
        #expect(texts(fresh.view) == ["Order A-17", "12 min"])
        #expect(fresh.view.modifiers.contains { if case .containerBackground = $0 { true } else { false } })
        let stale = try activity.draw(attributes: Data(#"{"orderNumber":"A-17"}"#.utf8), state: Data(#"{"minutesLeft":12}"#.utf8),
                                      in: ActivityDrawingContext(activityID: "1", isStale: true, date: date))
        #expect(texts(stale.view) == ["Order A-17", "late"])
    }

    @Test func dataThatIsNotTheTypesIsRefusedWithWhere() throws {
        let activity = try #require(module.activities.first)
        let context = ActivityDrawingContext(activityID: "1", isStale: false, date: .now)
        #expect(throws: ActivityDataRefused(description: "the state is not a DeliveryAttributes.ContentState: no value for 'minutesLeft'")) {
            try activity.draw(attributes: Data(#"{"orderNumber":"A-17"}"#.utf8), state: Data(#"{"minutes":12}"#.utf8), in: context)
        }
        #expect(throws: ActivityDataRefused(description: "the attributes are not a DeliveryAttributes: expected String at orderNumber")) {
            try activity.draw(attributes: Data(#"{"orderNumber":17}"#.utf8), state: Data(#"{"minutesLeft":12}"#.utf8), in: context)
        }
        #expect(throws: ActivityDataRefused.self) {
            try activity.draw(attributes: Data("{".utf8), state: Data(#"{"minutesLeft":12}"#.utf8), in: context)
        }
    }

    /// Xcode's template previews an activity in each content state.
    @Test func aPreviewDrawsEachContentState() async throws {
        let preview = WidgetPreview("Notification", as: .content, using: DeliveryAttributes(orderNumber: "B-2")) {
            DeliveryActivity()
        } contentStates: {
            DeliveryAttributes.ContentState(minutesLeft: 9)
            DeliveryAttributes.ContentState(minutesLeft: 3, courier: "Ana")
        }
        #expect(preview.kind == "DeliveryAttributes")
        let (kind, family, timeline) = try await preview.archived(at: .now)
        #expect(kind == "DeliveryAttributes" && family == .systemMedium)
        #expect(timeline.entries.map { texts($0.view) } == [["Order B-2", "9 min"], ["Order B-2", "3 min"]])
    }

    private func texts(_ node: ViewNode) -> [String] {
        if case .text(let text) = node.content { return [text] }
        return node.children.flatMap(texts)
    }
}
