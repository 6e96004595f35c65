import ArgumentParser
import WidgetHost

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the host: keep every instance's timeline fresh and render its entries.",
        discussion: "The scheduler is not built yet: for now 'run' loads and validates the bundle, then stops and says so.")

    @Argument(help: ArgumentHelp("The bundle manifest (default: --config, else ./config.yaml).", valueName: "manifest"))
    var manifestPath: String?

    @OptionGroup var manifest: ManifestOptions

    func run() throws {
        let bundle = try manifest.loadBundle(overriding: manifestPath)
        for diagnostic in bundle.diagnostics {
            Terminal.error(diagnostic.description)
        }
        guard bundle.isValid else { throw ExitCode.failure }
        print("\(bundle.manifest.file): loaded \(bundle.kinds.map(\.name).joined(separator: ", ")).")
        print("Scheduling timelines is not built yet; 'run' stops after loading the bundle.")
    }
}
