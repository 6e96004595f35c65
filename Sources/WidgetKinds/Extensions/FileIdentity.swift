import Foundation

/// Which file is at a path, and which version of it: device, inode, size
/// and modification time, one `stat`. A file rebuilt in place, copied over
/// with `cp` or replaced with `mv` has another identity.
package struct FileIdentity: Equatable, Sendable, Codable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: Int
    let modifiedNanoseconds: Int

    /// Nil when nothing is at `path`.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim.tv_sec
        modifiedNanoseconds = info.st_mtim.tv_nsec
    }
}
