import Foundation
import FoundationXML
import HostTestSupport
import Testing
@testable import WidgetHost
import WidgetTestSupport

@Suite("widgethost render, preview")
struct RenderCommandTests {
    @Test func previewWritesAnSVGWithoutTheNetwork() async throws {
        let fixture = try ContainerFixture()
        let file = fixture.folder.appendingPathComponent("card.svg").path
        let result = try await fixture.run("preview", "SingleRepo", "--family", "systemLarge", "-o", file)
        #expect(result.status == 0, "\(result.stderr)")
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"364\" height=\"382\""))
        #expect(svg.contains(">swift-news</text>"))
    }

    @Test func renderDrawsThePlaceholderRedactedBeforeTheFirstTimeline() async throws {
        let fixture = try ContainerFixture()
        _ = try await fixture.run("add-instance", "Contributor")
        let id = try #require(try await fixture.instances().first?["id"] as? String)
        let json = try await fixture.run("render", id, "--format", "json")
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["redacted"] as? Bool == true)
        #expect((object["layout"] as? [String])?.first == "systemLarge 364×382 background semantic(WidgetSDK.SemanticColor.background, opacity: 1.0)")
        let svg = try await fixture.run("render", id)
        #expect(svg.stdout.hasPrefix("<svg") && !svg.stdout.contains("<text"))
    }

    @Test func unsupportedInstancesAreDrawnGreyedOutWithTheReason() async throws {
        let fixture = try ContainerFixture()
        // Gauge supports systemSmall and systemMedium; this manifest narrows it.
        _ = try await fixture.run("add-instance", "Gauge", "--family", "systemSmall")
        let id = try #require(try await fixture.instances().first?["id"] as? String)
        let narrowed = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
            .replacingOccurrences(of: "{kind: Gauge, module: FixtureKinds}", with: "{kind: Gauge, module: FixtureKinds, families: [systemMedium]}")
        try narrowed.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)

        let svg = try await fixture.run("render", id)
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(svg.stdout.contains(#"<g filter="url(#unavailable)" opacity="0.4">"#), "greyed and faded: \(svg.stdout)")
        #expect(svg.stdout.contains(">Unavailable</text>"))
        #expect(svg.stdout.contains(">family no longer</text>") && svg.stdout.contains(">supported (the kind su…</text>"), "the reason, wrapped: \(svg.stdout)")
        #expect(XMLParser(data: Data(svg.stdout.utf8)).parse(), "well-formed")

        let ansi = try await fixture.run("render", id, "--format", "ansi")
        #expect(ansi.stdout.contains("│⊘ family no longer      │"), "\(ansi.stdout)")
        let json = try JSONSerialization.jsonObject(with: Data(try await fixture.run("render", id, "--format", "json").stdout.utf8)) as? [String: Any]
        #expect(json?["unavailable"] as? String == "family no longer supported (the kind supports systemMedium)")

        // A kind gone from the bundle: no placeholder to ask for, still a card.
        let gone = try String(contentsOfFile: fixture.manifestPath, encoding: .utf8)
            .replacingOccurrences(of: "  - {kind: Gauge, module: FixtureKinds, families: [systemMedium]}\n", with: "")
        try gone.write(toFile: fixture.manifestPath, atomically: true, encoding: .utf8)
        let orphan = try await fixture.run("render", id)
        #expect(orphan.status == 0, "\(orphan.stderr)")
        #expect(orphan.stdout.contains(">its kind is not in this</text>") && orphan.stdout.contains(">bundle</text>"), "\(orphan.stdout)")
    }

    @Test func theTerminalShowsSmallShapesAndSmallTextInFull() async throws {
        let fixture = try ContainerFixture()
        let ansi = try await fixture.run("preview", "Gauge", "--family", "systemSmall", "--format", "ansi")
        #expect(ansi.status == 0, "\(ansi.stderr)")
        // The 10 pt bar: level 3 of 5 in accent over its track.
        #expect(ansi.stdout.contains("━━━━━━━━━──────"), "\(ansi.stdout)")
        // 11 pt type, whole as in the SVG.
        #expect(ansi.stdout.contains("level 3 of 5, on a bar"), "\(ansi.stdout)")
        let svg = try await fixture.run("preview", "Gauge", "--family", "systemSmall")
        #expect(svg.stdout.contains(">level 3 of 5, on a bar</text>"))
    }

    @Test func renderAllWritesOneFilePerInstance() async throws {
        let fixture = try ContainerFixture()
        _ = try await fixture.run("add-instance", "Contributor")
        _ = try await fixture.run("add-instance", "SingleRepo")
        let folder = fixture.folder.appendingPathComponent("cards").path
        let result = try await fixture.run("render", "--all", "--out-dir", folder)
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let ids = try await fixture.instances().compactMap { $0["id"] as? String }.map { "\($0).svg" }.sorted()
        #expect(files == ids)
    }

    @Test func htmlIsAPageWithTheCardInline() async throws {
        let fixture = try ContainerFixture()
        let result = try await fixture.run("preview", "Contributor", "--format", "html")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<!doctype html>"))
        #expect(result.stdout.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"364\" height=\"382\""))
    }

    @Test func badRequestsAreRefused() async throws {
        let fixture = try ContainerFixture()
        #expect(try await fixture.run("render").stderr.contains("give an instance id, --all or --screen"))
        #expect(try await fixture.run("render", "--all").stderr.contains("--all needs --out-dir"))
        #expect(try await fixture.run("render", "nope12").stderr.contains("error: no instance with id 'nope12'"))
        #expect(try await fixture.run("preview", "DoubleRepo", "--family", "systemSmall").stderr.contains("error: DoubleRepo does not support systemSmall"))
        #expect(try await fixture.run("preview", "SingleRepo", "--mode", "neon").status != 0)
    }

    /// Issue 20: a file where --out-dir names a folder printed Foundation's
    /// "Error Domain=NSCocoaErrorDomain Code=516 … UserInfo={…}".
    @Test func fileErrorsAreSaidInPlainWords() async throws {
        let fixture = try ContainerFixture()
        let file = fixture.folder.appendingPathComponent("cards").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        let result = try await fixture.run("preview", "Contributor", "--all", "--out-dir", file)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(file): "), "\(result.stderr)")
        #expect(!result.stderr.contains("Domain") && !result.stderr.contains("UserInfo"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: ["render", "preview"])
    func everyCommandHasHelp(_ command: String) async throws {
        let result = try await TestSupport.widgethost([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: widgethost \(command)"))
    }
}
