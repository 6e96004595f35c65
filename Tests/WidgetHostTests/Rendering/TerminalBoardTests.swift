import Foundation
import Testing
@testable import WidgetRendering
import WidgetSDK
@testable import WidgetHost

@Suite("The live terminal board")
struct TerminalBoardTests {
    @Test func tilesGoLeftToRightAndWrapAtTheTerminalsWidth() {
        // Medium and large tiles are 54 cells wide, small 26; gaps of 2.
        let board = TerminalBoard(columns: 120)
        let positions = board.place([("a", .systemMedium), ("b", .systemSmall), ("c", .systemLarge), ("d", .systemSmall)])
        #expect(positions["a"] == .init(row: 3, column: 1))
        #expect(positions["b"] == .init(row: 3, column: 57))
        #expect(positions["c"] == .init(row: 3 + 15 + 1, column: 1), "wraps below the tallest tile of the row")
        #expect(positions["d"] == .init(row: 19, column: 57))
    }

    @Test func aTileWiderThanTheTerminalGetsARowOfItsOwn() {
        let positions = TerminalBoard(columns: 30).place([("a", .systemMedium), ("b", .systemMedium)])
        #expect(positions["a"]?.column == 1 && positions["b"]?.column == 1)
        #expect(positions["b"]!.row > positions["a"]!.row)
    }

    @Test func redrawingWritesOnlyTheLinesThatChanged() {
        let before = ["╭──╮", "│ 1│", "╰──╯", "caption 5m"]
        let after = ["╭──╮", "│ 2│", "╰──╯", "caption 6m"]
        let output = TerminalBoard.draw(after, at: .init(row: 3, column: 10), previous: before)
        #expect(output == "\u{1B}[4;10H│ 2│\u{1B}[6;10Hcaption 6m")
        #expect(TerminalBoard.draw(after, at: .init(row: 3, column: 10), previous: after).isEmpty)
        #expect(TerminalBoard.draw(after, at: .init(row: 3, column: 10)).components(separatedBy: "\u{1B}[").count == 5)
    }

    @Test func theCaptionIsCutToTheTilesWidth() async throws {
        let fixture = try await GitHubFixture()
        let renderable = try await fixture.workspace.preview(try fixture.kind("SingleRepo"), family: .systemMedium)
        let lines = TerminalBoard.tileLines(box: renderable.ansi(colors: .none), caption: String(repeating: "x", count: 200), family: .systemMedium)
        #expect(lines.count == TerminalBoard.tileSize(.systemMedium).rows)
        #expect(lines.allSatisfy { $0.count == TerminalBoard.tileSize(.systemMedium).columns })
        #expect(lines.last?.hasSuffix("…") == true)
    }
}
