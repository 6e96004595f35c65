import ArgumentParser
import WidgetHost

struct ActionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "actions",
        abstract: "List what can be tapped on an instance's current entry: buttons, toggles and links.",
        discussion: """
            Numbered from 1 in reading order, with the label, the type (button, toggle, link, or widget for \
            the whole widget's widgetURL) and the intent or URL. 'widgethost tap <id> <n>' performs one.
            """)

    @Argument(help: ArgumentHelp("The instance.", valueName: "id"))
    var id: String

    @Flag(help: "Print JSON: number, type, label, isOn, intent {type, title, parameters} or url, and entry (the digest of the entry they were listed from, for tap --entry).")
    var json = false

    @OptionGroup var manifest: ManifestOptions

    func run() async throws {
        let workspace = try await manifest.openWorkspace()
        try await Terminal.failing {
            let actions = try workspace.actions(of: id)
            if json { return try Terminal.printJSON(actions) }
            guard !actions.isEmpty else { return print("instance \(id)'s current entry has no controls or links") }
            print("entry \(actions[0].entry) ('widgethost tap \(id) <n> --entry \(actions[0].entry)' taps only while it shows)")
            Terminal.printTable([["#", "TYPE", "LABEL", "DOES"]] + actions.map { action in
                let state = action.isOn.map { $0 ? " (on)" : " (off)" } ?? ""
                return ["\(action.number)", action.type + state, action.label.isEmpty ? "-" : action.label, action.target]
            })
        }
    }
}
