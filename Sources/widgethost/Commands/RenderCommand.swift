import ArgumentParser
import Foundation
import WidgetContainer
import WidgetHost

struct RenderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw an instance's current entry (or its placeholder, redacted) as SVG, HTML, terminal text (ANSI) or JSON.",
        discussion: """
            'widgethost render <id> -o card.svg' writes one instance; 'widgethost render --all --out-dir cards/' \
            writes one file per instance, named after its id, for a README or a static site.
            """)

    @Argument(help: ArgumentHelp("The instance id (or --all).", valueName: "id"))
    var id: String?

    @Flag(help: "Every instance, into --out-dir.")
    var all = false

    @OptionGroup var render: RenderOptions

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("With --all: the folder for the files (created if needed).", valueName: "folder"))
    var outDir: String?

    @OptionGroup var manifest: ManifestOptions

    func validate() throws {
        if all == (id != nil) { throw ValidationError("give an instance id or --all") }
        if all && outDir == nil { throw ValidationError("--all needs --out-dir") }
        if !all && outDir != nil { throw ValidationError("--out-dir goes with --all; use -o for one instance") }
    }

    func run() async throws {
        let workspace = try await manifest.openWorkspace()
        try await Terminal.failing {
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
