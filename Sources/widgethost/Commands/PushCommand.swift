import ArgumentParser
import Foundation
import WidgetContainer
import WidgetHost

/// Push updates (`.pushHandler`): the kinds that take them, and their
/// tokens, which a server or a webhook shows to reload a kind at once.
struct PushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "List the kinds that take pushes, and show or replace their push tokens.",
        discussion: """
            A kind whose configuration names a WidgetPushHandler (.pushHandler) gets a push token, kept in the \
            container and told to its handler. A POST to the running dashboard's /push/<kind> that shows it \
            (Authorization: Bearer <token>, or a GitHub webhook's X-Hub-Signature-256 made with it as the secret) \
            reloads every instance of the kind at once: ten in a row, then one a minute (docs/push.md).
            """,
        subcommands: [List.self, Token.self, Replace.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the kinds that take pushes, with their tokens' state.")

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let workspace = try await manifest.openWorkspace()
            try await Terminal.failing {
                let statuses = try await workspace.pushStatuses()
                if json {
                    try Terminal.printJSON(statuses)
                } else if statuses.isEmpty {
                    Terminal.line("no kind takes pushes: none of the manifest's kinds names a .pushHandler")
                } else {
                    var rows = [["KIND", "INSTANCES", "TOKEN", "HANDLER", "PUSHES NOW"]]
                    for status in statuses {
                        rows.append([status.kind, "\(status.instances)", status.issuedAt.map { "issued \(Terminal.time($0))" } ?? "not issued yet",
                                     status.told ? "told" : "not told yet", "\(status.budget)"])
                    }
                    Terminal.printTable(rows)
                }
            }
        }
    }

    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a kind's push token, issuing it (and telling its handler) if it has none.",
            discussion: "The token is a secret: whoever holds it reloads the kind. Only the token is printed, for a script.")

        @Argument(help: ArgumentHelp("The kind.", valueName: "kind"))
        var kind: String

        @OptionGroup var manifest: ManifestOptions

        /// The token alone, for a script; printed even when the handler could
        /// not be told it, as it works, and only the handler does not know it yet.
        static func print(_ kind: String, _ issued: (token: PushToken, notTold: (any Error)?)) {
            Swift.print(issued.token.secret)
            if let notTold = issued.notTold {
                Terminal.note("\(kind)'s push handler could not be told this token (\(notTold)); it is told again when a host starts or the kind's widgets change")
            }
        }

        func run() async throws {
            let workspace = try await manifest.openWorkspace()
            try await Terminal.failing { Token.print(kind, try await workspace.pushToken(kind)) }
        }
    }

    struct Replace: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace a kind's push token with a new one, tell its handler, and print it.",
            discussion: "The old token reloads nothing from now on: give the new one to whoever pushes (a webhook's secret, say).")

        @Argument(help: ArgumentHelp("The kind.", valueName: "kind"))
        var kind: String

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let workspace = try await manifest.openWorkspace()
            try await Terminal.failing { Token.print(kind, try await workspace.replacePushToken(kind)) }
        }
    }
}
