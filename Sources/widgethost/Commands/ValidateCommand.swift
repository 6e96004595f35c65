import ArgumentParser
import Foundation
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import WidgetKinds
import WidgetRendering
import WidgetSDK
import YAML

struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check the bundle manifest and every kind it names.",
        discussion: """
            Loads each widget module and checks its kind: one configuration, known and supported families, \
            valid parameter defaults; then each instance the manifest declares, as add-instance would. Prints one \
            line per kind. Every problem is reported, as \
            file:line:column: message, and the exit status is 1 if there is any.
            """)

    @Argument(help: ArgumentHelp("The bundle manifest (default: --config, else ./config.yaml).", valueName: "manifest"))
    var manifestPath: String?

    @OptionGroup var manifest: ManifestOptions

    func run() async throws {
        let loaded = try manifest.loadManifest(overriding: manifestPath)
        // A container that does not exist yet is not created; one that does is
        // opened (and its instances migrated) with the kinds loaded once.
        let workspace = SharedContainer.exists(at: ContainerLocation(manifest: loaded)) ? try await manifest.openWorkspace(loaded) : nil
        let bundle = if let workspace { workspace.bundle } else { await LoadedBundle.load(loaded) }
        let nameWidth = (bundle.kinds.map(\.name.count).max() ?? 0) + 2
        for kind in bundle.kinds {
            let parameters = kind.configuration.parameters.map(\.name)
            let configuration = parameters.isEmpty ? "no parameters" : "parameters: " + parameters.joined(separator: ", ")
            Terminal.line("ok  \(Terminal.pad(kind.name, nameWidth))\(kind.families.map(\.rawValue).joined(separator: ", "))  ·  \(configuration)")
        }
        for diagnostic in bundle.diagnostics {
            Terminal.error(diagnostic.description)
        }
        for warning in loaded.warnings { Terminal.note(warning.description) }
        // Symbols no table knows are drawn as placeholders: said here, from
        // each kind's gallery snapshot and placeholder (no network). A kind
        // whose extension dies while it draws them is a problem, not a note.
        var crashed: [String] = []
        for kind in bundle.kinds {
            let configuration = await kind.defaultConfiguration()
            var views: [ViewNode] = []
            for family in kind.families {
                let context = kind.context(for: family, isPreview: true, date: Date())
                do {
                    views.append(try await kind.descriptor.provider.snapshot(for: configuration, in: context).view)
                    views.append(try await kind.descriptor.provider.placeholder(in: context).view)
                } catch let error as ExtensionCrash {
                    crashed.append("\(bundle.manifest.file): \(kind.name): its extension died while drawing its \(family.rawValue) preview: \(error)")
                    break
                } catch {
                    // A snapshot that needs the network or data it lacks is the kind's to handle; validate goes on.
                }
            }
            for warning in SymbolCatalog.warnings(kind: kind.name, in: views) { Terminal.note(warning) }
        }
        for line in crashed { Terminal.error(line) }
        // Declared instances are checked as add-instance checks its flags; nothing is written.
        let declared = await DeclaredInstances(bundle: bundle).plan()
        if !loaded.instances.isEmpty {
            let count = declared.instances.count
            Terminal.line("ok  \(Terminal.pad("instances", nameWidth))\(count) of \(loaded.instances.count) declared instance\(loaded.instances.count == 1 ? "" : "s") valid")
        }
        for problem in declared.problems {
            Terminal.error(problem.description)
        }
        if let workspace { try reportStoredInstances(in: workspace) }
        let total = bundle.manifest.widgets.count
        let problems = bundle.diagnostics.count + declared.problems.count + crashed.count
        if problems == 0 {
            Terminal.line("\(bundle.manifest.file): \(total) kind\(total == 1 ? "" : "s") valid")
        } else {
            Terminal.error("\(bundle.manifest.file): \(problems) problem\(problems == 1 ? "" : "s"); \(bundle.kinds.count) of \(total) kinds valid")
            throw ExitCode.failure
        }
    }

    /// Instances the bundle can no longer show are kept; say which.
    private func reportStoredInstances(in workspace: Workspace) throws {
        for (instance, state) in try workspace.instancesWithState() where state != .ready {
            Terminal.note("instance \(instance.id) (\(instance.kind), \(instance.family.rawValue)) is kept but not shown: \(state)")
        }
    }
}
