import Foundation
import Synchronization

/// Room on the disk kept for the container: a file of blocks (`disk.reserve`
/// in the container's folder) that the container gives back when a write of
/// its own finds the disk full, so that what the host must save (a
/// timeline, a reload request, its state at stop) is saved although a kind,
/// or anything else, filled the disk. Made again once the disk has room.
final class DiskReserve: Sendable {
    static let fileName = "disk.reserve"

    let path: String
    private let size: Int
    /// When the reserve was last found missing and could not be made: it is
    /// tried again at most every `retry`.
    private let lastAttempt = Mutex<ContinuousClock.Instant?>(nil)
    static let retry: Duration = .seconds(30)
    /// Whether the reserve was given back and not yet made again: only then
    /// does a write look at the disk (`ensureIfMissing`).
    private let missing = Atomic(false)

    /// 16 MiB, or a hundredth of a smaller file system.
    init(folder: URL) {
        path = folder.appendingPathComponent(Self.fileName).path
        var system = statvfs()
        let total = statvfs(folder.path, &system) == 0 ? Int(system.f_blocks) * Int(system.f_frsize) : Int.max
        size = max(64 << 10, min(16 << 20, total / 100))
    }

    /// Makes the reserve if it is not there and the disk has four times its
    /// size free; a reserve that would fill the disk itself is not made.
    func ensure() {
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_blocks) * 512 >= size { return }
        let now = ContinuousClock.now
        let due = lastAttempt.withLock { last -> Bool in
            if let last, now - last < Self.retry { return false }
            last = now
            return true
        }
        guard due, let free = Self.freeBytes(on: (path as NSString).deletingLastPathComponent), free >= 4 * size else { return }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        // Real blocks, not a hole: a sparse file would free nothing.
        if posix_fallocate(descriptor, 0, off_t(size)) != 0 { _ = unlink(path) }
    }

    /// Gives the reserve's room back to the disk; false when there was none.
    func release() -> Bool {
        unlink(path) == 0
    }

    /// A write succeeded only once the reserve was given back.
    func noteReleased() {
        missing.store(true, ordering: .relaxed)
    }

    /// After a write: makes the reserve again if it was given back and the
    /// disk has room by now (looked at every `retry` at most).
    func ensureIfMissing() {
        guard missing.load(ordering: .relaxed) else { return }
        ensure()
        var info = stat()
        if stat(path, &info) == 0 { missing.store(false, ordering: .relaxed) }
    }

    static func freeBytes(on folder: String) -> Int? {
        var system = statvfs()
        guard statvfs(folder, &system) == 0 else { return nil }
        return Int(system.f_bavail) * Int(system.f_frsize)
    }
}
