#define _GNU_SOURCE
#include "sandbox.h"
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
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

// Landlock's ABI, spelled out: the distribution's <linux/landlock.h> may
// predate the network (ABI 4) and scope (ABI 6) parts used here.
#define WH_NR_CREATE_RULESET 444
#define WH_NR_ADD_RULE 445
#define WH_NR_RESTRICT_SELF 446
#define WH_CREATE_RULESET_VERSION (1U << 0)
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

/* socket(2) fails with EPERM whatever the family: Landlock's TCP rights do
 * not cover UDP, raw, netlink or Unix sockets. The channel to the host is a
 * descriptor the process was started with, so it needs no socket of its own. */
static int wh_deny_sockets(void) {
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, WH_AUDIT_ARCH, 1, 0),
        /* Another architecture's calls (i386's through int 0x80) are refused outright. */
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA)),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        /* x32's numbers, which would reach socket by another number. */
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA)),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = { .len = sizeof(filter) / sizeof(filter[0]), .filter = filter };
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0);
}

int wh_confine(const char *const *read, int read_count, const char *const *write, int write_count,
               const char *const *execute, int execute_count, int allow_network) {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    if (!allow_network && wh_deny_sockets() != 0) return -1;
    long version = syscall(WH_NR_CREATE_RULESET, NULL, 0, WH_CREATE_RULESET_VERSION);
    int abi = version < 0 ? 0 : (int)version;
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
    for (int index = 0; index < read_count; index++) {
        if (wh_allow(ruleset, read[index], reading, abi) != 0) goto failed;
    }
    for (int index = 0; index < write_count; index++) {
        if (wh_allow(ruleset, write[index], wh_fs_rights(abi) & ~WH_FS_EXECUTE, abi) != 0) goto failed;
    }
    for (int index = 0; index < execute_count; index++) {
        if (wh_allow(ruleset, execute[index], reading | WH_FS_EXECUTE, abi) != 0) goto failed;
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
