import ArgumentParser
import WidgetHost
import WidgetKinds
import WidgetSDK

struct OptionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "options",
        abstract: "Print the values a kind's parameter offers (static list or dynamic provider).")

    @Argument(help: ArgumentHelp("The kind.", valueName: "kind"))
    var kind: String

    @Argument(help: ArgumentHelp("The parameter, by name (topRepo) or flag name (top-repo).", valueName: "parameter"))
    var parameter: String

    @OptionGroup var manifest: ManifestOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() async throws {
        let workspace = try await manifest.openWorkspace()
        let values: [ConfigurationValue]? = try await Terminal.failing {
            let kind = try InstancePlanner(bundle: workspace.bundle).kind(named: self.kind)
            let wanted = parameter.hasPrefix("--") ? String(parameter.dropFirst(2)) : parameter
            guard let found = kind.configuration.parameters.first(where: {
                $0.name == wanted || ParameterFlag.name(for: $0.name) == wanted
            }) else {
                throw InstanceRequestError.noOptions(kind: kind.name, parameter: parameter, available: kind.configuration.parameters.map(\.name))
            }
            switch found.options {
            case .any: return nil
            case .list(let values): return values
            case .dynamic(let options): return try await options.results()
            }
        }
        if json {
            try Terminal.printJSON(values)
        } else if let values {
            values.forEach { print($0) }
        } else {
            print("(any value)")
        }
    }
}
