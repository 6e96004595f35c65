import ArgumentParser
import Foundation
import WidgetContainer
import WidgetDashboard

/// The dashboard's users: who may sign in to `run --serve`, kept in the
/// shared container (every host of a fleet knows them).
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Manage who may sign in to the dashboard.",
        discussion: """
            Once a user or token exists, the dashboard asks everyone to sign in; beyond loopback it always does. \
            Passwords are kept as scrypt hashes in the container. Read-only access for kiosks and scripts: \
            'widgethost tokens'.
            """,
        subcommands: [List.self, Add.self, Remove.self, Passwd.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the users.")

        @Flag(help: "Print JSON instead of text.")
        var json = false

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let container = try manifest.openContainer(try manifest.loadManifest())
            let users = try await Terminal.failing { try DashboardAccounts(container: container).users() }
            if json {
                try Terminal.printJSON(users.map { UserJSON(name: $0.name, only: $0.only, createdAt: $0.createdAt) })
            } else if users.isEmpty {
                Terminal.line("no users: the dashboard is open on loopback; add one with 'widgethost users add NAME'")
            } else {
                for user in users {
                    Terminal.line(user.name + (user.only.map { " (sees \($0.joined(separator: ", ")))" } ?? ""))
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a user; asks for their password.",
            discussion: "A script gives the password as the first line of standard input with --password-stdin.")

        @Argument(help: "Their name: letters, digits and . _ @ - (as a proxy's Remote-User names them).")
        var name: String

        @Option(name: .customLong("only"), help: ArgumentHelp("See only this instance (repeat for more); without it, every instance.", valueName: "id"))
        var only: [String] = []

        @Flag(help: "Read the password from standard input.")
        var passwordStdin = false

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let container = try manifest.openContainer(try manifest.loadManifest())
            try await Terminal.failing {
                let accounts = DashboardAccounts(container: container)
                let only = try UsersCommand.checkedInstances(only, in: container)
                // Before the password is asked: a name that cannot be used is said at once.
                guard DashboardUser.isValidName(name) else { throw DashboardAccounts.Failure.invalidName(name) }
                guard try !accounts.users().contains(where: { $0.name == name }) else { throw DashboardAccounts.Failure.userExists(name) }
                try accounts.addUser(name, password: try PasswordPrompt.read(fromStandardInput: passwordStdin, for: name), only: only)
                Terminal.line("added \(name); the dashboard now asks everyone to sign in")
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a user and end their sessions.")

        @Argument(help: "The user's name.")
        var name: String

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let container = try manifest.openContainer(try manifest.loadManifest())
            try await Terminal.failing {
                let ended = try DashboardAccounts(container: container).removeUser(name)
                Terminal.line("removed \(name)" + UsersCommand.sessionsEnded(ended))
            }
        }
    }

    struct Passwd: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a user's password; their sessions end.",
            discussion: "A script gives the password as the first line of standard input with --password-stdin.")

        @Argument(help: "The user's name.")
        var name: String

        @Flag(help: "Read the password from standard input.")
        var passwordStdin = false

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let container = try manifest.openContainer(try manifest.loadManifest())
            try await Terminal.failing {
                let accounts = DashboardAccounts(container: container)
                let known = try accounts.users().map(\.name)
                guard known.contains(name) else { throw DashboardAccounts.Failure.noSuchUser(name, known: known) }
                let ended = try accounts.setPassword(of: name, to: try PasswordPrompt.read(fromStandardInput: passwordStdin, for: name))
                Terminal.line("changed \(name)'s password" + UsersCommand.sessionsEnded(ended))
            }
        }
    }

    /// "; 2 sessions ended", or nothing when none did.
    static func sessionsEnded(_ count: Int) -> String {
        count > 0 ? "; \(count) session\(count == 1 ? "" : "s") ended" : ""
    }

    /// The ids given, each an instance in the container; nil for none given.
    static func checkedInstances(_ ids: [String], in container: SharedContainer) throws -> [String]? {
        guard !ids.isEmpty else { return nil }
        let existing = Set(try container.read { try $0.instanceIDs() })
        if let missing = ids.first(where: { !existing.contains($0) }) {
            throw ValidationError("--only: no instance '\(missing)' (see 'widgethost list-instances')")
        }
        return Array(Set(ids)).sorted()
    }

    struct UserJSON: Encodable {
        let name: String
        let only: [String]?
        let createdAt: Date
    }
}
