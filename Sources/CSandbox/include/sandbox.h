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
///   `truncate`, `execveat` and `kill(-1)`;
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
