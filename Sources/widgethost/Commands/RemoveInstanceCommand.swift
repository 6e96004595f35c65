import ArgumentParser
import WidgetHost

struct RemoveInstanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove-instance",
        abstract: "Remove placed instances by id.")

    @Argument(help: ArgumentHelp("Instance ids, as 'widgethost list-instances' shows them.", valueName: "id"))
    var ids: [String]

    @OptionGroup var manifest: ManifestOptions

    func run() async throws {
        let workspace = try await manifest.openWorkspace()
        try await Terminal.failing {
            for id in ids {
                let instance = try workspace.container.removeInstance(id: id)
                print("removed \(instance.id) (\(instance.kind), \(instance.family.rawValue))")
            }
        }
    }
}
