import Foundation
import HostBasics
import WidgetHost
import WidgetTestSupport

/// `widgethost run` (or another long-running command, such as `dev`) as a
/// real process, its output copied to a file by this process: through a
/// pipe, so a host under a file-size limit (the full-disk tests) still gets
/// every line out.
package final class RunningHost {
    package let process = ChildProcess()
    package let log: URL
    private let copied = DispatchSemaphore(value: 0)

    package convenience init(manifestPath: String, folder: URL, arguments: [String] = [], environment: [String: String] = [:]) throws {
        try self.init(command: ["run", manifestPath] + arguments, folder: folder, environment: environment)
    }

    package convenience init(command: [String], folder: URL, environment: [String: String] = [:]) throws {
        try self.init(executable: TestSupport.productsDirectory.appendingPathComponent("widgethost").path, arguments: command,
                      folder: folder, environment: environment)
    }

    /// Another program that ends up as the host (`unshare … widgethost run`).
    package init(executable: String, arguments: [String], folder: URL, environment: [String: String] = [:]) throws {
        log = folder.appendingPathComponent("\(arguments.first ?? "run")-\(UUID().uuidString.prefix(8)).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = TestSupport.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let file = try FileHandle(forWritingTo: log)
        let source = pipe.fileHandleForReading
        let copied = self.copied
        Thread.detachNewThread {
            // availableData returns what one read gives; read(upToCount:) would wait to fill its count.
            while case let chunk = source.availableData, !chunk.isEmpty { file.write(chunk) }
            try? file.close()
            copied.signal()
        }
        try TestSupport.start(process)
        try pipe.fileHandleForWriting.close()
    }

    package convenience init(_ fixture: ContainerFixture, arguments: [String] = []) throws {
        try self.init(manifestPath: fixture.manifestPath, folder: fixture.folder, arguments: arguments)
    }

    package var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Waits for a log line containing `text`. The bound only keeps a broken
    /// host from hanging the suite; it is not a measurement. It sleeps
    /// without blocking a thread: the fake GitHub answers on the same pool.
    package func waitFor(_ text: String, count: Int = 1, bound: TimeInterval = 120) async -> Bool {
        let deadline = Date() + bound
        while Date() < deadline {
            if occurrences(of: text) >= count { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        // A last look: a busy test process may wake this task only after the bound.
        return occurrences(of: text) >= count
    }

    /// The dashboard's address, once `run --serve 127.0.0.1:0` has said which port it bound.
    package func dashboardBase() async throws -> String {
        _ = await waitFor("dashboard at http://127.0.0.1:")
        guard let port = output.firstMatch(of: /dashboard at http:\/\/127\.0\.0\.1:(\d+)\//).map({ String($0.1) }) else {
            throw POSIXError(.ECONNREFUSED)
        }
        return "http://127.0.0.1:\(port)"
    }

    package func occurrences(of text: String) -> Int {
        output.components(separatedBy: text).count - 1
    }

    /// Signals the host and waits for its end and its last log line, on a
    /// thread of its own: a test that blocked one of the cooperative pool's
    /// two threads for a host's shutdown would hold up every other test's
    /// waiting, and on a busy machine they would then see events late.
    package func stop(_ signal: Int32 = SIGTERM) async -> Int32 {
        kill(process.processIdentifier, signal)
        let (process, copied) = (process, copied)
        await TestSupport.offPool {
            process.waitUntilExit()
            _ = copied.wait(timeout: .now() + 5)
        }
        return process.terminationStatus
    }

    /// Asks the host to stop without waiting: for a `defer`, which cannot wait.
    package func terminate() {
        process.terminate()
    }

    /// The host's extension processes: its children, read from /proc.
    package var extensionPIDs: [Int32] {
        TestSupport.childProcesses(of: process.processIdentifier)
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
