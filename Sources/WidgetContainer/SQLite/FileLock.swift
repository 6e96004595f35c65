import Foundation

/// A blocking, exclusive `flock` on a file, for work that must not run in two
/// processes at once. The kernel releases it if the process dies.
enum FileLock {
    static func withLock<T>(at path: String, _ body: () throws -> T) throws -> T {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ContainerError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw ContainerError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}
