import ArgumentParser
import HostText
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import WidgetKinds
import WidgetSDK

struct EditInstanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit-instance",
        abstract: "Change a placed instance in place: its family, name or parameters.",
        discussion: """
            The instance keeps its id, so its /instances/<id>.svg link and the files 'render --all' wrote stay \
            good. Parameters are flags as for add-instance ('widgethost add-instance <kind> --help' lists them); \
            what is not given stays as it is, and --name "" removes the name. A new name keeps the timeline as it \
            is; a new family or configuration makes the running host reload the instance. An instance the \
            manifest declares (instances:) is changed in the manifest instead.
            """)

    @Argument(help: ArgumentHelp("The instance, as 'widgethost list-instances' shows it.", valueName: "id"))
    var id: String

    @Option(help: ArgumentHelp("The family to show it at; one its kind supports.", valueName: "family"))
    var family: String?

    @Option(help: ArgumentHelp("A new name; \"\" for none.", valueName: "name"))
    var name: String?

    @Flag(help: "Print the instance as it now is, as JSON.")
    var json = false

    @OptionGroup var manifest: ManifestOptions

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The kind's parameters to change, as --<parameter> value.", valueName: "parameters"))
    var parameters: [String] = []

    func run() async throws {
        let loaded = try manifest.loadManifest()
        if let entry = loaded.instanceEntry(id: id) {
            Terminal.error("error: instance \(id) is declared in \(loaded.place(entry.mark)); change it there, and the host changes it in place")
            throw ExitCode.failure
        }
        let workspace = try await manifest.openWorkspace(loaded)
        let planner = InstancePlanner(bundle: workspace.bundle)
        try await Terminal.failing {
            let instance = try workspace.container.existingInstance(id: id)
            if try workspace.container.managedInstanceIDs().contains(id) { throw DeclaredElsewhere(id: id, verb: "change") }
            let new = try await planner.plan(editing: instance, family: family, name: name, arguments: parameters)
            let (before, after, added) = try workspace.container.editInstance(id: id, to: new)
            if json {
                try Terminal.printJSON(InstanceJSON(after, state: InstanceState(after, in: workspace.bundle)))
            } else {
                let changes = Self.changes(from: before, to: after)
                Terminal.line(changes.isEmpty ? "\(id) is unchanged" : "changed \(id): \(changes.joined(separator: "; "))")
                if !changes.isEmpty && !before.needsReload(becoming: after) {
                    Terminal.note("its timeline is kept: only the name changed")
                }
            }
            for (key, values) in added.sorted(by: { $0.key < $1.key }) {
                Terminal.note("saved \(values.joined(separator: ", ")) to \(key)")
            }
        }
    }

    /// "family systemSmall → systemMedium", "repo apple/swift → swiftlang/swift".
    static func changes(from before: WidgetInstance, to after: WidgetInstance) -> [String] {
        var lines: [String] = []
        if before.family != after.family { lines.append("family \(before.family.rawValue) → \(after.family.rawValue)") }
        if before.name != after.name { lines.append("name \(before.name.map { "'\($0)'" } ?? "none") → \(after.name.map { "'\($0)'" } ?? "none")") }
        for key in Set(before.configuration.keys).union(after.configuration.keys).sorted()
            where !WidgetInstance.sameValue(before.configuration[key], after.configuration[key]) {
            lines.append("\(key) \(before.configuration[key]?.description ?? "unset") → \(after.configuration[key]?.description ?? "unset")")
        }
        return lines
    }
}
