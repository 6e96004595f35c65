import Foundation
import GRDB
import HostBasics
import HostTestSupport
import Testing
@testable import WidgetHost
import WidgetTestSupport

@Suite("Several processes share one container")
struct ConcurrencyTests {
    @Test(arguments: ContainerFixture.Backend.allCases) func fiftyAddInstanceProcessesAtOnce(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        let processes = try (0..<50).map { index -> ChildProcess in
            let process = ChildProcess()
            process.executableURL = TestSupport.productsDirectory.appendingPathComponent("widgethost")
            // Half of them also save a new repository in the same transaction.
            let repository = index.isMultiple(of: 2) ? "owner\(index)/repo" : "sallen0400/swift-news"
            process.arguments = ["add-instance", "SingleRepo", "--repo", repository, "--name", "n\(index)", "--config", fixture.manifestPath]
            process.standardOutput = FileHandle.nullDevice
            let errors = fixture.folder.appendingPathComponent("stderr-\(index)")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
            try TestSupport.start(process)
            return process
        }
        await TestSupport.offPool { processes.forEach { $0.waitUntilExit() } }
        let failures = processes.indices.filter { processes[$0].terminationStatus != 0 }.map { index in
            (try? String(contentsOf: fixture.folder.appendingPathComponent("stderr-\(index)"), encoding: .utf8)) ?? ""
        }
        #expect(failures.isEmpty, "\(failures)")

        let instances = try await fixture.instances()
        #expect(instances.count == 50)
        #expect(Set(instances.compactMap { $0["id"] as? String }).count == 50, "ids are unique")
        #expect(Set(instances.compactMap { $0["name"] as? String }) == Set((0..<50).map { "n\($0)" }), "none lost, none duplicated")
        let saved = try await fixture.savedRepositories()
        #expect(saved.count == 26, "the sample and the 25 new repositories, each once")
        #expect(Set(saved).count == saved.count)
    }

    @Test(arguments: ContainerFixture.Backend.allCases) func killedWritersLeaveAConsistentDatabase(backend: ContainerFixture.Backend) async throws {
        let fixture = try ContainerFixture(backend: backend)
        #expect(try await fixture.run("add-instance", "Contributor").status == 0)
        var generator = SystemRandomNumberGenerator()
        for index in 0..<40 {
            let process = ChildProcess()
            process.executableURL = TestSupport.productsDirectory.appendingPathComponent("widgethost")
            process.arguments = ["add-instance", "SingleRepo", "--repo", "killed\(index)/repo", "--config", fixture.manifestPath]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try TestSupport.start(process)
            // An add-instance takes about 20 ms here: kill it around its write.
            usleep(UInt32.random(in: 2_000...25_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        if backend == .sqlite {
            let database = try DatabaseQueue(path: fixture.databasePath)
            let integrity = try await database.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
            #expect(integrity == ["ok"])
        }

        // Each killed write happened whole or not at all: an instance's new
        // repository is saved exactly when the instance exists.
        let instances = try await fixture.instances()
        let saved = Set(try await fixture.savedRepositories())
        for instance in instances {
            guard let repo = (instance["configuration"] as? [String: String])?["repo"] else { continue }
            #expect(saved.contains(repo), "instance \(instance["id"] ?? "?") exists without its saved repository")
        }
        let instanceRepos = Set(instances.compactMap { ($0["configuration"] as? [String: String])?["repo"] })
        for repo in saved where repo.hasPrefix("killed") {
            #expect(instanceRepos.contains(repo), "\(repo) was saved without its instance")
        }
    }
}
