import ArgumentParser
import Foundation
import HostText
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import YAML

struct ReloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Ask the running host to reload timelines (WidgetCenter.reloadTimelines).",
        discussion: """
            Without --kind or --instance, every instance. Explicit reloads are not charged to the daily \
            budget but wait for the minimum interval since the last reload, unless --force.
            """)

    @Option(help: ArgumentHelp("Reload every instance of this kind.", valueName: "kind"))
    var kind: String?

    @Option(help: ArgumentHelp("Reload this instance.", valueName: "id"))
    var instance: String?

    @Flag(help: "Do not wait for the minimum interval.")
    var force = false

    @OptionGroup var manifest: ManifestOptions

    func validate() throws {
        if kind != nil && instance != nil {
            throw ValidationError("give --kind or --instance, not both")
        }
    }

    func run() async throws {
        // Only the container: a request needs no kind loaded, so no extension starts.
        let loaded = try manifest.loadManifest()
        let container = try manifest.openContainer(loaded)
        try await Terminal.failing {
            if let kind, !loaded.widgets.contains(where: { $0.kind.value == kind }) {
                let offered = loaded.widgets.map(\.kind.value)
                throw InstanceRequestError.unknownKind(kind, suggestion: Suggestion.closest(to: kind, in: offered), available: offered)
            }
            if let instance { _ = try container.existingInstance(id: instance) }
            let count = try container.addReloadRequest(ReloadRequest(kind: kind, instanceID: instance, force: force))
            let target = instance.map { "instance \($0)" } ?? kind.map { "\(count) \($0) instance\(count == 1 ? "" : "s")" }
                ?? "all \(count) instance\(count == 1 ? "" : "s")"
            print("reload requested for \(target)\(force ? " (forced)" : "")")
            if container.runningHost() == nil {
                Terminal.note("no host is running on this container; the next 'widgethost run' will reload")
                return
            }
            // Say when, if not at once: an unforced reload waits for the minimum interval.
            let ids = try instance.map { [$0] } ?? container.instances().filter { kind == nil || $0.kind == kind }.map(\.id)
            let waits = SchedulePolicy(settings: loaded.schedule).explicitReloadWaits(try container.schedules(of: ids), force: force, at: Date())
            guard let last = waits.max(by: { $0.at < $1.at }) else { return }
            let when = "\(InstanceStatus.clock(last.at)) (\(last.reason))"
            let hint = waits.contains { $0.deferrable } ? "; --force runs \(ids.count == 1 ? "it" : "them") now" : ""
            if ids.count == 1 {
                Terminal.line("the host runs it at \(when)\(hint)")
            } else {
                Terminal.line("\(waits.count) of them wait, the last until \(when)\(hint)")
            }
        }
    }
}

