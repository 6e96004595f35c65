import ArgumentParser
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import WidgetSDK

struct RemoveInstanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-instance",
        abstract: "Remove placed instances by id.",
        discussion: """
            All or nothing: if any id is unknown, no instance is removed. For a long list, give a file with --from: \
            one id a line. An instance the manifest declares (instances:) is removed from the manifest instead.
            """)

    @Argument(help: ArgumentHelp("Instance ids, as 'widgethost list-instances' shows them.", valueName: "id"))
    var ids: [String] = []

    @OptionGroup var listed: ListedArguments

    @OptionGroup var manifest: ManifestOptions

    func run() async throws {
        let ids = try listed.values(ids, naming: "instance id")
        let loaded = try manifest.loadManifest()
        // The host would place it again from the manifest at its next start.
        if let id = ids.first(where: { loaded.instanceEntry(id: $0) != nil }), let entry = loaded.instanceEntry(id: id) {
            Terminal.error("error: instance \(id) is declared in \(loaded.place(entry.mark)); remove it there, and the host removes it")
            throw ExitCode.failure
        }
        let container = try manifest.openContainer(loaded)
        try await Terminal.failing {
            // Declared by another host's manifest (a fleet): it would come back from there.
            if let id = ids.first(where: (try container.managedInstanceIDs()).contains) {
                throw DeclaredElsewhere(id: id, verb: "remove")
            }
            for instance in try container.removeInstances(ids: ids) {
                Terminal.line("removed \(instance.id) (\(instance.kind), \(instance.family.rawValue))")
            }
        }
    }
}
