import Foundation
import Testing
import WidgetConfiguration
import WidgetContainer
import WidgetHost
import WidgetTestSupport

/// A bundle with the three GitHub kinds and the fixture kinds, whose
/// container lives in a fresh temporary folder, driven through the real CLI.
package struct ContainerFixture {
    /// Where the container lives: the suites that touch it run on both.
    package enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case sqlite, postgres
        package var testDescription: String { rawValue }
    }

    package let folder: URL
    package let manifestPath: String
    package let backend: Backend

    /// `githubAPI` defaults to a closed loopback port: no test ever reaches github.com.
    /// On PostgreSQL the container is a schema of its own in the tests' server.
    /// `schedule` is the manifest's `schedule:` mapping. Its call timeout
    /// defaults to ten minutes: a first reload starts an extension process and
    /// asks the fake GitHub, which answers on this test process's busy pool,
    /// and on a loaded two-core machine that once took over 30 s; a timeout
    /// would then defer the retry past every test's wait. A request to it
    /// gets as long, for the same reason (20 s once ran out under a build).
    package init(containerPath: String = "data", githubAPI: String = "http://127.0.0.1:9", backend: Backend = .sqlite,
         schedule: String = "timeout: 10m") throws {
        folder = try TestSupport.temporaryDirectory()
        manifestPath = folder.appendingPathComponent("config.yaml").path
        self.backend = backend
        let container = switch backend {
        case .sqlite: "  group: group.test.container\n  path: \(containerPath)"
        case .postgres: "  group: \(TestPostgres.freshGroup())\n  url: \(try TestPostgres.url)"
        }
        try """
            schedule: {\(schedule)}
            container:
            \(container)
            github: {api: "\(githubAPI)", timeout: 10m}
            widgets:
              - kind: SingleRepo
              - kind: DoubleRepo
              - kind: Contributor
                settings: {repo: apple/swift}
              - {kind: Gauge, module: FixtureKinds}
              - {kind: Note, module: FixtureKinds}
            """.write(toFile: manifestPath, atomically: true, encoding: .utf8)
    }

    package var databasePath: String { folder.appendingPathComponent("data/container.sqlite").path }

    /// `widgethost <arguments> --config <this manifest>`
    package func run(_ arguments: String...) async throws -> TestSupport.ProcessResult {
        try await run(arguments)
    }

    /// - Parameter input: the command's standard input.
    package func run(_ arguments: [String], input: String? = nil) async throws -> TestSupport.ProcessResult {
        // Options go before a `--`, after which everything is an argument.
        var arguments = arguments
        arguments.insert(contentsOf: ["--config", manifestPath], at: arguments.firstIndex(of: "--") ?? arguments.endIndex)
        return try await TestSupport.widgethost(arguments, input: input)
    }

    package func instances() async throws -> [[String: Any]] {
        let result = try await run("list-instances", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    }

    package func savedRepositories() async throws -> [String] {
        let result = try await run("repos", "list", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode([String].self, from: Data(result.stdout.utf8))
    }

    /// The user-visible state, to show that a refused command changed nothing.
    package func snapshot() async throws -> String {
        try await run("list-instances", "--json").stdout + (try await run("repos", "list", "--json").stdout)
    }

    /// Opens the container in this process, as the host does.
    package func container() throws -> SharedContainer {
        try SharedContainer(manifest: try Manifest.load(from: manifestPath))
    }
}
