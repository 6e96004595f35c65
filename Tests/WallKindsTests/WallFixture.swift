import FakeSources
import Foundation
import HostTestSupport
import Testing
import WidgetConfiguration
import WidgetHost
import WidgetKinds
import WidgetRendering
import WidgetSDK
import WidgetTestSupport

/// The wall's kinds in real extension processes, reading the fake
/// services on loopback (allowed by the manifest's `sandbox.fetch`, as a
/// home server would be), on a manual clock the services share.
final class WallFixture: Sendable {
    /// 2027-01-15 08:00 UTC, a Friday.
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    let sources: FakeSources
    let clock = ManualClock(WallFixture.start)
    let folder: URL
    let workspace: Workspace

    /// A copy of FakeMachine/ (a `/proc` and `/sys` of known figures),
    /// which SystemStatus reads when the fixture gives it as its root.
    var machine: URL { folder.appendingPathComponent("machine") }

    /// - Parameters:
    ///   - kinds: the kinds to load, each in its extension; by default all.
    ///   - locale: the manifest's, which the kinds format in.
    ///   - realMachine: SystemStatus reads this machine's `/proc`, not FakeMachine's.
    ///   - declaring: more entries of `widgets`, written knowing where the services are.
    init(kinds: Set<String> = ["Weather", "Feeds", "Calendar", "SystemStatus"], locale: String? = nil, realMachine: Bool = false,
         declaring: (FakeSources, URL) throws -> String = { _, _ in "" }) async throws {
        let clock = self.clock
        sources = FakeSources(now: { clock.now() })
        try await sources.start()
        folder = try TestSupport.temporaryDirectory()
        let machine = folder.appendingPathComponent("machine")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FakeMachine"), to: machine)
        let manifestPath = folder.appendingPathComponent("config.yaml").path
        let widgets = [
            ("Weather", """
                  - kind: Weather
                    settings: {forecast_api: "\(sources.base)", geocoding_api: "\(sources.base)"}
                    sandbox: {fetch: ["\(sources.host)"]}
                """),
            ("Feeds", """
                  - kind: Feeds
                    sandbox: {fetch: ["\(sources.host)"]}
                """),
            ("Calendar", """
                  - kind: Calendar
                    settings: {time_zone: Europe/Berlin}
                    sandbox: {fetch: ["\(sources.host)"]}
                """),
            ("SystemStatus", realMachine ? "  - kind: SystemStatus" : """
                  - kind: SystemStatus
                    settings: {root: "\(machine.path)"}
                    sandbox: {read: ["\(machine.path)"]}
                """),
        ].filter { kinds.contains($0.0) }.map(\.1) + [try declaring(sources, folder)].filter { !$0.isEmpty }
        // A call and a fetch get ten minutes, as the container tests' hosts
        // do: on a loaded two-core machine an extension's first answer took
        // over 30 s, and a test waits for events, not for a time.
        try """
            container: {group: group.test.wall, path: data}
            schedule: {timeout: 10m}
            github: {timeout: 10m}
            \(locale.map { "locale: \($0)" } ?? "")
            widgets:
            \(widgets.joined(separator: "\n"))
            """.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        workspace = try await Workspace(manifest: try Manifest.load(from: manifestPath), clock: clock)
    }

    deinit { sources.stop() }

    /// Serves each file of Feeds/ at `/feeds/<name>`, as its type.
    func serveFeeds() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Feeds")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let type = name.hasSuffix(".json") ? "application/feed+json" : name.hasSuffix(".atom") ? "application/atom+xml" : "application/rss+xml"
            sources.set(.init(data: try Data(contentsOf: folder.appendingPathComponent(name)), contentType: type), at: "/feeds/" + name)
        }
    }

    func feedURL(_ name: String) -> ConfigurationValue { .string(sources.base + "/feeds/" + name) }

    /// Serves each file of Calendars/ at `/calendars/<name>`.
    func serveCalendars() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Calendars")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            sources.set(.init(data: try Data(contentsOf: folder.appendingPathComponent(name)), contentType: "text/calendar"), at: "/calendars/" + name)
        }
    }

    func calendarURL(_ name: String) -> ConfigurationValue { .string(sources.base + "/calendars/" + name) }

    func kind(_ name: String) throws -> LoadedKind {
        try #require(workspace.bundle.kind(named: name), "\(workspace.bundle.diagnostics)")
    }

    /// A kind's timeline as the host would ask for it now.
    func timeline(_ name: String, family: WidgetFamily, _ configuration: ConfigurationValues = [:]) async throws -> ArchivedTimeline {
        let kind = try kind(name)
        let context = kind.context(for: family, date: clock.now())
        return try await workspace.withServices { try await kind.descriptor.provider.timeline(for: configuration, in: context) }
    }

    /// An entry drawn as the dashboard draws it, at the entry's own time.
    func svg(_ entry: ArchivedEntry, family: WidgetFamily, scheme: ColorScheme = .light, mode: RenderingMode = .fullColor) -> String {
        RenderableView(view: entry.view, family: family, date: entry.date, redacted: false, now: entry.date).svg(mode: mode, scheme: scheme)
    }
}

extension ViewNode {
    /// Every text in the tree, depth first.
    var texts: [String] {
        var result: [String] = []
        if case .text(let string) = content { result.append(string) }
        for child in children { result += child.texts }
        return result
    }

    /// Every SF Symbol's name in the tree.
    var symbols: [String] {
        var result: [String] = []
        if case .image(.symbol(let name)) = content { result.append(name) }
        for child in children { result += child.symbols }
        return result
    }
}
