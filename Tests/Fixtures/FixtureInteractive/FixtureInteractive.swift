import Foundation
import WidgetSDK

// Interactive kinds for the host's tests: a toggle whose intent flips a
// value in the shared defaults, a button whose intent throws, links, a
// ticking timer, and a kind whose entry links where it must not.

struct SwitchIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Switch"
    @Parameter(title: "Name", default: "lamp")
    var name: String
    init() {}
}

/// Flips `switch.<name>` in the shared defaults.
struct FlipSwitchIntent: AppIntent {
    static let title: LocalizedStringResource = "Flip the switch"
    @Parameter(title: "Name")
    var name: String

    init() {}
    init(name: String) { self.name = name }

    func perform() async throws -> some IntentResult {
        let key = "switch.\(name)"
        try SharedDefaults.appGroup.set(!SharedDefaults.appGroup.bool(forKey: key), forKey: key)
        return .result()
    }
}

/// Always fails, as an intent whose service is down would.
struct BreakIntent: AppIntent {
    static let title: LocalizedStringResource = "Break"
    init() {}

    func perform() async throws -> some IntentResult {
        throw IntentError(message: "the switch is stuck")
        return .result()
    }
}

struct SwitchEntry: TimelineEntry {
    let date: Date
    let name: String
    let isOn: Bool
    let flips: Int
}

struct SwitchProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> SwitchEntry {
        SwitchEntry(date: .now, name: "lamp", isOn: false, flips: 0)
    }

    func snapshot(for configuration: SwitchIntent, in context: Context) async -> SwitchEntry {
        SwitchEntry(date: .now, name: configuration.name, isOn: SharedDefaults.appGroup.bool(forKey: "switch.\(configuration.name)"), flips: 0)
    }

    func timeline(for configuration: SwitchIntent, in context: Context) async throws -> Timeline<SwitchEntry> {
        Timeline(entries: [await snapshot(for: configuration, in: context)], policy: .never)
    }
}

struct SwitchView: View {
    let entry: SwitchEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text("\(entry.name) is \(entry.isOn ? "on" : "off")").font(.headline)
            Toggle(isOn: entry.isOn, intent: FlipSwitchIntent(name: entry.name)) { Text("Lamp") }
            Button(intent: BreakIntent()) { Text("Break") }
            Link(destination: URL(string: "https://example.com/help")!) { Text("Help") }
            Text(Date(timeIntervalSince1970: 0), style: .timer).font(.caption)
            ProgressView(value: entry.isOn ? 1 : 0.25)
        }
        .widgetURL(URL(string: "https://example.com/switch"))
    }
}

struct SwitchWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Switch", intent: SwitchIntent.self, provider: SwitchProvider()) { entry in
            SwitchView(entry: entry)
        }
        .configurationDisplayName("Switch")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

struct BadLinkProvider: TimelineProvider {
    func placeholder(in context: Context) async -> SwitchEntry { SwitchEntry(date: .now, name: "x", isOn: false, flips: 0) }
    func snapshot(in context: Context) async -> SwitchEntry { await placeholder(in: context) }
    func timeline(in context: Context) async throws -> Timeline<SwitchEntry> {
        Timeline(entries: [await placeholder(in: context)], policy: .never)
    }
}

/// Its entries link to a `javascript:` URL, which the archive refuses.
struct BadLinkWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "BadLink", provider: BadLinkProvider()) { _ in
            Link(destination: URL(string: "javascript:alert(1)")!) { Text("Click") }
        }
        .configurationDisplayName("Bad link")
        .supportedFamilies([.systemSmall])
    }
}

@_cdecl("widgethost_sdk_version")
public func sdkVersion() -> Int32 { WidgetSDK.version }

@_cdecl("widgethost_module")
public func widgetModule() -> UnsafeMutableRawPointer {
    WidgetModule(SwitchWidget(), BadLinkWidget()).retainedPointer()
}
