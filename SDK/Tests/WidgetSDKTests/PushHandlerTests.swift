import Foundation
import Synchronization
import SwiftUI
import Testing
import WidgetKit

/// A kind's push handler (`.pushHandler`, iOS 26) as an extension writes
/// it: the configuration names its type, and the extension makes one and
/// tells it the token and the widgets the host gives.
@Suite("Push handlers")
struct PushHandlerTests {
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

    static let told = Mutex<[(token: String, widgets: [String])]>([])

    struct OrdersPushHandler: WidgetPushHandler {
        func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) {
            let token = pushInfo.token.map { String(format: "%02x", $0) }.joined()
            PushHandlerTests.told.withLock { $0.append((token, widgets.map { "\($0.kind) \($0.family.rawValue)" })) }
        }
    }

    struct Orders: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Orders", provider: Provider()) { _ in Text("3 orders") }
                .supportedFamilies([.systemSmall])
                .pushHandler(OrdersPushHandler.self)
        }
    }

    struct Plain: Widget {
        var body: some WidgetConfiguration {
            StaticConfiguration(kind: "Plain", provider: Provider()) { _ in Text("no pushes") }
        }
    }

    @Test func theConfigurationNamesItsHandlerAndTheHandlerIsToldTheToken() throws {
        let descriptor = Orders().body.descriptor
        #expect(descriptor.acceptsPushes && descriptor.supportedFamilies == [.systemSmall], "the modifier keeps the others")
        #expect(!Plain().body.descriptor.acceptsPushes && Plain().body.descriptor.pushHandler == nil)

        let handler = try #require(descriptor.pushHandler)
        let widgets = [WidgetInfo(kind: "Orders", family: .systemSmall, configurationIdentifier: nil, values: [:])]
        handler.init().pushTokenDidChange(WidgetPushInfo(token: Data([0x0a, 0xff, 0x10])), widgets: widgets)
        let told = Self.told.withLock { $0 }
        #expect(told.count == 1 && told.first?.token == "0aff10" && told.first?.widgets == ["Orders systemSmall"], "\(told)")
    }
}
