import Foundation
import HostTestSupport
import Testing
@testable import WidgetHost
@testable import WidgetRendering
import WidgetSDK

@Suite("Terminal (ANSI) rendering")
struct ANSIRendererTests {
    private func stripped(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    @Test(arguments: [("SingleRepo", WidgetFamily.systemMedium), ("SingleRepo", .systemLarge), ("DoubleRepo", .systemLarge), ("Contributor", .systemLarge)])
    func fitsTheFamilysCellBoxExactly(_ kind: String, _ family: WidgetFamily) async throws {
        let fixture = try await GitHubFixture()
        let renderable = try await fixture.workspace.preview(try fixture.kind(kind), family: family)
        let (columns, rows) = ANSIRenderer.cells(for: family)
        for colors in [ANSIRenderer.ColorSupport.none, .palette256, .truecolor] {
            let lines = stripped(renderable.ansi(colors: colors)).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == rows + 2)
            #expect(lines.allSatisfy { $0.count == columns + 2 }, "\(colors)")
            #expect(lines.first == "╭" + String(repeating: "─", count: columns) + "╮"[...])
        }
    }

    @Test func colourIsOnlyAddedWhereAsked() async throws {
        let fixture = try await GitHubFixture()
        let renderable = try await fixture.workspace.preview(try fixture.kind("SingleRepo"), family: .systemMedium)
        let plain = renderable.ansi(colors: .none)
        #expect(!plain.contains("\u{1B}"))
        #expect(plain.contains("swift-news"))
        let truecolor = renderable.ansi(colors: .truecolor)
        #expect(truecolor.contains("\u{1B}[38;2;"))
        #expect(stripped(truecolor) == plain, "colour changes nothing else")
        #expect(renderable.ansi(colors: .palette256).contains("\u{1B}[38;5;"))
    }

    @Test func colourSupportFollowsTheTerminalAndNO_COLOR() {
        #expect(ANSIRenderer.ColorSupport.detect(isTerminal: false, environment: ["COLORTERM": "truecolor"]) == .none)
        #expect(ANSIRenderer.ColorSupport.detect(isTerminal: true, environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .none)
        #expect(ANSIRenderer.ColorSupport.detect(isTerminal: true, environment: ["TERM": "dumb"]) == .none)
        #expect(ANSIRenderer.ColorSupport.detect(isTerminal: true, environment: ["COLORTERM": "truecolor"]) == .truecolor)
        #expect(ANSIRenderer.ColorSupport.detect(isTerminal: true, environment: ["TERM": "xterm-256color"]) == .palette256)
    }

    @Test func theCommandLineWritesNoEscapesWhenNotATerminal() async throws {
        let fixture = try ContainerFixture()
        let result = try await fixture.run("preview", "SingleRepo", "--format", "ansi")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.split(separator: "\n").count == ANSIRenderer.cells(for: .systemMedium).rows + 2)
    }
}
