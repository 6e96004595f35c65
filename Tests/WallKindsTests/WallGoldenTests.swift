import Foundation
import Testing
import WidgetRendering
import WidgetSDK
import WidgetTestSupport

/// Every wall kind in every family it offers, light and dark, drawn from
/// the fake services' data through real extension processes, and the kinds
/// together on an 800×480 black-and-white screen: held to the pictures in
/// Golden/, each looked at before it was accepted.
/// `WIDGETHOST_UPDATE_GOLDEN=1 swift test --filter WallGoldenTests` writes
/// them again; look at every one that changed before committing it.
@Suite("Wall kinds' golden pictures")
struct WallGoldenTests {
    /// Each kind with the configuration it is drawn with.
    static let kinds: [(kind: String, configuration: @Sendable (WallFixture) -> ConfigurationValues)] = [
        ("Weather", { _ in ["place": .string("Berlin")] }),
        // FakeMachine's figures; a disk's would be those of the disk the tests run on.
        ("SystemStatus", { _ in ["disks": .list([])] }),
        ("Feeds", { fixture in ["feeds": .list(FeedsTests.all.map(fixture.feedURL)), "title": .string("Morning")] }),
        ("Calendar", { fixture in ["calendars": .list([fixture.calendarURL("work.ics")]), "days": .int(62)] }),
    ]

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let updating = ProcessInfo.processInfo.environment["WIDGETHOST_UPDATE_GOLDEN"] == "1"

    @Test(arguments: kinds.map(\.kind))
    func eachFamilyLightAndDark(kind: String) async throws {
        let fixture = try await WallFixture(kinds: [kind], locale: "en_US")
        try fixture.serveFeeds()
        try fixture.serveCalendars()
        let configuration = try #require(Self.kinds.first { $0.kind == kind }).configuration(fixture)
        for family in try fixture.kind(kind).families {
            let entry = try #require(try await fixture.timeline(kind, family: family, configuration).entries.first)
            for scheme in [ColorScheme.light, .dark] {
                try Self.compare(fixture.svg(entry, family: family, scheme: scheme), name: "\(kind)-\(family.rawValue)-\(scheme).svg")
            }
        }
    }

    /// The kinds' medium cards on a TRMNL's 800×480 1-bit panel, quartered:
    /// each drawn a little larger than on a
    /// phone. Updating also draws the README's pictures of it, in colour and
    /// as the panel shows it (docs/wall.png, docs/wall-eink.png).
    @Test func theKindsOnAnEInkScreen() async throws {
        let fixture = try await WallFixture(locale: "en_US")
        try fixture.serveFeeds()
        try fixture.serveCalendars()
        let cards = Self.kinds.map { ($0.kind, $0.configuration(fixture)) }
        func screen(eInk: Bool) async throws -> String {
            let composer = ScreenComposer(width: 800, height: 480, columns: 2, rows: 2, eInk: eInk)
            var slots: [ScreenComposer.Slot] = []
            for (kind, configuration) in cards {
                let entry = try #require(try await fixture.timeline(kind, family: .systemMedium, configuration).entries.first)
                slots.append(.card(.init(svg: fixture.svg(entry, family: .systemMedium, mode: composer.cardMode), width: WidgetFamily.systemMedium.size.width,
                                         height: WidgetFamily.systemMedium.size.height)))
            }
            return composer.svg(slots, title: "wall")
        }
        let eInk = try await screen(eInk: true)
        try Self.compare(eInk, name: "wall-800x480.svg")
        if Self.updating {
            let docs = TestSupport.repositoryRoot.appendingPathComponent("docs")
            try PNGRasterizer.picture(svg: eInk, palette: .bw, format: .png).write(to: docs.appendingPathComponent("wall-eink.png"))
            try PNGRasterizer.picture(svg: try await screen(eInk: false), scale: 1.5, palette: .color, format: .png).write(to: docs.appendingPathComponent("wall.png"))
        }
    }

    /// The kinds JSONKindTests declares, one per layout, in each family
    /// their layouts are drawn at, light and dark; and together on the panel.
    @Test func declaredKindsInEachFamilyLightAndDark() async throws {
        let fixture = try await JSONKindTests.fixture()
        JSONKindTests.serveDocuments(fixture.sources)
        var slots: [ScreenComposer.Slot] = []
        let composer = ScreenComposer(width: 800, height: 480, columns: 2, rows: 2, eInk: true)
        for kind in ["Bitcoin", "Releases", "Servers", "Disk"] {
            for family in try fixture.kind(kind).families {
                let entry = try #require(try await fixture.timeline(kind, family: family).entries.first)
                for scheme in [ColorScheme.light, .dark] {
                    try Self.compare(fixture.svg(entry, family: family, scheme: scheme), name: "JSON-\(kind)-\(family.rawValue)-\(scheme).svg")
                }
            }
            let family: WidgetFamily = kind == "Disk" ? .systemSmall : .systemMedium
            let entry = try #require(try await fixture.timeline(kind, family: family).entries.first)
            slots.append(.card(.init(svg: fixture.svg(entry, family: family, mode: composer.cardMode), width: family.size.width, height: family.size.height)))
        }
        try Self.compare(composer.svg(slots, title: "json"), name: "JSON-800x480.svg")
    }

    static func compare(_ drawn: String, name: String) throws {
        let file = golden.appendingPathComponent(name)
        if updating {
            try FileManager.default.createDirectory(at: golden, withIntermediateDirectories: true)
            try drawn.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let wanted = try String(contentsOf: file, encoding: .utf8)
        guard drawn != wanted else { return }
        // Kept where the developer can open it beside the golden one.
        let kept = TestSupport.repositoryRoot.appendingPathComponent(".build/wall-drawn")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        try drawn.write(to: kept.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let drawnLines = drawn.split(separator: "\n", omittingEmptySubsequences: false)
        let wantedLines = wanted.split(separator: "\n", omittingEmptySubsequences: false)
        let line = Array(zip(drawnLines, wantedLines)).firstIndex { $0 != $1 } ?? min(drawnLines.count, wantedLines.count)
        Issue.record("""
            \(name) differs from Golden/\(name) from line \(line + 1):
              drawn:  \(line < drawnLines.count ? String(drawnLines[line].prefix(300)) : "(end)")
              golden: \(line < wantedLines.count ? String(wantedLines[line].prefix(300)) : "(end)")
            drawn: \(kept.appendingPathComponent(name).path)
            """)
    }
}
