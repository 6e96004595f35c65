import CProcessControl
import Foundation
import HostBasics
import Synchronization

/// inotify on the folders that hold some files, on a thread of its own:
/// `action` runs after each batch of events that name one of the files, so
/// a process wakes when a file changes instead of looking at it every so
/// often. Nothing polls. The thread and the descriptors end when the
/// notifier goes.
///
/// Folders are watched, not the files: a file replaced with `mv` (as
/// editors save and as `install` copies) is a new inode, which a watch on
/// the old one would never report. A path that is a symbolic link is
/// followed too: its target's folder is watched as well.
package final class FileNotifier: Sendable {
    /// Which events count.
    package struct Events: Sendable {
        let mask: UInt32

        /// Every write as it lands: SQLite appends each commit to its `-wal`
        /// and keeps the file open, so there is no close to wait for.
        package static let writes = Events(mask: UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE))
        /// A file complete again: closed after writing, moved in, touched,
        /// removed. Never mid-write, so a module being linked is read once
        /// the linker is done, not as its first bytes land.
        package static let completedFiles = Events(mask: UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB))
    }

    /// Set by the thread, read by the owner.
    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }

    private let stop: Int32
    private let lost = Flag()

    /// Whether every folder is still watched. A folder removed or moved
    /// away (`rm -rf .build`) takes its watch with it; the owner then looks
    /// at its own pace and makes a new notifier once the folder is back.
    package var isWatchingAll: Bool { !lost.value.load(ordering: .relaxed) }

    /// Nil when inotify cannot be had (the user's limit of instances or
    /// watches reached, a file system without it) or a folder does not
    /// exist: the owner then looks at its own pace.
    package init?(files: some Sequence<String>, events: Events, action: @escaping @Sendable () -> Void) {
        var names: [String: Set<String>] = [:]
        for file in files {
            for path in Set([file, (file as NSString).resolvingSymlinksInPath]) {
                let url = URL(fileURLWithPath: path)
                names[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
            }
        }
        let inotify = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard inotify >= 0 else { return nil }
        var watched: [Int32: Set<String>] = [:]
        for (folder, files) in names {
            let watch = inotify_add_watch(inotify, folder, events.mask | UInt32(IN_DELETE_SELF | IN_MOVE_SELF))
            guard watch >= 0 else {
                close(inotify)
                return nil
            }
            watched[watch, default: []].formUnion(files)
        }
        var pipe: [Int32] = [-1, -1]
        guard wh_pipe_cloexec(&pipe) == 0 else {
            close(inotify)
            return nil
        }
        stop = pipe[1]
        let stopped = pipe[0]
        let lost = self.lost
        let followed = watched
        NamedThread.start("wh-inotify") {
            defer {
                close(inotify)
                close(stopped)
            }
            var descriptors = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: stopped, events: Int16(POLLIN), revents: 0)]
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                guard poll(&descriptors, 2, -1) >= 0 || errno == EINTR else { return }
                if descriptors[1].revents != 0 { return }
                guard descriptors[0].revents != 0 else { continue }
                var relevant = false
                while case let count = read(inotify, &buffer, buffer.count), count > 0 {
                    var offset = 0
                    while offset + MemoryLayout<inotify_event>.size <= count {
                        let (watch, mask, length) = buffer.withUnsafeBytes {
                            ($0.load(fromByteOffset: offset, as: Int32.self),
                             $0.load(fromByteOffset: offset + 4, as: UInt32.self),
                             Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)))
                        }
                        let nameStart = offset + MemoryLayout<inotify_event>.size
                        offset = nameStart + length
                        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                            // Events were dropped: any of them may have been ours.
                            relevant = true
                        } else if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                            lost.value.store(true, ordering: .relaxed)
                            relevant = true
                        } else if length > 0 {
                            let name = String(decoding: buffer[nameStart ..< min(nameStart + length, count)].prefix { $0 != 0 }, as: UTF8.self)
                            if followed[watch]?.contains(name) ?? false { relevant = true }
                        }
                    }
                }
                if relevant { action() }
            }
        }
    }

    deinit {
        var byte: UInt8 = 1
        _ = write(stop, &byte, 1)
        close(stop)
    }
}
