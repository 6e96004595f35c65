import ArgumentParser
import WidgetHost
import WidgetSDK

struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Draw a kind's snapshot with sample data, as the widget gallery shows it. No network.")

    @Argument(help: ArgumentHelp("The kind.", valueName: "kind"))
    var kind: String

    @Option(help: ArgumentHelp("The family (default: the kind's first).", valueName: "family"))
    var family: String?

    @OptionGroup var render: RenderOptions

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @OptionGroup var manifest: ManifestOptions

    func run() async throws {
        let workspace = try await manifest.openWorkspace()
        try await Terminal.failing {
            let planner = InstancePlanner(bundle: workspace.bundle)
            let kind = try planner.kind(named: self.kind)
            let family = try planner.family(family, for: kind)
            try RenderOptions.write(try render.output(try await workspace.preview(kind, family: family), toTerminal: RenderOptions.isTerminal(output)), to: output)
        }
    }
}
