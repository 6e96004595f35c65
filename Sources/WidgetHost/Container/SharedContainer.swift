import Foundation
import GRDB

/// The App Group of widgethost: one SQLite database per container, shared by
/// the command line, the running host and every widget module. Any number of
/// processes may use it at once; each write is one transaction.
public final class SharedContainer: Sendable {
    public let location: ContainerLocation
    let database: DatabasePool

    /// How long a write waits for another process's write to finish.
    static let busyTimeout: TimeInterval = 30

    /// Opens the container, creating its folder and database if needed and
    /// bringing its schema up to date.
    public init(location: ContainerLocation) throws(ContainerError) {
        self.location = location
        let folder = location.directory.path
        do {
            try FileManager.default.createDirectory(at: location.directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path: folder, reason: Self.reason(error))
        }
        guard FileManager.default.isWritableFile(atPath: folder) else { throw .notWritable(path: folder) }

        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "container \(location.group)"
        do {
            database = try DatabasePool(path: location.databasePath, configuration: configuration)
            try Self.upgradeSchema(of: database, in: location)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw .notADatabase(path: location.databasePath)
        } catch {
            throw .cannotOpen(path: location.databasePath, reason: Self.reason(error))
        }
    }

    /// GRDB checks which migrations are applied outside the transaction that
    /// applies them, which is safe in one process but not across several
    /// opening a new container together: those take turns here. An
    /// up-to-date container takes no lock.
    private static func upgradeSchema(of database: DatabasePool, in location: ContainerLocation) throws {
        let migrator = ContainerSchema.migrator
        guard try !database.read(migrator.hasCompletedMigrations) else { return }
        try FileLock.withLock(at: location.directory.appendingPathComponent("schema.lock").path) {
            try migrator.migrate(database)
        }
    }

    /// The container of a manifest.
    public convenience init(manifest: Manifest) throws(ContainerError) {
        try self.init(location: ContainerLocation(manifest: manifest))
    }

    /// Whether the container's database exists, without creating it.
    public static func exists(at location: ContainerLocation) -> Bool {
        FileManager.default.fileExists(atPath: location.databasePath)
    }

    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        try database.write(updates)
    }

    func read<T>(_ value: (Database) throws -> T) throws -> T {
        try database.read(value)
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? error.description }
        if let error = error as? CocoaError, let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError {
            return underlying.localizedDescription
        }
        return (error as NSError).localizedDescription
    }
}
