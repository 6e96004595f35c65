import Foundation
import WidgetSDK

// Kinds that break every rule a plugin can break, for the tests of extension
// processes. Each is placed beside a well-behaved kind of another module,
// whose entries must stay on time while these misbehave.

struct NoteEntry: TimelineEntry {
    let date: Date
    let text: String
}

private func noteView(_ entry: NoteEntry) -> some View {
    Text(entry.text)
}

private func placeholderEntry(_ context: TimelineProviderContext) -> NoteEntry {
    NoteEntry(date: context.date, text: "placeholder")
}

// MARK: Crash: fatalError, a bad pointer, or exit(0) in the middle of a call

struct CrashIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Crash"
    @Parameter(title: "How", default: "fatalError", options: ["fatalError", "badPointer", "exit", "whenReplaced"]) var how: String
    init() {}
}

struct CrashProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> NoteEntry { placeholderEntry(context) }
    func snapshot(for configuration: CrashIntent, in context: Context) async -> NoteEntry {
        // `settings: {snapshot: crash}`: dies where `validate` and `preview` ask.
        if context.settings["snapshot"] == "crash" { fatalError("this kind crashes in its snapshot") }
        return placeholderEntry(context)
    }

    func timeline(for configuration: CrashIntent, in context: Context) async throws -> Timeline<NoteEntry> {
        switch configuration.how {
        case "badPointer":
            let pointer = UnsafeMutablePointer<Int>(bitPattern: 0x8)!
            pointer.pointee = 42
        case "exit":
            exit(0)
        case "whenReplaced":
            // As a library copied over while it is mapped in brings its process
            // down: waits for its own file to change, then crashes. A process
            // started once `replaced` lies beside the module serves a timeline.
            guard let file = ownFile() else { fatalError("no module path") }
            let marker = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("replaced").path
            if FileManager.default.fileExists(atPath: marker) {
                return Timeline(entries: [NoteEntry(date: context.date, text: "on the new file")], policy: .never)
            }
            let before = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
            FileHandle.standardOutput.write(Data("watching my module file\n".utf8))
            while (try? FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date) == before {
                try await Task.sleep(for: .milliseconds(20))
            }
            fatalError("the module file changed under this process")
        default:
            fatalError("this kind always crashes")
        }
        return Timeline(entries: [], policy: .never)
    }
}

/// The library this code was loaded from: the mapping of /proc/self/maps
/// that holds this module's own address. (Read to its end: /proc reports a
/// size of 0, and a read sized by that stops short.)
private func ownFile() -> String? {
    let address = UInt(bitPattern: #dsohandle)
    guard let data = try? FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd() else { return nil }
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        let range = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
        if fields.count >= 6, range.count == 2, (range[0]..<range[1]).contains(address) { return String(fields[5]) }
    }
    return nil
}

struct CrashWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Crash", intent: CrashIntent.self, provider: CrashProvider()) { noteView($0) }
            .configurationDisplayName("Crash")
            .supportedFamilies([.systemSmall])
    }
}

// MARK: Spin: CPU-bound, never awaits, ignores cancellation

struct SpinProvider: TimelineProvider {
    func placeholder(in context: Context) async -> NoteEntry { placeholderEntry(context) }
    func snapshot(in context: Context) async -> NoteEntry { placeholderEntry(context) }

    func timeline(in context: Context) async throws -> Timeline<NoteEntry> {
        var counter = 0
        while counter >= 0 { counter &+= 1 }
        return Timeline(entries: [NoteEntry(date: context.date, text: "\(counter)")], policy: .never)
    }
}

struct SpinWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Spin", provider: SpinProvider()) { noteView($0) }
            .configurationDisplayName("Spin")
            .supportedFamilies([.systemSmall])
    }
}

// MARK: Hog: allocates without end

struct HogProvider: TimelineProvider {
    func placeholder(in context: Context) async -> NoteEntry { placeholderEntry(context) }
    func snapshot(in context: Context) async -> NoteEntry { placeholderEntry(context) }

    func timeline(in context: Context) async throws -> Timeline<NoteEntry> {
        var chunks: [[UInt8]] = []
        while true {
            chunks.append([UInt8](repeating: UInt8(chunks.count & 0xff), count: 1 << 20))
            if chunks.count == Int.max { break }
        }
        return Timeline(entries: [NoteEntry(date: context.date, text: "\(chunks.count)")], policy: .never)
    }
}

struct HogWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Hog", provider: HogProvider()) { noteView($0) }
            .configurationDisplayName("Hog")
            .supportedFamilies([.systemSmall])
    }
}

// MARK: Chatty: prints on stdout and stderr, lines and a half line

struct ChattyProvider: TimelineProvider {
    func placeholder(in context: Context) async -> NoteEntry { placeholderEntry(context) }
    func snapshot(in context: Context) async -> NoteEntry { placeholderEntry(context) }

    func timeline(in context: Context) async throws -> Timeline<NoteEntry> {
        FileHandle.standardOutput.write(Data("chatty on stdout\n".utf8))
        FileHandle.standardError.write(Data("chatty on stderr\nsecond line on stderr\n".utf8))
        return Timeline(entries: [NoteEntry(date: context.date, text: "chatty entry")], policy: .after(context.date + 1))
    }
}

struct ChattyWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Chatty", provider: ChattyProvider()) { noteView($0) }
            .configurationDisplayName("Chatty")
            .supportedFamilies([.systemSmall])
    }
}

// MARK: Snoop: looks for the token and draws what it finds

struct SnoopProvider: TimelineProvider {
    func placeholder(in context: Context) async -> NoteEntry { placeholderEntry(context) }
    func snapshot(in context: Context) async -> NoteEntry { placeholderEntry(context) }

    func timeline(in context: Context) async throws -> Timeline<NoteEntry> {
        let environment = ProcessInfo.processInfo.environment
        let own = environment.first { $0.key.contains("TOKEN") }.map { "\($0.key)=\($0.value)" } ?? "none"
        let parent: String
        if let handle = FileHandle(forReadingAtPath: "/proc/\(getppid())/environ") {
            let data = (try? handle.readToEnd()) ?? Data()
            parent = data.isEmpty ? "empty" : String(decoding: data.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        } else {
            parent = "unreadable"
        }
        let text = "own environment: \(own) | host environment: \(parent) | variables: \(environment.keys.sorted().joined(separator: ","))"
        return Timeline(entries: [NoteEntry(date: context.date, text: text)], policy: .never)
    }
}

struct SnoopWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Snoop", provider: SnoopProvider()) { noteView($0) }
            .configurationDisplayName("Snoop")
            .supportedFamilies([.systemSmall])
    }
}

// MARK: Swap: the same kind as FixtureSchedules' Swap, drawn differently

struct SwapProvider: TimelineProvider {
    func placeholder(in context: Context) async -> NoteEntry { placeholderEntry(context) }
    func snapshot(in context: Context) async -> NoteEntry { placeholderEntry(context) }

    func timeline(in context: Context) async throws -> Timeline<NoteEntry> {
        Timeline(entries: [NoteEntry(date: context.date, text: "swap from the misbehaving module")], policy: .never)
    }
}

struct SwapWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Swap", provider: SwapProvider()) { noteView($0) }
            .configurationDisplayName("Swap")
            .supportedFamilies([.systemSmall])
    }
}

// MARK: Orphan: forks a child that ignores SIGTERM and keeps every descriptor

struct OrphanIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Orphan"
    /// Where the child's pid is written, for the test to look for it.
    @Parameter(title: "Pid file", default: "/dev/null") var pidFile: String
    /// After forking: "return" a timeline, or "exit" in the middle of the call.
    @Parameter(title: "Then", default: "return", options: ["return", "exit"]) var then: String
    init() {}
}

/// pthread_setname_np, which Glibc's module does not declare: looked up
/// before a fork, since a forked child of a threaded process may call only
/// what is async-signal-safe.
private let setThreadName: @convention(c) (pthread_t, UnsafePointer<CChar>?) -> Int32 = {
    unsafeBitCast(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_setname_np"), to: (@convention(c) (pthread_t, UnsafePointer<CChar>?) -> Int32).self)
}()

struct OrphanProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> NoteEntry { placeholderEntry(context) }
    func snapshot(for configuration: OrphanIntent, in context: Context) async -> NoteEntry { placeholderEntry(context) }

    func timeline(for configuration: OrphanIntent, in context: Context) async throws -> Timeline<NoteEntry> {
        // The child is named after the pid file, so a test finds it by name:
        // in the extension's own PID namespace its pid means nothing outside.
        let name = strdup(String(URL(fileURLWithPath: configuration.pidFile).lastPathComponent.prefix(15)))
        let setName = setThreadName
        let child = fork()
        if child == 0 {
            // Only async-signal-safe calls in a child of a threaded process.
            _ = setName(pthread_self(), name)
            signal(SIGTERM, SIG_IGN)
            signal(SIGHUP, SIG_IGN)
            while true { pause() }
        }
        free(name)
        try "\(child)".write(toFile: configuration.pidFile, atomically: true, encoding: .utf8)
        if configuration.then == "exit" { _exit(7) }
        return Timeline(entries: [NoteEntry(date: context.date, text: "forked \(child)")], policy: .never)
    }
}

struct OrphanWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Orphan", intent: OrphanIntent.self, provider: OrphanProvider()) { noteView($0) }
            .configurationDisplayName("Orphan")
            .supportedFamilies([.systemSmall])
    }
}

// MARK: Hostile: entries no host should store or draw, and bytes that are no message

struct HostileIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Hostile"
    @Parameter(title: "How", default: "nanFrame",
               options: ["nanFrame", "infinitePadding", "zeroColumns", "javascriptLink", "longWord", "tallFrame", "deepNesting", "garbage", "escapes", "good"])
    var how: String
    init() {}
}

struct HostileEntry: TimelineEntry {
    let date: Date
    let how: String
}

struct HostileProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> HostileEntry { HostileEntry(date: context.date, how: "good") }
    func snapshot(for configuration: HostileIntent, in context: Context) async -> HostileEntry { HostileEntry(date: context.date, how: "good") }

    func timeline(for configuration: HostileIntent, in context: Context) async throws -> Timeline<HostileEntry> {
        if configuration.how == "garbage" {
            // Nine bytes on the host's channel (descriptor 3) that are no message.
            let bytes: [UInt8] = [0x00, 0x00, 0x00, 0x05, 0xFF, 0xFE, 0xFD, 0xFC, 0xFB]
            _ = bytes.withUnsafeBytes { write(3, $0.baseAddress, $0.count) }
        }
        if configuration.how == "escapes" {
            FileHandle.standardOutput.write(Data((hostileText + "\n").utf8))
            throw HostileError()
        }
        return Timeline(entries: [HostileEntry(date: context.date, how: configuration.how)], policy: .after(context.date + 1))
    }
}

/// Sets the terminal's title, clears the screen, writes the clipboard (OSC 52), rings, and reverses the text.
let hostileText = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}]52;c;ZXZpbA==\u{07}\u{9B}31m\u{202E}desrever"

struct HostileError: Error, CustomStringConvertible {
    var description: String { "failed \(hostileText)\nsecond line" }
}

@ViewBuilder
private func hostileView(_ entry: HostileEntry) -> some View {
    switch entry.how {
    case "nanFrame": Rectangle().frame(width: .nan, height: 10)
    case "infinitePadding": Text("padded").padding(.infinity)
    case "zeroColumns": ArchivedView(ViewNode(.grid(columns: 0, spacing: nil), children: [ViewNode(.text("cell"))]))
    case "javascriptLink": ArchivedView(ViewNode(.link(URL(string: "javascript:alert(1)")!), children: [ViewNode(.text("tap"))]))
    case "longWord": Text(String(repeating: "w", count: 30_000))
    case "tallFrame": Rectangle().frame(width: 5, height: 1e9)
    case "deepNesting": ArchivedView(doublingStacks(depth: 12))
    case "escapes": Text(hostileText)
    default: Text("good entry")
    }
}

/// 8,191 views, within every limit, whose stacks lay each other out again
/// and again: minutes of layout without the host's work budget.
private func doublingStacks(depth: Int) -> ViewNode {
    if depth == 0 { return ViewNode(.text("wide words wide words wide words")) }
    let child = doublingStacks(depth: depth - 1)
    return ViewNode(depth % 2 == 0 ? .hstack(alignment: .center, spacing: 0) : .vstack(alignment: .center, spacing: 0), children: [child, child])
}

struct HostileWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Hostile", intent: HostileIntent.self, provider: HostileProvider()) { hostileView($0) }
            .configurationDisplayName("Hostile")
            .supportedFamilies([.systemSmall])
    }
}

// MARK: Mislabeled: names, titles, choices and output that are terminal escapes

enum MislabeledTone: String, AppEnum {
    case calm, loud

    static var typeDisplayRepresentation: TypeDisplayRepresentation { "Tone" }
    static var caseDisplayRepresentations: [MislabeledTone: DisplayRepresentation] {
        [.calm: "calm \(hostileText)", .loud: "Loud"]
    }
}

struct MislabeledLabels: DynamicOptionsProvider {
    func results() async throws -> [String] {
        FileHandle.standardError.write(Data("asked for labels \(hostileText)\n".utf8))
        return [hostileText, "plain"]
    }

    func defaultResult() async -> String? { "plain" }
}

struct MislabeledIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Mislabeled"
    @Parameter(title: "Tone \(hostileText)", default: .calm)
    var tone: MislabeledTone
    @Parameter(title: "Label", optionsProvider: MislabeledLabels())
    var label: String
    init() {}
}

struct MislabeledProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) async -> HostileEntry { HostileEntry(date: context.date, how: "escapes") }
    func snapshot(for configuration: MislabeledIntent, in context: Context) async -> HostileEntry {
        HostileEntry(date: context.date, how: "escapes")
    }
    func timeline(for configuration: MislabeledIntent, in context: Context) async -> Timeline<HostileEntry> {
        Timeline(entries: [HostileEntry(date: context.date, how: "escapes")], policy: .never)
    }
}

struct MislabeledWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "Mislabeled", intent: MislabeledIntent.self, provider: MislabeledProvider()) { hostileView($0) }
            .configurationDisplayName("Mislabeled \(hostileText)")
            .description("Describes itself with \(hostileText)")
            .supportedFamilies([.systemSmall])
    }
}

@_cdecl("widgethost_sdk_version")
public func sdkVersion() -> Int32 { WidgetSDK.version }

@_cdecl("widgethost_module")
public func widgetModule() -> UnsafeMutableRawPointer {
    WidgetModule(CrashWidget(), SpinWidget(), HogWidget(), ChattyWidget(), SnoopWidget(), SwapWidget(), OrphanWidget(), HostileWidget(),
                 MislabeledWidget()).retainedPointer()
}
