import Foundation

extension Workspace {
    /// Reads the kinds again from `manifest`, with a fresh extension process
    /// for each module in `changedModules` (paths), so that a rebuilt module
    /// file is loaded anew; the other modules keep their processes. The
    /// caller puts the result in place with `replace(_:)`.
    public func loadAgain(_ manifest: Manifest, changedModules: some Sequence<String>) async -> LoadedBundle {
        let previous = bundle
        for path in changedModules {
            await previous.pool.all.first { $0.modulePath == path }?.replace()
        }
        return await LoadedBundle.load(manifest, pool: previous.pool)
    }
}
