#ifndef WIDGETHOST_PROCESS_CONTROL_H
#define WIDGETHOST_PROCESS_CONTROL_H

// prctl and capset are variadic or unwrapped in C, so Swift cannot call them
// directly; these are the few calls the host and its extensions need.

/// The signal this process gets when the thread that started it exits.
int wh_set_parent_death_signal(int signal);

/// 0 makes /proc/<pid>/environ and /proc/<pid>/mem unreadable to processes
/// without CAP_SYS_PTRACE, even of the same user.
int wh_set_dumpable(int dumpable);

/// Drops every capability (effective, permitted, inheritable) and sets
/// no_new_privs, so a process running as root cannot read another's memory.
int wh_drop_capabilities(void);

#include <spawn.h>

/// pipe2(O_CLOEXEC), which glibc declares only for _GNU_SOURCE.
int wh_pipe_cloexec(int descriptors[2]);

/// posix_spawn_file_actions_addclosefrom_np, likewise.
int wh_spawn_close_from(posix_spawn_file_actions_t *actions, int from);

/// posix_spawn_file_actions_addchdir_np, likewise (the tests' ChildProcess).
int wh_spawn_chdir(posix_spawn_file_actions_t *actions, const char *path);

/// stdout flushed at each newline (it is a pipe, which C buffers in blocks).
int wh_line_buffered_stdout(void);

/// Forks the reaper: a small process that outlives the host by a moment to
/// end the process groups the host names to it. The host writes "+<pgid>\n"
/// when an extension starts and "-<pgid>\n" once its group is gone; when the
/// host ends, however it ends (SIGKILL included), the pipe reaches its end and
/// the reaper sends SIGKILL to every group still named, then exits. The child
/// keeps no descriptor of the host's but the pipe and touches no memory
/// allocator (it is forked from a threaded process). Returns the pipe's
/// write end (close-on-exec), or -1 with errno set.
int wh_start_reaper(void);

/// The calling thread's name (at most 15 bytes and a NUL) into `name`,
/// which holds 16 bytes: PR_GET_NAME. Returns 0, or -1 with errno set.
int wh_thread_name(char name[16]);

/// Names the calling thread for `top -H`, `perf`, gdb and /proc: Foundation's
/// `Thread.name` does not reach the kernel on Linux, and a thread otherwise
/// inherits its creator's name (a dispatch worker's). The kernel keeps 15
/// bytes. Returns 0, or -1 with errno set.
int wh_set_thread_name(const char *name);

/// The Landlock ABI this kernel offers (6 and later cover files, TCP,
/// abstract Unix sockets and signals), or 0 without Landlock: what an
/// extension's sandbox can enforce here.
int wh_landlock_abi(void);
/// Whether an extension can have namespaces of its own here (an
/// unprivileged user namespace with a PID and a mount namespace, and a
/// /proc mounted anew in them), tried in a child that exits at once:
/// 0 when it can; else the step that failed: 1 the namespaces (user
/// namespaces refused, as some distributions do), 2 the user and group
/// maps, 3 fork, 4 or 5 the mounts, -1 the probe itself.
int wh_probe_isolation(void);

#endif
