import ArgumentParser
import Foundation
import WidgetAuthoring
import WidgetHost
import WidgetKinds
import WidgetRendering
import WidgetSDK

struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Draw a kind's snapshot with sample data, as the widget gallery shows it, or a Live Activity's #Previews. No network.",
        discussion: """
            'widgethost preview Weather --all' draws every family the kind supports in fullColor, accented and \
            vibrant, and its placeholder, side by side on the terminal, then the entries of each #Preview of the \
            kind in its module; with --out-dir it writes one file each, named <kind>-<family>-<mode>.<format> (and \
            <kind>-<family>-placeholder, and <kind>-preview<N>-<entry N>.<format> for the Nth #Preview). Given a Live \
            Activity's attributes type instead of a kind, it draws the module's #Preview(…, as: .content, using: …) \
            of that activity, one picture for each content state: the first alone, or with --all every one \
            (<Type>-preview<N>-<state N>.<format> in --out-dir).
            """)

    @Argument(help: ArgumentHelp("The kind.", valueName: "kind"))
    var kind: String

    @Option(help: ArgumentHelp("The family (default: the kind's first).", valueName: "family"))
    var family: String?

    @Flag(help: "Every family and mode (and the placeholder): to the terminal, or into --out-dir.")
    var all = false

    @OptionGroup var render: RenderOptions

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("With --all: the folder for the files (created if needed).", valueName: "folder"))
    var outDir: String?

    @OptionGroup var manifest: ManifestOptions

    func validate() throws {
        if all && (family != nil || output != nil) { throw ValidationError("--all draws every family and mode; give --out-dir rather than --family or -o") }
        if !all && outDir != nil { throw ValidationError("--out-dir goes with --all; use -o for one preview") }
    }

    func run() async throws {
        let workspace = try await manifest.openWorkspace()
        if workspace.bundle.kind(named: kind) == nil, let activity = workspace.bundle.activity(named: kind) {
            return try await Terminal.failing { try await previewActivity(activity, in: workspace) }
        }
        try await Terminal.failing {
            let planner = InstancePlanner(bundle: workspace.bundle)
            let kind = try planner.kind(named: self.kind)
            guard all else {
                let family = try planner.family(family, for: kind)
                let preview = try await workspace.preview(kind, family: family)
                try RenderOptions.write(try render.output(preview, toTerminal: RenderOptions.isTerminal(output), defaultScheme: workspace.defaultScheme, rasterizer: workspace.rasterizer), to: output)
                for warning in SymbolCatalog.warnings(kind: kind.name, in: [preview.view]) { Terminal.note(warning) }
                return
            }
            let gallery = await KindGallery.make(for: kind, in: workspace, includingTimeline: false)
            defer { for warning in gallery.symbolWarnings { Terminal.note(warning) } }
            guard let outDir else {
                let terminal = RenderOptions.isTerminal(nil)
                print(GalleryText(width: terminal ? LiveBoard.terminalSize().columns : 160, colors: .detect(isTerminal: terminal)).render(gallery), terminator: "")
                return
            }
            try writeFiles(gallery, into: URL(fileURLWithPath: outDir), scheme: workspace.defaultScheme, rasterizer: workspace.rasterizer)
        }
    }

    /// One file per family and mode, and per family's placeholder; a preview
    /// the kind could not draw is an error after the others are written.
    private func writeFiles(_ gallery: KindGallery, into folder: URL, scheme: ColorScheme, rasterizer: any PNGRendering) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var failures: [String] = []
        for sheet in gallery.sheets {
            let drawings = RenderingMode.allCases.map { mode in (mode.rawValue, sheet.snapshot, mode) }
                + [("placeholder", sheet.placeholder, RenderingMode.fullColor)]
            for (name, result, mode) in drawings {
                let base = "\(gallery.kind)-\(sheet.family.rawValue)-\(name)"
                switch result {
                case .success(let view):
                    var options = render
                    options.mode = mode
                    let file = folder.appendingPathComponent("\(base).\(render.format.rawValue)")
                    try RenderOptions.write(try options.output(view, defaultScheme: scheme, rasterizer: rasterizer), to: file.path)
                    print(file.path)
                case .failure(let failure):
                    failures.append("\(base): \(failure)")
                }
            }
        }
        for (number, preview) in ((try? gallery.previews.get()) ?? []).enumerated() {
            let base = "\(gallery.kind)-preview\(number + 1)"
            switch preview.entries {
            case .success(let entries):
                for (index, entry) in entries.enumerated() {
                    let file = folder.appendingPathComponent("\(base)-\(index + 1).\(render.format.rawValue)")
                    try RenderOptions.write(try render.output(entry, defaultScheme: scheme, rasterizer: rasterizer), to: file.path)
                    print(file.path)
                }
            case .failure(let failure):
                failures.append("\(base): \(failure)")
            }
        }
        if case .failure(let failure) = gallery.previews { failures.append("#Preview: \(failure)") }
        if !failures.isEmpty { throw PreviewFailures(description: failures.joined(separator: "; ")) }
    }

    /// A Live Activity's previews: each content state of each `#Preview`.
    private func previewActivity(_ activity: LoadedActivity, in workspace: Workspace) async throws {
        guard family == nil else { throw ValidationError("a Live Activity is drawn at one size: --family goes with a kind") }
        let previews = try await activity.previews(at: workspace.clock.now())
        guard !previews.isEmpty else {
            throw PreviewFailures(description: "the module declares no #Preview of the Live Activity \(activity.type): add '#Preview(\"Notification\", as: .content, using: …) { … } contentStates: { … }'")
        }
        let scheme = workspace.defaultScheme
        var failures: [String] = []
        for (number, preview) in previews.enumerated() {
            switch preview.timeline {
            case .success(let timeline):
                for (index, entry) in timeline.entries.enumerated() {
                    let renderable = workspace.renderable(previewOf: entry)
                    if let outDir {
                        let folder = URL(fileURLWithPath: outDir)
                        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                        let file = folder.appendingPathComponent("\(activity.type)-preview\(number + 1)-\(index + 1).\(render.format.rawValue)")
                        try RenderOptions.write(try render.output(renderable, defaultScheme: scheme, rasterizer: workspace.rasterizer), to: file.path)
                        print(file.path)
                    } else {
                        if all { Terminal.line(Terminal.printable("\(preview.name ?? "#Preview \(number + 1)") · state \(index + 1)")) }
                        try RenderOptions.write(try render.output(renderable, toTerminal: RenderOptions.isTerminal(output), defaultScheme: scheme,
                                                                  rasterizer: workspace.rasterizer), to: output)
                    }
                    guard all else { return }
                }
            case .failure(let failure):
                failures.append("#Preview \(number + 1): \(failure)")
            }
        }
        if !failures.isEmpty { throw PreviewFailures(description: failures.joined(separator: "; ")) }
    }

    struct PreviewFailures: Error, CustomStringConvertible {
        let description: String
    }
}
