import FakeSources
import Foundation
import WidgetConfiguration
import WidgetHost
import WidgetKinds
import WidgetSDK
import WidgetTestSupport

/// The wall's kinds (issue 41): what one reload of each costs the host and
/// its extension (CPU, memory) and the network (bytes, requests), with and
/// without a change at the source. Each kind in a workspace of its own,
/// against FakeSources on loopback, which answers in this process, so the
/// host's CPU includes the fake server's; SystemStatus reads this machine.
func wallKindsBench() async throws {
    let sources = FakeSources()
    try await sources.start()
    defer { sources.stop() }
    let reloads = 50
    /// A feed of 20 items; `fresh` puts a new one on top.
    @Sendable func feed(fresh: Int) -> String {
        let items = (0..<20).map { index in
            "<item><title>Item \(fresh + index) of a bench feed, long enough to wrap</title><link>https://bench.example/\(fresh + index)</link>"
                + "<guid>\(fresh + index)</guid><pubDate>Fri, 15 Jan 2027 0\(index % 10):00:00 GMT</pubDate>"
                + "<description>\(String(repeating: "Words of the article's summary. ", count: 20))</description></item>"
        }
        return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Bench</title>\(items.joined())</channel></rss>"
    }
    sources.set(.init(feed(fresh: 0), contentType: "application/rss+xml"), at: "/feeds/bench.rss")
    /// A team's calendar: 40 weekly meetings in Berlin's time and 200 single
    /// events around today; `extra` more single events.
    @Sendable func calendar(extra: Int) -> String {
        let today = Date()
        func stamp(_ date: Date) -> String { date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false).timeSeparator(.omitted).dateSeparator(.omitted)).replacingOccurrences(of: "Z", with: "") }
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//EN"]
        for index in 0..<40 {
            lines += ["BEGIN:VEVENT", "UID:weekly-\(index)", "SUMMARY:Weekly meeting \(index)", "DTSTART;TZID=Europe/Berlin:\(stamp(today.addingTimeInterval(Double(index % 5 - 60) * 86_400 + Double(index) * 900)))",
                      "DURATION:PT30M", "RRULE:FREQ=WEEKLY;BYDAY=\(["MO", "TU", "WE", "TH", "FR"][index % 5])", "EXDATE;TZID=Europe/Berlin:\(stamp(today.addingTimeInterval(-53 * 86_400)))", "END:VEVENT"]
        }
        for index in 0..<(200 + extra) {
            let start = today.addingTimeInterval(Double(index - 100) * 3 * 3_600)
            lines += ["BEGIN:VEVENT", "UID:single-\(index)", "SUMMARY:Event \(index)", "DTSTART:\(stamp(start))Z", "DTEND:\(stamp(start.addingTimeInterval(3_600)))Z", "END:VEVENT"]
        }
        return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }
    sources.set(.init(calendar(extra: 0), contentType: "text/calendar"), at: "/calendars/bench.ics")
    /// An API's answer as the declared list reads it: 10 releases; `fresh` puts a new one on top.
    @Sendable func releases(fresh: Int) -> String {
        let items = (0..<10).map { index in
            #"{"name": "swift-6.\#(fresh + index)-RELEASE", "published_at": "2027-01-1\#(index % 10)T08:00:00Z", "html_url": "https://bench.example/\#(fresh + index)", "#
                + #""body": "\#(String(repeating: "Notes of the release. ", count: 40))"}"#
        }
        return "[" + items.joined(separator: ",") + "]"
    }
    sources.set(.init(releases(fresh: 0), contentType: "application/json"), at: "/api/releases")

    struct Case {
        let name: String
        let kind: String
        let widget: String
        let configuration: ConfigurationValues
        /// Run before each reload: a change at the source, or nothing.
        let change: (@Sendable (Int) -> Void)?
    }
    let fetch = "sandbox: {fetch: [\"\(sources.host)\"]}"
    let declared = "{kind: Releases, json: {url: \"\(sources.base)/api/releases\", "
        + "list: {items: $, text: $.name, detail: {path: $.published_at, format: relative}, link: $.html_url}}}"
    let cases = [
        Case(name: "Weather (Open-Meteo sends no validator: every reload is a whole answer)", kind: "Weather",
             widget: "{kind: Weather, settings: {forecast_api: \"\(sources.base)\", geocoding_api: \"\(sources.base)\"}, \(fetch)}",
             configuration: ["place": .string("Berlin")], change: nil),
        Case(name: "SystemStatus (/proc and statvfs, no network)", kind: "SystemStatus", widget: "{kind: SystemStatus}",
             configuration: ["disks": .list([.string("/")])], change: nil),
        Case(name: "Feeds, unchanged (a 304)", kind: "Feeds", widget: "{kind: Feeds, \(fetch)}",
             configuration: ["feeds": .list([.string(sources.base + "/feeds/bench.rss")])], change: nil),
        Case(name: "Feeds, a new item each time (a 200, parsed)", kind: "Feeds", widget: "{kind: Feeds, \(fetch)}",
             configuration: ["feeds": .list([.string(sources.base + "/feeds/bench.rss")])],
             change: { sources.set(.init(feed(fresh: $0 + 1), contentType: "application/rss+xml"), at: "/feeds/bench.rss") }),
        Case(name: "Calendar, unchanged (240 events, 40 weekly; it asks with no validator, so a whole answer)", kind: "Calendar",
             widget: "{kind: Calendar, settings: {time_zone: Europe/Berlin}, \(fetch)}",
             configuration: ["calendars": .list([.string(sources.base + "/calendars/bench.ics")])], change: nil),
        Case(name: "Calendar, an event more each time (a 200, parsed and expanded)", kind: "Calendar",
             widget: "{kind: Calendar, settings: {time_zone: Europe/Berlin}, \(fetch)}",
             configuration: ["calendars": .list([.string(sources.base + "/calendars/bench.ics")])],
             change: { sources.set(.init(calendar(extra: $0 + 1), contentType: "text/calendar"), at: "/calendars/bench.ics") }),
        Case(name: "A kind declared with json:, a list of 10, unchanged (a 304)", kind: "Releases", widget: declared, configuration: [:], change: nil),
        Case(name: "A kind declared with json:, a list of 10, a new release each time (a 200, parsed)", kind: "Releases", widget: declared,
             configuration: [:], change: { sources.set(.init(releases(fresh: $0 + 1), contentType: "application/json"), at: "/api/releases") }),
    ]

    print("wall kinds, one reload each (\(reloads) reloads after one to start the extension; systemLarge; debug builds cost more):")
    for bench in cases {
        let manifest = try BenchManifest("""
            container: {group: bench.wall, path: data}
            widgets:
              - \(bench.widget)
            """)
        defer { manifest.remove() }
        let workspace = try await Workspace(manifest: try Manifest.load(from: manifest.path), environment: [:])
        guard let kind = workspace.bundle.kind(named: bench.kind) else {
            print("  \(bench.kind) did not load: \(workspace.bundle.diagnostics)")
            continue
        }
        func reload() async throws {
            let context = kind.context(for: .systemLarge, date: Date())
            _ = try await workspace.withServices { try await kind.descriptor.provider.timeline(for: bench.configuration, in: context) }
        }
        try await reload()
        let runner = workspace.bundle.pool.pids.first ?? 0
        let module = TestSupport.childProcesses(of: runner).first ?? runner
        let requestsBefore = sources.requests.count
        let hostBefore = cpuSeconds(), extensionBefore = processCPUSeconds(module)
        var times: [Double] = []
        for index in 0..<reloads {
            bench.change?(index)
            let start = ContinuousClock.now
            try await reload()
            times.append((ContinuousClock.now - start) / .microseconds(1))
        }
        let host = (cpuSeconds() - hostBefore) / Double(reloads) * 1_000
        let extensionCPU = (processCPUSeconds(module) - extensionBefore) / Double(reloads) * 1_000
        let sent = sources.requests.dropFirst(requestsBefore)
        times.sort()
        print("  \(bench.name):")
        print("    wall p50 \(String(format: "%.1f", times[reloads / 2] / 1_000)) ms; CPU a reload: host and fake server \(String(format: "%.2f", host)) ms, "
              + "extension \(String(format: "%.2f", extensionCPU)) ms; extension RSS \(String(format: "%.1f", Double(rssKilobytes(module)) / 1_024)) MiB")
        print("    network a reload: \(String(format: "%.1f", Double(sent.count) / Double(reloads))) requests, "
              + "\(sent.map(\.bytes).reduce(0, +) / reloads) bytes of answers (\(Set(sent.map(\.status)).sorted().map(String.init).joined(separator: ", ")))")
    }
}

/// A process's user and system CPU time, from /proc (in clock ticks of 10 ms).
private func processCPUSeconds(_ pid: Int32) -> Double {
    guard let stat = try? TestSupport.readProcFile("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // After the name: state is field 3, utime 14 and stime 15 (1-based, counting pid and name).
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

private func rssKilobytes(_ pid: Int32) -> Int {
    ((try? TestSupport.readProcFile("/proc/\(pid)/status")) ?? "").split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
}
