import ArgumentParser
import HostText
import WidgetContainer
import WidgetHost
import WidgetKinds
import WidgetSDK

struct AddInstanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-instance",
        abstract: "Place a widget: an instance of a kind, with its configuration.",
        discussion: """
            Each parameter of the kind's configuration is a flag: topRepo is --top-repo. Parameters left out \
            take their default. 'widgethost add-instance <kind> --help' lists a kind's parameters.
            """,
        // --help is answered here, so that it can describe the kind's own flags.
        helpNames: [])

    @Argument(help: ArgumentHelp("The kind, as 'widgethost kinds' lists them.", valueName: "kind"))
    var kind: String?

    @Option(help: ArgumentHelp("The family to place it at (default: the kind's first).", valueName: "family"))
    var family: String?

    @Option(help: ArgumentHelp("A name to tell instances apart.", valueName: "name"))
    var name: String?

    @Flag(help: "Print the new instance as JSON.")
    var json = false

    @Flag(name: .shortAndLong, help: "Show help; after a kind, that kind's parameters.")
    var help = false

    @OptionGroup var manifest: ManifestOptions

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The kind's parameters, as --name value.", valueName: "parameters"))
    var parameters: [String] = []

    func run() async throws {
        guard let kindName = kind else {
            print(WidgetHostCommand.helpMessage(for: Self.self))
            if !help { throw ExitCode.validationFailure }
            return
        }
        let workspace = try await manifest.openWorkspace()
        let planner = InstancePlanner(bundle: workspace.bundle)
        try await Terminal.failing {
            let kind = try planner.kind(named: kindName)
            if help {
                print(await Self.help(for: kind))
                return
            }
            let new = try await planner.plan(kind: kind.name, family: family, name: name, arguments: parameters)
            let (instance, added) = try workspace.container.insert(new)
            if json {
                try Terminal.printJSON(InstanceJSON(instance, state: InstanceState(instance, in: workspace.bundle)))
            } else {
                let order = kind.configuration.parameters.map(\.name)
                Terminal.line("added \(instance.id): \(instance.kind) (\(instance.family.rawValue)) \(instance.configurationSummary(order: order))")
            }
            for (key, values) in added.sorted(by: { $0.key < $1.key }) {
                Terminal.note("saved \(values.joined(separator: ", ")) to \(key)")
            }
        }
    }

    static func help(for kind: LoadedKind) async -> String {
        let info = await KindInfo(kind)
        var lines = [
            "USAGE: widgethost add-instance \(kind.name) [--family <family>] [--name <name>]"
                + info.configuration.parameters.map { " [\($0.flag) <\($0.type)>\($0.list == true ? " ..." : "")]" }.joined(),
            "",
            "\(kind.descriptor.displayName): \(kind.descriptor.description)",
            "",
            "OPTIONS:",
            "  --family <family>       One of \(kind.families.map(\.rawValue).joined(separator: ", ")) (default: \(kind.defaultFamily.rawValue))",
            "  --name <name>           A name to tell instances apart.",
        ]
        for parameter in info.configuration.parameters {
            var facts: [String] = [parameter.title]
            if parameter.list == true {
                facts.append("a list: give the flag once for each value, or '' for none")
                if let size = parameter.sizeDescription { facts.append(size) }
            }
            if let value = parameter.default { facts.append("default: \(value)") } else if parameter.optional && parameter.list != true { facts.append("optional") }
            switch parameter.options.source {
            case "static": facts.append("one of: \(parameter.options.values?.map(parameter.options.described).joined(separator: ", ") ?? "")")
            case "dynamic": facts.append("see 'widgethost options \(kind.name) \(parameter.name)'")
            default: break
            }
            lines.append("  \(Terminal.pad("\(parameter.flag) <\(parameter.type)>", 22))  \(facts.joined(separator: "; "))")
        }
        lines.append("  \(Terminal.pad("--config <manifest>", 22))  The bundle manifest. (default: config.yaml)")
        lines.append("  \(Terminal.pad("--json", 22))  Print the new instance as JSON.")
        // Names, titles and values are the kind's own text.
        return lines.map(TerminalText.escaped).joined(separator: "\n")
    }
}
