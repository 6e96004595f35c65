import CProcessControl
import Foundation
import HostBasics

/// The descriptors an extension gets: stdin from /dev/null, stdout and stderr
/// to pipes, the channel on descriptor 3 and nothing else of the host's;
/// signals at their defaults and unblocked (a `ProcessSpawn`).
enum ProcessLaunch {
    struct Spawned: Sendable {
        let pid: pid_t
        let channel: Int32
        let stdout: Int32
        let stderr: Int32
    }

    static func spawn(executable: String, arguments: [String], environment: [String]) throws -> Spawned {
        var sockets: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0,
              wh_pipe_cloexec(&output) == 0, wh_pipe_cloexec(&errors) == 0 else {
            let reason = String(cString: strerror(errno))
            for descriptor in sockets + output + errors where descriptor >= 0 { close(descriptor) }
            throw ExtensionStartError(reason: "could not create the extension's channel: \(reason)")
        }
        defer {
            // The child's ends; the host keeps the others.
            close(sockets[1])
            close(output[1])
            close(errors[1])
        }

        var spawn = ProcessSpawn(executable: executable, arguments: arguments, environment: environment)
        spawn.inputFromNull = true
        spawn.descriptors = [1: output[1], 2: errors[1], 3: sockets[1]]
        spawn.defaultSignals = true
        let pid: pid_t
        do {
            pid = try spawn.spawn()
        } catch {
            close(sockets[0])
            close(output[0])
            close(errors[0])
            throw ExtensionStartError(reason: "could not start \(executable): \(String(cString: strerror(error.code.rawValue)))")
        }
        return Spawned(pid: pid, channel: sockets[0], stdout: output[0], stderr: errors[0])
    }
}
