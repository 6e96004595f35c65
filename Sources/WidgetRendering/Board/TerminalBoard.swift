import Foundation
import WidgetSDK

/// The live board of `run` on a terminal: instances as ANSI tiles, placed
/// left to right like a home screen and wrapped at the terminal's width,
/// each with a freshness line under it. Drawing a tile again writes only the
/// lines that changed.
package struct TerminalBoard: Sendable {
    package struct Position: Sendable, Equatable {
        /// 1-based, as terminal cursor addresses are.
        package let row: Int
        package let column: Int
    }

    /// Rows above the tiles: the title line and a blank one.
    package static let headerRows = 2
    static let gap = 2

    package let columns: Int

    package init(columns: Int) {
        self.columns = max(20, columns)
    }

    /// A tile's size in cells: its box, and a caption line under it.
    package static func tileSize(_ family: WidgetFamily) -> (columns: Int, rows: Int) {
        let cells = ANSIRenderer.cells(for: family)
        return (cells.columns + 2, cells.rows + 3)
    }

    /// Where each tile goes, in order; a tile wider than the terminal gets a row of its own.
    package func place(_ tiles: [(id: String, family: WidgetFamily)]) -> [String: Position] {
        var positions: [String: Position] = [:]
        var row = Self.headerRows + 1, column = 1, rowHeight = 0
        for tile in tiles {
            let size = Self.tileSize(tile.family)
            if column > 1 && column + size.columns - 1 > columns {
                row += rowHeight + 1
                column = 1
                rowHeight = 0
            }
            positions[tile.id] = Position(row: row, column: column)
            column += size.columns + Self.gap
            rowHeight = max(rowHeight, size.rows)
        }
        return positions
    }

    /// The tiles in pages that fit `rows` terminal rows, the last of which
    /// is kept for the status line: each page is placed as `place` does, and
    /// a tile that would pass the bottom starts the next page. A tile
    /// taller than the screen gets a page of its own, cut at the bottom.
    package func pages(_ tiles: [(id: String, family: WidgetFamily)], rows: Int) -> [[String: Position]] {
        let bottom = max(Self.headerRows + 1, rows - 1)
        var pages: [[String: Position]] = []
        var page: [(id: String, family: WidgetFamily)] = []
        for tile in tiles {
            let candidate = page + [tile]
            let placed = place(candidate)
            let fits = candidate.allSatisfy { placed[$0.id]!.row + Self.tileSize($0.family).rows - 1 <= bottom }
            if fits || page.isEmpty {
                page = candidate
            } else {
                pages.append(place(page))
                page = [tile]
            }
        }
        if !page.isEmpty || pages.isEmpty { pages.append(place(page)) }
        return pages
    }

    /// Escapes that draw `lines` at `position`, skipping lines equal to
    /// those in `previous` (what the tile showed before).
    package static func draw(_ lines: [String], at position: Position, previous: [String]? = nil) -> String {
        var output = ""
        for (index, line) in lines.enumerated() where previous == nil || index >= previous!.count || previous![index] != line {
            output += "\u{1B}[\(position.row + index);\(position.column)H" + line
        }
        return output
    }

    /// A tile's lines: the widget's box, then its caption cut to the box's width.
    package static func tileLines(box: String, caption: String, family: WidgetFamily) -> [String] {
        let width = tileSize(family).columns
        let text = Array(caption)
        let cut = text.count > width ? String(text.prefix(width - 1)) + "…" : caption + String(repeating: " ", count: width - text.count)
        return box.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) + [cut]
    }
}
