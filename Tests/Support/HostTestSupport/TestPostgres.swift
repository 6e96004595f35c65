import Foundation
import HostBasics
import WidgetHost
import WidgetTestSupport

/// The PostgreSQL server the tests use: the one `make test` started
/// (`WIDGETHOST_TEST_POSTGRES_URL`), or else one this test process starts
/// with `scripts/test_postgres.sh` on first use and stops as it exits. Each
/// test takes a group of its own, which is a schema of its own.
package enum TestPostgres {
    package struct Server {
        package let url: String
    }

    package static let server: Result<Server, any Error> = Result {
        if let url = ProcessInfo.processInfo.environment["WIDGETHOST_TEST_POSTGRES_URL"], !url.isEmpty {
            return Server(url: url)
        }
        let parent = try TestSupport.temporaryDirectory()
        chmod(parent.path, 0o755)
        let folder = parent.appendingPathComponent("cluster").path
        let result = try script("start", folder)
        guard result.status == 0 else { throw Failure(message: "scripts/test_postgres.sh start failed: \(result.output)") }
        atexit { _ = try? TestPostgres.script("stop", startedFolder ?? "") }
        startedFolder = folder
        return Server(url: result.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    nonisolated(unsafe) private static var startedFolder: String?

    package struct Failure: Error, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    package static var url: String {
        get throws { try server.get().url }
    }

    /// A group no other test uses: a schema of its own on the shared server.
    package static func freshGroup() -> String {
        "group.test.pg.\(UUID().uuidString.prefix(8).lowercased())"
    }

    /// A server of its own, for a test that restarts it while other tests
    /// use the shared one. `stop()` it at the end.
    package struct PrivateServer {
        package let url: String
        package let folder: String

        package init() throws {
            let parent = try TestSupport.temporaryDirectory()
            chmod(parent.path, 0o755)
            folder = parent.appendingPathComponent("cluster").path
            let result = try script("start", folder)
            guard result.status == 0 else { throw Failure(message: "scripts/test_postgres.sh start failed: \(result.output)") }
            url = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Stops and starts the server: the fault of a database that goes away.
        package func restart() throws {
            let result = try script("restart", folder)
            guard result.status == 0 else { throw Failure(message: "restart failed: \(result.output)") }
        }

        package func stop() {
            _ = try? script("stop", folder)
        }
    }

    @discardableResult
    package static func script(_ command: String, _ folder: String) throws -> (status: Int32, output: String) {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [TestSupport.repositoryRoot.appendingPathComponent("scripts/test_postgres.sh").path, command, folder]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
