import Foundation
import HostText
import WidgetConfiguration
import WidgetKinds
import WidgetSDK

extension TimelineHost {
    /// Takes in a module rebuilt or replaced on disk, and an edited manifest:
    /// a fresh extension for each changed module, its kinds read and checked
    /// again, and its instances reloaded without charge to their budget (a
    /// quarantine ends with it). A manifest that no longer parses is
    /// reported and the previous one kept; a module that now fails
    /// validation is reported and its instances keep their last entries.
    ///
    /// The kinds are read in a task of their own: a changed module slow to
    /// describe itself (up to the call timeout) holds up no other instance.
    /// One reload runs at a time; a change found meanwhile is taken in next
    /// (`filesChanged` stays set until the files are compared).
    func lookForChangedFiles() {
        guard reloadingFiles == nil else { return }
        filesChanged = false
        var watcher = bundleWatcher
        let changes = watcher.changes()
        bundleWatcher = watcher
        guard !changes.isEmpty else { return }
        let workspace = self.workspace
        let onProblem = self.onProblem
        let onNotice = self.onNotice
        let what = (changes.manifest ? [workspace.manifest.file] : []) + changes.modules.sorted().map { URL(fileURLWithPath: $0).lastPathComponent }
        onNotice("\(what.joined(separator: ", ")) changed: reading the kinds again")
        reloadingFiles = Task {
            let previous = workspace.bundle
            var manifest = previous.manifest
            if changes.manifest {
                do {
                    manifest = try Manifest.load(from: previous.manifest.file)
                    // A manifest read while an editor was still writing it may
                    // lack its last lines, and `instances:` is often last: before
                    // a declared instance is removed (its timeline with it), the
                    // file is read again once it has had time to be whole.
                    let declared = Set(manifest.instances.map(\.id.value))
                    if previous.manifest.instances.contains(where: { !declared.contains($0.id.value) }) {
                        try? await Task.sleep(for: .milliseconds(300))
                        manifest = try Manifest.load(from: previous.manifest.file)
                    }
                } catch {
                    onProblem("\(ErrorText.describe(error)); still running on the previous manifest")
                }
            }
            let bundle = await workspace.loadAgain(manifest, changedModules: changes.modules)
            // Declared instances follow the manifest, and are checked again
            // against kinds that changed; the sync after `apply` schedules them.
            if changes.manifest || !bundle.manifest.instances.isEmpty {
                do {
                    let (declared, problems) = try await DeclaredInstances(bundle: bundle).apply(to: workspace.container)
                    for problem in problems { onProblem("\(problem); that instance is left as it was") }
                    for line in declared.lines { onNotice(line) }
                } catch {
                    onProblem("bringing the manifest's instances into the container failed: \(ErrorText.describe(error)); will retry when the manifest next changes")
                }
            }
            await self.apply(bundle, previous: previous, changes: changes)
        }
    }

    /// Puts a bundle read by `lookForChangedFiles` in place.
    private func apply(_ bundle: LoadedBundle, previous: LoadedBundle, changes: BundleWatcher.Changes) {
        reloadingFiles = nil
        defer { wake() }
        guard !stopping else { return }
        let manifest = bundle.manifest
        for diagnostic in bundle.diagnostics { onProblem(diagnostic.description) }
        do {
            for report in try workspace.replace(bundle) { onNotice(report.description) }
        } catch {
            onProblem("migrating instances to the changed kinds failed, will retry: \(ErrorText.describe(error))")
        }
        bundleWatcher.track(bundle)
        // The modules may be others now, in other folders.
        watchFiles()
        core.policy = SchedulePolicy(settings: manifest.schedule)

        let changedKinds = Set(bundle.kinds.filter { kind in
            changes.modules.contains(kind.modulePath)
                || previous.kind(named: kind.name).map { $0.entry.settings != kind.entry.settings || $0.families != kind.families } ?? false
        }.map(\.name))
        let what = (changes.manifest ? ["\(manifest.file)"] : []) + changes.modules.sorted().map { URL(fileURLWithPath: $0).lastPathComponent }
        onNotice("\(what.joined(separator: ", ")) changed: \(bundle.kinds.count) kind\(bundle.kinds.count == 1 ? "" : "s") loaded"
            + (changedKinds.isEmpty ? "" : "; reloading instances of \(changedKinds.sorted().joined(separator: ", "))"))
        _ = attempt { try sync(force: true) }
        let now = clock.now()
        for (id, instance) in instances where changedKinds.contains(instance.kind) {
            handle(SchedulerCore.Step(events: core.release(id, at: now)))
        }
    }
}
