import Foundation
import Synchronization
import WidgetConfiguration
import WidgetContainer
import WidgetKinds
import WidgetRendering
import WidgetSDK
import YAML

/// A manifest, its container and its loaded kinds, ready for a command or the
/// host. The container is opened first, so the kinds' extension processes
/// reach its shared defaults and the host's HTTP service from their first
/// call; stored instances are then migrated.
package final class Workspace: Sendable {
    private let loaded: Mutex<(bundle: LoadedBundle, theme: CardTheme)>
    package let container: SharedContainer
    /// The time for the scheduler and the HTTP service's rate limits alike.
    package let clock: any SchedulerClock
    package let http: GitHubService
    /// Where cards become PNG: a sandboxed process, started on first use.
    package let rasterizer: any PNGRendering
    private let defaults: ContainerDefaultsStore
    /// Which modules keep a defaults suite of their own (`app_group: false`).
    private let suites: DefaultsSuites
    private let widgetCenter: ContainerWidgetCenter
    /// Kinds' placeholders by kind and family, asked of their extensions once.
    let placeholders = Mutex<[String: ViewNode]>([:])
    private let bundleGeneration = Mutex(0)

    /// Counts replaced bundles: what was drawn from an earlier one is stale.
    package var generation: Int { bundleGeneration.withLock { $0 } }
    /// What migrating stored instances did on opening.
    package let migrations: [SharedContainer.MigrationReport]

    /// The kinds as last loaded; a running host replaces them when a module
    /// or the manifest changes.
    package var bundle: LoadedBundle { loaded.withLock { $0.bundle } }
    package var manifest: Manifest { bundle.manifest }
    /// The manifest's `appearance:` and `locale:` as every card draws them:
    /// worked out when the bundle is loaded, not for each card and page
    /// (reading the environment took a sixth of the dashboard's time).
    package var theme: CardTheme { loaded.withLock { $0.theme } }

    /// - Parameter output: receives each line a kind prints, prefixed `[Module]`.
    /// - Parameter describing: `.remembered` for a command that needs only
    ///   the kinds' names, families and parameters: no extension process is
    ///   started while the modules are as they were last described.
    package init(manifest: Manifest, clock: any SchedulerClock = SystemClock(),
                environment: [String: String] = ProcessInfo.processInfo.environment,
                describing: ModuleLoader.Describing = .asking,
                output: @escaping @Sendable (String) -> Void = ExtensionPool.standardErrorOutput) async throws {
        self.clock = clock
        container = try await SharedContainer.open(manifest: manifest)
        defaults = ContainerDefaultsStore(container: container)
        http = GitHubService(settings: manifest.github, token: manifest.github.token(in: environment), container: container, clock: clock)
        // What the host does for the extensions: HTTP and shared defaults.
        suites = DefaultsSuites(manifest)
        widgetCenter = ContainerWidgetCenter(container: container, manifest: manifest)
        let services = ExtensionServices(http: http, defaults: defaults, suites: suites, widgetCenter: widgetCenter,
                                         containerFolder: container.location.directory)
        let pool = ExtensionPool(
            searchPath: ModuleSearchPath(manifest: manifest, environment: environment), services: services,
            environment: manifest.extensionEnvironment(environment), withheld: manifest.withheldVariables, output: output)
        let bundle = await LoadedBundle.load(manifest, searchPath: ModuleSearchPath(manifest: manifest, environment: environment), pool: pool,
                                             describing: describing)
        loaded = Mutex((bundle, Self.theme(of: bundle.manifest)))
        rasterizer = SandboxedPNG(pool.makeRasterizer())
        migrations = try await container.offPool { try $0.migrateInstances(of: bundle.kinds) }
    }

    /// Puts a newly loaded bundle in place of the current one.
    package func replace(_ bundle: LoadedBundle) throws -> [SharedContainer.MigrationReport] {
        let theme = Self.theme(of: bundle.manifest)
        loaded.withLock { $0 = (bundle, theme) }
        suites.update(bundle.manifest)
        widgetCenter.update(bundle.manifest)
        placeholders.withLock { $0.removeAll() }
        bundleGeneration.withLock { $0 += 1 }
        return try container.migrateInstances(of: bundle.kinds)
    }

    /// `handler` hears each `ControlCenter.reloadControls(ofKind:)` a kind
    /// makes (nil: every control), as a running host's dashboard does.
    package func onControlReload(_ handler: @escaping @Sendable (String?) -> Void) {
        widgetCenter.onControlReload(handler)
    }

    /// Runs `body` with the container's shared defaults and the HTTP service
    /// visible to SDK code in this process (tests read the defaults this way).
    /// Kinds never run here: they reach the same services over their channel.
    package func withServices<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        try await HostServices.$scopedHTTP.withValue(http) {
            try await SharedDefaults.$scopedStore.withValue(defaults) {
                try await body()
            }
        }
    }

    /// Whether kinds' folders are watched as they are written (inotify), or
    /// only measured after each call (`FolderQuota`).
    package var watchesKindFolders: Bool { ExtensionPool.folderQuota != nil }

    /// Every stored instance with what the bundle says of it.
    package func instancesWithState() throws -> [(instance: WidgetInstance, state: InstanceState)] {
        let bundle = self.bundle
        return try container.instances().map { ($0, InstanceState($0, in: bundle)) }
    }
}
