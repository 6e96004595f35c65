import Foundation
import WidgetSDK
import YAML

/// A manifest, its container and its loaded kinds, ready for a command or the
/// host: the container is opened and installed as the widget modules' shared
/// defaults before any module is loaded, and stored instances are migrated.
public final class Workspace: Sendable {
    public let bundle: LoadedBundle
    public let container: SharedContainer
    /// The time for the scheduler and the HTTP service's rate limits alike.
    public let clock: any SchedulerClock
    public let http: GitHubService
    private let defaults: ContainerDefaultsStore
    /// What migrating stored instances did on opening.
    public let migrations: [SharedContainer.MigrationReport]

    public var manifest: Manifest { bundle.manifest }

    public init(manifest: Manifest, clock: any SchedulerClock = SystemClock(),
                environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        self.clock = clock
        container = try SharedContainer(manifest: manifest)
        defaults = ContainerDefaultsStore(container: container)
        SharedDefaults.install(defaults)
        http = GitHubService(settings: manifest.github, token: manifest.github.token(in: environment), container: container, clock: clock)
        HostServices.install(http: http)
        bundle = LoadedBundle.load(manifest)
        migrations = try container.migrateInstances(of: bundle.kinds)
    }

    /// Runs `body` with this workspace's services visible to widget modules,
    /// whatever other workspace the process has installed.
    public func withServices<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        try await HostServices.$scopedHTTP.withValue(http) {
            try await SharedDefaults.$scopedStore.withValue(defaults) {
                try await body()
            }
        }
    }

    /// Every stored instance with what the bundle says of it.
    public func instancesWithState() throws -> [(instance: WidgetInstance, state: InstanceState)] {
        try container.instances().map { ($0, InstanceState($0, in: bundle)) }
    }
}
