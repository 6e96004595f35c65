import Foundation
import WidgetSDK

/// Draws a laid-out widget in character cells: the same layout as the SVG,
/// at a fixed number of points per cell, inside a rounded box. Every line
/// is exactly as wide as the family's box.
public struct ANSIRenderer: Sendable {
    public enum ColorSupport: Sendable, Equatable {
        case none, palette256, truecolor

        /// As the environment and the output allow: nothing when `NO_COLOR` is
        /// set or the output is not a terminal.
        public static func detect(isTerminal: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> ColorSupport {
            guard isTerminal, environment["NO_COLOR"] == nil, environment["TERM"] != "dumb" else { return .none }
            let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
            return colorTerm.contains("truecolor") || colorTerm.contains("24bit") ? .truecolor : .palette256
        }
    }

    /// Points per cell: terminal cells are about twice as tall as wide.
    public static let cellWidth = 7.0
    public static let cellHeight = 14.0

    public let mode: RenderingMode
    public let colors: ColorSupport
    public let redacted: Bool

    public init(mode: RenderingMode = .fullColor, colors: ColorSupport, redacted: Bool = false) {
        self.mode = mode
        self.colors = colors
        self.redacted = redacted
    }

    /// The inner size in cells of a family's box (the border adds one each side).
    public static func cells(for family: WidgetFamily) -> (columns: Int, rows: Int) {
        (Int((family.size.width / cellWidth).rounded()), Int((family.size.height / cellHeight).rounded()))
    }

    public func render(_ layout: WidgetLayout) -> String {
        let (columns, rows) = Self.cells(for: layout.family)
        var grid = Array(repeating: Array(repeating: Cell(character: " ", color: nil), count: columns), count: rows)
        let palette = Palette(mode: mode)

        func put(_ character: Character, row: Int, column: Int, color: String?) {
            guard grid.indices.contains(row), grid[row].indices.contains(column) else { return }
            grid[row][column] = Cell(character: character, color: color)
        }

        for drawable in layout.drawables {
            let frame = drawable.frame
            let color = palette.resolve(drawable.color, accentable: drawable.accentable).hex
            let column = Int((frame.x / Self.cellWidth).rounded(.down))
            switch drawable.kind {
            case .text(let lines, let font):
                let span = max(1, Int((frame.width / Self.cellWidth).rounded(.up)))
                for (index, line) in lines.enumerated() {
                    let y = frame.y + (Double(index) + 0.5) * font.size * LayoutEngine.lineHeight
                    let row = Int(y / Self.cellHeight)
                    let text = redacted ? String(repeating: "▬", count: min(span, line.count)) : line
                    for (offset, character) in Self.fit(text, span).enumerated() {
                        put(character, row: row, column: column + offset, color: redacted ? palette.resolve(.secondary, accentable: false).hex : color)
                    }
                }
            case .image(let source, _, _):
                let glyph: Character = switch source {
                case .symbol(let name): Character(SVGRenderer.symbols[name] ?? "●")
                case .data: "◉"
                }
                let row = Int((frame.y + frame.height / 2) / Self.cellHeight)
                let center = Int(((frame.x + frame.width / 2) / Self.cellWidth).rounded(.down))
                put(redacted ? "○" : glyph, row: row, column: center, color: color)
            case .fill:
                break
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

    /// A string cut to `width` cells, with "…" when cut.
    static func fit(_ text: String, _ width: Int) -> [Character] {
        let characters = Array(text)
        guard characters.count > width else { return characters }
        return Array(characters.prefix(max(0, width - 1))) + ["…"]
    }

    private func paint(_ text: String, _ hex: String?) -> String {
        guard let hex, colors != .none, let value = Int(hex.dropFirst(), radix: 16) else { return text }
        let (red, green, blue) = ((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)
        let code = switch colors {
        case .truecolor: "38;2;\(red);\(green);\(blue)"
        default: "38;5;\(16 + 36 * (red * 5 / 255) + 6 * (green * 5 / 255) + blue * 5 / 255)"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
