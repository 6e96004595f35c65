import Foundation
import HostTestSupport
import Testing
@testable import WidgetHost
@testable import WidgetRendering
import WidgetSDK

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

    /// Issue 24: on 80×24 a large tile showed 21 of its 30 rows, and never
    /// its caption. A tile that does not fit is drawn compact instead.
    @Test func atEightyByTwentyFourEveryTileAndItsCaptionFits() {
        let board = TerminalBoard(columns: 80, rows: 24)
        #expect(board.isCompact(.systemLarge) && !board.isCompact(.systemMedium) && !board.isCompact(.systemSmall))
        let tiles: [(id: String, family: WidgetFamily)] = [("a", .systemMedium), ("b", .systemLarge), ("c", .systemLarge), ("d", .systemSmall), ("e", .systemExtraLarge)]
        let pages = board.pages(tiles)
        #expect(pages.reduce(0) { $0 + $1.count } == tiles.count, "every tile on some page")
        for page in pages {
            for tile in tiles where page[tile.id] != nil {
                let bottom = page[tile.id]!.row + board.size(tile.family).rows - 1
                #expect(bottom <= 23, "\(tile.id) ends at row \(bottom), above the status line")
                #expect(page[tile.id]!.column + board.size(tile.family).columns - 1 <= 80)
            }
        }
        #expect(TerminalBoard(columns: 200, rows: 60).isCompact(.systemLarge) == false, "a tall terminal shows it whole")
    }

    @Test func aCompactTileIsItsHeadlineAndItsCaption() async throws {
        let fixture = try await GitHubFixture()
        let renderable = try await fixture.workspace.preview(try fixture.kind("SingleRepo"), family: .systemLarge)
        #expect(renderable.headline == "58", "the days since the last push, the card's largest text")
        let lines = TerminalBoard.compactTileLines(headline: renderable.headline, caption: "swift-news · SingleRepo · k39k3g · fresh: updated 5m ago",
                                                   family: .systemLarge)
        #expect(lines.count == TerminalBoard.compactSize(.systemLarge).rows)
        #expect(lines.allSatisfy { $0.count == TerminalBoard.tileSize(.systemLarge).columns })
        #expect(lines[1].hasPrefix("│ 58 ") && lines[3].hasPrefix("swift-news · SingleRepo · k39k3g · fresh"))
    }

    @Test func theStatusLineEndsWithAnEllipsisWhereItIsCut() {
        #expect(TerminalBoard.statusLine("short", columns: 80) == "short")
        let cut = TerminalBoard.statusLine(String(repeating: "word ", count: 40), columns: 80)
        #expect(cut.count == 79 && cut.hasSuffix("…"))
    }

    @Test func theEmptyBoardSaysHowToPlaceAWidget() {
        let hint = TerminalBoard(columns: 80, rows: 24).emptyHint(manifest: "config.yaml")
        #expect(hint.contains { $0.text == "  widgethost add-instance SingleRepo --repo apple/swift" })
        #expect(hint.contains { $0.text.contains("'instances:' in config.yaml") })
        #expect(hint.allSatisfy { $0.position.row > TerminalBoard.headerRows && $0.position.row < 24 && $0.position.column + $0.text.count <= 81 })
    }
}
