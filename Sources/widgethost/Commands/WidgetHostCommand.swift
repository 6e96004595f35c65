import ArgumentParser
import Foundation
import WidgetKinds
import WidgetSDK

@main
struct WidgetHostCommand: AsyncParsableCommand {
    static let version = "0.7.0"

    static let configuration = CommandConfiguration(
        commandName: "widgethost",
        abstract: "A WidgetKit-style widget host: loads widget kinds from modules and keeps their timelines fresh.",
        discussion: """
            The bundle manifest (config.yaml) names the kinds this host offers and the container their \
            instances live in. Start with 'widgethost validate', then 'widgethost kinds'.
            """,
        version: "widgethost \(version) (WidgetSDK \(WidgetSDK.version))",
        subcommands: [
            ValidateCommand.self, KindsCommand.self, RunCommand.self, ReloadCommand.self, StatusCommand.self, TimelineCommand.self,
            ReposCommand.self, AddInstanceCommand.self, EditInstanceCommand.self, ListInstancesCommand.self, RemoveInstanceCommand.self, ExportCommand.self,
            OptionsCommand.self, RenderCommand.self, PreviewCommand.self, NewCommand.self, ImportCommand.self, DevCommand.self,
            ActionsCommand.self, TapCommand.self, DefaultsCommand.self, SymbolsCommand.self, UsersCommand.self, TokensCommand.self, DevicesCommand.self,
            ActivityCommand.self, ControlsCommand.self, PushCommand.self,
        ])

    /// One convention for every error: one line on standard error, starting
    /// `error:`, and exit status 1, whether the command line was malformed or
    /// the input refused. Help and --version print as usual and exit 0.
    static func main() async {
        do {
            var command = try parseAsRoot(LongArgumentLists.separate(Array(CommandLine.arguments.dropFirst())))
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            Self.handOnWhatKindsPrinted()
        } catch {
            Self.handOnWhatKindsPrinted()
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }
            // Commands print their own one-line errors before they exit.
            if !(error is ExitCode) { Terminal.error("error: \(usageMessage(for: error))") }
            Foundation.exit(1)
        }
    }

    /// A kind's last lines (printed just before it answered) are still in
    /// their pipes when a command is done: its extensions are ended, and
    /// what they printed is handed on before the program exits.
    private static func handOnWhatKindsPrinted() {
        ExtensionPool.endEveryExtension(within: .seconds(5))
    }

    /// "missing expected argument '<id>' (see 'widgethost timeline --help')"
    private static func usageMessage(for error: any Error) -> String {
        let message = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
        var lowered = message.first.map { $0.lowercased() + message.dropFirst() } ?? message
        // "…'--jsn'. Did you mean '--json'?" in this tool's own words.
        if let hint = lowered.range(of: ". Did you mean ") {
            lowered = lowered[..<hint.lowerBound] + " (did you mean " + lowered[hint.upperBound...] + ")"
        }
        let names = configuration.subcommands.map { $0.configuration.commandName ?? "" }
        let subcommand = CommandLine.arguments.dropFirst().first { names.contains($0) }
        return lowered + " (see 'widgethost\(subcommand.map { " " + $0 } ?? "") --help')"
    }
}
