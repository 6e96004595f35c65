import ArgumentParser
import WidgetContainer
import WidgetHost
import WidgetKinds
import WidgetSDK

struct ListInstancesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list-instances",
        abstract: "List the placed instances: id, kind, family, name, configuration and state.",
        discussion: """
            State is 'ready', 'unsupported-family' (the kind no longer supports the instance's family; the \
            instance is kept) or 'kind-unavailable' (the bundle no longer offers or cannot load its kind).
            """)

    @OptionGroup var manifest: ManifestOptions

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() async throws {
        let workspace = try await manifest.openWorkspace(describing: .remembered)
        let rows = try await Terminal.failing { try workspace.instancesWithState() }
        if json {
            try Terminal.printJSON(rows.map { InstanceJSON($0.instance, state: $0.state) })
            return
        }
        guard !rows.isEmpty else {
            print("No instances. Place one with 'widgethost add-instance <kind>'.")
            return
        }
        let table = [["ID", "KIND", "FAMILY", "NAME", "STATE", "CONFIGURATION"]] + rows.map { row in
            let order = workspace.bundle.kind(named: row.instance.kind)?.configuration.parameters.map(\.name) ?? []
            return [row.instance.id, row.instance.kind, row.instance.family.rawValue, row.instance.name ?? "-",
                    row.state.name, row.instance.configurationSummary(order: order)]
        }
        Terminal.printTable(table)
        for row in rows where row.state != .ready {
            Terminal.note("\(row.instance.id): \(row.state)")
        }
    }
}
