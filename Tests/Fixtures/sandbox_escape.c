/* LOADS, TRIES WHAT THE SANDBOX FORBIDS WHEN DRAWN: each class's drawRect: tries one thing the isolated
 * worker's sandbox refuses (Sources/Easel/Easel.docc/Security.md); without --isolate each succeeds and then fills its rect.
 *   Forker     fork()                                   Networker  socket(AF_INET, SOCK_STREAM)
 *   Writer     open($EASEL_SANDBOX_TARGET, O_WRONLY|O_CREAT|O_TRUNC)
 *   Executor   execve("/nonexistent/easel-no-such-program")   Signaller  kill(getppid(), 0)
 *   Limiter    setrlimit(RLIMIT_NOFILE) to the limit it has (a change, to the filter)
 *   Grower     one byte written to standard error at 3 GiB (a file's size limit, where it is a file)
 *   Talker     "talking\n" written to standard error (allowed)
 * and class `SandboxProbe : Object` answers what the process may do (for `easel invoke`):
 *   openFileLimit      RLIMIT_NOFILE's soft limit       noNewPrivileges  prctl(PR_GET_NO_NEW_PRIVS)
 *   cpuLimit           RLIMIT_CPU's soft limit, seconds fileSizeLimit    RLIMIT_FSIZE's, in MiB
 *   addressSpaceLimit  RLIMIT_AS's soft limit, in MiB   (each -1 when unlimited)
 *   readSecret         bytes read from $EASEL_SANDBOX_SECRET, or -errno
 *   spawnThread        1 when a thread started and was joined (threads stay allowed), or -errno
 *   localSocket        1 when socket(AF_UNIX) worked, or -errno
 *   lookUpUser         1 when getpwuid(getuid()) found the user (glibc asks nscd's socket first) */
#define _GNU_SOURCE
#include "easel.h"
#include "easel_util.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <pwd.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static const easel_host_api *g_host;

/* What a forbidden call did when it was allowed: fill the rect green. */
static void fill(easel_rect rect) {
    const easel_graphics_api *g = g_host->graphics;
    easel_context *ctx = g->current_context();
    easel_color green = {0, 0.5, 0, 1};
    g->set_fill_color(ctx, green);
    g->fill_rect(ctx, rect);
}

static void Forker_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    pid_t child = fork();
    if (child == 0) _exit(0);
    if (child > 0) waitpid(child, NULL, 0);
    fill(rect);
}

static void Networker_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd >= 0) close(fd);
    fill(rect);
}

static void Writer_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    const char *target = getenv("EASEL_SANDBOX_TARGET");
    int fd = open(target != NULL ? target : "/tmp/easel-sandbox-escape", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd >= 0) {
        (void)!write(fd, "escaped\n", 8);
        close(fd);
    }
    fill(rect);
}

static void Executor_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    /* A program that does not exist: without the sandbox the call fails (ENOENT) instead of replacing
       easel; with it, the filter refuses the call before the kernel looks for the file. */
    char *const argv[] = {"easel-no-such-program", NULL};
    char *const envp[] = {NULL};
    execve("/nonexistent/easel-no-such-program", argv, envp);
    fill(rect);
}

static void Signaller_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    (void)kill(getppid(), 0);   /* signal 0 only asks whether the process exists */
    fill(rect);
}

static void Limiter_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0) (void)setrlimit(RLIMIT_NOFILE, &limit);
    fill(rect);
}

static void Grower_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    (void)!pwrite(STDERR_FILENO, "x", 1, (off_t)3 << 30);
    fill(rect);
}

static void Talker_drawRect(easel_object *self, easel_sel _cmd, easel_rect rect) {
    (void)self;
    (void)_cmd;
    (void)!write(STDERR_FILENO, "talking\n", 8);
    fill(rect);
}

static int32_t SandboxProbe_openFileLimit(easel_object *self, easel_sel _cmd) {
    (void)self;
    (void)_cmd;
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return -errno;
    return limit.rlim_cur > 1000000 ? 1000000 : (int32_t)limit.rlim_cur;
}

/* A soft limit divided by `unit`, or -1 when there is none. */
static int32_t soft_limit(int resource, rlim_t unit) {
    struct rlimit limit;
    if (getrlimit(resource, &limit) != 0) return -errno;
    return limit.rlim_cur == RLIM_INFINITY ? -1 : (int32_t)(limit.rlim_cur / unit);
}

static int32_t SandboxProbe_cpuLimit(easel_object *self, easel_sel _cmd) {
    (void)self;
    (void)_cmd;
    return soft_limit(RLIMIT_CPU, 1);
}

static int32_t SandboxProbe_fileSizeLimit(easel_object *self, easel_sel _cmd) {
    (void)self;
    (void)_cmd;
    return soft_limit(RLIMIT_FSIZE, 1 << 20);
}

static int32_t SandboxProbe_addressSpaceLimit(easel_object *self, easel_sel _cmd) {
    (void)self;
    (void)_cmd;
    return soft_limit(RLIMIT_AS, 1 << 20);
}

static int32_t SandboxProbe_noNewPrivileges(easel_object *self, easel_sel _cmd) {
    (void)self;
    (void)_cmd;
    return prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0);
}

static int32_t SandboxProbe_readSecret(easel_object *self, easel_sel _cmd) {
    (void)self;
    (void)_cmd;
    const char *secret = getenv("EASEL_SANDBOX_SECRET");
    if (secret == NULL) return -EINVAL;
    int fd = open(secret, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -errno;
    char buffer[64];
    ssize_t count = read(fd, buffer, sizeof buffer);
    close(fd);
    return count < 0 ? -errno : (int32_t)count;
}

static int32_t SandboxProbe_localSocket(easel_object *self, easel_sel _cmd) {
    (void)self;
    (void)_cmd;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    close(fd);
    return 1;
}

static int32_t SandboxProbe_lookUpUser(easel_object *self, easel_sel _cmd) {
    (void)self;
    (void)_cmd;
    return getpwuid(getuid()) != NULL ? 1 : 0;
}

static void *run_thread(void *argument) { return argument; }

static int32_t SandboxProbe_spawnThread(easel_object *self, easel_sel _cmd) {
    (void)self;
    (void)_cmd;
    pthread_t thread;
    int error = pthread_create(&thread, NULL, run_thread, (void *)1);
    if (error != 0) return -error;
    void *result = NULL;
    pthread_join(thread, &result);
    return result == (void *)1 ? 1 : 0;
}

#define DRAWING(name) \
    static const easel_method_desc name##_methods[] = { \
        EASEL_METHOD("drawRect:", "v@:" EASEL_ENCODE_RECT, name##_drawRect), \
    };
DRAWING(Forker)
DRAWING(Networker)
DRAWING(Writer)
DRAWING(Executor)
DRAWING(Signaller)
DRAWING(Limiter)
DRAWING(Grower)
DRAWING(Talker)

static const easel_method_desc probe_methods[] = {
    EASEL_METHOD("openFileLimit", "i@:", SandboxProbe_openFileLimit),
    EASEL_METHOD("noNewPrivileges", "i@:", SandboxProbe_noNewPrivileges),
    EASEL_METHOD("cpuLimit", "i@:", SandboxProbe_cpuLimit),
    EASEL_METHOD("fileSizeLimit", "i@:", SandboxProbe_fileSizeLimit),
    EASEL_METHOD("addressSpaceLimit", "i@:", SandboxProbe_addressSpaceLimit),
    EASEL_METHOD("readSecret", "i@:", SandboxProbe_readSecret),
    EASEL_METHOD("spawnThread", "i@:", SandboxProbe_spawnThread),
    EASEL_METHOD("localSocket", "i@:", SandboxProbe_localSocket),
    EASEL_METHOD("lookUpUser", "i@:", SandboxProbe_lookUpUser),
};

static const easel_class_desc classes[] = {
    EASEL_CLASS_WITHOUT_PROPERTIES("Forker", "View", 0, Forker_methods),
    EASEL_CLASS_WITHOUT_PROPERTIES("Networker", "View", 0, Networker_methods),
    EASEL_CLASS_WITHOUT_PROPERTIES("Writer", "View", 0, Writer_methods),
    EASEL_CLASS_WITHOUT_PROPERTIES("Executor", "View", 0, Executor_methods),
    EASEL_CLASS_WITHOUT_PROPERTIES("Signaller", "View", 0, Signaller_methods),
    EASEL_CLASS_WITHOUT_PROPERTIES("Limiter", "View", 0, Limiter_methods),
    EASEL_CLASS_WITHOUT_PROPERTIES("Grower", "View", 0, Grower_methods),
    EASEL_CLASS_WITHOUT_PROPERTIES("Talker", "View", 0, Talker_methods),
    EASEL_CLASS_WITHOUT_PROPERTIES("SandboxProbe", "Object", 0, probe_methods),
};

EASEL_DEFINE_PLUGIN(plugin, "sandbox_escape", classes);

EASEL_PLUGIN_ENTRY(host) {
    g_host = host;
    return &plugin;
}
