import Foundation

/// Where a container's files live: the manifest's `container.path` (relative
/// to the manifest), else `$XDG_DATA_HOME/widgethost/<group>/`, else
/// `~/.local/share/widgethost/<group>/`.
public struct ContainerLocation: Sendable, Hashable {
    public static let databaseFileName = "container.sqlite"

    public let group: String
    public let directory: URL

    public var databasePath: String { directory.appendingPathComponent(Self.databaseFileName).path }

    public init(group: String, directory: URL) {
        self.group = group
        self.directory = directory
    }

    public init(manifest: Manifest, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let group = manifest.container.group.value
        if let path = manifest.container.path {
            self.init(group: group, directory: URL(fileURLWithPath: path, relativeTo: manifest.directory).standardizedFileURL)
            return
        }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share")
        self.init(group: group, directory: dataHome.appendingPathComponent("widgethost").appendingPathComponent(group))
    }
}
