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
    /// The terminal's rows; a tile whose box would not fit between the
    /// header and the status line is drawn compact.
    package let rows: Int

    package init(columns: Int, rows: Int = .max) {
        self.columns = max(20, columns)
        self.rows = rows
    }

    /// A tile's size in cells: its box, and a caption line under it.
    package static func tileSize(_ family: WidgetFamily) -> (columns: Int, rows: Int) {
        let cells = ANSIRenderer.cells(for: family)
        return (cells.columns + 2, cells.rows + 3)
    }

    /// A compact tile: its headline in a one-line box, and the caption.
    package static func compactSize(_ family: WidgetFamily) -> (columns: Int, rows: Int) {
        (tileSize(family).columns, 4)
    }

    /// Whether a tile of `family` is drawn compact: its box would not fit
    /// between the header and the status line, and cut it would lose the
    /// caption that says how fresh it is.
    package func isCompact(_ family: WidgetFamily) -> Bool {
        Self.tileSize(family).rows > rows - Self.headerRows - 1
    }

    /// The size a tile of `family` takes on this board.
    package func size(_ family: WidgetFamily) -> (columns: Int, rows: Int) {
        isCompact(family) ? Self.compactSize(family) : Self.tileSize(family)
    }

    /// Where each tile goes, in order; a tile wider than the terminal gets a row of its own.
    package func place(_ tiles: [(id: String, family: WidgetFamily)]) -> [String: Position] {
        var positions: [String: Position] = [:]
        var row = Self.headerRows + 1, column = 1, rowHeight = 0
        for tile in tiles {
            let size = self.size(tile.family)
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

    /// The tiles in pages that fit the terminal's rows, the last of which
    /// is kept for the status line: each page is placed as `place` does, and
    /// a tile that would pass the bottom starts the next page. A tile
    /// taller than the screen is drawn compact.
    package func pages(_ tiles: [(id: String, family: WidgetFamily)]) -> [[String: Position]] {
        let bottom = max(Self.headerRows + 1, rows - 1)
        var pages: [[String: Position]] = []
        var page: [(id: String, family: WidgetFamily)] = []
        for tile in tiles {
            let candidate = page + [tile]
            let placed = place(candidate)
            let fits = candidate.allSatisfy { placed[$0.id]!.row + size($0.family).rows - 1 <= bottom }
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
        box.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) + [fitted(caption, tileSize(family).columns)]
    }

    /// A compact tile's lines: the headline (the entry's largest text) in a
    /// one-line box as wide as the full tile, with `label` (what the tile
    /// shows: "SingleRepo · apple/swift") beside it, then the caption. A
    /// bare "706" would not say which repository has 706 stars.
    package static func compactTileLines(headline: String, label: String = "", caption: String, family: WidgetFamily) -> [String] {
        let width = tileSize(family).columns
        let content = [headline, label].filter { !$0.isEmpty }.joined(separator: "  ")
        return ["╭" + String(repeating: "─", count: width - 2) + "╮", "│" + fitted(" " + content, width - 2) + "│",
                "╰" + String(repeating: "─", count: width - 2) + "╯", fitted(caption, width)]
    }

    /// `text` in exactly `width` cells: padded, or cut with "…".
    package static func fitted(_ text: String, _ width: Int) -> String {
        let shown = cut(text, width)
        return shown + String(repeating: " ", count: max(0, width - shown.count))
    }

    /// `text` in at most `width` cells, ending in "…" where it is cut.
    static func cut(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        return text.count > width ? String(text.prefix(width - 1)) + "…" : text
    }

    /// What the board says while there is nothing to show, centred in the
    /// space for tiles: how to place a widget.
    package func emptyHint(manifest: String) -> [(position: Position, text: String)] {
        let lines = [
            "No widgets yet.",
            "",
            "Place one from another terminal:",
            "  widgethost add-instance SingleRepo --repo apple/swift",
            "or list them under 'instances:' in \(manifest).",
            "'widgethost kinds' shows what this bundle offers.",
        ].map { Self.cut($0, columns - 2) }
        let width = lines.map(\.count).max() ?? 0
        let top = max(Self.headerRows + 1, Self.headerRows + (rows == .max ? 1 : (rows - Self.headerRows - 1 - lines.count) / 2))
        let left = max(1, (columns - width) / 2)
        return lines.enumerated().map { (Position(row: top + $0.offset, column: left), $0.element) }
    }

    /// The status line's text in `columns` cells at most, "…" where cut.
    package static func statusLine(_ text: String, columns: Int) -> String {
        cut(text, columns - 1)
    }
}
