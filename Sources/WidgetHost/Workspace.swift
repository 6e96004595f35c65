import WidgetSDK
import YAML

/// A manifest, its container and its loaded kinds, ready for a command or the
/// host: the container is opened and installed as the widget modules' shared
/// defaults before any module is loaded, and stored instances are migrated.
public final class Workspace: Sendable {
    public let bundle: LoadedBundle
    public let container: SharedContainer
    /// What migrating stored instances did on opening.
    public let migrations: [SharedContainer.MigrationReport]

    public var manifest: Manifest { bundle.manifest }

    public init(manifest: Manifest) throws {
        container = try SharedContainer(manifest: manifest)
        SharedDefaults.install(ContainerDefaultsStore(container: container))
        bundle = LoadedBundle.load(manifest)
        migrations = try container.migrateInstances(of: bundle.kinds)
    }

    /// Every stored instance with what the bundle says of it.
    public func instancesWithState() throws -> [(instance: WidgetInstance, state: InstanceState)] {
        try container.instances().map { ($0, InstanceState($0, in: bundle)) }
    }
}
