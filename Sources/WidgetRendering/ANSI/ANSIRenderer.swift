import Foundation
import HostText
import WidgetSDK

/// Draws a laid-out widget in character cells: the same layout as the SVG,
/// at a fixed number of points per cell, inside a rounded box. Every line
/// is exactly as wide as the family's box.
package struct ANSIRenderer: Sendable {
    package enum ColorSupport: Sendable, Equatable {
        case none, palette256, truecolor

        /// As the environment and the output allow: nothing when `NO_COLOR` is
        /// set or the output is not a terminal.
        package static func detect(isTerminal: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> ColorSupport {
            guard isTerminal, environment["NO_COLOR"] == nil, environment["TERM"] != "dumb" else { return .none }
            let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
            return colorTerm.contains("truecolor") || colorTerm.contains("24bit") ? .truecolor : .palette256
        }
    }

    /// Points per cell: terminal cells are about twice as tall as wide.
    package static let cellWidth = 7.0
    package static let cellHeight = 14.0

    package let mode: RenderingMode
    /// Light or dark: how the system's colours are painted (dark for a dark terminal).
    package let scheme: ColorScheme
    package let colors: ColorSupport
    package let redacted: Bool
    /// Drawn all in grey, with the reason on the last row (see `SVGRenderer.unavailable`).
    package let unavailable: String?

    package var theme: CardTheme = .standard

    package init(mode: RenderingMode = .fullColor, scheme: ColorScheme = .light, theme: CardTheme = .standard, colors: ColorSupport,
                 redacted: Bool = false, unavailable: String? = nil) {
        self.theme = theme
        self.mode = mode
        self.scheme = scheme
        self.colors = colors
        self.redacted = redacted
        self.unavailable = unavailable
    }

    /// The inner size in cells of a family's box (the border adds one each side).
    package static func cells(for family: WidgetFamily) -> (columns: Int, rows: Int) {
        (Int((family.size.width / cellWidth).rounded()), Int((family.size.height / cellHeight).rounded()))
    }

    package func render(_ layout: WidgetLayout) -> String {
        let (columns, rows) = Self.cells(for: layout.family)
        var grid = Array(repeating: Array(repeating: Cell(character: " ", color: nil), count: columns), count: rows)
        let palette = Palette(mode: mode, scheme: scheme, theme: theme)

        let grey = palette.resolve(.secondary, accentable: false).hex
        let starts = Self.startColumns(layout.drawables, within: (columns, rows))
        var bars: [Int: Set<Int>] = [:]
        var braille = BrailleCanvas(columns: columns, rows: rows)
        var written = Set<Int>()
        func put(_ character: Character, row: Int, column: Int, color: String?) {
            guard grid.indices.contains(row), grid[row].indices.contains(column) else { return }
            grid[row][column] = Cell(character: character, color: color)
            written.insert(row * columns + column)
        }
        for drawable in layout.drawables {
            // A terminal cell has no room for the container background, nor
            // for what `.clipped()` hides entirely.
            if drawable.isContainerBackground { continue }
            if let clip = drawable.clip, drawable.frame.intersection(clip).width * drawable.frame.intersection(clip).height == 0 { continue }
            let frame = drawable.frame
            let resolved = palette.resolve(drawable.color, accentable: drawable.accentable)
            let color = unavailable == nil ? resolved.hex : grey
            let column = Self.cell((frame.x / Self.cellWidth).rounded(.down))
            let redacted = drawable.isRedacted(self.redacted)
            // A chart's marks go in braille dots, drawn where nothing else is; its grid would be noise in cells.
            if let part = drawable.plot {
                if part == .mark { braille.draw(drawable, color: redacted ? grey : color) }
                continue
            }
            switch drawable.kind {
            case .region:
                continue
            case .arc:
                // A ring is a few cells across at most: its value is the text inside it.
                continue
            case .stroke(let shape, _) where shape.isPath:
                // A line of points (a sparkline, a chart's edge) is traced through the cells it crosses.
                for (row, cellColumn, character) in Self.trace(shape, frame, within: (columns, rows)) {
                    put(character, row: row, column: cellColumn, color: redacted ? grey : color)
                }
            case .stroke(let shape, _):
                // An outline a cell or two across is a ring or a box; a larger
                // one (a border) is left blank, as a background is.
                guard frame.width <= Self.cellWidth * 2, frame.height <= Self.cellHeight * 1.5 else { continue }
                put(shape == .rectangle ? "□" : "○", row: Self.cell((frame.y + frame.height / 2) / Self.cellHeight),
                    column: Self.cell((frame.x + frame.width / 2) / Self.cellWidth), color: redacted ? grey : color)
            case .text(let lines, let font):
                // A kind's text, or a repository's description: drawn, never sent to the terminal as it is.
                for (index, line) in lines.map(TerminalText.cells).enumerated() {
                    let y = frame.y + Double(index) * drawable.lineAdvance(font) + 0.5 * font.size * LayoutEngine.lineHeight
                    let row = Self.cell(y / Self.cellHeight)
                    // Cells are wider than small type: a line may run on into
                    // empty cells up to the next drawable's column or the edge.
                    // When nothing begins left of it on its row, it may also
                    // move left: whole words matter more than the margin.
                    let framed = max(1, Self.cell((frame.width / Self.cellWidth).rounded(.up)))
                    let rowStarts = starts[row] ?? []
                    let limit = rowStarts.first { $0 > column + framed - 1 } ?? columns
                    let shift = rowStarts.contains { $0 < column } ? 0 : min(column, max(0, line.count - (limit - column)))
                    let start = column - shift
                    let span = max(framed, min(line.count, limit - start))
                    let text = redacted ? String(repeating: "▬", count: min(span, line.count)) : line
                    // Underlined and struck-through text: SGR 4 and 9 after the colour.
                    let lines = (drawable.underline == nil ? "" : ";4") + (drawable.strikethrough == nil ? "" : ";9")
                    let cellColor = redacted ? grey : lines.isEmpty ? color : color + lines
                    for (offset, character) in Self.fit(text, span).enumerated() {
                        put(character, row: row, column: start + offset, color: cellColor)
                    }
                }
            case .image(let source, _, _):
                let glyph: Character = switch source {
                case .symbol(let name): SymbolCatalog.symbol(named: name)?.cell ?? "?"
                case .data: "◉"
                }
                let row = Self.cell((frame.y + frame.height / 2) / Self.cellHeight)
                let center = Self.cell(((frame.x + frame.width / 2) / Self.cellWidth).rounded(.down))
                put(redacted ? "○" : glyph, row: row, column: center, color: color)
            case .fill(let shape, _):
                // Backgrounds span many cells in both directions and stay
                // blank; bars, dots and rules get characters. A faint fill
                // (a track) is thin, so a bar on it shows without colour too.
                let faint = resolved.opacity * drawable.opacity < 0.5 || drawable.color == .secondary || redacted
                let cells = Self.cells(of: shape, frame, faint: faint, within: (columns, rows))
                    .filter { (0..<rows).contains($0.row) && (0..<columns).contains($0.column) }
                // A bar drawn over another makes the one below its track.
                for cell in cells where cell.character == "━" {
                    for column in bars[cell.row, default: []] where grid[cell.row][column].character == "━" {
                        grid[cell.row][column].character = "─"
                    }
                }
                for (row, cellColumn, character) in cells {
                    put(character, row: row, column: cellColumn, color: redacted ? grey : color)
                    if character == "━" { bars[row, default: []].insert(cellColumn) }
                }
            }
        }
        for row in 0..<rows {
            for column in 0..<columns where !written.contains(row * columns + column) {
                if let (character, color) = braille.cell(row: row, column: column) { put(character, row: row, column: column, color: color) }
            }
        }
        if let unavailable {
            // The reason over the last two rows, cut at a space where it can be.
            let text = Array("⊘ " + unavailable)
            let breakAt = text.count <= columns ? text.count : (text.prefix(columns + 1).lastIndex(of: " ") ?? columns)
            let lines = [Array(text.prefix(breakAt)), Array(text.dropFirst(breakAt).drop { $0 == " " })].filter { !$0.isEmpty }
            for (index, line) in lines.enumerated() {
                let row = rows - lines.count + index
                for column in 0..<columns { put(" ", row: row, column: column, color: nil) }
                for (offset, character) in Self.fit(String(line), columns).enumerated() {
                    put(character, row: row, column: offset, color: grey)
                }
            }
        }

        let border = colors == .none ? nil : palette.resolve(.secondary, accentable: false).hex
        var lines = [paint("╭" + String(repeating: "─", count: columns) + "╮", border)]
        for row in grid {
            var line = paint("│", border)
            var run = ""
            var runColor: String?
            for cell in row {
                if cell.color != runColor && !run.isEmpty {
                    line += paint(run, runColor)
                    run = ""
                }
                runColor = cell.character == " " ? runColor : cell.color
                run.append(cell.character)
            }
            line += paint(run, runColor) + paint("│", border)
            lines.append(line)
        }
        lines.append(paint("╰" + String(repeating: "─", count: columns) + "╯", border))
        return lines.joined(separator: "\n") + "\n"
    }

    private struct Cell {
        var character: Character
        var color: String?
    }

    /// The cells a small shape covers, and their characters: a dot for a
    /// shape within a cell or two, a horizontal bar for one at most a cell
    /// high, a vertical one for one at most a cell wide. Larger shapes
    /// (backgrounds, panels) have no cells.
    static func cells(of shape: ShapeKind, _ frame: Rect, faint: Bool, within grid: (columns: Int, rows: Int)) -> [(row: Int, column: Int, character: Character)] {
        let firstColumn = cell((frame.x / cellWidth).rounded(.down)), firstRow = cell((frame.y / cellHeight).rounded(.down))
        let lastColumn = max(firstColumn, cell(((frame.x + frame.width) / cellWidth).rounded(.up)) - 1)
        let lastRow = max(firstRow, cell(((frame.y + frame.height) / cellHeight).rounded(.up)) - 1)
        let middleRow = cell((frame.y + frame.height / 2) / cellHeight), middleColumn = cell((frame.x + frame.width / 2) / cellWidth)
        // A hairline (a Divider) is a line however short, not a dot.
        let hairline = 2.0
        if frame.width > 0, frame.width <= hairline, frame.height > frame.width {
            let rows = frame.height <= cellHeight * 1.5 ? [middleRow] : Array(clamp(firstRow, lastRow, to: grid.rows))
            return rows.map { ($0, middleColumn, faint ? "│" : "┃") }
        }
        if frame.height > 0, frame.height <= hairline, frame.width > frame.height {
            let columns = frame.width <= cellWidth * 1.5 ? [middleColumn] : Array(clamp(firstColumn, lastColumn, to: grid.columns))
            return columns.map { (middleRow, $0, faint ? "─" : "━") }
        }
        if frame.width <= cellWidth * 2, frame.height <= cellHeight * 1.5 {
            return [(middleRow, middleColumn, shape == .rectangle ? "■" : "●")]
        }
        // Only the cells on the grid: a bar a billion points long is as many
        // cells as the box has, not as its frame says.
        if frame.height <= cellHeight {
            return clamp(firstColumn, lastColumn, to: grid.columns).map { (middleRow, $0, faint ? "─" : "━") }
        }
        if frame.width <= cellWidth {
            return clamp(firstRow, lastRow, to: grid.rows).map { ($0, middleColumn, faint ? "│" : "┃") }
        }
        return []
    }

    /// The cells a path's outline crosses, each with a line drawn the way
    /// the path runs through it.
    static func trace(_ shape: ShapeKind, _ frame: Rect, within grid: (columns: Int, rows: Int)) -> [(row: Int, column: Int, character: Character)] {
        var cells: [(row: Int, column: Int, character: Character)] = []
        var seen: Set<Int> = []
        let bounds = CGRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        for run in shape.polylines(in: bounds) {
            for (a, b) in zip(run, run.dropFirst()) {
                // In cells, where a step across is half as far as a step down.
                let dx = (b.x - a.x) / cellWidth, dy = (b.y - a.y) / cellHeight
                let character: Character = abs(dy) < 0.4 * abs(dx) ? "─" : abs(dx) < 0.4 * abs(dy) ? "│" : (dx * dy > 0 ? "╲" : "╱")
                // Two samples a cell, and no more than crossing the grid takes:
                // a far-flung point costs what a line across the board does.
                let steps = min(2 * (grid.columns + grid.rows), max(1, Int((min(max(abs(dx), abs(dy)), 1e6) * 2).rounded(.up))))
                for step in 0...steps {
                    let t = Double(step) / Double(steps)
                    let row = cell(((a.y + (b.y - a.y) * t) / cellHeight).rounded(.down))
                    let column = cell(((a.x + (b.x - a.x) * t) / cellWidth).rounded(.down))
                    guard (0..<grid.rows).contains(row), (0..<grid.columns).contains(column),
                          seen.insert(row * grid.columns + column).inserted else { continue }
                    cells.append((row, column, character))
                }
            }
        }
        return cells
    }

    /// For each row, the columns where drawables begin, in order.
    static func startColumns(_ drawables: [Drawable], within grid: (columns: Int, rows: Int)) -> [Int: [Int]] {
        var starts: [Int: Set<Int>] = [:]
        for drawable in drawables {
            if case .region = drawable.kind { continue }
            if drawable.isContainerBackground { continue }
            if case .stroke = drawable.kind, drawable.frame.width > cellWidth * 2 || drawable.frame.height > cellHeight * 1.5 { continue }
            // A fill with no cells of its own (a background) does not stop text.
            if case .fill(let shape, _) = drawable.kind, cells(of: shape, drawable.frame, faint: false, within: grid).isEmpty { continue }
            let column = cell((drawable.frame.x / cellWidth).rounded(.down))
            let first = cell((drawable.frame.y / cellHeight).rounded(.down))
            let last = max(first, cell(((drawable.frame.y + drawable.frame.height) / cellHeight).rounded(.up)) - 1)
            for row in clamp(first, last, to: grid.rows) { starts[row, default: []].insert(column) }
        }
        return starts.mapValues { $0.sorted() }
    }

    /// A cell index from points: any number, even one no layout should
    /// make, gives an index (far off the grid, where nothing is drawn).
    static func cell(_ value: Double) -> Int {
        guard value.isFinite else { return -1 }
        return Int(min(max(value, -1_000_000), 1_000_000))
    }

    /// The part of `first...last` on a grid of `count` cells.
    static func clamp(_ first: Int, _ last: Int, to count: Int) -> Range<Int> {
        let low = max(first, 0), high = min(last, count - 1)
        return low <= high ? low..<(high + 1) : 0..<0
    }

    /// A string cut to `width` cells, with "…" when cut.
    static func fit(_ text: String, _ width: Int) -> [Character] {
        let characters = Array(text)
        guard characters.count > width else { return characters }
        return Array(characters.prefix(max(0, width - 1))) + ["…"]
    }

    private func paint(_ text: String, _ hex: String?) -> String {
        // "#rrggbb", then any further SGR parameters (";4;9").
        guard let hex, colors != .none else { return text }
        let (colour, attributes) = hex.utf8.count == 7 ? (hex.dropFirst(), Substring()) : (hex.dropFirst().prefix(6), hex.dropFirst(7))
        guard let value = Int(colour, radix: 16) else { return text }
        let (red, green, blue) = ((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)
        let code = switch colors {
        case .truecolor: "38;2;\(red);\(green);\(blue)"
        default: "38;5;\(16 + 36 * (red * 5 / 255) + 6 * (green * 5 / 255) + blue * 5 / 255)"
        }
        return "\u{1B}[\(code)\(attributes)m\(text)\u{1B}[0m"
    }
}
