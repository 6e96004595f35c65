import ArgumentParser
import WidgetRendering

struct SymbolsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "symbols",
        abstract: "List the SF Symbol names widgethost draws, and what it draws each as.",
        discussion: """
            Image(systemName:) with one of these names is drawn as its Material Icons glyph (Debian's \
            fonts-material-design-icons-iconfont) in SVG, PNG and HTML, and as one cell on the board. Any other \
            name is drawn as a dashed square with '?', and validate, preview and dev name it with the nearest \
            known names.
            """)

    @Flag(help: "Print the list as JSON: name, material, codepoint, cell.")
    var json = false

    @Flag(help: "Print the Markdown table of docs/symbols.md.")
    var markdown = false

    func validate() throws {
        if json && markdown { throw ValidationError("--json or --markdown, not both") }
    }

    func run() throws {
        if markdown {
            print(SymbolCatalog.markdownTable, terminator: "")
        } else if json {
            struct Row: Encodable {
                let name: String, material: String, codepoint: String, cell: String
            }
            try Terminal.printJSON(SymbolCatalog.all.map {
                Row(name: $0.name, material: $0.material, codepoint: "U+" + String($0.codepoint, radix: 16, uppercase: true), cell: String($0.cell))
            })
        } else {
            Terminal.printTable([["SYMBOL", "DRAWN AS", "BOARD"]] + SymbolCatalog.all.map { [$0.name, $0.material, String($0.cell)] })
        }
    }
}
