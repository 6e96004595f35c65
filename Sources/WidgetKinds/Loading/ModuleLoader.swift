import ExtensionProtocol
import Foundation
import WidgetConfiguration
import WidgetSDK

/// Finds widget modules and reads their kinds, each in its own extension
/// process: the host never `dlopen`s a module. Modules are described in
/// parallel, so a bundle of several loads in the time of its slowest.
package struct ModuleLoader: Sendable {
    package struct LoadedModule: Sendable {
        package let path: String
        package let descriptors: [WidgetDescriptor]
        /// Its Live Activities' attributes type names.
        package let activities: [String]
        /// Its controls.
        package let controls: [ControlDescription]
        package let `extension`: ModuleExtension
        /// The build described (`ModuleVersion`); nil when the file could not
        /// be read, or when the kinds were remembered: the commands that only
        /// read or write the container make no entries, and need not read
        /// every library whole.
        package let version: String?
    }

    /// How a module's kinds are learnt.
    package enum Describing: Sendable {
        /// Its extension is asked (starting its process); the answer is kept.
        case asking
        /// What it said last time, if neither it nor the runner changed;
        /// else asked. For commands that only need the kinds' names and
        /// families: no extension process is started for them.
        case remembered
    }

    package let searchPath: ModuleSearchPath
    package let pool: ExtensionPool
    /// Bounds each call into a module's code.
    package let callTimeout: Duration
    /// Bounds starting a module's extension and reading its kinds: the call
    /// timeout, but never less than `startAllowance`.
    package var describeTimeout: Duration { max(callTimeout, Self.startAllowance) }
    /// A start is a process, its sandbox and a `dlopen` of a library with
    /// its dependencies. On a busy machine that alone can outlast a timeout
    /// set for quick providers, and a kind that fails to load is not shown
    /// at all, so the start gets at least this long.
    package static let startAllowance: Duration = .seconds(30)
    package let describing: Describing
    let descriptions: DescriptionCache?

    package init(searchPath: ModuleSearchPath, pool: ExtensionPool, callTimeout: Duration = .seconds(30), describing: Describing = .asking) {
        self.init(searchPath: searchPath, pool: pool, callTimeout: callTimeout, describing: describing, descriptions: .standard())
    }

    init(searchPath: ModuleSearchPath, pool: ExtensionPool, callTimeout: Duration, describing: Describing, descriptions: DescriptionCache?) {
        self.searchPath = searchPath
        self.pool = pool
        self.callTimeout = callTimeout
        self.describing = describing
        self.descriptions = descriptions
    }

    /// Loads each named module once, with its limits. A module found at a
    /// path in `reusing` is not asked again: its kinds are what it said then.
    package func load(_ modules: [(name: String, limits: ExtensionLimits, sandbox: ExtensionSandbox)],
                     reusing: [String: LoadedModule] = [:]) async -> [String: Result<LoadedModule, ModuleLoadError>] {
        await withTaskGroup(of: (String, Result<LoadedModule, ModuleLoadError>).self) { group in
            var seen = Set<String>()
            for (name, limits, sandbox) in modules where seen.insert(name).inserted {
                group.addTask { (name, await load(module: name, limits: limits, sandbox: sandbox, reusing: reusing)) }
            }
            var results: [String: Result<LoadedModule, ModuleLoadError>] = [:]
            for await (name, result) in group { results[name] = result }
            return results
        }
    }

    package func load(module: String, limits: ExtensionLimits = ExtensionLimits(), sandbox: ExtensionSandbox = ExtensionSandbox(),
                     reusing: [String: LoadedModule] = [:]) async -> Result<LoadedModule, ModuleLoadError> {
        guard let url = searchPath.locate(module: module) else {
            return .failure(.notFound(module: module, searched: searchPath.directories.map(\.path)))
        }
        if let loaded = reusing[url.path] { return .success(loaded) }
        return await load(path: url.path, module: module, limits: limits, sandbox: sandbox)
    }

    /// Starts (or reuses) the module's extension and asks it for its kinds.
    package func load(path: String, module: String, limits: ExtensionLimits = ExtensionLimits(),
                     sandbox: ExtensionSandbox = ExtensionSandbox()) async -> Result<LoadedModule, ModuleLoadError> {
        let moduleExtension = pool.extension(path: path, module: module, limits: limits, sandbox: sandbox)
        let runner = pool.settings.runner
        if describing == .remembered, let runner, let remembered = descriptions?.description(of: path, runner: runner) {
            return .success(loaded(remembered.kinds, activities: remembered.activities, controls: remembered.controls, path: path,
                                   extension: moduleExtension, version: nil))
        }
        let file = FileIdentity(path: path)
        let caller = RemoteCaller(module: moduleExtension, timeout: describeTimeout)
        let description: ModuleDescription
        do {
            guard case .described(let described) = try await caller.call(.describe) else { throw RemoteCaller.unexpectedAnswer }
            description = described
        } catch {
            return .failure(.extensionFailed(path: path, reason: String(describing: error)))
        }
        switch description {
        case .failed(let failure):
            return .failure(ModuleLoadError(failure, path: path))
        case .kinds(let kinds, let activities, let controls):
            if let runner { descriptions?.store(kinds, activities: activities, controls: controls, of: path, module: file, runner: runner) }
            return .success(loaded(kinds, activities: activities, controls: controls, path: path, extension: moduleExtension,
                                   version: ModuleVersion.of(path: path)))
        }
    }

    private func loaded(_ kinds: [KindDescription], activities: [String], controls: [ControlDescription], path: String,
                        extension moduleExtension: ModuleExtension, version: String?) -> LoadedModule {
        LoadedModule(path: path, descriptors: kinds.map { WidgetDescriptor($0, in: moduleExtension, callTimeout: callTimeout) },
                     activities: activities, controls: controls, extension: moduleExtension, version: version)
    }
}
