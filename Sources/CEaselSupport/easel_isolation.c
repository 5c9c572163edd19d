#define _GNU_SOURCE
#include "easel_isolation.h"

#include <errno.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

void *easel_support_call_observer = 0;

int easel_support_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
}

int easel_support_die_with_parent(void) {
    return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
}

int easel_support_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    /* A pidfd is always close-on-exec. */
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}
