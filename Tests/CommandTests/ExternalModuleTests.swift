import Foundation
import HostBasics
import Testing
@testable import WidgetHost
@testable import WidgetKinds
import WidgetSDK
import WidgetTestSupport

/// A kind written and built outside this package, against WidgetSDK alone,
/// loads into the host without rebuilding it.
@Suite("A widget module built elsewhere")
struct ExternalModuleTests {
    @Test func theCountdownExampleBuildsAndLoads() async throws {
        let example = TestSupport.repositoryRoot.appendingPathComponent("Examples/Countdown")
        let build = ChildProcess()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = ["swift", "build", "--package-path", example.path]
        build.environment = ProcessInfo.processInfo.environment.merging(
            ["PATH": (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/opt/swift/usr/bin"]) { $1 }
        build.standardOutput = FileHandle.nullDevice
        try await TestSupport.run(build)
        try #require(build.terminationStatus == 0, "swift build of Examples/Countdown failed")

        let manifest = example.appendingPathComponent("countdown.yaml").path
        let result = try await TestSupport.widgethost(["kinds", "--json", "--config", manifest])
        #expect(result.status == 0, "\(result.stderr)")
        let kinds = try JSONDecoder().decode([KindInfo].self, from: Data(result.stdout.utf8))
        #expect(kinds.map(\.kind) == ["Countdown"])
        #expect(kinds.first?.families == [.systemSmall, .accessoryInline])
        #expect(kinds.first?.configuration.parameters.map(\.name) == ["event", "date"])
        #expect(kinds.first?.module.hasPrefix(example.path) == true)
    }
}
