import ArgumentParser
import Foundation
import WidgetContainer
import YAML
import WidgetSDK

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the placed instances as the manifest's instances: section.",
        discussion: """
            Paste the output into config.yaml (at the top level) to keep a dashboard built with add-instance in \
            git: the host then adopts each instance under its id, changes nothing else, and from then on changes \
            and removes it as the manifest says. Every value is written out, defaults included.
            """)

    @Flag(help: "Print the instances as JSON, in the same shape.")
    var json = false

    @OptionGroup var manifest: ManifestOptions

    func run() async throws {
        let container = try manifest.openContainer(try manifest.loadManifest())
        let instances = try await Terminal.failing { try container.instances() }
        if json {
            try Terminal.printJSON(["instances": instances.map(ExportedInstance.init)])
        } else {
            print(Self.yaml(instances), terminator: "")
        }
    }

    /// The `instances:` section declaring `instances` as they are stored.
    static func yaml(_ instances: [WidgetInstance]) -> String {
        guard !instances.isEmpty else { return "instances: []\n" }
        var text = "instances:\n"
        for instance in instances {
            text += "  - id: \(YAMLScalar.quoted(instance.id))\n"
            text += "    kind: \(YAMLScalar.quoted(instance.kind))\n"
            text += "    family: \(instance.family.rawValue)\n"
            if let name = instance.name { text += "    name: \(YAMLScalar.quoted(name))\n" }
            if !instance.configuration.isEmpty {
                text += "    configuration:\n"
                for (key, value) in instance.configuration.sorted(by: { $0.key < $1.key }) {
                    text += "      \(YAMLScalar.quoted(key)): \(yaml(value))\n"
                }
            }
        }
        return text
    }

    /// A value as the manifest takes it: a list as a flow sequence.
    private static func yaml(_ value: ConfigurationValue) -> String {
        guard case .list(let values) = value else { return YAMLScalar.quoted(value.description) }
        return "[" + values.map { YAMLScalar.quoted($0.description) }.joined(separator: ", ") + "]"
    }
}

/// One instance as `export --json` prints it: the manifest entry's keys.
private struct ExportedInstance: Encodable {
    let id: String
    let kind: String
    let family: WidgetFamily
    let name: String?
    let configuration: [String: ExportedValue]

    init(_ instance: WidgetInstance) {
        id = instance.id
        kind = instance.kind
        family = instance.family
        name = instance.name
        configuration = instance.configuration.mapValues(ExportedValue.init)
    }
}

/// A value as text, as the manifest writes it; a list as an array of texts.
private enum ExportedValue: Encodable {
    case text(String)
    case list([String])

    init(_ value: ConfigurationValue) {
        if case .list(let values) = value {
            self = .list(values.map(\.description))
        } else {
            self = .text(value.description)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .list(let texts): try container.encode(texts)
        }
    }
}
