import Foundation
import Synchronization

/// A subprocess with the part of Foundation's `Process` API that `dev` (which
/// runs `swift build`) and the tests use, started with `posix_spawn`.
///
/// Foundation's `Process.run()` on Linux finds the highest open descriptor by
/// reading /proc/self/fd and copies each entry's whole 256-byte `d_name` out
/// of a variable-length record. When the last record sits at the end of a
/// mapping, that read crosses it: the suite crashed in `Process.run()`'s
/// memcpy in 2 runs of 4 once enough descriptors were open. Here it is a
/// `ProcessSpawn`, which closes the child's other descriptors in the spawn.
/// Unchecked, as `Process` is: the settings are plain properties, set before
/// `run()` and only read after it; the pid and status are in a `Mutex`.
package final class ChildProcess: @unchecked Sendable {
    package var executableURL: URL?
    package var arguments: [String] = []
    package var environment: [String: String]?
    package var currentDirectoryURL: URL?
    /// A `FileHandle` or a `Pipe`; nil inherits this process's.
    package var standardInput: Any?
    package var standardOutput: Any?
    package var standardError: Any?
    package var terminationHandler: (@Sendable (ChildProcess) -> Void)?

    private let state = Mutex<(pid: pid_t, status: Int32?)>((0, nil))
    private let exited = DispatchSemaphore(value: 0)

    package init() {}

    package var processIdentifier: Int32 { state.withLock { $0.pid } }
    package var isRunning: Bool { state.withLock { $0.pid > 0 && $0.status == nil } }

    /// The exit status, or the number of the signal that ended it (as `Process` gives it).
    package var terminationStatus: Int32 {
        guard let status = state.withLock({ $0.status }) else { preconditionFailure("the process is still running") }
        return status
    }

    package func run() throws {
        guard let executable = executableURL?.path else { throw POSIXError(.ENOENT) }
        var spawn = ProcessSpawn(
            executable: executable, arguments: [executable] + arguments,
            environment: (environment ?? ProcessInfo.processInfo.environment).map { "\($0)=\($1)" })
        spawn.directory = currentDirectoryURL?.path
        var parentEnds: [FileHandle] = []
        for (target, stream) in [(Int32(0), standardInput), (1, standardOutput), (2, standardError)] {
            switch stream {
            case let pipe as Pipe:
                let childEnd = target == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting
                spawn.descriptors[target] = childEnd.fileDescriptor
                if !parentEnds.contains(where: { $0 === childEnd }) { parentEnds.append(childEnd) }
            case let handle as FileHandle:
                spawn.descriptors[target] = handle.fileDescriptor
            default:
                break
            }
        }
        let pid = try spawn.spawn()
        // The child has its ends of the pipes; reading ours must see the end of file.
        for end in parentEnds { try? end.close() }
        state.withLock { $0.pid = pid }
        let child = pid
        Thread.detachNewThread { [self] in
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
            let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
            state.withLock { $0.status = code }
            exited.signal()
            terminationHandler?(self)
        }
    }

    package func waitUntilExit() {
        guard state.withLock({ $0.pid > 0 && $0.status == nil }) else { return }
        exited.wait()
        exited.signal()
    }

    package func terminate() {
        if isRunning { kill(processIdentifier, SIGTERM) }
    }
}
