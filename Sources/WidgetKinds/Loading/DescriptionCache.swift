import ExtensionProtocol
import Foundation
import HostBasics

/// What each module said it offers, kept between commands so that those
/// which only read or write the container (`status`, `list-instances`,
/// `repos`) start no extension process: a module's kinds are known without
/// loading it while neither it nor the extension runner has changed.
///
/// One JSON file per module path under `$XDG_CACHE_HOME/widgethost/modules`
/// (else `~/.cache/…`), replaced whole with a rename. It is a shortcut and
/// nothing more: a file that cannot be read or written, or that names
/// another version of either file, is as if absent, and only modules that
/// loaded are kept (a failure is always found again by loading).
package struct DescriptionCache: Sendable {
    private struct Entry: Codable {
        var modulePath: String
        var module: FileIdentity
        /// The extension runner the module was described by: a new build of
        /// widgethost (and of its SDK) describes it again.
        var runner: FileIdentity
        var kinds: [KindDescription]
        /// Absent in what an older build kept: the module is then described again.
        var activities: [String]?
        /// Absent in what an older build kept: the module is then described again.
        var controls: [ControlDescription]?
    }

    let folder: URL

    package init(folder: URL) {
        self.folder = folder
    }

    /// The user's cache folder for widgethost, from the environment; nil without a home.
    package static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> DescriptionCache? {
        let base: URL
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = URL(fileURLWithPath: cache)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = URL(fileURLWithPath: home).appendingPathComponent(".cache")
        } else {
            return nil
        }
        return DescriptionCache(folder: base.appendingPathComponent("widgethost/modules"))
    }

    /// The kinds, Live Activities and controls `modulePath` offered when
    /// last described by `runner`, if both files are as they were then.
    func description(of modulePath: String, runner: String) -> (kinds: [KindDescription], activities: [String], controls: [ControlDescription])? {
        guard let module = FileIdentity(path: modulePath), let runnerFile = FileIdentity(path: runner),
              let data = FileManager.default.contents(atPath: file(for: modulePath).path),
              let entry = try? JSONDecoder().decode(Entry.self, from: data),
              entry.modulePath == modulePath, entry.module == module, entry.runner == runnerFile, let activities = entry.activities,
              let controls = entry.controls
        else { return nil }
        return (entry.kinds, activities, controls)
    }

    /// Keeps what `modulePath` offers; silently nothing where the cache
    /// cannot be written. `module` is the file's identity as it was launched.
    func store(_ kinds: [KindDescription], activities: [String], controls: [ControlDescription], of modulePath: String, module: FileIdentity?,
               runner: String) {
        guard let module, module == FileIdentity(path: modulePath), let runnerFile = FileIdentity(path: runner),
              let data = try? JSONEncoder().encode(Entry(modulePath: modulePath, module: module, runner: runnerFile, kinds: kinds,
                                                         activities: activities, controls: controls))
        else { return }
        let target = file(for: modulePath)
        let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(getpid()).\(UInt32.random(in: 0 ... .max))")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: temporary)
            guard rename(temporary.path, target.path) == 0 else { throw POSIXError(.EIO) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    /// `<module name>-<FNV-1a of the path>.json`: readable, and one per path.
    private func file(for modulePath: String) -> URL {
        let hash = FNV1a.hash(modulePath.utf8)
        let name = URL(fileURLWithPath: modulePath).deletingPathExtension().lastPathComponent
        return folder.appendingPathComponent("\(name)-\(String(hash, radix: 16)).json")
    }
}
