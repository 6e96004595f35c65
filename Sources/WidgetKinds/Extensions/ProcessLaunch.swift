import CProcessControl
import Foundation

/// `posix_spawn` with the descriptors an extension gets: stdin from
/// /dev/null, stdout and stderr to pipes, the channel on descriptor 3 and
/// nothing else of the host's. Signals start at their defaults and unblocked,
/// in a process group of its own, so the terminal's Ctrl-C reaches the host
/// only and the host decides.
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

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        posix_spawn_file_actions_adddup2(&actions, sockets[1], 3)
        wh_spawn_close_from(&actions, 4)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            close(sockets[0])
            close(output[0])
            close(errors[0])
            throw ExtensionStartError(reason: "could not start \(executable): \(String(cString: strerror(result)))")
        }
        return Spawned(pid: pid, channel: sockets[0], stdout: output[0], stderr: errors[0])
    }
}
