import Foundation
import HostBasics
import WidgetConfiguration

/// The real parts the tests and benchmarks use: the built modules and binary,
/// temporary folders, and the command line as a subprocess.
package enum TestSupport {
    /// Where `swift build` put the modules, the widgethost binary and this test bundle.
    package static let productsDirectory: URL = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().resolvingSymlinksInPath()
    }()

    package static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The environment of every process the tests start: the user's, with
    /// widgethost's cache in a folder of this run's own (never the user's
    /// `~/.cache`).
    package static let environment: [String: String] = {
        let cache = runFolder.appendingPathComponent("cache")
        // English whatever the machine's locale: kinds' string tables are read in it.
        let environment = ProcessInfo.processInfo.environment.filter { !["LANGUAGE", "LC_ALL", "LC_MESSAGES"].contains($0.key) }
        // A manifest in the machine's own configuration is not the tests' (commands look there).
        return environment.filter { $0.key != "WIDGETHOST_CONFIG" }
            .merging(["XDG_CACHE_HOME": cache.path, "XDG_CONFIG_HOME": runFolder.appendingPathComponent("config").path, "LANG": "C.UTF-8"]) { $1 }
    }()

    /// Every folder this test process makes, under one folder named by its
    /// process ID: removed when the process exits, or by the next run once
    /// the process is gone (a run that was killed), so a thousand test runs
    /// do not fill /tmp.
    package static let runFolder: URL = {
        let runs = FileManager.default.temporaryDirectory.appendingPathComponent("widgethost-tests")
        try? FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: runs.path)) ?? [] {
            guard let pid = Int32(name), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: runs.appendingPathComponent(name))
        }
        let folder = runs.appendingPathComponent(String(getpid()))
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestSupport.runFolder) }
        return folder
    }()

    package static func temporaryDirectory() throws -> URL {
        let url = runFolder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes a manifest into a fresh folder and returns its path.
    package static func writeManifest(_ text: String, name: String = "config.yaml") throws -> String {
        let url = try temporaryDirectory().appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    package static func manifest(_ text: String) throws -> Manifest {
        try Manifest.load(from: try writeManifest(text))
    }

    /// What loading `text` as a manifest reports, the file named
    /// `config.yaml` as a user sees it beside it; "no error" when it loads.
    package static func manifestError(_ text: String) throws -> String {
        let path = try writeManifest(text)
        do {
            _ = try Manifest.load(from: path)
            return "no error"
        } catch {
            return error.description.replacingOccurrences(of: path, with: "config.yaml")
        }
    }

    /// A manifest offering the given `kind: module` entries.
    package static func manifestText(_ entries: [(kind: String, module: String)], extra: String = "") -> String {
        """
        container:
          group: group.test.widgethost
        widgets:
        \(entries.map { "  - {kind: \($0.kind), module: \($0.module)}" }.joined(separator: "\n"))
        \(extra)
        """
    }

    /// Every test starts its processes through here. They are `ChildProcess`es,
    /// not Foundation's `Process`, whose `run()` crashed the suite (see there);
    /// serialising its calls, as this once did, only made that rarer.
    package static func start(_ process: ChildProcess) throws {
        try process.run()
    }

    /// Starts `process` and awaits its end without holding a thread.
    package static func run(_ process: ChildProcess) async throws {
        try await withCheckedThrowingContinuation { (ended: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in ended.resume() }
            do {
                try start(process)
            } catch {
                process.terminationHandler = nil
                ended.resume(throwing: error)
            }
        }
    }

    /// Sets the soft limit of `pid`'s file size (`prlimit`) only: raising a
    /// hard limit again needs privileges.
    package static func setFileSizeLimit(of pid: Int32, to bytes: Int?) async throws {
        let result = try await run(executable: "/usr/bin/prlimit", ["--pid", "\(pid)", "--fsize=\(bytes.map(String.init) ?? "unlimited"):unlimited"])
        guard result.status == 0 else { throw ProcessFailed(command: "prlimit", result: result) }
    }

    /// Runs `body`, which blocks, on a thread of its own and awaits it: the
    /// cooperative pool has as many threads as cores, and every test shares it.
    package static func offPool(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                body()
                done.resume()
            }
        }
    }

    /// A /proc file, which reports a size of 0 and must be read to its end.
    package static func readProcFile(_ path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadNoPermission) }
        defer { try? handle.close() }
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }

    /// The live (not zombie) children of `parent`, lowest pid first.
    package static func childProcesses(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let fields = processStatFields(pid) else { return false }
            return fields.count > 1 && fields[0] != "Z" && Int32(fields[1]) == parent
        }.sorted()
    }

    /// The process that runs an extension's module: the extension itself, or
    /// where it has namespaces of its own, the child it waits for.
    package static func moduleProcess(_ extensionPID: Int32) -> Int32 {
        childProcesses(of: extensionPID).first ?? extensionPID
    }

    /// The live processes of process group `group`, with their command names.
    package static func processGroup(_ group: Int32) -> [(pid: Int32, command: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).compactMap { pid in
            // state, ppid, pgrp, …
            guard let fields = processStatFields(pid), fields.count > 2, fields[0] != "Z", Int32(fields[2]) == group else { return nil }
            let command = (try? readProcFile("/proc/\(pid)/comm"))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            return (pid, command)
        }
    }

    /// The live processes whose name (`comm`) is `name`: how a test finds a
    /// process a kind started, whose pid in the extension's own PID
    /// namespace means nothing here.
    package static func processes(named name: String) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            (try? readProcFile("/proc/\(pid)/comm"))?.trimmingCharacters(in: .whitespacesAndNewlines) == name && isAlive(pid)
        }
    }

    /// A name no other process has, for a process a kind starts.
    package static func uniqueProcessName(_ prefix: String) -> String {
        prefix + "-" + UUID().uuidString.prefix(8).lowercased()
    }

    /// Whether `pid` is a live process (zombies count as gone).
    package static func isAlive(_ pid: Int32) -> Bool {
        guard let fields = processStatFields(pid) else { return false }
        return fields.first != "Z"
    }

    /// /proc/<pid>/stat after the command name: state, ppid, …
    private static func processStatFields(_ pid: Int32) -> [String]? {
        guard let stat = try? readProcFile("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").map(String.init)
    }

    /// Waits for `condition` to hold, looking again every 50 ms: for a state
    /// that has no event to wait on (a saved entry the dashboard serves).
    /// `bound` is a safety net only, never the point of a test.
    package static func eventually(bound: TimeInterval = 120, _ condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = Date().addingTimeInterval(bound)
        while Date() < deadline {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return try await condition()
    }

    /// A helper command that exited with an error.
    package struct ProcessFailed: Error, CustomStringConvertible {
        package let command: String
        package let result: ProcessResult
        package var description: String { "\(command) exited with \(result.status): \(result.stderr)" }
    }

    package struct ProcessResult: Sendable {
        package let status: Int32
        package let stdout: String
        package let stderr: String
    }

    /// A loopback port nothing listens on now (bound once, then let go): for
    /// a server that is to be away first and come back there later.
    package static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs the built `widgethost` binary. It awaits the process's end rather
    /// than blocking a thread of the cooperative pool, which the fake GitHub
    /// server in this process needs to answer.
    /// - Parameter input: standard input (a password for `--password-stdin`); nil for none.
    package static func widgethost(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
                                   input: String? = nil) async throws -> ProcessResult {
        try await run(executable: productsDirectory.appendingPathComponent("widgethost").path, arguments, environment: environment, in: directory, input: input)
    }

    /// Runs `executable` to its end, as `widgethost(_:)` runs the binary.
    package static func run(executable: String, _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
                            input: String? = nil) async throws -> ProcessResult {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = Self.environment.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = directory }
        let output = try temporaryDirectory()
        if let input {
            let inputURL = output.appendingPathComponent("stdin")
            try Data(input.utf8).write(to: inputURL)
            process.standardInput = try FileHandle(forReadingFrom: inputURL)
        }
        let stdoutURL = output.appendingPathComponent("stdout"), stderrURL = output.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        try await run(process)
        return ProcessResult(
            status: process.terminationStatus,
            stdout: try String(contentsOf: stdoutURL, encoding: .utf8),
            stderr: try String(contentsOf: stderrURL, encoding: .utf8))
    }
}
