import Foundation
import WidgetConfiguration
import WidgetKinds

extension Workspace {
    /// Reads the kinds again from `manifest`, with a fresh extension process
    /// for each module in `changedModules` (paths), so that a rebuilt module
    /// file is loaded anew. The other modules keep their processes and are
    /// not asked again: what they said is what they are, and one that is
    /// restarting after a crash, or slow to answer, must not drop its kinds
    /// or hold up the reload. The caller puts the result in place with
    /// `replace(_:)`.
    package func loadAgain(_ manifest: Manifest, changedModules: Set<String>) async -> LoadedBundle {
        let previous = bundle
        for path in changedModules {
            await previous.pool.all.first { $0.modulePath == path }?.replace()
        }
        // New credentials' variables leave every extension's environment.
        if previous.pool.withhold(manifest.withheldVariables) {
            for moduleExtension in previous.pool.all { await moduleExtension.replace() }
        }
        // An edited manifest may give a module other limits or another sandbox.
        for moduleExtension in previous.pool.all {
            if let entry = manifest.widgets.first(where: { $0.module.value == moduleExtension.module }) {
                await moduleExtension.adopt(limits: entry.limits, sandbox: entry.sandbox)
            }
        }
        return await LoadedBundle.load(manifest, pool: previous.pool,
                                       reusing: previous.modules.filter { !changedModules.contains($0.key) })
    }
}
