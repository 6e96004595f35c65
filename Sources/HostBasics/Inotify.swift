import CProcessControl
import Foundation
import Synchronization

/// inotify on a thread of its own: the thread sleeps in `poll` until the
/// kernel has something to say, so watching costs nothing while nothing
/// changes, and hands each batch of events to the handler. What counts is
/// the owner's to decide: `FileNotifier` follows some files of some folders,
/// `SourceWatcher` a package's tree. The thread and the descriptors end when
/// this goes.
package final class Inotify: Sendable {
    package struct Event: Sendable {
        /// The watch `add` returned, or -1 for `IN_Q_OVERFLOW`.
        package let watch: Int32
        package let mask: UInt32
        /// The file's name within the watched folder; empty for an event of the folder itself.
        package let name: String

        /// Events were dropped: any of them may have mattered.
        package var isOverflow: Bool { mask & UInt32(IN_Q_OVERFLOW) != 0 }
        /// The watched folder itself went (removed, moved away, its file system unmounted).
        package var isFolderGone: Bool { mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 }
        package var isFolder: Bool { mask & UInt32(IN_ISDIR) != 0 }
    }

    private let descriptor: Int32
    private let stop: Int32
    private let stopped: Int32
    private let started = Atomic<Bool>(false)

    /// Fails when inotify cannot be had: the user's limit of instances
    /// reached, or a file system without it.
    package init() throws(POSIXError) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var pipe: [Int32] = [-1, -1]
        guard wh_pipe_cloexec(&pipe) == 0 else {
            let code = errno
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        (stopped, stop) = (pipe[0], pipe[1])
    }

    /// Watches `path` for the events of `mask`, from now on; may be called
    /// from the handler (a folder created in a watched tree).
    @discardableResult
    package func add(_ path: String, mask: UInt32) throws(POSIXError) -> Int32 {
        let watch = inotify_add_watch(descriptor, path, mask)
        guard watch >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return watch
    }

    /// Starts the thread `name`, which calls `handler` with each batch of
    /// events until this is released. Call it once.
    package func start(_ name: String, handler: @escaping @Sendable ([Event]) -> Void) {
        started.store(true, ordering: .relaxed)
        // The thread holds the descriptors, not `self`: releasing the owner is what stops it.
        let (inotify, stopped) = (descriptor, self.stopped)
        NamedThread.start(name) {
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
                var events: [Event] = []
                while case let count = read(inotify, &buffer, buffer.count), count > 0 {
                    events += Self.events(in: buffer, count: count)
                }
                if !events.isEmpty { handler(events) }
            }
        }
    }

    private static func events(in buffer: [UInt8], count: Int) -> [Event] {
        var events: [Event] = []
        var offset = 0
        while offset + MemoryLayout<inotify_event>.size <= count {
            let (watch, mask, length) = buffer.withUnsafeBytes {
                ($0.load(fromByteOffset: offset, as: Int32.self),
                 $0.load(fromByteOffset: offset + 4, as: UInt32.self),
                 Int($0.load(fromByteOffset: offset + 12, as: UInt32.self)))
            }
            let nameStart = offset + MemoryLayout<inotify_event>.size
            offset = nameStart + length
            let name = String(decoding: buffer[nameStart ..< min(nameStart + length, count)].prefix { $0 != 0 }, as: UTF8.self)
            events.append(Event(watch: watch, mask: mask, name: name))
        }
        return events
    }

    deinit {
        if started.load(ordering: .relaxed) {
            var byte: UInt8 = 1
            _ = write(stop, &byte, 1)
        } else {
            close(descriptor)
            close(stopped)
        }
        close(stop)
    }
}
