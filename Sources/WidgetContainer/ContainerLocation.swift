import Foundation
import WidgetConfiguration
import YAML

/// Where a container lives: a SQLite file in a folder (the manifest's
/// `container.path`, relative to the manifest, else
/// `$XDG_DATA_HOME/widgethost/<group>/`, else
/// `~/.local/share/widgethost/<group>/`), or a PostgreSQL database named by
/// `container.url`, where the group is a schema of its own.
package struct ContainerLocation: Sendable, Hashable, CustomStringConvertible {
    package static let databaseFileName = "container.sqlite"

    package let group: String
    /// The SQLite container's folder. A PostgreSQL container keeps nothing here.
    package let directory: URL
    package let postgres: PostgresURL?
    /// On PostgreSQL, how long a host's leases outlive its renewals; the
    /// database's waits are bounded by it.
    package let leaseDuration: Duration

    package var databasePath: String { directory.appendingPathComponent(Self.databaseFileName).path }

    /// The file's path, or the database's URL without its password.
    package var description: String {
        postgres.map { "\($0) (schema \(group))" } ?? databasePath
    }

    package init(group: String, directory: URL, postgres: PostgresURL? = nil, leaseDuration: Duration = ContainerSettings.defaultLease) {
        self.group = group
        self.directory = directory
        self.postgres = postgres
        self.leaseDuration = leaseDuration
    }

    package init(manifest: Manifest, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let directory = manifest.container.directory(relativeTo: manifest.directory, environment: environment)
        if manifest.container.path != nil {
            self.init(group: manifest.container.group.value, directory: directory)
            return
        }
        self.init(group: manifest.container.group.value, directory: directory,
                  postgres: manifest.container.postgres, leaseDuration: manifest.container.leaseDuration)
    }
}
