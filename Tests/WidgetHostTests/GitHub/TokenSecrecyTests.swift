import FakeGitHub
import Foundation
import HostBasics
import HostTestSupport
import Testing
import WidgetContainer
@testable import WidgetHost
import WidgetTestSupport

/// A token in the environment is used, and never written anywhere a person
/// or another program could read it.
@Suite("The token stays secret")
struct TokenSecrecyTests {
    @Test func theTokenNeverReachesLogsTheContainerOrOutput() async throws {
        let token = "ghp_SECRET_\(UUID().uuidString.prefix(8))"
        let fixture = try await GitHubFixture()
        fixture.server.setFault(.status(500), for: "/repos/swiftlang")
        let environment = [GitHubFixture.tokenVariable: token]
        func widgethost(_ arguments: String...) async throws -> TestSupport.ProcessResult {
            try await TestSupport.widgethost(arguments + ["--config", fixture.manifestPath], environment: environment)
        }
        #expect(try await widgethost("add-instance", "SingleRepo", "--repo", "apple/swift", "--family", "systemLarge").status == 0)
        #expect(try await widgethost("add-instance", "SingleRepo", "--repo", "swiftlang/swift-syntax").status == 0)

        let log = fixture.folder.appendingPathComponent("run.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let run = ChildProcess()
        run.executableURL = TestSupport.productsDirectory.appendingPathComponent("widgethost")
        run.arguments = ["run", fixture.manifestPath]
        run.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        run.standardOutput = try FileHandle(forWritingTo: log)
        run.standardError = run.standardOutput
        try TestSupport.start(run)
        _ = await TestSupport.eventually { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("reload failed") }
        kill(run.processIdentifier, SIGTERM)
        await TestSupport.offPool { run.waitUntilExit() }
        #expect(run.terminationStatus == 0)

        #expect(fixture.server.requests.contains { $0.authorization == "Bearer \(token)" }, "the token was used")
        var written = [try String(contentsOf: log, encoding: .utf8)]
        let ids = try fixture.workspace.container.instances().map(\.id)
        for arguments in [["status", "--json"], ["status"], ["list-instances", "--json"], ["timeline", ids[0], "--json"], ["timeline", ids[1]]] {
            let result = try await TestSupport.widgethost(arguments + ["--config", fixture.manifestPath], environment: environment)
            written += [result.stdout, result.stderr]
        }
        #expect(written.joined().contains("GitHub answered 500"), "the failure was reported")
        for text in written {
            #expect(!text.contains(token))
        }
        // Every file of the container's folder, the modules' own folders (extensions/<module>/) too.
        let data = fixture.folder.appendingPathComponent("data")
        for case let file as String in FileManager.default.enumerator(atPath: data.path)! {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: data.appendingPathComponent(file).path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let bytes = try Data(contentsOf: data.appendingPathComponent(file))
            #expect(bytes.range(of: Data(token.utf8)) == nil, "\(file) holds the token")
        }
    }
}
