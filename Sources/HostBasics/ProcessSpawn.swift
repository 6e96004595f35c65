import CProcessControl
import Foundation

/// `posix_spawn` as the host starts every process, an extension or `swift
/// build`: in a process group of its own, so the terminal's Ctrl-C reaches the
/// host only and the host decides; with the descriptors given and no other of
/// the host's (`closefrom` in the spawn, not a scan of /proc/self/fd).
package struct ProcessSpawn {
    package var executable: String
    /// The whole argument vector, its first element included.
    package var arguments: [String]
    /// `NAME=value` entries.
    package var environment: [String]
    /// The child's descriptors by number, each a duplicate of one of ours.
    package var descriptors: [Int32: Int32] = [:]
    /// Standard input from /dev/null rather than any of ours.
    package var inputFromNull = false
    package var directory: String?
    /// Every signal at its default and none blocked, whatever this process
    /// has set: a child must not inherit the host's handling.
    package var defaultSignals = false

    package init(executable: String, arguments: [String], environment: [String]) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
    }

    /// Starts the process and returns its pid.
    package func spawn() throws(POSIXError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if inputFromNull { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
        for (child, parent) in descriptors.sorted(by: { $0.key < $1.key }) {
            posix_spawn_file_actions_adddup2(&actions, parent, child)
        }
        wh_spawn_close_from(&actions, max(3, (descriptors.keys.max() ?? 0) + 1))
        if let directory { wh_spawn_chdir(&actions, directory) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags = Int32(POSIX_SPAWN_SETPGROUP)
        posix_spawnattr_setpgroup(&attributes, 0)
        if defaultSignals {
            var none = sigset_t()
            sigemptyset(&none)
            posix_spawnattr_setsigmask(&attributes, &none)
            var all = sigset_t()
            sigfillset(&all)
            sigdelset(&all, SIGKILL)
            sigdelset(&all, SIGSTOP)
            posix_spawnattr_setsigdefault(&attributes, &all)
            flags |= Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        return pid
    }
}
