#ifndef WIDGETHOST_SANDBOX_H
#define WIDGETHOST_SANDBOX_H

// The extension process's confinement (Landlock, seccomp, no_new_privs),
// which Swift cannot express: variadic prctl, raw syscalls, BPF. Linked
// into widgethost-extension only.

/// Confines the calling thread, and every thread and child it makes from
/// now on, for good; call it while the process has no other thread:
/// - `no_new_privs`;
/// - seccomp: `socket(2)` fails with EPERM for every family (with
///   `allow_network`, for all but IPv4, IPv6 and netlink); so do io_uring,
///   path-based changes of mode, owner, times and extended attributes,
///   `truncate`, `execveat`, `kill(-1)`, `setsid`, `setpgid`, new
///   namespaces (`unshare`, `setns`, `clone` with CLONE_NEW*), and
///   `prlimit64`, `setpriority`, `sched_set*` and `ioprio_set` aimed at
///   another process; `clone3` is ENOSYS (libc falls back to `clone`);
/// - files (Landlock): beneath each of `paths`, what its `access` says:
///   read-only, listing only, everything but execute, or read and execute;
///   nothing else; TCP bind/connect refused unless `allow_network` (ABI 4);
/// - no signal to, and no abstract Unix socket of, a process outside the
///   sandbox (Landlock ABI 6); no ptrace of one (any ABI).
/// A path that does not exist is skipped. Returns the Landlock ABI enforced
/// (0 when the kernel has none: then only seccomp and no_new_privs hold),
/// or -1 with errno set, in which case nothing may be assumed.
enum wh_access { WH_ACCESS_READ, WH_ACCESS_LIST, WH_ACCESS_WRITE, WH_ACCESS_EXECUTE };
int wh_confine(const char *const *paths, const int *access, int count, int allow_network);

/// Puts the extension in namespaces of its own (user, PID, mount), so that
/// nothing it starts outlives it and no other process is in sight: a new
/// user namespace (mapping this process's user and group to themselves),
/// whose PID namespace's first process becomes the extension, with a /proc
/// of its own showing only its own processes. Call it while the process has
/// no other thread. The process the host started forks: its child returns
/// and goes on as the extension (pid 1 in the namespace; when it ends, the
/// kernel ends every other process in it); the process itself closes
/// `channel`, waits for the child and ends as it ended (the same status,
/// or the same signal), never returning.
/// Returns 0 when all holds; 1 when the child runs in its namespaces but
/// /proc could not be mounted anew (other processes stay in sight); -1 when
/// no namespace could be made (nothing changed but, past `unshare`, the user
/// namespace). `failure` names the step that failed.
int wh_isolate_processes(int channel, const char **failure);

/// The file libswiftCore.so was loaded from, or NULL.
const char *wh_swift_runtime_path(void);

/// The program interpreter (ld-linux) this process was started by, or NULL:
/// the kernel checks execute rights on it too when the Swift runtime starts
/// its crash reporter.
const char *wh_dynamic_loader_path(void);

/// From now on, the first refusal of each sort (a file read, a file write,
/// a network socket, a program start, a signal) that the sandbox causes is
/// written once to standard error, naming the path or operation. The line
/// is made without allocating or locking, so it is safe in a forked child. The calls
/// are this executable's own `open`, `openat`, `socket`, `connect`, `bind`,
/// `execve` and `kill`, exported so that every library and the module bind
/// to them; before this they only pass through.
/// With `network_allowed`, socket refusals are not the sandbox's and are not reported.
void wh_report_refusals(int network_allowed);

#endif
