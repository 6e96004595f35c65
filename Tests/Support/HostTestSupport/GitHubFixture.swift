import FakeGitHub
import Foundation
import Testing
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import WidgetKinds
import WidgetSDK
import WidgetTestSupport

/// The three GitHub kinds, a fake GitHub on loopback, and a manual clock
/// shared by the host and the fake server's rate-limit window.
package final class GitHubFixture: Sendable {
    package static let start = Date(timeIntervalSince1970: 1_800_000_000)
    package static let tokenVariable = "WIDGETHOST_TEST_TOKEN"

    package let server: FakeGitHub
    package let clock = ManualClock(GitHubFixture.start)
    package let folder: URL
    package let manifestPath: String
    package let workspace: Workspace

    /// `api` replaces the fake server's address, e.g. with a closed port.
    /// `widgets`: manifest lines for more kinds, each `  - {kind: …}`.
    package init(token: String? = nil, github: String = "", schedule: String = "", api: String? = nil, widgets: String = "") async throws {
        let clock = self.clock
        server = FakeGitHub(now: { clock.now() })
        try await server.start()
        server.add(.init(owner: "apple", name: "swift", description: "The Swift Programming Language", stars: 67_000, forks: 10_300, openIssues: 7_000))
        server.add(.init(owner: "sallen0400", name: "swift-news", stars: 320, forks: 40, openIssues: 2))
        server.add(.init(owner: "swiftlang", name: "swift-syntax", stars: 3_200, forks: 400, openIssues: 90))
        server.add(.init(owner: "owner", name: "empty", contributors: nil))

        folder = try TestSupport.temporaryDirectory()
        manifestPath = folder.appendingPathComponent("config.yaml").path
        // A first call starts an extension process and asks the fake GitHub, which answers on
        // this test process's busy pool: on a loaded two-core machine that outlasted the
        // default 30 s. Ten minutes, as ContainerFixture gives, unless the test sets its own.
        let callTimeout = schedule.contains("timeout:") ? "" : ", timeout: 10m"
        let requestTimeout = github.contains("timeout:") ? "" : ", timeout: 10m"
        try """
            container: {group: group.test.github, path: data}
            github: {api: "\(api ?? server.apiBase)", token_env: \(Self.tokenVariable)\(github.isEmpty ? "" : ", " + github)\(requestTimeout)}
            schedule: {min_interval: 1m\(schedule.isEmpty ? "" : ", " + schedule)\(callTimeout)}
            widgets:
              - kind: SingleRepo
              - kind: DoubleRepo
              - kind: Contributor
                settings: {repo: apple/swift}
            \(widgets)
            """.write(toFile: manifestPath, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment[Self.tokenVariable] = token
        workspace = try await Workspace(manifest: try Manifest.load(from: manifestPath), clock: clock, environment: environment)
    }

    deinit { server.stop() }

    package func kind(_ name: String) throws -> LoadedKind {
        try #require(workspace.bundle.kind(named: name), "\(workspace.bundle.diagnostics)")
    }

    /// A kind's timeline as the host would ask for it now.
    package func timeline(_ name: String, family: WidgetFamily, _ configuration: ConfigurationValues = [:]) async throws -> ArchivedTimeline {
        let kind = try kind(name)
        let context = kind.context(for: family, date: clock.now())
        return try await workspace.withServices { try await kind.descriptor.provider.timeline(for: configuration, in: context) }
    }

    package func add(_ kind: String, _ arguments: String...) async throws -> String {
        let planner = InstancePlanner(bundle: workspace.bundle)
        let new = try await workspace.withServices { try await planner.plan(kind: kind, family: nil, name: nil, arguments: arguments) }
        return try workspace.container.insert(new).instance.id
    }

    package func apiRequests(to path: String) -> [FakeGitHub.Request] {
        server.requests(to: path)
    }

    package var apiRequestCount: Int { server.requests.filter { !$0.path.hasPrefix("/avatars/") }.count }
}

extension ViewNode {
    /// Every text in the tree, depth first.
    package var texts: [String] {
        var result: [String] = []
        if case .text(let string) = content { result.append(string) }
        for child in children { result += child.texts }
        return result
    }
}
