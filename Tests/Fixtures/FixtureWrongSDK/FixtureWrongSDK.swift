import Foundation
import WidgetSDK

// Claims a future SDK version; the host must refuse it before calling into it.

struct Future: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Future", provider: FutureProvider()) { _ in Text("future") }
            .configurationDisplayName("Future")
    }
}

struct FutureEntry: TimelineEntry { let date: Date }

struct FutureProvider: TimelineProvider {
    func placeholder(in context: Context) async -> FutureEntry { FutureEntry(date: .now) }
    func snapshot(in context: Context) async -> FutureEntry { FutureEntry(date: .now) }
    func timeline(in context: Context) async throws -> Timeline<FutureEntry> {
        Timeline(entries: [], policy: .never)
    }
}

@_cdecl("widgethost_sdk_version")
public func sdkVersion() -> Int32 { 999 }

@_cdecl("widgethost_module")
public func widgetModule() -> UnsafeMutableRawPointer {
    WidgetModule(Future()).retainedPointer()
}
