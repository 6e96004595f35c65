#define _GNU_SOURCE
#include "sandbox.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <unistd.h>

// The calls a sandboxed kind is most often refused, defined here and
// exported from the executable, so that the module and every library bind to
// these rather than to libc's. Each makes the system call itself, exactly as
// libc would, and only after a refusal says so, once for each sort.

enum wh_refusal { WH_READ, WH_WRITE, WH_NETWORK, WH_PROGRAM, WH_SIGNAL, WH_REFUSALS };
static const char *const wh_refusal_hint[WH_REFUSALS] = {
    "declare it under widgets[].sandbox.read if the kind needs it",
    "a kind writes only in its own folder of the container (FileManager.containerURL)",
    "HTTP goes through the host (URLSession); widgets[].sandbox.network allows sockets",
    "a kind cannot start programs",
    "a kind cannot signal processes outside its sandbox",
};

static atomic_bool wh_reporting = false;
static atomic_bool wh_network_allowed = false;
static atomic_bool wh_reported[WH_REFUSALS];

void wh_report_refusals(int network_allowed) {
    atomic_store(&wh_network_allowed, network_allowed != 0);
    atomic_store(&wh_reporting, true);
}

static void wh_report(enum wh_refusal sort, const char *operation, const char *subject, int error) {
    if (!atomic_load(&wh_reporting)) return;
    if (sort == WH_NETWORK && atomic_load(&wh_network_allowed)) return;
    if (atomic_exchange(&wh_reported[sort], true)) return;
    char line[1024];
    /* strerrordesc_np returns a constant string: no locale lookup, no lock. */
    const char *why = strerrordesc_np(error);
    int length = snprintf(line, sizeof line, "sandbox refused %s %s (%s): %s\n", operation, subject, why ? why : "refused", wh_refusal_hint[sort]);
    if (length > (int)sizeof line - 1) {
        length = (int)sizeof line - 1;
        line[length - 1] = '\n';
    }
    if (length > 0) {
        ssize_t ignored = write(STDERR_FILENO, line, (size_t)length);
        (void)ignored;
    }
}

/* EACCES from open(2) is the sandbox's doing (Landlock refuses with EACCES
 * only) when the permission bits would have allowed it: the file's, or for
 * a file to be made, its folder's. */
static void wh_opened(int dirfd, const char *path, int flags, long result, int error) {
    if (result >= 0 || error != EACCES || path == NULL) return;
    int writing = (flags & O_ACCMODE) != O_RDONLY || (flags & (O_CREAT | O_TRUNC)) != 0;
    int mode = writing ? W_OK : R_OK;
    if ((flags & O_ACCMODE) == O_RDWR) mode = R_OK | W_OK;
    if ((flags & O_CREAT) != 0 && faccessat(dirfd, path, F_OK, 0) != 0) {
        char folder[4096];
        const char *slash = strrchr(path, '/');
        size_t length = slash == NULL ? 0 : (slash == path ? 1 : (size_t)(slash - path));
        if (length >= sizeof folder) return;
        if (length == 0) {
            folder[0] = '.';
            length = 1;
        } else {
            memcpy(folder, path, length);
        }
        folder[length] = '\0';
        if (faccessat(dirfd, folder, W_OK | X_OK, AT_EACCESS) != 0) return;
    } else if (faccessat(dirfd, path, mode, AT_EACCESS) != 0) {
        return;
    }
    wh_report(writing ? WH_WRITE : WH_READ, writing ? "writing" : "reading", path, error);
}

static long wh_openat(int dirfd, const char *path, int flags, mode_t mode) {
    long result = syscall(SYS_openat, dirfd, path, flags, mode);
    if (result < 0) {
        int error = errno;
        wh_opened(dirfd, path, flags, result, error);
        errno = error;
    }
    return result;
}

static mode_t wh_mode(int flags, va_list arguments) {
    return (flags & O_CREAT) != 0 || (flags & O_TMPFILE) == O_TMPFILE ? (mode_t)va_arg(arguments, int) : 0;
}

__attribute__((visibility("default"))) int open(const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = wh_mode(flags, arguments);
    va_end(arguments);
    return (int)wh_openat(AT_FDCWD, path, flags, mode);
}

/* On 64-bit Linux the *64 forms are the same calls under another name, as in glibc. */
__attribute__((visibility("default"), alias("open"))) int open64(const char *path, int flags, ...);

__attribute__((visibility("default"))) int openat(int dirfd, const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = wh_mode(flags, arguments);
    va_end(arguments);
    return (int)wh_openat(dirfd, path, flags, mode);
}

__attribute__((visibility("default"), alias("openat"))) int openat64(int dirfd, const char *path, int flags, ...);

/* "127.0.0.1:8080", "[::1]:8080", "/run/x.sock" */
static void wh_describe(const struct sockaddr *address, socklen_t length, char *text, size_t size) {
    snprintf(text, size, "an address");
    if (address == NULL || length < (socklen_t)sizeof(sa_family_t)) return;
    char host[INET6_ADDRSTRLEN];
    if (address->sa_family == AF_INET && length >= (socklen_t)sizeof(struct sockaddr_in)) {
        const struct sockaddr_in *inet = (const struct sockaddr_in *)address;
        if (inet_ntop(AF_INET, &inet->sin_addr, host, sizeof host)) snprintf(text, size, "%s:%u", host, ntohs(inet->sin_port));
    } else if (address->sa_family == AF_INET6 && length >= (socklen_t)sizeof(struct sockaddr_in6)) {
        const struct sockaddr_in6 *inet = (const struct sockaddr_in6 *)address;
        if (inet_ntop(AF_INET6, &inet->sin6_addr, host, sizeof host)) snprintf(text, size, "[%s]:%u", host, ntohs(inet->sin6_port));
    } else if (address->sa_family == AF_UNIX) {
        const struct sockaddr_un *local = (const struct sockaddr_un *)address;
        size_t room = length - offsetof(struct sockaddr_un, sun_path);
        if (room > 0 && local->sun_path[0] != '\0') snprintf(text, size, "%.*s", (int)strnlen(local->sun_path, room), local->sun_path);
        else snprintf(text, size, "an abstract Unix socket");
    }
}

__attribute__((visibility("default"))) int socket(int domain, int type, int protocol) {
    long result = syscall(SYS_socket, domain, type, protocol);
    if (result < 0 && (errno == EPERM || errno == EACCES)) {
        int error = errno;
        const char *family = domain == AF_INET ? "IPv4" : domain == AF_INET6 ? "IPv6" : domain == AF_UNIX ? "Unix" : "network";
        wh_report(WH_NETWORK, "opening a socket of family", family, error);
        errno = error;
    }
    return (int)result;
}

/* connect(2) or bind(2), `call` being its number; a refusal names the address. */
static int wh_address_call(long call, const char *operation, int fd, const struct sockaddr *address, socklen_t length) {
    long result = syscall(call, fd, address, length);
    if (result < 0 && (errno == EPERM || errno == EACCES)) {
        int error = errno;
        char text[160];
        wh_describe(address, length, text, sizeof text);
        wh_report(WH_NETWORK, operation, text, error);
        errno = error;
    }
    return (int)result;
}

__attribute__((visibility("default"))) int connect(int fd, const struct sockaddr *address, socklen_t length) {
    return wh_address_call(SYS_connect, "connecting to", fd, address, length);
}

__attribute__((visibility("default"))) int bind(int fd, const struct sockaddr *address, socklen_t length) {
    return wh_address_call(SYS_bind, "listening on", fd, address, length);
}

__attribute__((visibility("default"))) int execve(const char *path, char *const arguments[], char *const environment[]) {
    long result = syscall(SYS_execve, path, arguments, environment);
    int error = errno;
    /* Refused although its execute bit would allow it: the sandbox (or seccomp) said no. */
    if ((error == EACCES || error == EPERM) && faccessat(AT_FDCWD, path, X_OK, AT_EACCESS) == 0) {
        wh_report(WH_PROGRAM, "starting", path, error);
    }
    errno = error;
    return (int)result;
}

__attribute__((visibility("default"))) int kill(pid_t pid, int signal) {
    long result = syscall(SYS_kill, pid, signal);
    if (result < 0 && errno == EPERM) {
        int error = errno;
        char text[32];
        snprintf(text, sizeof text, "to process %d", (int)pid);
        wh_report(WH_SIGNAL, "a signal", text, error);
        errno = error;
    }
    return (int)result;
}
