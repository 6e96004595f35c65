import ArgumentParser
import Foundation
import HostText
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import WidgetKinds
import YAML

/// `--config`, shared by every command that reads the bundle manifest.
struct ManifestOptions: ParsableArguments {
    @Option(name: .customLong("config"), help: ArgumentHelp(
        "The bundle manifest (default: $WIDGETHOST_CONFIG, else the first of ./config.yaml, $XDG_CONFIG_HOME/widgethost/config.yaml or ~/.config/widgethost/config.yaml, /etc/widgethost/config.yaml).",
        valueName: "manifest"))
    var path: String?

    @Flag(help: "Print a crashing kind's whole crash report (backtrace, registers), not only its first line. 'run' always logs it whole.")
    var verbose = false


    /// The manifest, or a `file:line:column: message` on standard error and exit 1.
    func loadManifest(overriding positional: String? = nil) throws -> Manifest {
        // A one-shot command prints a kind's crash as its first line and a
        // note; `run` sets it back to whole, for its log.
        OutputReader.crashReportsInFull = verbose
        let file: String
        if let given = positional ?? path {
            file = given
        } else {
            switch ManifestLocation.find() {
            case .found(let found, let why):
                // Named when it is not the one in this folder, so that nobody wonders which was read.
                if let why { Terminal.note("using \(found) (\(why))") }
                file = found
            case .none(let searched):
                Terminal.error("error: no bundle manifest: none of \(searched.joined(separator: ", ")) exists; "
                    + "give one with --config <path> (validate and run also take it as their argument) or WIDGETHOST_CONFIG")
                throw ExitCode.failure
            }
        }
        do {
            return try Manifest.load(from: file)
        } catch {
            Terminal.error(error.description)
            throw ExitCode.failure
        }
    }

    /// The manifest's container opened and its kinds loaded; notes about
    /// migrated instances go to standard error.
    /// - Parameter describing: `.remembered` for commands that only read or
    ///   write the container: no extension process while modules are unchanged.
    func openWorkspace(_ loaded: Manifest? = nil, describing: ModuleLoader.Describing = .asking,
                       output: @escaping @Sendable (String) -> Void = ExtensionPool.standardErrorOutput) async throws -> Workspace {
        let manifest = try loaded ?? loadManifest()
        do {
            let workspace = try await Workspace(manifest: manifest, describing: describing, output: output)
            for report in workspace.migrations { Terminal.note(report.description) }
            return workspace
        } catch {
            Terminal.error("\(manifest.file): container \(manifest.container.group.value): \(ErrorText.describe(error))")
            throw ExitCode.failure
        }
    }

    /// The manifest's container alone, for commands that only read or write
    /// it: no module is loaded and no extension process started.
    func openContainer(_ manifest: Manifest) throws -> SharedContainer {
        do {
            return try SharedContainer(manifest: manifest)
        } catch {
            Terminal.error("\(manifest.file): container \(manifest.container.group.value): \(ErrorText.describe(error))")
            throw ExitCode.failure
        }
    }

    /// The manifest with its modules loaded, each in its extension process;
    /// kinds with problems are left out.
    func loadBundle(overriding positional: String? = nil) async throws -> LoadedBundle {
        await LoadedBundle.load(try loadManifest(overriding: positional))
    }
}
