#define _GNU_SOURCE
#include "easel_sandbox.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

int easel_sandbox_no_new_privileges(void) { return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); }

/* MARK: What the seccomp filter refused */

enum { REFUSAL_CAPACITY = 128, REFUSAL_NAME = 32, REFUSAL_SUFFIX = 48, REPORTED_PATH = 320 };

static struct {
    int number;
    int path_argument;
    char name[REFUSAL_NAME];
    char suffix[REFUSAL_SUFFIX];
} refusals[REFUSAL_CAPACITY];
static int refusal_count;
static unsigned char *report_slot;
static uint32_t report_size;

int easel_sandbox_name_refusal(int number, const char *name, const char *suffix, int path_argument) {
    if (refusal_count >= REFUSAL_CAPACITY || strlen(name) >= REFUSAL_NAME || strlen(suffix) >= REFUSAL_SUFFIX) return -1;
    refusals[refusal_count].number = number;
    refusals[refusal_count].path_argument = path_argument;
    strcpy(refusals[refusal_count].name, name);
    strcpy(refusals[refusal_count].suffix, suffix);
    refusal_count += 1;
    return 0;
}

/* Argument `index` of the system call that trapped, on the architectures
   whose signal frame still holds it (x86-64's argument registers are not the
   return register; on arm64, x0 is both), else 0. */
static uintptr_t trapped_argument(const void *raw_context, int index) {
#if defined(__x86_64__)
    static const int registers[6] = {REG_RDI, REG_RSI, REG_RDX, REG_R10, REG_R8, REG_R9};
    const ucontext_t *context = raw_context;
    return (uintptr_t)context->uc_mcontext.gregs[registers[index]];
#else
    (void)raw_context;
    (void)index;
    return 0;
#endif
}

static void append(uint32_t *length, const char *text, uint32_t limit) {
    uint32_t capacity = report_size - 4;
    if (limit < capacity) capacity = limit;
    while (*text != 0 && *length < capacity) {
        report_slot[4 + *length] = (unsigned char)*text;
        *length += 1;
        text += 1;
    }
}

static void publish(uint32_t length) { memcpy(report_slot, &length, sizeof length); }

/* Async-signal-safe: plain stores into the shared memory, sigaction, raise.
   Writes `name()suffix` first, then, when the call has a path, rewrites it as
   `name("path")suffix`: should reading the path fault, the first is recorded. */
static void on_sigsys(int signal_number, siginfo_t *info, void *context) {
    (void)signal_number;
    if (report_slot != 0 && report_size > 4) {
        int index = 0;
        while (index < refusal_count && refusals[index].number != info->si_syscall) index += 1;
        uint32_t length = 0;
        if (index < refusal_count) {
            append(&length, refusals[index].name, UINT32_MAX);
            append(&length, "()", UINT32_MAX);
            append(&length, refusals[index].suffix, UINT32_MAX);
        } else {
            char digits[16];
            int count = 0;
            unsigned number = (unsigned)info->si_syscall;
            do { digits[count++] = (char)('0' + number % 10); number /= 10; } while (number != 0 && count < 15);
            append(&length, "system call ", UINT32_MAX);
            while (count > 0) {
                char digit[2] = {digits[--count], 0};
                append(&length, digit, UINT32_MAX);
            }
        }
        publish(length);
        const char *path = 0;
        if (index < refusal_count && refusals[index].path_argument >= 0) {
            path = (const char *)trapped_argument(context, refusals[index].path_argument);
        }
        if (path != 0) {
            length = 0;
            append(&length, refusals[index].name, UINT32_MAX);
            append(&length, "(\"", UINT32_MAX);
            append(&length, path, length + REPORTED_PATH);
            append(&length, "\")", UINT32_MAX);
            append(&length, refusals[index].suffix, UINT32_MAX);
            publish(length);
        }
    }
    struct sigaction standard;
    memset(&standard, 0, sizeof standard);
    standard.sa_handler = SIG_DFL;
    sigaction(SIGSYS, &standard, 0);
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGSYS);
    sigprocmask(SIG_UNBLOCK, &mask, 0);
    raise(SIGSYS);
    _exit(128 + SIGSYS);
}

int easel_sandbox_install_reporter(void *slot, uint32_t size) {
    report_slot = slot;
    report_size = size;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_sigsys;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    return sigaction(SIGSYS, &action, 0);
}

/* MARK: Landlock, through its system calls (glibc has no wrappers) */

#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#endif
#ifndef SYS_landlock_add_rule
#define SYS_landlock_add_rule 445
#endif
#ifndef SYS_landlock_restrict_self
#define SYS_landlock_restrict_self 446
#endif

/* The first fields of the kernel's structs: a kernel takes any size it knows. */
struct easel_landlock_ruleset_attr {
    uint64_t handled_access_fs;
};
struct easel_landlock_path_beneath_attr {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

enum {
    LANDLOCK_VERSION_QUERY = 1,   /* LANDLOCK_CREATE_RULESET_VERSION */
    LANDLOCK_PATH_BENEATH = 1,    /* LANDLOCK_RULE_PATH_BENEATH */
};
static const uint64_t fs_execute = 1ULL << 0, fs_read_file = 1ULL << 2, fs_read_dir = 1ULL << 3;

int easel_landlock_abi(void) {
    long version = syscall(SYS_landlock_create_ruleset, (void *)0, (size_t)0, (uint32_t)LANDLOCK_VERSION_QUERY);
    return version < 0 ? -errno : (int)version;
}

/* Every file-system right ABI `abi` knows: ABI 1 has 13 (execute to make
   symlinks), 2 adds REFER, 3 TRUNCATE, 5 IOCTL_DEV (4, 6 and 7 add network,
   scope and logging features, no file-system rights). */
static uint64_t handled_rights(int abi) {
    uint64_t rights = (1ULL << 13) - 1;
    if (abi >= 2) rights |= 1ULL << 13;
    if (abi >= 3) rights |= 1ULL << 14;
    if (abi >= 5) rights |= 1ULL << 15;
    return rights;
}

int easel_landlock_restrict_reads(int abi, const char *const *paths, size_t count) {
    struct easel_landlock_ruleset_attr attributes = {handled_rights(abi)};
    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attributes, sizeof attributes, (uint32_t)0);
    if (ruleset < 0) return -errno;
    int result = 0;
    for (size_t index = 0; index < count && result == 0; index++) {
        int fd = open(paths[index], O_PATH | O_CLOEXEC);
        if (fd < 0) continue;   /* not there (or not reachable): nothing to allow */
        struct stat info;
        if (fstat(fd, &info) == 0) {
            struct easel_landlock_path_beneath_attr rule = {
                S_ISDIR(info.st_mode) ? fs_execute | fs_read_file | fs_read_dir : fs_execute | fs_read_file, fd};
            if (syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_PATH_BENEATH, &rule, (uint32_t)0) != 0) result = -errno;
        }
        close(fd);
    }
    if (result == 0 && syscall(SYS_landlock_restrict_self, ruleset, (uint32_t)0) != 0) result = -errno;
    close(ruleset);
    return result;
}

/* MARK: What only C can ask */

int easel_sandbox_warm_fontconfig(void) {
    typedef int (*init_function)(void);
    init_function initialise = (init_function)dlsym(RTLD_DEFAULT, "FcInit");
    return initialise != 0 && initialise() != 0;
}

void easel_sandbox_font_folders(void (*visit)(const char *folder, void *context), void *context) {
    typedef void *(*list_function)(void *config);
    typedef const char *(*next_function)(void *list);
    typedef void (*done_function)(void *list);
    next_function next = (next_function)dlsym(RTLD_DEFAULT, "FcStrListNext");
    done_function done = (done_function)dlsym(RTLD_DEFAULT, "FcStrListDone");
    if (next == 0 || done == 0) return;
    const char *names[2] = {"FcConfigGetFontDirs", "FcConfigGetCacheDirs"};
    for (int which = 0; which < 2; which++) {
        list_function list = (list_function)dlsym(RTLD_DEFAULT, names[which]);
        void *folders = list != 0 ? list(0) : 0;
        if (folders == 0) continue;
        for (const char *folder = next(folders); folder != 0; folder = next(folders)) visit(folder, context);
        done(folders);
    }
}

struct visitor {
    void (*visit)(const char *path, void *context);
    void *context;
};

static int visit_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    const struct visitor *visitor = data;
    if (info->dlpi_name != 0 && info->dlpi_name[0] == '/') visitor->visit(info->dlpi_name, visitor->context);
    return 0;
}

void easel_sandbox_loaded_objects(void (*visit)(const char *path, void *context), void *context) {
    struct visitor visitor = {visit, context};
    dl_iterate_phdr(visit_object, &visitor);
}

int easel_sandbox_under_sanitizer(void) {
    const char *runtimes[] = {"__asan_init", "__tsan_init", "__msan_init", "__hwasan_init"};
    for (size_t index = 0; index < sizeof runtimes / sizeof runtimes[0]; index++) {
        if (dlsym(RTLD_DEFAULT, runtimes[index]) != 0) return 1;
    }
    return 0;
}
