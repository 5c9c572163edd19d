#define _GNU_SOURCE
#include "easel_isolation.h"

#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>

void *easel_support_call_observer = 0;

int easel_support_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
}

int easel_support_die_with_parent(void) {
    return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
}
