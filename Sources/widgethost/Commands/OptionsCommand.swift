import ArgumentParser
import WidgetHost
import WidgetKinds
import WidgetSDK

struct OptionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "options",
        abstract: "Print the values a kind's parameter offers (static list or dynamic provider).",
        discussion: "One value a line, followed by its display name where the kind gives one (an AppEnum's cases). --json prints the values as an array.")

    @Argument(help: ArgumentHelp("The kind.", valueName: "kind"))
    var kind: String

    @Argument(help: ArgumentHelp("The parameter, by name (topRepo) or flag name (top-repo).", valueName: "parameter"))
    var parameter: String

    @OptionGroup var manifest: ManifestOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() async throws {
        let workspace = try await manifest.openWorkspace()
        let (values, titles): ([ConfigurationValue]?, [ConfigurationValue: String]) = try await Terminal.failing {
            let kind = try InstancePlanner(bundle: workspace.bundle).kind(named: self.kind)
            let wanted = parameter.hasPrefix("--") ? String(parameter.dropFirst(2)) : parameter
            guard let found = kind.configuration.parameters.first(where: {
                $0.name == wanted || ParameterFlag.name(for: $0.name) == wanted
            }) else {
                throw InstanceRequestError.noOptions(kind: kind.name, parameter: parameter, available: kind.configuration.parameters.map(\.name))
            }
            switch found.options {
            case .any: return (nil, [:])
            case .list(let values): return (values, found.optionTitles)
            case .dynamic(let options): return (try await options.results(), found.optionTitles)
            }
        }
        if json {
            try Terminal.printJSON(values)
        } else if let values {
            // A kind's values and names: escaped, as any text a kind sends.
            let texts = values.map { Terminal.printable($0.description) }
            let width = (texts.map(Terminal.displayWidth).max() ?? 0) + 2
            for (value, text) in zip(values, texts) {
                if let title = titles[value], KindInfo.Options.says(title, moreThan: value.description) {
                    print(Terminal.pad(text, width) + Terminal.printable(title))
                } else {
                    print(text)
                }
            }
        } else {
            print("(any value)")
        }
    }
}
