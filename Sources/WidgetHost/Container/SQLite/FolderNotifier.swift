import CProcessControl
import Foundation

/// inotify on one folder, on a thread of its own: `action` runs after each
/// batch of writes to the files named, so a host wakes when another process
/// commits instead of at its next look. Nothing polls. The thread and the
/// descriptors end when the notifier goes.
final class FolderNotifier: Sendable {
    private let stop: Int32

    /// Nil when inotify cannot be had (too many instances, an odd file
    /// system): the caller still looks at its usual interval.
    init?(folder: String, files: Set<String>, action: @escaping @Sendable () -> Void) {
        let inotify = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard inotify >= 0 else { return nil }
        var pipe: [Int32] = [-1, -1]
        guard inotify_add_watch(inotify, folder, UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)) >= 0,
              wh_pipe_cloexec(&pipe) == 0 else {
            close(inotify)
            return nil
        }
        stop = pipe[1]
        let stopped = pipe[0]
        let thread = Thread {
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
                        let length = buffer.withUnsafeBytes { Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)) }
                        let nameStart = offset + MemoryLayout<inotify_event>.size
                        let name = String(decoding: buffer[nameStart ..< min(nameStart + length, count)].prefix { $0 != 0 }, as: UTF8.self)
                        if files.contains(name) { relevant = true }
                        offset = nameStart + length
                    }
                }
                if relevant { action() }
            }
        }
        thread.name = "widgethost-inotify"
        thread.start()
    }

    deinit {
        var byte: UInt8 = 1
        _ = write(stop, &byte, 1)
        close(stop)
    }
}
