import ArgumentParser
import Foundation
import WidgetHost
import WidgetSDK

struct TapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tap",
        abstract: "Tap a button, toggle or link on an instance's current entry.",
        discussion: """
            A button or toggle runs its intent in the kind's extension process; then every instance of the \
            kind reloads at once (not charged to the daily budget, not deferred by the minimum interval), as \
            WidgetKit guarantees. The running host picks the reload up at once. An intent that fails \
            changes nothing and exits 1. A link prints its URL. Numbers are those 'widgethost actions' lists; \
            with --entry (which 'actions' prints), the tap acts only while that entry is still the one \
            shown, and is refused with exit 1 once a newer entry has replaced it.
            """)

    @Argument(help: ArgumentHelp("The instance.", valueName: "id"))
    var id: String

    @Argument(help: ArgumentHelp("The action's number, from 'widgethost actions <id>'.", valueName: "n"))
    var number: Int

    @Option(help: ArgumentHelp("The entry the numbers were listed from, as 'widgethost actions' prints it.", valueName: "digest"))
    var entry: String?

    @OptionGroup var manifest: ManifestOptions

    func run() async throws {
        let workspace = try await manifest.openWorkspace()
        try await Terminal.failing {
            switch try await workspace.tap(id, number: number, entry: entry) {
            case .link(let url):
                Terminal.line(url.absoluteString)
            case .performed(let action, let kind, let reloading):
                Terminal.line("performed '\(action.intent?.title ?? action.label)'; reloading \(reloading.count) \(kind) instance\(reloading.count == 1 ? "" : "s") now")
                if workspace.runningHost == nil {
                    Terminal.note("no host is running on this container; the next 'widgethost run' will reload")
                }
            }
        }
    }
}
