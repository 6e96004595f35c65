import CProcessControl
import Foundation
import HostBasics
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
    /// The measurements of one module's folder while writes go on: every
    /// 50 ms, or ten times what the last took, so that a folder of many
    /// files costs the host a tenth of a core at most.
    static let interval: Duration = .milliseconds(50)

    static func wait(after cost: Duration) -> Duration {
        max(interval, cost * 10)
    }

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
        /// How long the last measurement took: the next waits ten times as
        /// long at least, so measuring takes a tenth of a core at most.
        var lastCost: Duration = .zero
    }

    private struct State {
        var modules: [String: Watched] = [:]
        /// Which module each watch descriptor stands for.
        var watches: [Int32: String] = [:]
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
        NamedThread.start("wh-quota") { [self] in run() }
    }

    // MARK: What the pool asks

    /// Watches `folder` for `module` from now on (again, after a stop):
    /// `over` hears, once, why it may not grow any more. False when the
    /// folder cannot be watched (the user's inotify watches used up).
    @discardableResult
    package func watch(module: String, folder: String, limits: ExtensionLimits, over: @escaping @Sendable (_ reason: String) -> Void) -> Bool {
        var watches: [(Int32, String)] = []
        let start = KindFolders.walk(folder) { descriptor in watches += addWatch(descriptor) }.bytes
        guard !watches.isEmpty else { return false }
        state.withLock { state in
            state.modules[module] = Watched(module: module, folder: folder, limits: limits, over: over, bytesAtStart: start)
            for (watch, _) in watches { state.watches[watch] = module }
        }
        poke()
        return true
    }

    /// How much a folder may grow on a disk that is down to its reserve
    /// before the host stops its extension: making its folders and a small
    /// file is not filling the disk.
    static let growthOnALowDisk = 64 << 10

    /// Why `folder` may not grow now, or nil: over a limit, or, when it holds
    /// more than `grownFrom` allows, on a disk whose last free bytes belong
    /// to the container (nil: the disk is not looked at).
    package static func problem(in folder: String, limits: ExtensionLimits, grownFrom: Int? = 0) -> String? {
        problem(with: KindFolders.measure(folder), in: folder, limits: limits, grownFrom: grownFrom)
    }

    static func problem(with usage: KindFolders.Usage, in folder: String, limits: ExtensionLimits, grownFrom: Int?) -> String? {
        if usage.tooDeep {
            return "its folder nests folders more than \(KindFolders.maximumDepth) deep; delete some in \(folder)"
        }
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

    /// A watch on the folder open at `descriptor`, through its /proc name:
    /// that folder itself, whatever its path leads to by now.
    private func addWatch(_ descriptor: Int32) -> [(Int32, String)] {
        let watch = inotify_add_watch(inotify, "/proc/self/fd/\(descriptor)", Self.events | UInt32(IN_ONLYDIR))
        return watch >= 0 ? [(watch, "")] : []
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

    /// Marks the modules whose folders changed. A folder made in one gets
    /// its watch when the tree is next measured (each measurement walks it
    /// and watches every folder it finds); after an overflow of inotify's
    /// queue, which loses events, every module is measured again.
    private func record(_ bytes: ArraySlice<UInt8>) {
        state.withLock { state in
            var offset = bytes.startIndex
            while offset + 16 <= bytes.endIndex {
                let watch = bytes.withUnsafeBytes { $0.load(fromByteOffset: offset - bytes.startIndex, as: Int32.self) }
                let mask = bytes.withUnsafeBytes { $0.load(fromByteOffset: offset - bytes.startIndex + 4, as: UInt32.self) }
                let length = Int(bytes.withUnsafeBytes { $0.load(fromByteOffset: offset - bytes.startIndex + 12, as: UInt32.self) })
                offset += 16 + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    for module in state.modules.keys { state.modules[module]?.dirty = true }
                    continue
                }
                if mask & UInt32(IN_IGNORED) != 0 {
                    state.watches[watch] = nil
                    continue
                }
                guard let module = state.watches[watch] else { continue }
                state.modules[module]?.dirty = true
            }
        }
    }

    /// Watches the folders of `module`'s tree that have none yet.
    private func watchNewFolders(of module: String) {
        guard let folder = state.withLock({ $0.modules[module]?.folder }) else { return }
        var watches: [Int32] = []
        KindFolders.walk(folder) { descriptor in watches += addWatch(descriptor).map(\.0) }
        state.withLock { state in for watch in watches { state.watches[watch] = module } }
    }

    /// When the next measurement of a folder still written to is due.
    private func nextMeasurement() -> ContinuousClock.Instant? {
        state.withLock { state in
            state.modules.values.filter { $0.dirty && !$0.reported }.compactMap { watched in watched.lastMeasured.map { $0 + Self.wait(after: watched.lastCost) } }.min()
        }
    }

    private func measureDue() {
        let now = ContinuousClock.now
        let due = state.withLock { state in
            state.modules.values.filter { watched in
                watched.dirty && !watched.reported && (watched.lastMeasured.map { now - $0 >= Self.wait(after: watched.lastCost) } ?? true)
            }
        }
        for watched in due {
            let began = ContinuousClock.now
            var watches: [Int32] = []
            let usage = KindFolders.walk(watched.folder) { descriptor in watches += addWatch(descriptor).map(\.0) }
            let problem = Self.problem(with: usage, in: watched.folder, limits: watched.limits, grownFrom: watched.bytesAtStart)
            let cost = ContinuousClock.now - began
            let tell = state.withLock { state -> Bool in
                for watch in watches { state.watches[watch] = watched.module }
                guard state.modules[watched.module] != nil else { return false }
                state.modules[watched.module]!.dirty = false
                state.modules[watched.module]!.lastMeasured = now
                state.modules[watched.module]!.lastCost = cost
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
