import Foundation
import Testing
import WidgetConfiguration
import WidgetContainer
@testable import WidgetHost
import WidgetTestSupport

/// Issue 21: a running host wakes for its own deadlines and for changes it
/// is told of (inotify on SQLite, NOTIFY on PostgreSQL), and for nothing
/// else; an idle host does not look at the container every second.
@Suite struct EventDrivenHostTests {
    /// With one instance whose next reload is a day away, the loop, once
    /// its first timeline is saved, plans to wake for that reload and
    /// nothing sooner. Before, it woke every second to look at the
    /// container and the bundle's files.
    @Test func anIdleHostOnSQLitePlansNoWakeUpBeforeItsNextDeadline() async throws {
        let path = try TestSupport.writeManifest("""
            container: {group: group.test.idle, path: data}
            widgets:
              - {kind: Ticker, module: FixtureSchedules}
            """)
        let workspace = try await Workspace(manifest: try Manifest.load(from: path))
        let planner = InstancePlanner(bundle: workspace.bundle)
        let instance = try workspace.container.insert(try await planner.plan(
            kind: "Ticker", family: nil, name: nil, arguments: ["--entries", "1", "--policy", "after", "--after", "86400"])).instance.id
        let host = try TimelineHost(workspace: workspace)
        let run = Task { try await host.run() }
        defer { run.cancel() }

        let idle = try await TestSupport.eventually {
            guard await host.statistics.providerCalls == 1, await host.runningCalls == 0,
                  let next = await host.schedule(for: instance)?.nextReload,
                  // Saved…
                  try workspace.container.schedules(of: [instance]) { _, _ in }[instance] != nil,
                  let wake = await host.plannedWake else { return false }
            // …and asleep until the reload a day away.
            return abs(wake.timeIntervalSince(next)) < 1
        }
        let planned = await host.plannedWake
        let next = await host.schedule(for: instance)?.nextReload
        #expect(idle, "planned wake-up \(String(describing: planned)), next reload \(String(describing: next))")
        run.cancel()
        _ = try await run.value
        withExtendedLifetime(workspace) {}
    }
}
