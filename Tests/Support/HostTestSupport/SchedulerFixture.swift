import Foundation
import Synchronization
import Testing
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import WidgetKinds
import WidgetSDK
import WidgetTestSupport

/// A workspace offering the FixtureSchedules kinds, a manual clock starting at
/// `start`, and every scheduler event recorded.
package final class SchedulerFixture: Sendable {
    package static let start = Date(timeIntervalSince1970: 1_800_000_000)

    package let manifestPath: String
    package let workspace: Workspace
    package let clock: ManualClock
    private let recorded = EventLog()

    package init(schedule: String = "min_interval: 5m") async throws {
        let folder = try TestSupport.temporaryDirectory()
        manifestPath = folder.appendingPathComponent("config.yaml").path
        try """
            container: {group: group.test.scheduler, path: data}
            schedule: {\(schedule)}
            widgets:
              - {kind: Ticker, module: FixtureSchedules}
              - {kind: Flaky, module: FixtureSchedules}
              - {kind: Hang, module: FixtureSchedules}
            """.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        let clock = ManualClock(SchedulerFixture.start)
        self.clock = clock
        workspace = try await Workspace(manifest: try Manifest.load(from: manifestPath), clock: clock)
        #expect(workspace.bundle.diagnostics.isEmpty, "\(workspace.bundle.diagnostics)")
    }

    /// Places an instance as `add-instance` does; returns its id.
    package func add(_ kind: String, _ arguments: String...) async throws -> String {
        let planner = InstancePlanner(bundle: workspace.bundle)
        let new = try await workspace.withServices { try await planner.plan(kind: kind, family: nil, name: nil, arguments: arguments) }
        return try workspace.container.insert(new).instance.id
    }

    /// A host on this workspace and clock, as a fresh process would make it.
    package func host() throws -> TimelineHost {
        try TimelineHost(workspace: workspace, seed: 42) { [recorded] news in
            if case .event(let event, _) = news { recorded.append(event) }
        }
    }

    package func at(_ seconds: TimeInterval) -> Date { Self.start + seconds }

    package var events: [SchedulerEvent] { recorded.events }

    /// Seconds after `start` at which `instance` had events matching `filter`.
    package func times(_ instance: String, _ filter: (SchedulerEvent.Kind) -> Bool) -> [TimeInterval] {
        events.filter { $0.instance == instance && filter($0.kind) }.map { $0.date.timeIntervalSince(Self.start) }
    }

    package func reloads(_ instance: String) -> [TimeInterval] {
        times(instance) { if case .reloadStarted = $0 { true } else { false } }
    }

    package func transitions(_ instance: String) -> [TimeInterval] {
        times(instance) { if case .entryBecameCurrent = $0 { true } else { false } }
    }

    package func failures(_ instance: String) -> [(at: TimeInterval, retry: TimeInterval?, error: String)] {
        events.compactMap { event in
            guard event.instance == instance, case .reloadFailed(let error, _, let retry, _) = event.kind else { return nil }
            return (event.date.timeIntervalSince(Self.start), retry.map { $0.timeIntervalSince(Self.start) }, error)
        }
    }
}

/// Events as the host reported them, from any thread.
package final class EventLog: Sendable {
    private let storage = Mutex<[SchedulerEvent]>([])

    package func append(_ event: SchedulerEvent) {
        storage.withLock { $0.append(event) }
    }

    package var events: [SchedulerEvent] { storage.withLock { $0 } }
}
