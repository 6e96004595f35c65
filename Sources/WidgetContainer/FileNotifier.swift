import Foundation
import HostBasics
import Synchronization

/// inotify on the folders that hold some files (an `Inotify`): `action`
/// runs after each batch of events that name one of the files, so a process
/// wakes when a file changes instead of looking at it every so often.
/// Nothing polls. The thread and the descriptors end when the notifier goes.
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

    private let inotify: Inotify
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
        guard let inotify = try? Inotify() else { return nil }
        var watched: [Int32: Set<String>] = [:]
        for (folder, files) in names {
            guard let watch = try? inotify.add(folder, mask: events.mask | UInt32(IN_DELETE_SELF | IN_MOVE_SELF)) else { return nil }
            watched[watch, default: []].formUnion(files)
        }
        self.inotify = inotify
        let lost = self.lost
        let followed = watched
        inotify.start("wh-inotify") { events in
            var relevant = false
            for event in events {
                if event.isOverflow {
                    relevant = true
                } else if event.isFolderGone {
                    lost.value.store(true, ordering: .relaxed)
                    relevant = true
                } else if followed[event.watch]?.contains(event.name) ?? false {
                    relevant = true
                }
            }
            if relevant { action() }
        }
    }
}
