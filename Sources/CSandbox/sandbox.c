#define _GNU_SOURCE
#include "sandbox.h"
#include "process_control.h"
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

// Landlock's ABI, spelled out: the distribution's <linux/landlock.h> may
// predate the network (ABI 4) and scope (ABI 6) parts used here.
#define WH_NR_CREATE_RULESET 444
#define WH_NR_ADD_RULE 445
#define WH_NR_RESTRICT_SELF 446
#define WH_RULE_PATH_BENEATH 1

#define WH_FS_EXECUTE (1ULL << 0)
#define WH_FS_WRITE_FILE (1ULL << 1)
#define WH_FS_READ_FILE (1ULL << 2)
#define WH_FS_READ_DIR (1ULL << 3)
#define WH_FS_REFER (1ULL << 13)
#define WH_FS_TRUNCATE (1ULL << 14)
#define WH_FS_IOCTL_DEV (1ULL << 15)
#define WH_NET_BIND_TCP (1ULL << 0)
#define WH_NET_CONNECT_TCP (1ULL << 1)
#define WH_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define WH_SCOPE_SIGNAL (1ULL << 1)

#if defined(__x86_64__)
#define WH_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define WH_AUDIT_ARCH AUDIT_ARCH_AARCH64
#else
#error "the seccomp filter names this architecture's audit value"
#endif

struct wh_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

struct wh_path_beneath {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

/* Every filesystem right the ABI knows, all handled: what no rule grants is denied. */
static uint64_t wh_fs_rights(int abi) {
    uint64_t rights = (1ULL << 13) - 1; /* ABI 1: EXECUTE through MAKE_SYM */
    if (abi >= 2) rights |= WH_FS_REFER;
    if (abi >= 3) rights |= WH_FS_TRUNCATE;
    if (abi >= 5) rights |= WH_FS_IOCTL_DEV;
    return rights;
}

/* The rights that mean something on a file that is not a directory. */
static uint64_t wh_file_rights(int abi) {
    return wh_fs_rights(abi) & (WH_FS_EXECUTE | WH_FS_WRITE_FILE | WH_FS_READ_FILE | WH_FS_TRUNCATE | WH_FS_IOCTL_DEV);
}

static int wh_allow(int ruleset, const char *path, uint64_t access, int abi) {
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) return errno == ENOENT || errno == ENOTDIR || errno == EACCES ? 0 : -1; /* nothing there to allow */
    struct stat info;
    if (fstat(fd, &info) == 0 && !S_ISDIR(info.st_mode)) access &= wh_file_rights(abi);
    struct wh_path_beneath rule = { .allowed_access = access & wh_fs_rights(abi), .parent_fd = fd };
    long result = syscall(WH_NR_ADD_RULE, ruleset, WH_RULE_PATH_BENEATH, &rule, 0);
    int saved = errno;
    close(fd);
    errno = saved;
    return result < 0 ? -1 : 0;
}

/* A seccomp program with three exits, allow, EPERM and ENOSYS, built
 * instruction by instruction: a jump names its target, resolved once the
 * program is whole. */
enum { WH_NEXT = -1, WH_ALLOW = -2, WH_DENY = -3, WH_NOSYS = -4 };
#define WH_PROGRAM_SIZE 160
struct wh_program {
    struct sock_filter code[WH_PROGRAM_SIZE];
    int jump_true[WH_PROGRAM_SIZE], jump_false[WH_PROGRAM_SIZE];
    int count;
    int overflowed;
};

static void wh_emit(struct wh_program *program, struct sock_filter instruction, int when_true, int when_false) {
    if (program->count >= WH_PROGRAM_SIZE - 3) { program->overflowed = 1; return; } /* three slots stay for the exits */
    program->code[program->count] = instruction;
    program->jump_true[program->count] = when_true;
    program->jump_false[program->count] = when_false;
    program->count++;
}

static void wh_load(struct wh_program *program, unsigned offset) {
    wh_emit(program, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offset), WH_NEXT, WH_NEXT);
}

static void wh_if_equal(struct wh_program *program, unsigned value, int when_true, int when_false) {
    wh_emit(program, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, value, 0, 0), when_true, when_false);
}

static void wh_if_any_bit(struct wh_program *program, unsigned mask, int when_true, int when_false) {
    wh_emit(program, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, mask, 0, 0), when_true, when_false);
}

/* A system call allowed only when argument `argument` (its low word: a pid
 * or who) is 0, which means the calling process: whatever other process
 * it could name is one of the user's, the host first. */
static void wh_only_self(struct wh_program *program, unsigned number, int argument) {
    int after = program->count + 3;
    wh_if_equal(program, number, WH_NEXT, after);
    wh_load(program, (unsigned)(offsetof(struct seccomp_data, args[argument])));
    wh_if_equal(program, 0, WH_ALLOW, WH_DENY);
}

/* setpriority and ioprio_set name a process, a group or a user in
 * (which, who): allowed for the calling process or its own group (who 0),
 * never for a user, whose every process that would be. */
static void wh_only_self_or_group(struct wh_program *program, unsigned number, unsigned which_user) {
    int after = program->count + 5;
    wh_if_equal(program, number, WH_NEXT, after);
    wh_load(program, (unsigned)(offsetof(struct seccomp_data, args[0])));
    wh_if_equal(program, which_user, WH_DENY, WH_NEXT);
    wh_load(program, (unsigned)(offsetof(struct seccomp_data, args[1])));
    wh_if_equal(program, 0, WH_ALLOW, WH_DENY);
}

static int wh_install(struct wh_program *program) {
    if (program->overflowed) { errno = E2BIG; return -1; }
    int allow = program->count, deny = program->count + 1, nosys = program->count + 2;
    program->code[allow] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    program->code[deny] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA));
    program->code[nosys] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA));
    for (int index = 0; index < program->count; index++) {
        if (BPF_CLASS(program->code[index].code) != BPF_JMP) continue;
        int targets[2] = { program->jump_true[index], program->jump_false[index] };
        for (int side = 0; side < 2; side++) {
            int target = targets[side] == WH_ALLOW ? allow : targets[side] == WH_DENY ? deny : targets[side] == WH_NOSYS ? nosys
                : targets[side] == WH_NEXT ? index + 1 : targets[side];
            if (target - index - 1 > 255) { errno = E2BIG; return -1; }
            unsigned char offset = (unsigned char)(target - index - 1);
            if (side == 0) program->code[index].jt = offset; else program->code[index].jf = offset;
        }
    }
    struct sock_fprog filter = { .len = (unsigned short)(program->count + 3), .filter = program->code };
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter, 0, 0);
}

#define WH_ARG_LOW(n) (offsetof(struct seccomp_data, args[n]))
#define WH_ARG_HIGH(n) (offsetof(struct seccomp_data, args[n]) + sizeof(uint32_t))

#define WH_NR_CLONE3 435 /* the same number on every architecture */
#ifndef __NR_fchmodat2
#define __NR_fchmodat2 452
#endif
#ifndef __NR_setxattrat
#define __NR_setxattrat 463
#endif
#ifndef __NR_removexattrat
#define __NR_removexattrat 466
#endif

/* What Landlock does not cover, refused with EPERM:
 * - sockets: every family without `network` (the channel is an inherited
 *   descriptor, so the runner needs none); with it, IPv4, IPv6 and netlink
 *   (name resolution) only, so the session bus, systemd and other local
 *   services stay out of reach;
 * - io_uring, which makes sockets and opens files without those calls;
 * - changes of a file's metadata by path (mode, owner, times, extended
 *   attributes), which Landlock never checks: a kind could otherwise make
 *   the container's database unreadable or the token file world-readable.
 *   The descriptor forms (fchmod, fchown, futimens) stay: they act only on
 *   what the kind could open;
 * - truncate(2) by path, which Landlock checks only from ABI 3;
 * - execveat, whose AT_EMPTY_PATH form runs a memfd Landlock cannot see;
 * - kill(-1, …), every process of the user, which Landlock scopes only from ABI 6;
 * - leaving the process group the host kills at the extension's end
 *   (setsid, setpgid), so that nothing a kind starts outlives it however it
 *   detaches, and new namespaces (unshare, setns, clone with a CLONE_NEW*
 *   flag: a user namespace would give a child capabilities of its own);
 *   clone3, whose flags a filter cannot read, is ENOSYS, and the C library
 *   falls back to clone;
 * - changing another process's limits, priority, CPUs or I/O class
 *   (prlimit64, setpriority, sched_set*, ioprio_set name any process of
 *   the user): allowed for the calling process only;
 * - system calls of another ABI of this architecture (i386, x32). */
static int wh_filter(int allow_network) {
    struct wh_program program = { .count = 0 };
    wh_load(&program, offsetof(struct seccomp_data, arch));
    wh_if_equal(&program, WH_AUDIT_ARCH, WH_NEXT, WH_DENY);
    wh_load(&program, offsetof(struct seccomp_data, nr));
#if defined(__x86_64__)
    wh_emit(&program, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 0), WH_DENY, WH_NEXT);
#endif
    int denied[32], count = 0;
    denied[count++] = __NR_io_uring_setup;
    denied[count++] = __NR_io_uring_enter;
    denied[count++] = __NR_io_uring_register;
    denied[count++] = __NR_fchmodat;
    denied[count++] = __NR_fchmodat2;
    denied[count++] = __NR_fchownat;
    denied[count++] = __NR_setxattr;
    denied[count++] = __NR_lsetxattr;
    denied[count++] = __NR_removexattr;
    denied[count++] = __NR_lremovexattr;
    denied[count++] = __NR_setxattrat;
    denied[count++] = __NR_removexattrat;
    denied[count++] = __NR_truncate;
    denied[count++] = __NR_execveat;
    denied[count++] = __NR_setsid;
    denied[count++] = __NR_setpgid;
    denied[count++] = __NR_unshare;
    denied[count++] = __NR_setns;
#ifdef __NR_chmod
    denied[count++] = __NR_chmod;
    denied[count++] = __NR_chown;
    denied[count++] = __NR_lchown;
    denied[count++] = __NR_utime;
    denied[count++] = __NR_utimes;
    denied[count++] = __NR_futimesat;
#endif
    for (int index = 0; index < count; index++) wh_if_equal(&program, (unsigned)denied[index], WH_DENY, WH_NEXT);

    /* utimensat with a path; without one (futimens) it acts on an open descriptor. */
    int after_times = program.count + 5;
    wh_if_equal(&program, __NR_utimensat, WH_NEXT, after_times);
    wh_load(&program, WH_ARG_LOW(1));
    wh_if_equal(&program, 0, WH_NEXT, WH_DENY);
    wh_load(&program, WH_ARG_HIGH(1));
    wh_if_equal(&program, 0, WH_ALLOW, WH_DENY);

    wh_if_equal(&program, WH_NR_CLONE3, WH_NOSYS, WH_NEXT);
    /* clone(flags, …): no CLONE_NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET or NEWTIME. */
    int after_clone = program.count + 3;
    wh_if_equal(&program, __NR_clone, WH_NEXT, after_clone);
    wh_load(&program, WH_ARG_LOW(0));
    wh_if_any_bit(&program, 0x00020000U | 0x02000000U | 0x04000000U | 0x08000000U | 0x10000000U | 0x20000000U | 0x40000000U | 0x00000080U,
                  WH_DENY, WH_ALLOW);
    wh_only_self(&program, __NR_prlimit64, 0);
    wh_only_self_or_group(&program, __NR_setpriority, 2 /* PRIO_USER */);
    wh_only_self(&program, __NR_sched_setaffinity, 0);
    wh_only_self(&program, __NR_sched_setscheduler, 0);
    wh_only_self(&program, __NR_sched_setparam, 0);
    wh_only_self(&program, __NR_sched_setattr, 0);
    wh_only_self_or_group(&program, __NR_ioprio_set, 3 /* IOPRIO_WHO_USER */);

    /* kill(-1, …): the low word of the pid is all ones. */
    int after_kill = program.count + 3;
    wh_if_equal(&program, __NR_kill, WH_NEXT, after_kill);
    wh_load(&program, WH_ARG_LOW(0));
    wh_if_equal(&program, 0xffffffffU, WH_DENY, WH_ALLOW);

    /* socket(domain, …) */
    wh_if_equal(&program, __NR_socket, WH_NEXT, WH_ALLOW);
    if (!allow_network) {
        wh_if_equal(&program, 0, WH_DENY, WH_DENY);
    } else {
        wh_load(&program, WH_ARG_LOW(0));
        wh_if_equal(&program, AF_INET, WH_ALLOW, WH_NEXT);
        wh_if_equal(&program, AF_INET6, WH_ALLOW, WH_NEXT);
        wh_if_equal(&program, AF_NETLINK, WH_ALLOW, WH_DENY);
    }
    return wh_install(&program);
}

int wh_confine(const char *const *paths, const int *access, int count, int allow_network) {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    if (wh_filter(allow_network) != 0) return -1;
    int abi = wh_landlock_abi();
    if (abi < 1) return 0;
    struct wh_ruleset_attr attributes = { .handled_access_fs = wh_fs_rights(abi) };
    size_t size = sizeof(uint64_t);
    if (abi >= 4) {
        attributes.handled_access_net = allow_network ? 0 : (WH_NET_BIND_TCP | WH_NET_CONNECT_TCP);
        size = 2 * sizeof(uint64_t);
    }
    if (abi >= 6) {
        attributes.scoped = WH_SCOPE_ABSTRACT_UNIX_SOCKET | WH_SCOPE_SIGNAL;
        size = sizeof(attributes);
    }
    int ruleset = (int)syscall(WH_NR_CREATE_RULESET, &attributes, size, 0);
    if (ruleset < 0) return -1;
    const uint64_t reading = WH_FS_READ_FILE | WH_FS_READ_DIR;
    const uint64_t rights[] = {
        [WH_ACCESS_READ] = reading,
        [WH_ACCESS_LIST] = WH_FS_READ_DIR,
        [WH_ACCESS_WRITE] = wh_fs_rights(abi) & ~WH_FS_EXECUTE,
        [WH_ACCESS_EXECUTE] = reading | WH_FS_EXECUTE,
    };
    for (int index = 0; index < count; index++) {
        if (access[index] < WH_ACCESS_READ || access[index] > WH_ACCESS_EXECUTE) { errno = EINVAL; goto failed; }
        if (wh_allow(ruleset, paths[index], rights[access[index]], abi) != 0) goto failed;
    }
    if (syscall(WH_NR_RESTRICT_SELF, ruleset, 0) != 0) goto failed;
    close(ruleset);
    return abi;
failed: {
        int saved = errno;
        close(ruleset);
        errno = saved;
        return -1;
    }
}

const char *wh_swift_runtime_path(void) {
    void *symbol = dlsym(RTLD_DEFAULT, "swift_retain");
    Dl_info info;
    if (symbol == NULL || dladdr(symbol, &info) == 0) return NULL;
    return info.dli_fname;
}

const char *wh_dynamic_loader_path(void) {
    unsigned long base = getauxval(AT_BASE);
    Dl_info info;
    if (base == 0 || dladdr((void *)base, &info) == 0) return NULL;
    return info.dli_fname;
}
