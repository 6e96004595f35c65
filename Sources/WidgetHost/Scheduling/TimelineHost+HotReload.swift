import Foundation
import HostText
import WidgetConfiguration
import WidgetContainer
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
        let report = self.report
        let what = (changes.manifest ? [workspace.manifest.file] : []) + changes.modules.sorted().map { URL(fileURLWithPath: $0).lastPathComponent }
        report(.notice("\(what.joined(separator: ", ")) changed: reading the kinds again"))
        // Removals the manifest asked for before this change wait for this one's verdict.
        let pending = changes.manifest ? pendingRemovals?.ids ?? [] : []
        if changes.manifest {
            pendingRemovals?.task.cancel()
            pendingRemovals = nil
        }
        reloadingFiles = Task {
            let previous = workspace.bundle
            var manifest = previous.manifest
            var text: Data?
            if changes.manifest {
                do {
                    text = try? Data(contentsOf: URL(fileURLWithPath: previous.manifest.file))
                    manifest = try Manifest.load(from: previous.manifest.file)
                } catch {
                    report(.problem("\(ErrorText.describe(error)); still running on the previous manifest"))
                }
            }
            let bundle = await workspace.loadAgain(manifest, changedModules: changes.modules)
            // Declared instances follow the manifest, and are checked again
            // against kinds that changed; the sync after `apply` schedules them.
            // One the manifest dropped is removed only once the manifest has
            // said so for a while: a file read while an editor was still
            // writing it, or a checkout half done, lacks its last lines, and
            // `instances:` is often last.
            if changes.manifest || !bundle.manifest.instances.isEmpty {
                do {
                    let (declared, problems) = try await DeclaredInstances(bundle: bundle).apply(to: workspace.container, removing: false)
                    for problem in problems { report(.problem("\(problem); that instance is left as it was")) }
                    for line in declared.lines { report(.notice(line)) }
                    let back = pending.subtracting(declared.notRemovedYet.map(\.id))
                    if !back.isEmpty {
                        report(.notice("the manifest declares \(back.sorted().joined(separator: ", ")) again: nothing was removed"))
                    }
                    if !declared.notRemovedYet.isEmpty, let text {
                        let ids = declared.notRemovedYet.map(\.id).joined(separator: ", ")
                        let delay = bundle.manifest.schedule.removalDelay
                        report(.notice("the manifest no longer declares \(ids): removed if it still does not in \(delay) (schedule.removal_delay)"))
                        self.confirmRemovals(Set(declared.notRemovedYet.map(\.id)), of: bundle.manifest.file, reading: text,
                                             after: .milliseconds(Int64(delay.seconds * 1_000)))
                    }
                } catch {
                    report(.problem("bringing the manifest's instances into the container failed: \(ErrorText.describe(error)); will retry when the manifest next changes"))
                }
            }
            await self.apply(bundle, previous: previous, changes: changes)
        }
    }

    /// Removes the declared instances the manifest dropped once it has said
    /// the same `text` for `delay` (`schedule.removal_delay`); a change
    /// meanwhile cancels this, and is taken in on its own.
    private func confirmRemovals(_ ids: Set<String>, of file: String, reading text: Data, after delay: Duration) {
        pendingRemovals?.task.cancel()
        let workspace = self.workspace
        let report = self.report
        pendingRemovals = (ids, Task {
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled, (try? Data(contentsOf: URL(fileURLWithPath: file))) == text else { return }
            do {
                let (declared, _) = try await DeclaredInstances(bundle: workspace.bundle).apply(to: workspace.container, removing: true)
                for line in declared.lines { report(.notice(line)) }
            } catch {
                report(.problem("removing the instances the manifest no longer declares failed: \(ErrorText.describe(error)); will retry when the manifest next changes"))
            }
            self.wakeAfterRemovals()
        })
    }

    private func wakeAfterRemovals() {
        pendingRemovals = nil
        wake()
    }

    /// Puts a bundle read by `lookForChangedFiles` in place.
    private func apply(_ bundle: LoadedBundle, previous: LoadedBundle, changes: BundleWatcher.Changes) {
        reloadingFiles = nil
        defer { wake() }
        guard !stopping else { return }
        let manifest = bundle.manifest
        for diagnostic in bundle.diagnostics { report(.problem(diagnostic.description)) }
        do {
            for change in try workspace.replace(bundle) { report(.notice(change.description)) }
        } catch {
            report(.problem("migrating instances to the changed kinds failed, will retry: \(ErrorText.describe(error))"))
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
        report(.notice("\(what.joined(separator: ", ")) changed: \(bundle.kinds.count) kind\(bundle.kinds.count == 1 ? "" : "s") loaded"
            + (changedKinds.isEmpty ? "" : "; reloading instances of \(changedKinds.sorted().joined(separator: ", "))")))
        _ = attempt { try sync(force: true) }
        let now = clock.now()
        for (id, instance) in instances where changedKinds.contains(instance.kind) {
            handle(SchedulerCore.Step(events: core.release(id, at: now)))
        }
    }
}
