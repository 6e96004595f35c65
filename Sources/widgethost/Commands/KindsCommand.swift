import ArgumentParser
import HostText
import WidgetConfiguration
import WidgetHost
import WidgetKinds

struct KindsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kinds",
        abstract: "List the widget kinds of the bundle: families, configuration, parameters and their defaults.")

    @OptionGroup var manifest: ManifestOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() async throws {
        let bundle = try await manifest.loadBundle()
        var infos: [KindInfo] = []
        for kind in bundle.kinds {
            infos.append(await KindInfo(kind))
        }
        for diagnostic in bundle.diagnostics {
            Terminal.error(diagnostic.description)
        }
        if json {
            try Terminal.printJSON(infos)
        } else {
            print(infos.map(Self.text).joined(separator: "\n\n"))
        }
        if !bundle.isValid { throw ExitCode.failure }
    }

    static func text(_ info: KindInfo) -> String {
        var lines = ["\(info.kind) — \(info.displayName)"]
        if !info.description.isEmpty { lines.append("  \(info.description)") }
        lines.append("  families: \(info.families.map(\.rawValue).joined(separator: ", "))")
        let configuration = info.configuration
        var style = "  configuration: \(configuration.style)"
        if let identifier = configuration.identifier { style += " (\(identifier))" }
        if let replaces = configuration.replaces { style += ", replaces \(replaces)" }
        lines.append(style)
        let flagWidth = (configuration.parameters.map(\.flag.count).max() ?? 0) + 2
        for parameter in configuration.parameters {
            var facts = [parameter.optional && parameter.list != true ? "optional \(parameter.type)" : parameter.typeDescription]
            if let size = parameter.sizeDescription { facts.append(size) }
            if let value = parameter.default { facts.append("default \(value)") }
            switch parameter.options.source {
            case "static": facts.append("one of \(parameter.options.values?.map(parameter.options.described).joined(separator: ", ") ?? "")")
            case "dynamic": facts.append("options from \(parameter.options.provider ?? "a provider")")
            default: break
            }
            lines.append("    \(Terminal.pad(parameter.flag, flagWidth))\(parameter.title) (\(facts.joined(separator: "; ")))")
        }
        lines.append("  module: \(info.module)")
        if let sandbox = info.sandbox {
            lines.append("  sandbox: " + ExtensionSandbox.summary(read: sandbox.read, network: sandbox.network, fetch: sandbox.fetch ?? []))
        }
        // Names, titles and values are the kind's own text.
        return lines.map(TerminalText.escaped).joined(separator: "\n")
    }
}
