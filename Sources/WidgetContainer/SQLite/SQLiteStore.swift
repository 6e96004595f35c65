import Foundation
import GRDB
import GRDBSQLite
import HostText

/// A container in one SQLite file, the default: any number of processes on
/// one machine may use it at once, and each write is one transaction.
final class SQLiteStore: ContainerStore {
    let location: ContainerLocation
    /// A pool of connections; a queue on a read-only file system.
    let database: any DatabaseWriter
    /// Room kept on the disk for the container's own writes.
    let reserve: DiskReserve

    /// How long a write waits for another process's write to finish.
    static let busyTimeout: TimeInterval = 30

    /// Opens the container, creating its folder and database if needed and
    /// bringing its schema up to date.
    init(location: ContainerLocation) throws(ContainerError) {
        self.location = location
        let folder = location.directory.path
        do {
            try FileManager.default.createDirectory(at: location.directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path: folder, reason: Self.reason(error))
        }
        // A container on a read-only file system (a backup mounted to look
        // at, a read-only root) is opened for reading: what only reads (status,
        // list-instances, export) works, and a write says why it cannot.
        let readOnly = !FileManager.default.isWritableFile(atPath: folder) || Self.isOnReadOnlyFileSystem(folder)
        if readOnly && !FileManager.default.fileExists(atPath: location.databasePath) { throw .notWritable(path: folder) }
        reserve = DiskReserve(folder: location.directory)

        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "container \(location.group)"
        configuration.readonly = readOnly
        do {
            if readOnly {
                database = try Self.openForReading(location, configuration: configuration)
                guard try database.read(ContainerSchema.migrator.hasCompletedMigrations) else {
                    throw ContainerError.cannotOpen(path: location.databasePath,
                                                    reason: "it was written by an older widgethost and is read-only here, so it cannot be brought up to date")
                }
            } else {
                try Self.createOrRefuseEmpty(location, configuration: configuration)
                database = try Self.openGivingBackTheReserve(location, configuration: configuration, reserve: reserve)
                try Self.upgradeSchema(of: database, in: location)
                reserve.ensure()
            }
        } catch let error as ContainerError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw .notADatabase(path: location.databasePath)
        } catch let error as DatabaseError where Self.diskResultCodes.contains(error.resultCode) {
            throw .cannotOpen(path: location.databasePath, reason: Self.diskReason(error, systemErrno: 0, folder: location.directory))
        } catch {
            throw .cannotOpen(path: location.databasePath, reason: Self.reason(error))
        }
    }

    /// SQLite keeps a WAL database's shared memory in a `-shm` file it must
    /// be able to create. Where it is there (the last writer did not close
    /// cleanly, and what it wrote may still be in the `-wal` alone), SQLite
    /// reads through it as usual; where it is not, on a read-only file
    /// system, nobody can write the file, so it is read as immutable (a URI
    /// parameter, which the system's SQLite takes).
    private static func openForReading(_ location: ContainerLocation, configuration: Configuration) throws -> any DatabaseWriter {
        guard isOnReadOnlyFileSystem(location.directory.path), !FileManager.default.fileExists(atPath: location.databasePath + "-shm") else {
            return try DatabasePool(path: location.databasePath, configuration: configuration)
        }
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let path = location.databasePath.addingPercentEncoding(withAllowedCharacters: allowed) ?? location.databasePath
        return try DatabaseQueue(path: "file:\(path)?immutable=1", configuration: configuration)
    }

    private static func isOnReadOnlyFileSystem(_ folder: String) -> Bool {
        var system = statvfs()
        return statvfs(folder, &system) == 0 && system.f_flag & UInt(ST_RDONLY) != 0
    }

    /// Opening makes the `-shm` file, and a full disk refuses it: the
    /// reserve is given back for that, as for a write.
    private static func openGivingBackTheReserve(_ location: ContainerLocation, configuration: Configuration,
                                                 reserve: DiskReserve) throws -> DatabasePool {
        do {
            return try DatabasePool(path: location.databasePath, configuration: configuration)
        } catch let error as DatabaseError where diskResultCodes.contains(error.resultCode) && reserve.release() {
            reserve.noteReleased()
            return try DatabasePool(path: location.databasePath, configuration: configuration)
        }
    }

    /// SQLite takes a file of 0 bytes for a new database, so a container
    /// truncated or copied half-way became a new, empty one without a word,
    /// its instances gone. A new container is created under the schema lock
    /// and is 4 KiB once it is in WAL mode, so a 0-byte file seen under
    /// that lock is not one being created: it is refused.
    private static func createOrRefuseEmpty(_ location: ContainerLocation, configuration: Configuration) throws {
        let path = location.databasePath
        func size() -> Int64? {
            var info = stat()
            return stat(path, &info) == 0 ? Int64(info.st_size) : nil
        }
        guard size() ?? 0 == 0 else { return }
        try FileLock.withLock(at: location.directory.appendingPathComponent("schema.lock").path) {
            switch size() {
            case nil: _ = try DatabasePool(path: path, configuration: configuration)
            case 0: throw ContainerError.emptyFile(path: path)
            default: break
            }
        }
    }

    /// GRDB checks which migrations are applied outside the transaction that
    /// applies them, which is safe in one process but not across several
    /// opening a new container together: those take turns here. An
    /// up-to-date container takes no lock.
    private static func upgradeSchema(of database: any DatabaseWriter, in location: ContainerLocation) throws {
        let migrator = ContainerSchema.migrator
        guard try !database.read(migrator.hasCompletedMigrations) else { return }
        try FileLock.withLock(at: location.directory.appendingPathComponent("schema.lock").path) {
            try migrator.migrate(database)
        }
    }

    /// One transaction. A failure of the disk (full, read-only, I/O) becomes
    /// `ContainerError.cannotWrite` with the system's reason, so the host can
    /// tell it from a mistake in what was written.
    func write<T>(_ body: (any ContainerTransaction) throws -> T) throws -> T {
        try writeDatabase { db in try body(SQLiteTransaction(db: db)) }
    }

    func read<T>(_ body: (any ContainerTransaction) throws -> T) throws -> T {
        try database.read { db in try body(SQLiteTransaction(db: db)) }
    }

    /// A write that finds the disk full gives back the container's reserve
    /// (`DiskReserve`) and is tried once more: what the host must save does
    /// not share the fate of a disk a kind filled.
    func writeDatabase<T>(_ updates: (Database) throws -> T) throws -> T {
        try database.writeWithoutTransaction { db in
            var releasedReserve = false
            while true {
                do {
                    var result: T?
                    try db.inTransaction(.immediate) {
                        result = try updates(db)
                        return .commit
                    }
                    if releasedReserve { reserve.noteReleased() }
                    reserve.ensureIfMissing()
                    return result!
                } catch let error as DatabaseError where Self.diskResultCodes.contains(error.resultCode) {
                    let systemErrno = sqlite3_system_errno(db.sqliteConnection)
                    let full = error.resultCode == .SQLITE_FULL || systemErrno == ENOSPC || systemErrno == EDQUOT
                    if full, !releasedReserve, reserve.release() {
                        releasedReserve = true
                        continue
                    }
                    throw ContainerError.cannotWrite(path: location.databasePath,
                                                     reason: Self.diskReason(error, systemErrno: systemErrno, folder: location.directory))
                }
            }
        }
    }

    /// Rewrites the database header's user version.
    func checkWritable() throws(ContainerError) {
        do {
            try writeDatabase { db in
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                try db.execute(sql: "PRAGMA user_version = \(version)")
            }
        } catch let error as ContainerError {
            throw error
        } catch {
            throw .cannotWrite(path: location.databasePath, reason: Self.reason(error))
        }
    }

    func changeWatcher(includingTimelines: Bool) throws -> any ContainerChangeWatching {
        try SQLiteChangeWatcher(path: location.databasePath, includingTimelines: includingTimelines)
    }

    /// One host per file: leases would buy nothing on one machine's disk.
    func claimHost(leaseDuration: Duration) throws -> (any HostClaim)? {
        try HostLock(location: location)
    }

    func runningHosts() -> [HostHolder] {
        HostLock.holder(at: location).map { [$0] } ?? []
    }

    private static let diskResultCodes: [ResultCode] = [.SQLITE_FULL, .SQLITE_IOERR, .SQLITE_READONLY, .SQLITE_CANTOPEN]

    /// SQLite says "disk I/O error" for most of these; the folder's file
    /// system and this process's limits say what a user can do about it. A
    /// full disk names what the kinds' folders hold: most often, one of them
    /// filled it.
    private static func diskReason(_ error: DatabaseError, systemErrno: Int32, folder: URL) -> String {
        let reason = diskReasonAlone(error, systemErrno: systemErrno, folder: folder.path)
        guard systemErrno == ENOSPC || systemErrno == EDQUOT || reason == "the disk is full", let kinds = KindFolders.summary(in: folder) else {
            return reason
        }
        return "\(reason) (\(kinds))"
    }

    private static func diskReasonAlone(_ error: DatabaseError, systemErrno: Int32, folder: String) -> String {
        if systemErrno != 0 { return String(cString: strerror(systemErrno)) }
        var limit = rlimit()
        if getrlimit(Self.RLIMIT_FSIZE_VALUE, &limit) == 0, limit.rlim_cur != rlim_t.max {
            return "a write failed under the file-size limit of \(limit.rlim_cur) bytes (ulimit -f), or the disk is full"
        }
        var system = statvfs()
        if statvfs(folder, &system) == 0 {
            if system.f_flag & UInt(ST_RDONLY) != 0 { return "the file system is read-only" }
            if system.f_bavail * UInt(system.f_bsize) < 1 << 20 { return "the disk is full" }
        }
        if error.resultCode == .SQLITE_FULL { return "the disk is full" }
        return error.message ?? error.description
    }

    /// Glibc imports the resource as an enum on Linux.
    private static let RLIMIT_FSIZE_VALUE = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)

    private static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? error.description }
        return ErrorText.describe(error, withPath: false)
    }
}
