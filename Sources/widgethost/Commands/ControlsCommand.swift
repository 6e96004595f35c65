import ArgumentParser
import Foundation
import WidgetHost
import WidgetSDK

/// Controls (`ControlWidget`), as Control Center shows them: each read
/// from its provider now, and tapped by running its action.
struct ControlsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "controls",
        abstract: "List, tap and draw the controls of the manifest's modules.",
        discussion: """
            A module's ControlWidget (StaticControlConfiguration or AppIntentControlConfiguration) is one control, \
            read from its value provider each time it is shown. A tap runs its action in the module's extension \
            process: a button's intent, or a toggle's SetValueIntent with its value flipped. The running host \
            shows the controls in a row above the widgets on the dashboard, and as keys 1 to 9 on the board \
            (docs/controls.md).
            """,
        subcommands: [List.self, Tap.self, Show.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the controls, each with its value now.")

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let workspace = try await manifest.openWorkspace()
            let statuses = await workspace.controls()
            if json {
                try Terminal.printJSON(statuses.map(ControlSummary.init))
            } else if statuses.isEmpty {
                Terminal.line("no controls: the manifest's modules declare no ControlWidget")
            } else {
                var rows = [["KEY", "KIND", "TYPE", "SHOWS", "ACTION"]]
                for (index, status) in statuses.enumerated() {
                    rows.append([index < 9 ? "\(index + 1)" : "", status.kind, status.reading?.style.rawValue ?? "-", status.line,
                                 status.reading?.action.title ?? ""])
                }
                Terminal.printTable(rows)
            }
        }
    }

    struct Tap: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Tap a control: run its action, then print what it shows.",
            discussion: "An action that fails changes nothing and exits 1.")

        @Argument(help: ArgumentHelp("The control's kind, or its key from 'widgethost controls'.", valueName: "kind"))
        var kind: String

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let workspace = try await manifest.openWorkspace()
            try await Terminal.failing {
                let (performed, now) = try await workspace.tapControl(ControlsCommand.kind(kind, in: workspace))
                if json {
                    try Terminal.printJSON(ControlSummary(now))
                } else {
                    Terminal.line("performed '\(performed.action.title)'; \(now.kind) shows \(now.line)")
                }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Draw a control as it shows now.")

        @Argument(help: ArgumentHelp("The control's kind, or its key from 'widgethost controls'.", valueName: "kind"))
        var kind: String

        @OptionGroup var render: RenderOptions

        @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
        var output: String?

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let workspace = try await manifest.openWorkspace()
            try await Terminal.failing {
                let status = try await workspace.control(ControlsCommand.kind(kind, in: workspace))
                guard let reading = status.reading else { throw ControlError.unreadable(kind: status.kind, reason: status.problem ?? "no reading") }
                try RenderOptions.write(try render.output(workspace.renderable(reading), toTerminal: RenderOptions.isTerminal(output),
                                                          defaultScheme: workspace.defaultScheme, rasterizer: workspace.rasterizer), to: output)
            }
        }
    }

    /// A key from the list (1 to 9) names the control in that place.
    static func kind(_ given: String, in workspace: Workspace) -> String {
        let kinds = workspace.bundle.controls.map(\.kind)
        if !kinds.contains(given), let key = Int(given), kinds.indices.contains(key - 1) { return kinds[key - 1] }
        return given
    }
}
