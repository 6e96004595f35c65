import ArgumentParser
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import WidgetKinds
import WidgetSDK

/// The saved repositories: the list SingleRepo's and DoubleRepo's options
/// come from (the original app's "add" button).
struct ReposCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repos",
        abstract: "Manage the saved repositories that repository parameters offer.",
        subcommands: [Add.self, List.self, Remove.self])

    /// The shared-defaults key RepoOptionsProvider keeps the list under.
    static let listKey = "repos"

    static func savedList(in workspace: Workspace) throws -> SavedList {
        guard let list = workspace.bundle.savedList(key: listKey) else {
            Terminal.error("error: no kind in \(workspace.manifest.file) keeps a saved '\(listKey)' list")
            throw ExitCode.failure
        }
        return list
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Save repositories (owner/name) to the list.",
            discussion: "For a long list, give a file with --from: one repository a line.")

        @Argument(help: ArgumentHelp("Repositories as owner/name.", valueName: "owner/name"))
        var repositories: [String] = []

        @OptionGroup var listed: ListedArguments

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let repositories = try listed.values(repositories, naming: "repository")
            let workspace = try await manifest.openWorkspace(describing: .remembered)
            let list = try ReposCommand.savedList(in: workspace)
            try await Terminal.failing {
                var checked: [String] = []
                for repository in repositories { checked.append(try await list.validate(repository)) }
                let added = try workspace.container.addToSavedList(
                    checked, key: list.key, initial: try await list.currentValues())
                for repository in checked {
                    Terminal.line(added.contains(repository) ? "saved \(repository)" : "\(repository) is already saved")
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the saved repositories.")

        @OptionGroup var manifest: ManifestOptions

        @Flag(help: "Print JSON instead of text.")
        var json = false

        func run() async throws {
            let workspace = try await manifest.openWorkspace(describing: .remembered)
            let list = try ReposCommand.savedList(in: workspace)
            let repositories = try await Terminal.failing { try await list.currentValues() }
            if json {
                try Terminal.printJSON(repositories)
            } else {
                repositories.forEach { Terminal.line($0) }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a repository from the list.",
            discussion: "Refused while instances show the repository, unless --force, which removes those instances too.")

        @Argument(help: ArgumentHelp("The repository, as owner/name.", valueName: "owner/name"))
        var repository: String

        @Flag(help: "Also remove the instances that show this repository (an instance whose list holds others keeps them).")
        var force = false

        @OptionGroup var manifest: ManifestOptions

        func run() async throws {
            let workspace = try await manifest.openWorkspace(describing: .remembered)
            let list = try ReposCommand.savedList(in: workspace)
            try await Terminal.failing {
                let removal = try workspace.container.removeFromSavedList(
                    repository, key: list.key, initial: try await list.currentValues(), usedBy: list.parameters, force: force)
                Terminal.line("removed \(repository)")
                for instance in removal.removed {
                    Terminal.line("removed instance \(instance.id) (\(instance.kind), \(instance.family.rawValue))")
                }
                for instance in removal.edited {
                    Terminal.line("took \(repository) out of instance \(instance.id) (\(instance.kind), \(instance.family.rawValue)), which shows the rest")
                }
            }
        }
    }
}
