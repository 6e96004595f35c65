#define _GNU_SOURCE
#include "process_control.h"
#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <stdio.h>
#include <signal.h>
#include <errno.h>
#include <string.h>

int wh_set_parent_death_signal(int signal) {
    return prctl(PR_SET_PDEATHSIG, signal, 0, 0, 0);
}

int wh_set_dumpable(int dumpable) {
    return prctl(PR_SET_DUMPABLE, dumpable, 0, 0, 0);
}

int wh_drop_capabilities(void) {
    struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    return (int)syscall(SYS_capset, &header, data);
}

int wh_landlock_abi(void) {
    /* landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION); 444 on every architecture. */
    long abi = syscall(444, NULL, 0, 1U);
    return abi < 0 ? 0 : (int)abi;
}

int wh_pipe_cloexec(int descriptors[2]) {
    return pipe2(descriptors, O_CLOEXEC);
}

int wh_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

int wh_spawn_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int wh_line_buffered_stdout(void) {
    return setvbuf(stdout, NULL, _IOLBF, 0);
}

/* The reaper's whole life, in the forked child: only async-signal-safe calls. */
#define WH_REAPER_GROUPS 65536
static void wh_reaper_main(int input) {
    static pid_t groups[WH_REAPER_GROUPS];
    size_t count = 0;
    char buffer[4096];
    char line[32];
    size_t length = 0;
    for (;;) {
        ssize_t got = read(input, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        for (ssize_t index = 0; index < got; index++) {
            char byte = buffer[index];
            if (byte != '\n') {
                if (length < sizeof line - 1) line[length++] = byte;
                continue;
            }
            line[length] = 0;
            pid_t pgid = 0;
            for (size_t digit = 1; digit < length && line[digit] >= '0' && line[digit] <= '9'; digit++) {
                pgid = pgid * 10 + (line[digit] - '0');
            }
            if (pgid > 1 && line[0] == '+' && count < WH_REAPER_GROUPS) {
                groups[count++] = pgid;
            } else if (pgid > 1 && line[0] == '-') {
                for (size_t slot = 0; slot < count; slot++) {
                    if (groups[slot] == pgid) { groups[slot] = groups[--count]; break; }
                }
            }
            length = 0;
        }
    }
    for (size_t slot = 0; slot < count; slot++) kill(-groups[slot], SIGKILL);
    _exit(0);
}

int wh_start_reaper(void) {
    int descriptors[2];
    if (pipe2(descriptors, O_CLOEXEC) != 0) return -1;
    pid_t pid = fork();
    if (pid < 0) {
        int saved = errno;
        close(descriptors[0]);
        close(descriptors[1]);
        errno = saved;
        return -1;
    }
    if (pid == 0) {
        /* Its own group, so the terminal's Ctrl-C and a kill of the host's
           group leave it to do its work; no descriptor of the host's (a
           lock held through one would outlive the host) but the pipe. */
        setpgid(0, 0);
        struct sigaction ignore;
        memset(&ignore, 0, sizeof ignore);
        ignore.sa_handler = SIG_IGN;
        sigaction(SIGINT, &ignore, NULL);
        sigaction(SIGTERM, &ignore, NULL);
        sigaction(SIGHUP, &ignore, NULL);
        sigaction(SIGPIPE, &ignore, NULL);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        if (dup2(descriptors[0], 0) < 0) _exit(1);
        syscall(SYS_close_range, 1, ~0U, 0);
        wh_reaper_main(0);
    }
    close(descriptors[0]);
    return descriptors[1];
}

int wh_thread_name(char name[16]) {
    return prctl(PR_GET_NAME, (unsigned long)name, 0, 0, 0);
}

int wh_set_thread_name(const char *name) {
    return prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0);
}

/* "<n> <n> 1\n" without snprintf, which is not async-signal-safe. */
static size_t wh_identity_map(char *buffer, unsigned value) {
    char digits[12];
    size_t count = 0, length = 0;
    do { digits[count++] = (char)('0' + value % 10); value /= 10; } while (value > 0);
    for (int copy = 0; copy < 2; copy++) {
        for (size_t index = count; index > 0; index--) buffer[length++] = digits[index - 1];
        buffer[length++] = ' ';
    }
    buffer[length++] = '1';
    buffer[length++] = '\n';
    return length;
}

static int wh_write_all(const char *path, const char *text, size_t length) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t written = write(fd, text, length);
    close(fd);
    return written == (ssize_t)length ? 0 : -1;
}

int wh_probe_isolation(void) {
    unsigned uid = (unsigned)geteuid(), gid = (unsigned)getegid();
    pid_t probe = fork();
    if (probe < 0) return -1;
    if (probe == 0) {
        /* Only async-signal-safe calls: the host has threads. */
        char map[32];
        if (unshare(CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS) != 0) _exit(1);
        if (wh_write_all("/proc/self/uid_map", map, wh_identity_map(map, uid)) != 0) _exit(2);
        wh_write_all("/proc/self/setgroups", "deny", 4);
        if (wh_write_all("/proc/self/gid_map", map, wh_identity_map(map, gid)) != 0) _exit(2);
        /* A raw clone, not fork(): fork runs pthread_atfork handlers, which a
           child of a threaded process may not. */
        pid_t first = (pid_t)syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0);
        if (first < 0) _exit(3);
        if (first == 0) {
            if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) _exit(4);
            if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) _exit(5);
            _exit(0);
        }
        int status = 0;
        while (waitpid(first, &status, 0) < 0) { if (errno != EINTR) _exit(6); }
        _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 6);
    }
    int status = 0;
    while (waitpid(probe, &status, 0) < 0) { if (errno != EINTR) return -1; }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
