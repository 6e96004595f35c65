#define _GNU_SOURCE
#include "sandbox.h"
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static int wh_write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t length = (ssize_t)strlen(text);
    ssize_t written = write(fd, text, (size_t)length);
    int saved = errno;
    close(fd);
    errno = saved;
    return written == length ? 0 : -1;
}

/* The process the host started, once its child is the extension: it waits,
 * then ends as the child ended, so the host sees a crash's signal as it
 * would have without the namespace. It holds nothing of the extension's. */
static void wh_wait_and_mirror(pid_t child, int channel) {
    close(channel);
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null >= 0) {
        dup2(null, 0);
        dup2(null, 1);
        close(null);
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
        if (errno != EINTR) _exit(70);
    }
    if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
    int signal_number = WTERMSIG(status);
    struct rlimit no_core = { 0, 0 };
    setrlimit(RLIMIT_CORE, &no_core);
    signal(signal_number, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signal_number);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    raise(signal_number);
    _exit(128 + signal_number);
}

int wh_isolate_processes(int channel, const char **failure) {
    *failure = NULL;
    uid_t uid = geteuid();
    gid_t gid = getegid();
    if (unshare(CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS) != 0) {
        *failure = "unshare";
        return -1;
    }
    char map[64];
    snprintf(map, sizeof map, "%u %u 1\n", (unsigned)uid, (unsigned)uid);
    if (wh_write_file("/proc/self/uid_map", map) != 0) { *failure = "uid_map"; return -1; }
    if (wh_write_file("/proc/self/setgroups", "deny") != 0 && errno != ENOENT) { *failure = "setgroups"; return -1; }
    snprintf(map, sizeof map, "%u %u 1\n", (unsigned)gid, (unsigned)gid);
    if (wh_write_file("/proc/self/gid_map", map) != 0) { *failure = "gid_map"; return -1; }
    pid_t child = fork();
    if (child < 0) {
        *failure = "fork";
        return -1;
    }
    if (child > 0) wh_wait_and_mirror(child, channel);
    /* The first process of the namespace: when it ends, the kernel ends
     * every other process in it, however they detached. */
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) {
        *failure = "making the mounts private";
        return 1;
    }
    if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) {
        *failure = "mounting /proc";
        return 1;
    }
    return 0;
}
