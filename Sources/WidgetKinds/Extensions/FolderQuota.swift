import CProcessControl
import Foundation
import Synchronization
import WidgetConfiguration
import WidgetContainer

/// Keeps each module's folder of the container within its `limits.disk`
/// and `limits.files`, and the disk it is on from being filled by a kind.
///
/// No kernel quota can be had without privileges, so the host watches: an
/// inotify watch on every folder of each module's tree, on a thread of its
/// own, measures a module's folder after a batch of its writes (at most
/// every `interval` while the writes go on) and, past a limit, tells the
/// module's `over`, which stops its extension. A single file cannot grow past the
/// disk limit at all (the extension's `RLIMIT_FSIZE`); what many files
/// gain between two measurements is the overshoot, a few milliseconds of
/// writing. The disk keeps `reserve(ofDiskOf:)` free for the container
/// whatever each folder's limit says.
package final class FolderQuota: Sendable {
    /// The measurements of one module's folder while writes go on.
    static let interval: Duration = .milliseconds(50)

    private struct Watched {
        let module: String
        let folder: String
        let limits: ExtensionLimits
        let over: @Sendable (_ reason: String) -> Void
        /// What the folder held when the extension started.
        let bytesAtStart: Int
        var dirty = false
        var lastMeasured: ContinuousClock.Instant?
        /// Set once `over` was told; cleared when the extension starts again.
        var reported = false
    }

    private struct State {
        var modules: [String: Watched] = [:]
        /// Which module and folder each watch descriptor stands for.
        var watches: [Int32: (module: String, path: String)] = [:]
    }

    private let inotify: Int32
    private let wake: (read: Int32, write: Int32)
    private let state = Mutex(State())

    /// Nil when inotify cannot be had: folders are then measured only when an
    /// extension starts.
    package init?() {
        let inotify = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard inotify >= 0 else { return nil }
        var pipe: [Int32] = [-1, -1]
        guard wh_pipe_cloexec(&pipe) == 0 else {
            close(inotify)
            return nil
        }
        self.inotify = inotify
        wake = (pipe[0], pipe[1])
        let thread = Thread { [self] in
            wh_set_thread_name("wh-quota")
            run()
        }
        thread.name = "wh-quota"
        thread.start()
    }

    // MARK: What the pool asks

    /// Watches `folder` for `module` from now on (again, after a stop):
    /// `over` hears, once, why it may not grow any more. False when the
    /// folder cannot be watched (the user's inotify watches used up).
    @discardableResult
    package func watch(module: String, folder: String, limits: ExtensionLimits, over: @escaping @Sendable (_ reason: String) -> Void) -> Bool {
        let start = KindFolders.measure(folder).bytes
        let watching = state.withLock { state in
            state.modules[module] = Watched(module: module, folder: folder, limits: limits, over: over, bytesAtStart: start)
            return addWatches(below: folder, module: module, into: &state)
        }
        poke()
        return watching
    }

    /// How much a folder may grow on a disk that is down to its reserve
    /// before the host stops its extension: making its folders and a small
    /// file is not filling the disk.
    static let growthOnALowDisk = 64 << 10

    /// Why `folder` may not grow now, or nil: over a limit, or, when it holds
    /// more than `grownFrom` allows, on a disk whose last free bytes belong
    /// to the container (nil: the disk is not looked at).
    package static func problem(in folder: String, limits: ExtensionLimits, grownFrom: Int? = 0) -> String? {
        let usage = KindFolders.measure(folder)
        if usage.bytes > limits.disk {
            return "its folder holds \(ExtensionLimits.format(usage.bytes)), over its limit of \(ExtensionLimits.format(limits.disk)) (widgets[].limits.disk); "
                + "delete files in \(folder) or raise the limit"
        }
        if usage.entries > limits.files {
            return "its folder holds \(usage.entries) files and folders, over its limit of \(limits.files) (widgets[].limits.files); "
                + "delete files in \(folder) or raise the limit"
        }
        if let grownFrom, usage.bytes > grownFrom + growthOnALowDisk, let free = freeBytes(on: folder),
           case let reserve = reserve(ofDiskOf: folder), free < reserve {
            return "the disk its folder is on has \(ExtensionLimits.format(free)) free, less than the \(ExtensionLimits.format(reserve)) kept for the container; "
                + "its folder holds \(ExtensionLimits.format(usage.bytes))"
        }
        return nil
    }

    /// What the disk keeps free for the container: 64 MiB, or a twentieth
    /// of a smaller file system.
    package static func reserve(ofDiskOf folder: String) -> Int {
        var system = statvfs()
        guard statvfs(folder, &system) == 0 else { return 64 << 20 }
        return min(64 << 20, Int(system.f_blocks) * Int(system.f_frsize) / 20)
    }

    static func freeBytes(on folder: String) -> Int? {
        var system = statvfs()
        guard statvfs(folder, &system) == 0 else { return nil }
        return Int(system.f_bavail) * Int(system.f_frsize)
    }

    // MARK: The watching thread

    private static let events = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)

    /// Adds a watch on `folder` and every folder below it; false when the
    /// first could not be added.
    @discardableResult
    private func addWatches(below folder: String, module: String, into state: inout State) -> Bool {
        var pending = [folder]
        var first = true
        while let current = pending.popLast() {
            let watch = inotify_add_watch(inotify, current, Self.events | UInt32(IN_ONLYDIR))
            defer { first = false }
            guard watch >= 0 else {
                if first { return false }
                continue
            }
            state.watches[watch] = (module, current)
            guard let directory = opendir(current) else { continue }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != ".", name != "..", entry.pointee.d_type == UInt8(DT_DIR) { pending.append(current + "/" + name) }
            }
            closedir(directory)
        }
        return true
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var descriptors = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            let timeout = nextMeasurement().map { max(0, Int32(($0 - .now).milliseconds.rounded(.up))) } ?? -1
            guard poll(&descriptors, 2, timeout) >= 0 || errno == EINTR else { return }
            if descriptors[1].revents != 0 { _ = read(wake.read, &buffer, buffer.count) }
            while true {
                let count = read(inotify, &buffer, buffer.count)
                guard count > 0 else { break }
                record(buffer[..<count])
            }
            measureDue()
        }
    }

    /// Marks the modules whose folders changed, and watches new subfolders.
    private func record(_ bytes: ArraySlice<UInt8>) {
        state.withLock { state in
            var offset = bytes.startIndex
            while offset + 16 <= bytes.endIndex {
                let watch = bytes.withUnsafeBytes { $0.load(fromByteOffset: offset - bytes.startIndex, as: Int32.self) }
                let mask = bytes.withUnsafeBytes { $0.load(fromByteOffset: offset - bytes.startIndex + 4, as: UInt32.self) }
                let length = Int(bytes.withUnsafeBytes { $0.load(fromByteOffset: offset - bytes.startIndex + 12, as: UInt32.self) })
                let nameBytes = bytes[(offset + 16) ..< min(offset + 16 + length, bytes.endIndex)]
                offset += 16 + length
                if mask & UInt32(IN_IGNORED) != 0 {
                    state.watches[watch] = nil
                    continue
                }
                guard let (module, path) = state.watches[watch] else { continue }
                state.modules[module]?.dirty = true
                if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                    let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                    addWatches(below: path + "/" + name, module: module, into: &state)
                }
            }
        }
    }

    /// When the next measurement of a folder still written to is due.
    private func nextMeasurement() -> ContinuousClock.Instant? {
        state.withLock { state in
            state.modules.values.filter { $0.dirty && !$0.reported }.compactMap { $0.lastMeasured.map { $0 + Self.interval } }.min()
        }
    }

    private func measureDue() {
        let now = ContinuousClock.now
        let due = state.withLock { state in
            state.modules.values.filter { $0.dirty && !$0.reported && ($0.lastMeasured.map { now - $0 >= Self.interval } ?? true) }
        }
        for watched in due {
            let problem = Self.problem(in: watched.folder, limits: watched.limits, grownFrom: watched.bytesAtStart)
            let tell = state.withLock { state -> Bool in
                guard state.modules[watched.module] != nil else { return false }
                state.modules[watched.module]!.dirty = false
                state.modules[watched.module]!.lastMeasured = now
                guard problem != nil else { return false }
                state.modules[watched.module]!.reported = true
                return true
            }
            if tell, let problem { watched.over(problem) }
        }
    }
}

private extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
    }
}
