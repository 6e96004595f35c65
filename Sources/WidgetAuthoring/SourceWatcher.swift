import Foundation
import HostBasics
import Synchronization

/// Tells when a package's Swift sources, its `Package.swift` or its
/// manifest (`also`) change, through an `Inotify`, so watching costs
/// nothing while nobody types.
///
/// It watches the package folder and every folder below it but hidden ones
/// (`.build`, `.git`), and folders created later. Editors that save by
/// writing a new file and renaming it over the old one are seen by the
/// rename into the folder.
package final class SourceWatcher: Sendable {
    private let inotify: Inotify
    private let package: URL
    /// Files in the package folder watched besides Swift sources.
    private let also: Set<String>
    private let folders = Mutex<[Int32: String]>([:])
    private let pending = Mutex<Set<String>>([])
    private let signal: AsyncStream<Void>.Continuation
    /// One element for any number of changes made since the last was taken.
    package let changes: AsyncStream<Void>

    package init(package: URL, also: Set<String> = []) throws(AuthoringError) {
        self.package = package.standardizedFileURL
        self.also = also
        do {
            inotify = try Inotify()
        } catch {
            throw .cannotWatch(package.path, reason: String(cString: strerror(error.code.rawValue)))
        }
        (changes, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        try watchTree(self.package.path)
        // Weakly: the watcher's release is what stops the thread.
        inotify.start("wh-sources") { [weak self] events in
            guard let self else { return }
            var changed = false
            for event in events { changed = handle(event) || changed }
            if changed { signal.yield() }
        }
    }

    /// The files changed since the last call, relative to the package.
    package func takeChanged() -> [String] {
        pending.withLock { paths in
            defer { paths.removeAll() }
            return paths.sorted()
        }
    }

    private static let fileEvents = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
    private static let folderEvents = UInt32(IN_CREATE) | fileEvents

    private func watchTree(_ path: String) throws(AuthoringError) {
        let watch: Int32
        do {
            watch = try inotify.add(path, mask: Self.folderEvents)
        } catch {
            throw .cannotWatch(path, reason: String(cString: strerror(error.code.rawValue)))
        }
        folders.withLock { $0[watch] = path }
        let children = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for child in children where !child.hasPrefix(".") {
            var isFolder: ObjCBool = false
            let full = path + "/" + child
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), isFolder.boolValue {
                try watchTree(full)
            }
        }
    }

    /// Whether the event changes what the package builds from.
    private func handle(_ event: Inotify.Event) -> Bool {
        let name = event.name
        guard !name.isEmpty, !name.hasPrefix("."), let folder = folders.withLock({ $0[event.watch] }) else { return false }
        let path = folder + "/" + name
        if event.isFolder {
            if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { try? watchTree(path) }
            return false
        }
        let watched = name.hasSuffix(".swift") || (folder == package.path && also.contains(name))
        guard event.mask & Self.fileEvents != 0, watched else { return false }
        let relative = path.hasPrefix(package.path + "/") ? String(path.dropFirst(package.path.count + 1)) : path
        pending.withLock { _ = $0.insert(relative) }
        return true
    }
}
