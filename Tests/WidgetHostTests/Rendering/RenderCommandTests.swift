import Foundation
import Testing
@testable import WidgetHost

@Suite("widgethost render, preview")
struct RenderCommandTests {
    @Test func previewWritesAnSVGWithoutTheNetwork() throws {
        let fixture = try ContainerFixture()
        let file = fixture.folder.appendingPathComponent("card.svg").path
        let result = try fixture.run("preview", "SingleRepo", "--family", "systemLarge", "-o", file)
        #expect(result.status == 0, "\(result.stderr)")
        let svg = try String(contentsOfFile: file, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"364\" height=\"382\""))
        #expect(svg.contains(">swift-news</text>"))
    }

    @Test func renderDrawsThePlaceholderRedactedBeforeTheFirstTimeline() throws {
        let fixture = try ContainerFixture()
        _ = try fixture.run("add-instance", "Contributor")
        let id = try #require(try fixture.instances().first?["id"] as? String)
        let json = try fixture.run("render", id, "--format", "json")
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["redacted"] as? Bool == true)
        #expect((object["layout"] as? [String])?.first == "systemLarge 364×382 background rgb(red: 1.0, green: 1.0, blue: 1.0, opacity: 1.0)")
        let svg = try fixture.run("render", id)
        #expect(svg.stdout.hasPrefix("<svg") && !svg.stdout.contains("<text"))
    }

    @Test func renderAllWritesOneFilePerInstance() throws {
        let fixture = try ContainerFixture()
        _ = try fixture.run("add-instance", "Contributor")
        _ = try fixture.run("add-instance", "SingleRepo")
        let folder = fixture.folder.appendingPathComponent("cards").path
        let result = try fixture.run("render", "--all", "--out-dir", folder)
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let ids = try fixture.instances().compactMap { $0["id"] as? String }.map { "\($0).svg" }.sorted()
        #expect(files == ids)
    }

    @Test func htmlIsAPageWithTheCardInline() throws {
        let fixture = try ContainerFixture()
        let result = try fixture.run("preview", "Contributor", "--format", "html")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<!doctype html>"))
        #expect(result.stdout.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"364\" height=\"382\""))
    }

    @Test func badRequestsAreRefused() throws {
        let fixture = try ContainerFixture()
        #expect(try fixture.run("render").stderr.contains("give an instance id or --all"))
        #expect(try fixture.run("render", "--all").stderr.contains("--all needs --out-dir"))
        #expect(try fixture.run("render", "nope12").stderr.contains("error: no instance with id 'nope12'"))
        #expect(try fixture.run("preview", "DoubleRepo", "--family", "systemSmall").stderr.contains("error: DoubleRepo does not support systemSmall"))
        #expect(try fixture.run("preview", "SingleRepo", "--mode", "neon").status != 0)
    }

    @Test(arguments: ["render", "preview"])
    func everyCommandHasHelp(_ command: String) throws {
        let result = try TestSupport.widgethost([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: widgethost \(command)"))
    }
}
