import Foundation
import Testing
@testable import WidgetKinds
import WidgetTestSupport

/// Issue 37's compatibility corpus (Tests/Corpus): six widget extensions
/// written as six kinds of iOS app write them, built unchanged, drawn by
/// the real binary through real extension processes and held to the
/// pictures in Tests/Corpus/Golden, each looked at in Chromium before it
/// was accepted. `WIDGETHOST_UPDATE_GOLDEN=1 swift test --filter Corpus`
/// writes the pictures again; look at every one that changed before
/// committing it.
@Suite("The compatibility corpus")
struct CompatibilityCorpusTests {
    /// Each kind of the corpus, with its module and the families it says it supports.
    static let kinds: [(kind: String, module: String, families: [String])] = [
        ("BatteryWidget", "SolarWidget", ["systemSmall", "accessoryCircular", "accessoryRectangular", "accessoryInline"]),
        ("ProductionWidget", "SolarWidget", ["accessoryCircular", "accessoryRectangular"]),
        ("GroceriesWidget", "GroceriesWidget", ["systemSmall", "systemMedium", "systemLarge"]),
        ("DeparturesWidget", "DeparturesWidget", ["systemMedium", "systemLarge"]),
        ("PodcastWidget", "PodcastWidget", ["systemSmall", "systemMedium"]),
        ("StocksWidget", "StocksWidget", ["systemSmall", "systemMedium", "accessoryRectangular"]),
        ("HydrateWidget", "HydrateWidget", ["systemSmall", "accessoryCircular"]),
        ("RecentOrdersWidget", "DeliveryWidget", ["systemSmall"]),
        ("WeeklyStepsWidget", "FitnessWidget", ["systemSmall", "systemMedium", "accessoryRectangular"]),
        ("HeartRateWidget", "FitnessWidget", ["systemMedium", "systemLarge"]),
    ]

    static let golden = TestSupport.repositoryRoot.appendingPathComponent("Tests/Corpus/Golden")
    static let updating = ProcessInfo.processInfo.environment["WIDGETHOST_UPDATE_GOLDEN"] == "1"

    static func manifest() throws -> String {
        try TestSupport.writeManifest(TestSupport.manifestText(kinds.map { ($0.kind, $0.module) }))
    }

    @Test func everyKindLoadsWithTheFamiliesItsCodeSays() async throws {
        let result = try await TestSupport.widgethost(["kinds", "--json", "--config", try Self.manifest()])
        #expect(result.status == 0, "\(result.stderr)")
        let loaded = try JSONDecoder().decode([KindInfo].self, from: Data(result.stdout.utf8))
        #expect(loaded.map(\.kind) == Self.kinds.map(\.kind))
        for (kind, expected) in zip(loaded, Self.kinds) {
            #expect(kind.families.map(\.rawValue) == expected.families, "\(kind.kind)")
        }
        // The Swift 6 one, from Xcode's template: its intent's parameter and default.
        let hydrate = try #require(loaded.first { $0.kind == "HydrateWidget" })
        #expect(hydrate.configuration.style == "AppIntentConfiguration" && hydrate.configuration.parameters.map(\.name) == ["goal"], "\(hydrate.configuration)")
        #expect(hydrate.displayName == "Hydrate")
    }

    @Test(arguments: kinds.map(\.kind))
    func drawsAsItsGoldenPictures(kind: String) async throws {
        try await compare(kind: kind, environment: [:], golden: Self.golden)
    }

    /// The localised one in German: its String Catalog's translations and plurals, `textCase` in German.
    @Test func theLocalisedOneDrawsInGerman() async throws {
        try await compare(kind: "DeparturesWidget", environment: ["LANG": "de_DE.UTF-8"], golden: Self.golden.appendingPathComponent("de"))
    }

    /// Numbers in the host's locale, as an iPhone set to German writes
    /// them: `specifier: "%.1f"` and `format: .number` with a decimal comma.
    @Test func numbersAreWrittenInTheHostsLocale() async throws {
        let manifest = try Self.manifest()
        func svg(_ environment: [String: String]) async throws -> String {
            let folder = try TestSupport.temporaryDirectory().appendingPathComponent("previews")
            let result = try await TestSupport.widgethost(["preview", "ProductionWidget", "--all", "--config", manifest, "--out-dir", folder.path],
                                                          environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix("fullColor.svg") }.sorted()
            return try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined()
        }
        let german = try await svg(["LANG": "de_DE.UTF-8"])
        #expect(german.contains(/>\d+,\d kWh</) && german.contains(/>\d+,\d</), "a decimal comma in both")
        let english = try await svg(["LANG": "C.UTF-8"])
        #expect(english.contains(/>\d+\.\d kWh</) && !english.contains(/>\d+,\d kWh</))
    }

    /// Every picture `preview --all` draws of `kind` (each family in each
    /// rendering mode, the placeholder, each `#Preview`'s entries), byte
    /// for byte as in `golden`, and no note about anything it could not draw.
    private func compare(kind: String, environment: [String: String], golden: URL) async throws {
        let out = try TestSupport.temporaryDirectory()
        let result = try await TestSupport.widgethost(["preview", kind, "--all", "--out-dir", out.path, "--config", try Self.manifest()],
                                                      environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(kind) drew with notes: \(result.stderr)")
        let drawn = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".svg") }.sorted()
        #expect(drawn.count >= 4, "\(drawn)")
        try check(drawn, in: out, prefix: kind, golden: golden)
    }

    /// The delivery app's Live Activity, started as its app starts it and
    /// drawn by `activity show`: on its way, stale, delivered; light and
    /// dark; and each content state of its `#Preview`.
    @Test func theLiveActivityDrawsAsItsGoldenPictures() async throws {
        // A container of its own: activities it starts must not meet those of another run.
        let out = try TestSupport.temporaryDirectory()
        let manifest = try TestSupport.writeManifest("""
            container: {group: group.test.corpus-activity, path: \(out.appendingPathComponent("data").path)}
            widgets:
              - {kind: RecentOrdersWidget, module: DeliveryWidget}
            """)
        let attributes = #"{"restaurant":"Nonna's Pizza","orderNumber":"4711","items":3}"#
        let started = try await TestSupport.widgethost(["activity", "start", "DeliveryAttributes", "--attributes", attributes, "--stale-date", "1h",
                                                        "--state", #"{"stage":"onTheWay","courierName":"Ana","estimatedArrival":786000000}"#,
                                                        "--config", manifest], environment: ["TZ": "UTC"])
        #expect(started.status == 0, "\(started.stderr)")
        let id = started.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        func show(_ name: String, _ extra: [String]) async throws {
            let shown = try await TestSupport.widgethost(["activity", "show", id, "-o", out.appendingPathComponent(name).path, "--config", manifest] + extra,
                                                        environment: ["TZ": "UTC"])
            #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown.stderr)")
        }
        try await show("DeliveryAttributes-onTheWay-light.svg", [])
        try await show("DeliveryAttributes-onTheWay-dark.svg", ["--scheme", "dark"])
        try await show("DeliveryAttributes-stale-light.svg", ["--at", "2h"])
        let ended = try await TestSupport.widgethost(["activity", "end", id, "--state", #"{"stage":"delivered","estimatedArrival":786000000}"#,
                                                      "--config", manifest], environment: ["TZ": "UTC"])
        #expect(ended.status == 0, "\(ended.stderr)")
        try await show("DeliveryAttributes-delivered-light.svg", [])
        // The module's own #Preview of the activity (Xcode's template), a picture for each of its two states.
        let previewed = try await TestSupport.widgethost(["preview", "DeliveryAttributes", "--all", "--out-dir", out.path, "--config", manifest],
                                                         environment: ["TZ": "UTC"])
        #expect(previewed.status == 0 && previewed.stderr.isEmpty, "\(previewed.stderr)")
        #expect(previewed.stdout.contains("DeliveryAttributes-preview1-2.svg"), "\(previewed.stdout)")
        let drawn = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".svg") }.sorted()
        try check(drawn, in: out, prefix: "DeliveryAttributes", golden: Self.golden)
    }

    /// The delivery app's controls, drawn by `controls show` as Control
    /// Center shows them: the alerts toggle off and on (tapped), light and
    /// dark, and the reorder button.
    @Test func theControlsDrawAsTheirGoldenPictures() async throws {
        let out = try TestSupport.temporaryDirectory()
        let manifest = try TestSupport.writeManifest("""
            container: {group: group.test.corpus-controls, path: \(out.appendingPathComponent("data").path)}
            widgets:
              - {kind: RecentOrdersWidget, module: DeliveryWidget}
            """)
        func show(_ kind: String, _ name: String, _ extra: [String] = []) async throws {
            let shown = try await TestSupport.widgethost(["controls", "show", kind, "-o", out.appendingPathComponent(name).path, "--config", manifest] + extra)
            #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown.stderr)")
        }
        try await show("com.example.delivery.alerts", "DeliveryControls-alerts-off-light.svg")
        let tapped = try await TestSupport.widgethost(["controls", "tap", "com.example.delivery.alerts", "--config", manifest])
        #expect(tapped.status == 0, "\(tapped.stderr)")
        try await show("com.example.delivery.alerts", "DeliveryControls-alerts-on-light.svg")
        try await show("com.example.delivery.alerts", "DeliveryControls-alerts-on-dark.svg", ["--scheme", "dark"])
        try await show("com.example.delivery.reorder", "DeliveryControls-reorder-light.svg")
        let drawn = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".svg") }.sorted()
        try check(drawn, in: out, prefix: "DeliveryControls", golden: Self.golden)
    }

    /// `drawn` (files in `out`) byte for byte as the golden pictures named `prefix-…`.
    private func check(_ drawn: [String], in out: URL, prefix kind: String, golden: URL) throws {
        if Self.updating {
            try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
            for name in (try FileManager.default.contentsOfDirectory(atPath: golden.path)) where name.hasPrefix(kind + "-") {
                try FileManager.default.removeItem(at: golden.appendingPathComponent(name))
            }
            for name in drawn {
                try FileManager.default.copyItem(at: out.appendingPathComponent(name), to: golden.appendingPathComponent(name))
            }
            return
        }
        let expected = ((try? FileManager.default.contentsOfDirectory(atPath: golden.path)) ?? [])
            .filter { $0.hasPrefix(kind + "-") && $0.hasSuffix(".svg") }.sorted()
        #expect(drawn == expected, "the pictures drawn of \(kind) are not the golden ones")
        for name in drawn where expected.contains(name) {
            let actual = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
            let wanted = try String(contentsOf: golden.appendingPathComponent(name), encoding: .utf8)
            guard actual != wanted else { continue }
            // Kept where the developer can open it beside the golden one.
            let kept = TestSupport.repositoryRoot.appendingPathComponent(".build/corpus-drawn/\(golden.lastPathComponent)")
            try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: kept.appendingPathComponent(name))
            try FileManager.default.copyItem(at: out.appendingPathComponent(name), to: kept.appendingPathComponent(name))
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let wantedLines = wanted.split(separator: "\n", omittingEmptySubsequences: false)
            let line = Array(zip(actualLines, wantedLines)).firstIndex { $0 != $1 } ?? min(actualLines.count, wantedLines.count)
            Issue.record("""
                \(name) differs from \(golden.lastPathComponent)/\(name) from line \(line + 1):
                  drawn:  \(line < actualLines.count ? String(actualLines[line].prefix(300)) : "(end)")
                  golden: \(line < wantedLines.count ? String(wantedLines[line].prefix(300)) : "(end)")
                drawn: \(kept.appendingPathComponent(name).path)
                """)
        }
    }
}
