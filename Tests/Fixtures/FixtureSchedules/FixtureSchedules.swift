import Foundation
import Synchronization
import WidgetSDK

// Providers with known behaviour for the scheduler's tests and benchmarks.
// Entries are dated from context.date, so they follow a simulated clock.

struct TickEntry: TimelineEntry {
    let date: Date
    let label: String
}

/// `entries` entries `spacing` seconds apart, with the reload policy asked for.
struct TickerIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Ticker"
    @Parameter(title: "Entries", default: 3) var entries: Int
    @Parameter(title: "Spacing in seconds", default: 600) var spacing: Int
    @Parameter(title: "Policy", default: "atEnd", options: ["atEnd", "after", "never"]) var policy: String
    @Parameter(title: "Reload after seconds", default: 3_600) var after: Int
    init() {}
}

struct TickerProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> TickEntry { TickEntry(date: context.date, label: "placeholder") }

    func snapshot(for configuration: TickerIntent, in context: Context) async -> TickEntry {
        TickEntry(date: context.date, label: "snapshot")
    }

    func timeline(for configuration: TickerIntent, in context: Context) async throws -> Timeline<TickEntry> {
        let entries = (0..<configuration.entries).map {
            TickEntry(date: context.date + Double($0 * configuration.spacing), label: "tick \($0)")
        }
        let policy: TimelineReloadPolicy = switch configuration.policy {
        case "after": .after(context.date + Double(configuration.after))
        case "never": .never
        default: .atEnd
        }
        return Timeline(entries: entries, policy: policy)
    }
}

struct TickerWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Ticker", intent: TickerIntent.self, provider: TickerProvider()) { entry in
            Text(entry.label)
        }
        .configurationDisplayName("Ticker")
        .supportedFamilies([.systemSmall])
    }
}

/// Follows `pattern` one call at a time, the last letter repeating:
/// S succeeds (one entry, reload after an hour), F fails, R is rate-limited
/// for an hour. Calls are counted per `key`.
struct FlakyIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Flaky"
    @Parameter(title: "Key", default: "flaky") var key: String
    @Parameter(title: "Pattern", default: "F") var pattern: String
    init() {}
}

struct FlakyError: Error, CustomStringConvertible {
    let call: Int
    var description: String { "flaky failure on call \(call)" }
}

let flakyCalls = Mutex<[String: Int]>([:])

struct FlakyProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> TickEntry { TickEntry(date: context.date, label: "placeholder") }

    func snapshot(for configuration: FlakyIntent, in context: Context) async -> TickEntry {
        TickEntry(date: context.date, label: "snapshot")
    }

    func timeline(for configuration: FlakyIntent, in context: Context) async throws -> Timeline<TickEntry> {
        let call = flakyCalls.withLock { counts in
            defer { counts[configuration.key, default: 0] += 1 }
            return counts[configuration.key, default: 0]
        }
        let pattern = Array(configuration.pattern)
        switch pattern[min(call, pattern.count - 1)] {
        case "S":
            return Timeline(entries: [TickEntry(date: context.date, label: "good \(call)")], policy: .after(context.date + 3_600))
        case "R":
            throw RateLimitedError(until: context.date + 3_600)
        default:
            throw FlakyError(call: call)
        }
    }
}

struct FlakyWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Flaky", intent: FlakyIntent.self, provider: FlakyProvider()) { entry in
            Text(entry.label)
        }
        .configurationDisplayName("Flaky")
        .supportedFamilies([.systemSmall])
    }
}

/// Never returns on its own: it waits until cancelled.
struct HangProvider: TimelineProvider {
    func placeholder(in context: Context) async -> TickEntry { TickEntry(date: context.date, label: "placeholder") }
    func snapshot(in context: Context) async -> TickEntry { TickEntry(date: context.date, label: "snapshot") }
    func timeline(in context: Context) async throws -> Timeline<TickEntry> {
        while true { try await Task.sleep(for: .seconds(3_600)) }
    }
}

struct HangWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Hang", provider: HangProvider()) { entry in Text(entry.label) }
            .configurationDisplayName("Hang")
            .supportedFamilies([.systemSmall])
    }
}

/// Waits until the file `gate` exists, then returns one entry: a call that
/// stays in flight for as long as a test wants it to.
struct GateIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Gate"
    @Parameter(title: "Gate file", default: "/nonexistent") var gate: String
    init() {}
}

struct GateProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> TickEntry { TickEntry(date: context.date, label: "placeholder") }
    func snapshot(for configuration: GateIntent, in context: Context) async -> TickEntry { TickEntry(date: context.date, label: "snapshot") }
    func timeline(for configuration: GateIntent, in context: Context) async throws -> Timeline<TickEntry> {
        while !FileManager.default.fileExists(atPath: configuration.gate) { try await Task.sleep(for: .milliseconds(20)) }
        return Timeline(entries: [TickEntry(date: context.date, label: "through the gate")], policy: .never)
    }
}

struct GateWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Gate", intent: GateIntent.self, provider: GateProvider()) { entry in Text(entry.label) }
            .configurationDisplayName("Gate")
            .supportedFamilies([.systemSmall])
    }
}

/// For the chaos harness: each call appends `<key> <slot> <pid> <seconds>`
/// to `log`, where slot is the number of the `period` the call falls in,
/// and asks to be reloaded at the start of the next. A slot with two calls
/// is a duplicate, one with none a miss.
struct CountIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Count"
    @Parameter(title: "Key", default: "count") var key: String
    @Parameter(title: "Log file", default: "/dev/null") var log: String
    @Parameter(title: "Period in seconds", default: 10) var period: Int
    init() {}
}

struct CountProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> TickEntry { TickEntry(date: context.date, label: "placeholder") }
    func snapshot(for configuration: CountIntent, in context: Context) async -> TickEntry { TickEntry(date: context.date, label: "snapshot") }
    func timeline(for configuration: CountIntent, in context: Context) async throws -> Timeline<TickEntry> {
        let now = Date().timeIntervalSince1970
        let period = Double(max(1, configuration.period))
        let slot = Int(now / period)
        let line = "\(configuration.key) \(slot) \(getpid()) \(String(format: "%.3f", now))\n"
        // O_APPEND and one write of a short line: whole, whichever process writes beside it.
        let descriptor = open(configuration.log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor >= 0 {
            _ = line.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
            close(descriptor)
        }
        return Timeline(entries: [TickEntry(date: context.date, label: "slot \(slot)")],
                        policy: .after(Date(timeIntervalSince1970: Double(slot + 1) * period)))
    }
}

struct CountWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Count", intent: CountIntent.self, provider: CountProvider()) { entry in Text(entry.label) }
            .configurationDisplayName("Count")
            .supportedFamilies([.systemSmall])
    }
}

/// The same kind as FixtureMisbehaving's Swap, drawn differently: replacing
/// one module file with the other shows hot reload.
struct SwapProvider: TimelineProvider {
    func placeholder(in context: Context) async -> TickEntry { TickEntry(date: context.date, label: "placeholder") }
    func snapshot(in context: Context) async -> TickEntry { TickEntry(date: context.date, label: "snapshot") }
    func timeline(in context: Context) async throws -> Timeline<TickEntry> {
        Timeline(entries: [TickEntry(date: context.date, label: "swap from the schedules module")], policy: .never)
    }
}

struct SwapWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Swap", provider: SwapProvider()) { entry in Text(entry.label) }
            .configurationDisplayName("Swap")
            .supportedFamilies([.systemSmall])
    }
}

/// Ranked as its configuration says: its entry scores `score` for
/// `duration` seconds (0: until the next entry), and with `moment` above 0
/// the provider's `relevance()` says widgets so configured are relevant
/// (scheduled) for `moment` seconds from the timeline's making, as an app
/// finds its placed configurations on iOS.
struct RelevantIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Relevant"
    @Parameter(title: "Label", default: "relevant") var label: String
    @Parameter(title: "Score", default: 0) var score: Int
    @Parameter(title: "Duration in seconds", default: 0) var duration: Int
    @Parameter(title: "Moment in seconds", default: 0) var moment: Int
    init() {}
}

struct RelevantEntry: TimelineEntry {
    let date: Date
    let label: String
    let relevance: TimelineEntryRelevance?
}

struct RelevantProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> RelevantEntry { RelevantEntry(date: context.date, label: "placeholder", relevance: nil) }
    func snapshot(for configuration: RelevantIntent, in context: Context) async -> RelevantEntry {
        RelevantEntry(date: context.date, label: "snapshot", relevance: nil)
    }
    func timeline(for configuration: RelevantIntent, in context: Context) async throws -> Timeline<RelevantEntry> {
        let relevance = configuration.score == 0 ? nil : TimelineEntryRelevance(score: Float(configuration.score), duration: Double(configuration.duration))
        return Timeline(entries: [RelevantEntry(date: context.date, label: configuration.label, relevance: relevance)], policy: .never)
    }
    func relevance() async -> WidgetRelevance<RelevantIntent> {
        let placed = (try? await WidgetCenter.shared.currentConfigurations()) ?? []
        return WidgetRelevance(placed.compactMap { info in
            guard info.kind == "Relevant", let intent = info.widgetConfigurationIntent(of: RelevantIntent.self), intent.moment > 0 else { return nil }
            return WidgetRelevanceAttribute(configuration: intent, context: .date(interval: DateInterval(start: .now, duration: Double(intent.moment)), kind: .scheduled))
        })
    }
}

struct RelevantWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Relevant", intent: RelevantIntent.self, provider: RelevantProvider()) { entry in Text(entry.label) }
            .configurationDisplayName("Relevant")
            .supportedFamilies([.systemSmall])
    }
}

@_cdecl("widgethost_sdk_version")
public func sdkVersion() -> Int32 { WidgetSDK.version }

@_cdecl("widgethost_module")
public func widgetModule() -> UnsafeMutableRawPointer {
    WidgetModule(TickerWidget(), FlakyWidget(), HangWidget(), GateWidget(), CountWidget(), SwapWidget(), RelevantWidget()).retainedPointer()
}
