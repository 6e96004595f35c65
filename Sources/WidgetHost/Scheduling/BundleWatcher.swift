import Foundation
import WidgetConfiguration
import WidgetContainer
import WidgetKinds

/// Notices when the manifest or a module file changes on disk: rebuilt in
/// place, or replaced with `mv`. Compares device, inode, size and
/// modification time, so a check is one `stat` per file.
struct BundleWatcher: Sendable {
    struct Changes: Sendable {
        var manifest = false
        var modules: Set<String> = []
        var isEmpty: Bool { !manifest && modules.isEmpty }
    }

    private let manifestPath: String
    private var manifest: FileIdentity?
    private var modules: [String: FileIdentity?] = [:]

    init(bundle: LoadedBundle) {
        manifestPath = URL(fileURLWithPath: bundle.manifest.file).path
        manifest = FileIdentity(path: manifestPath)
        track(bundle)
    }

    /// Follows the modules of a newly loaded bundle. The manifest's identity
    /// stays as `changes()` last saw it, so an edit made while the bundle
    /// was loading is still noticed on the next check.
    mutating func track(_ bundle: LoadedBundle) {
        modules = Dictionary(bundle.pool.all.map { ($0.modulePath, FileIdentity(path: $0.modulePath)) }) { first, _ in first }
    }

    /// The files followed, for a `FileNotifier` to watch their folders.
    var paths: [String] { [manifestPath] + modules.keys.sorted() }

    /// What changed since the last call; each change is reported once.
    mutating func changes() -> Changes {
        var changes = Changes()
        let currentManifest = FileIdentity(path: manifestPath)
        if currentManifest != manifest {
            manifest = currentManifest
            changes.manifest = true
        }
        for (path, identity) in modules {
            let current = FileIdentity(path: path)
            if current != identity {
                modules[path] = current
                changes.modules.insert(path)
            }
        }
        return changes
    }
}
