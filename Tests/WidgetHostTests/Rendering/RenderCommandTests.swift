import Foundation
import Testing
@testable import WidgetHost

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
        #expect((object["layout"] as? [String])?.first == "systemLarge 364×382 background rgb(red: 1.0, green: 1.0, blue: 1.0, opacity: 1.0)")
        let svg = try await fixture.run("render", id)
        #expect(svg.stdout.hasPrefix("<svg") && !svg.stdout.contains("<text"))
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
        #expect(try await fixture.run("render").stderr.contains("give an instance id or --all"))
        #expect(try await fixture.run("render", "--all").stderr.contains("--all needs --out-dir"))
        #expect(try await fixture.run("render", "nope12").stderr.contains("error: no instance with id 'nope12'"))
        #expect(try await fixture.run("preview", "DoubleRepo", "--family", "systemSmall").stderr.contains("error: DoubleRepo does not support systemSmall"))
        #expect(try await fixture.run("preview", "SingleRepo", "--mode", "neon").status != 0)
    }

    @Test(arguments: ["render", "preview"])
    func everyCommandHasHelp(_ command: String) async throws {
        let result = try await TestSupport.widgethost([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: widgethost \(command)"))
    }
}
