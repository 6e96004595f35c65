import ArgumentParser
import Foundation
import WidgetContainer
import WidgetHost

struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw an instance's current entry (or its placeholder, redacted) as SVG, PNG, HTML, terminal text (ANSI) or JSON; or a screen.",
        discussion: """
            'widgethost render <id> -o card.svg' writes one instance; 'widgethost render --all --out-dir cards/' \
            writes one file per instance, named after its id, for a README or a static site. \
            'widgethost render --screen kitchen --format png -o kitchen.png' draws a screen of the manifest's \
            'screens:' as one picture, in its size and palette (--format json says its digest, page and missing instances).
            """)

    @Argument(help: ArgumentHelp("The instance id (or --all, or --screen).", valueName: "id"))
    var id: String?

    @Flag(help: "Every instance, into --out-dir.")
    var all = false

    @Option(help: ArgumentHelp("A screen of the manifest, drawn whole in its size and palette: svg, png, bmp (palette bw) or json.", valueName: "name"))
    var screen: String?

    @OptionGroup var render: RenderOptions

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("With --all: the folder for the files (created if needed).", valueName: "folder"))
    var outDir: String?

    @OptionGroup var manifest: ManifestOptions

    func validate() throws {
        if let screen {
            if id != nil || all { throw ValidationError("--screen draws a screen; give it without an instance id or --all") }
            if outDir != nil { throw ValidationError("--screen writes one file: use -o") }
            if ![.svg, .png, .bmp, .json].contains(render.format) { throw ValidationError("a screen is drawn as svg, png, bmp or json") }
            if render.scale != nil || render.palette != nil || render.mode != .fullColor || render.colorScheme != nil {
                throw ValidationError("a screen's size, palette and scheme are the manifest's (screens: \(screen)); drop --scale, --palette, --mode and --scheme")
            }
            return
        }
        if all == (id != nil) { throw ValidationError("give an instance id, --all or --screen") }
        if all && outDir == nil { throw ValidationError("--all needs --out-dir") }
        if !all && outDir != nil { throw ValidationError("--out-dir goes with --all; use -o for one instance") }
    }

    func run() async throws {
        let workspace = try await manifest.openWorkspace()
        try await Terminal.failing {
            if let screen {
                try await drawScreen(screen, in: workspace)
                return
            }
            if let id {
                let status = try workspace.status(of: id)
                try RenderOptions.write(try render.output(try await workspace.renderable(status), toTerminal: RenderOptions.isTerminal(output), defaultScheme: workspace.defaultScheme, rasterizer: workspace.rasterizer), to: output)
                return
            }
            let folder = URL(fileURLWithPath: outDir!)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for status in try workspace.statuses() where status.placement == .ready {
                let file = folder.appendingPathComponent("\(Self.fileName(status.instance.id)).\(render.format.rawValue)")
                try RenderOptions.write(try render.output(try await workspace.renderable(status), defaultScheme: workspace.defaultScheme, rasterizer: workspace.rasterizer), to: file.path)
                Terminal.line(file.path)
            }
        }
    }

    private func drawScreen(_ name: String, in workspace: Workspace) async throws {
        let drawing = try await workspace.drawing(of: try workspace.screen(named: name), statuses: try workspace.statuses(), at: Date())
        for id in drawing.missing { Terminal.error("warning: screen '\(name)' names instance '\(id)', which the container does not hold") }
        for advice in drawing.shrunkAdvice { Terminal.error("warning: " + advice) }
        switch render.format {
        case .json:
            let summary = ScreenSummary(drawing)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            try RenderOptions.write(try encoder.encode(summary) + Data("\n".utf8), to: output)
        case .png, .bmp:
            if RenderOptions.isTerminal(output) { throw RenderOptions.RefusedOutput(description: "a picture is binary: write it to a file with -o, or redirect standard output") }
            try RenderOptions.write(try await workspace.picture(of: drawing, as: render.format == .png ? .png : .bmp), to: output)
        default:
            try RenderOptions.write(try await workspace.picture(of: drawing, as: .svg), to: output)
        }
    }

    /// An instance id as a file name in `--out-dir`: ids the host makes are
    /// already safe; one written into a shared container by other means is
    /// kept from naming another folder (`../x`) or a hidden file.
    static func fileName(_ id: String) -> String {
        let safe = String(id.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        })
        return safe.isEmpty ? "_" : safe
    }
}
