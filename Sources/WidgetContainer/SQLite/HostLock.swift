import Foundation

/// An exclusive lock on `host.lock` in the container folder, held while a
/// host runs: a second host on the same container is refused, and `reload`
/// can tell whether anyone will act on its request. The kernel releases it
/// when the process ends, however it ends.
final class HostLock: HostClaim {
    let path: String
    private let descriptor: Int32

    /// Takes the lock, or returns nil when another process holds it.
    init?(location: ContainerLocation) throws {
        path = location.directory.appendingPathComponent("host.lock").path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ContainerError.cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        _ = ftruncate(descriptor, 0)
        let record = "\(getpid()) \(Int(Date().timeIntervalSince1970))\n"
        _ = record.withCString { write(descriptor, $0, strlen($0)) }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// The host holding the lock, if one does.
    static func holder(at location: ContainerLocation) -> HostHolder? {
        let path = location.directory.appendingPathComponent("host.lock").path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) != 0 else {
            flock(descriptor, LOCK_UN)
            return nil
        }
        let fields = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace)
        return HostHolder(pid: fields.first.flatMap { Int32($0) } ?? -1,
                      since: fields.dropFirst().first.flatMap { TimeInterval($0) }.map(Date.init(timeIntervalSince1970:)))
    }
}
