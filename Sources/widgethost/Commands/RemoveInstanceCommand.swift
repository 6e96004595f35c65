import ArgumentParser
import WidgetHost

struct RemoveInstanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-instance",
        abstract: "Remove placed instances by id.",
        discussion: "All or nothing: if any id is unknown, no instance is removed. For a long list, give a file with --from: one id a line.")

    @Argument(help: ArgumentHelp("Instance ids, as 'widgethost list-instances' shows them.", valueName: "id"))
    var ids: [String] = []

    @OptionGroup var listed: ListedArguments

    @OptionGroup var manifest: ManifestOptions

    func run() async throws {
        let ids = try listed.values(ids, naming: "instance id")
        let container = try manifest.openContainer(try manifest.loadManifest())
        try await Terminal.failing {
            for instance in try container.removeInstances(ids: ids) {
                Terminal.line("removed \(instance.id) (\(instance.kind), \(instance.family.rawValue))")
            }
        }
    }
}
