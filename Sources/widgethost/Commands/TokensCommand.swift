import ArgumentParser
import Foundation
import WidgetContainer
import WidgetDashboard

/// Read-only tokens: a kiosk's or a script's way in, which sees the
/// dashboard but never taps; a push token also drives Live Activities.
struct TokensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Manage the dashboard's read-only tokens, for kiosks and scripts.",
        discussion: """
            A token is shown once, when it is made; the container keeps only its SHA-256. A kiosk opens \
            http://HOST:PORT/?token=TOKEN once (its browser is then signed in, read-only); a script sends \
            'Authorization: Bearer TOKEN', or basic auth with the token as the password. A token made with \
            --push may also start, update and end Live Activities (POST /activities, docs/activities.md).
            """,
        subcommands: [List.self, Add.self, Remove.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the tokens' labels (never the tokens).")

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let container = try manifest.openContainer(try manifest.loadManifest())
            let tokens = try await Terminal.failing { try DashboardAccounts(container: container).tokens() }
            if json {
                try Terminal.printJSON(tokens.map { TokenJSON(label: $0.owner, only: $0.only, push: !$0.readOnly, createdAt: $0.createdAt) })
            } else if tokens.isEmpty {
                Terminal.line("no tokens; make one with 'widgethost tokens add LABEL'")
            } else {
                for token in tokens {
                    Terminal.line(token.owner + (token.only.map { " (sees \($0.joined(separator: ", ")))" } ?? "") + (token.readOnly ? "" : " (pushes Live Activities)"))
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make a read-only token and print it, once.")

        @Argument(help: "A label to know it by: letters, digits and . _ @ -.")
        var label: String

        @Option(name: .customLong("only"), help: ArgumentHelp("See only this instance (repeat for more); without it, every instance.", valueName: "id"))
        var only: [String] = []

        @Flag(help: "Also start, update and end Live Activities (POST /activities), as an app's server pushes them.")
        var push = false

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @OptionGroup var manifest: ManifestOptions

        func validate() throws {
            if push && !only.isEmpty {
                throw ValidationError("--push drives every Live Activity, and they belong to no instance: a push token goes without --only")
            }
        }

        func run() async throws {
            let container = try manifest.openContainer(try manifest.loadManifest())
            try await Terminal.failing {
                let secret = try DashboardAccounts(container: container).addToken(label, only: try UsersCommand.checkedInstances(only, in: container),
                                                                                  push: push)
                if json {
                    try Terminal.printJSON(["label": label, "token": secret])
                } else {
                    Terminal.line(secret)
                    Terminal.note("this is the only time the token is shown; remove it with 'widgethost tokens remove \(label)'")
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a token; browsers signed in with it are signed out.")

        @Argument(help: "The token's label.")
        var label: String

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let container = try manifest.openContainer(try manifest.loadManifest())
            try await Terminal.failing {
                try DashboardAccounts(container: container).removeToken(label)
                Terminal.line("removed token \(label)")
            }
        }
    }

    struct TokenJSON: Encodable {
        let label: String
        let only: [String]?
        /// May start, update and end Live Activities.
        let push: Bool
        let createdAt: Date
    }
}
