import Foundation
import HostText
import JSONWidgetSpec
import WidgetConfiguration
import WidgetSDK
import YAML

/// A manifest with its modules loaded and every kind validated. Kinds with
/// problems are left out and their problems listed; the others are usable.
package struct LoadedBundle: Sendable {
    package let manifest: Manifest
    package let kinds: [LoadedKind]
    package let diagnostics: [Diagnostic]
    /// The Live Activities of the manifest's modules, by attributes type name.
    package var activities: [String: LoadedActivity] = [:]
    /// The controls of the manifest's modules, in the order the manifest
    /// names the modules and each module lists them.
    package var controls: [LoadedControl] = []
    /// The kinds' extension processes; they end when the last copy of the bundle goes.
    package let pool: ExtensionPool
    /// Every module that loaded, by path, with all it exports: what a later
    /// load reuses for modules that have not changed.
    package let modules: [String: ModuleLoader.LoadedModule]

    package var isValid: Bool { diagnostics.isEmpty }

    package func kind(named name: String) -> LoadedKind? {
        kinds.first { $0.name == name }
    }

    package func activity(named type: String) -> LoadedActivity? {
        activities[type]
    }

    package func control(named kind: String) -> LoadedControl? {
        controls.first { $0.kind == kind }
    }

    /// Loads every module the manifest names, each in its extension process;
    /// one module's failure does not stop the others. Modules in `reusing`
    /// (by path) are not asked for their kinds again.
    package static func load(_ manifest: Manifest, searchPath: ModuleSearchPath? = nil, pool: ExtensionPool? = nil,
                            reusing: [String: ModuleLoader.LoadedModule] = [:],
                            describing: ModuleLoader.Describing = .asking, sandbox: SandboxSupport = .current) async -> LoadedBundle {
        let searchPath = searchPath ?? ModuleSearchPath(manifest: manifest)
        let pool = pool ?? ExtensionPool(searchPath: searchPath, environment: manifest.extensionEnvironment(ProcessInfo.processInfo.environment),
                                         withheld: manifest.withheldVariables)
        if manifest.sandboxRequirement == .required, !sandbox.isComplete {
            // No module is started: its code would run with less than the manifest demands.
            let message = "\(sandbox.shortfall); the manifest requires the whole sandbox ('sandbox: required')"
            let diagnostics = manifest.widgets.map {
                Diagnostic(file: manifest.file, mark: manifest.sandbox?.mark ?? $0.kind.mark, kind: $0.kind.value, message: message)
            }
            return LoadedBundle(manifest: manifest, kinds: [], diagnostics: diagnostics, pool: pool, modules: [:])
        }
        sandbox.noteOnce(pool.settings.output)
        let loader = ModuleLoader(searchPath: searchPath, pool: pool, callTimeout: callTimeout(manifest), describing: describing)
        let modules = await loader.load(manifest.widgets.map { ($0.module.value, $0.limits, $0.sandbox) }, reusing: reusing)
        return validate(manifest, modules: modules, pool: pool)
    }

    /// A call into a kind gets the manifest's provider timeout, and a second for the channel.
    static func callTimeout(_ manifest: Manifest) -> Duration {
        .seconds(manifest.schedule.timeout.seconds + 1)
    }

    /// Checks each manifest entry against what its module described.
    static func validate(_ manifest: Manifest, modules: [String: Result<ModuleLoader.LoadedModule, ModuleLoadError>],
                         pool: ExtensionPool) -> LoadedBundle {
        var kinds: [LoadedKind] = []
        var diagnostics: [Diagnostic] = []
        for entry in manifest.widgets {
            func report(_ mark: Mark?, _ message: String) {
                diagnostics.append(Diagnostic(file: manifest.file, mark: mark, kind: entry.kind.value, message: message))
            }
            let module: ModuleLoader.LoadedModule
            switch modules[entry.module.value] {
            case .success(let loaded)?: module = loaded
            case .failure(let error)?:
                report(entry.module.mark, error.description)
                continue
            case nil:
                continue
            }
            // A kind declared with `json:` is the JSON module's one kind, under the declared name.
            let exported = entry.json == nil ? entry.kind.value : JSONWidgetSpec.moduleKind
            let matching = module.descriptors.filter { $0.kind == exported }
            guard let found = matching.first else {
                report(entry.kind.mark, notExportedMessage(entry: entry, module: module))
                continue
            }
            if matching.count > 1 {
                report(entry.kind.mark, "\(module.path) exports \(matching.count) kinds named '\(found.kind)'; kind names must be unique")
                continue
            }
            var descriptor = found
            if let json = entry.json {
                descriptor = found.renamed(entry.kind.value)
                descriptor.displayName = json.spec.title ?? entry.kind.value
                descriptor.description = "Declared in the manifest: a \(json.spec.layout.rawValue) from \(URLComponents(string: json.url.value)?.host ?? "its URL")"
            }
            let problems = KindValidator(descriptor: descriptor, entry: entry).problems()
            for problem in problems {
                report(problem.mark, problem.message)
            }
            if problems.isEmpty {
                let families = entry.families?.value ?? descriptor.supportedFamilies
                kinds.append(LoadedKind(entry: entry, descriptor: descriptor, moduleKind: exported, modulePath: module.path, moduleVersion: module.version,
                                        families: families, extension: module.extension, callTimeout: callTimeout(manifest)))
            }
        }
        var activities: [String: LoadedActivity] = [:]
        var controls: [LoadedControl] = []
        var seen = Set<String>()
        for entry in manifest.widgets where seen.insert(entry.module.value).inserted {
            guard case .success(let module)? = modules[entry.module.value] else { continue }
            for type in module.activities {
                if let other = activities[type] {
                    if other.modulePath != module.path {
                        diagnostics.append(Diagnostic(file: manifest.file, mark: entry.module.mark, kind: entry.kind.value,
                                                      message: "\(module.path) and \(other.modulePath) both declare a Live Activity of '\(type)'; the first is used"))
                    }
                    continue
                }
                activities[type] = LoadedActivity(type: type, modulePath: module.path, extension: module.extension, callTimeout: callTimeout(manifest))
            }
            if module.controls.count > LoadedControl.maximumPerModule {
                diagnostics.append(Diagnostic(file: manifest.file, mark: entry.module.mark, kind: entry.kind.value,
                                              message: "\(module.path) declares \(module.controls.count) controls; the first \(LoadedControl.maximumPerModule) are shown"))
            }
            for control in module.controls.prefix(LoadedControl.maximumPerModule) {
                // A kind is part of the dashboard's addresses and cache keys, and of the board's line.
                guard KindValidator.isValidKindName(control.kind) else {
                    diagnostics.append(Diagnostic(file: manifest.file, mark: entry.module.mark, kind: entry.kind.value,
                                                  message: "\(module.path) declares a control of kind '\(TerminalText.escaped(String(control.kind.prefix(80))))', which is not a kind name (letters, digits, '.', '-' and '_'); it is left out"))
                    continue
                }
                if let other = controls.first(where: { $0.kind == control.kind }) {
                    let message = other.modulePath == module.path
                        ? "\(module.path) declares two controls of kind '\(control.kind)'; the first is used"
                        : "\(module.path) and \(other.modulePath) both declare a control of kind '\(control.kind)'; the first is used"
                    diagnostics.append(Diagnostic(file: manifest.file, mark: entry.module.mark, kind: entry.kind.value, message: message))
                    continue
                }
                var described = control
                described.displayName = String(control.displayName.prefix(LoadedControl.maximumText))
                described.description = String(control.description.prefix(LoadedControl.maximumText * 4))
                controls.append(LoadedControl(description: described, modulePath: module.path, extension: module.extension, callTimeout: callTimeout(manifest)))
            }
        }
        let loaded = modules.values.compactMap { try? $0.get() }
        var bundle = LoadedBundle(manifest: manifest, kinds: kinds, diagnostics: diagnostics, pool: pool,
                                  modules: Dictionary(loaded.map { ($0.path, $0) }) { first, _ in first })
        bundle.activities = activities
        bundle.controls = controls
        return bundle
    }

    private static func notExportedMessage(entry: WidgetEntry, module: ModuleLoader.LoadedModule) -> String {
        let exported = module.descriptors.map(\.kind)
        var message = "module '\(entry.module.value)' (\(module.path)) does not export kind '\(entry.kind.value)'"
        if let suggestion = Suggestion.closest(to: entry.kind.value, in: exported) {
            message += " (did you mean '\(suggestion)'?)"
        }
        return message + "; it exports: " + (exported.isEmpty ? "nothing" : exported.joined(separator: ", "))
    }
}
