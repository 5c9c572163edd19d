/* Host-side helpers for isolated rendering (Sources/EaselIsolation):
   shared memory, atomics on it, and the process-wide plugin-call observer.
   Not part of the plugin ABI; plugins never see this header. */
#ifndef EASEL_ISOLATION_H
#define EASEL_ISOLATION_H

#include <stdint.h>

/* An anonymous shared memory file (memfd_create with MFD_CLOEXEC), or -1 with errno set. */
int easel_support_memfd_create(const char *name);

/* Asks the kernel to kill this process (SIGKILL) when its parent dies
   (prctl PR_SET_PDEATHSIG), so that a child left hanging in plugin code
   does not outlive easel; 0 on success, -1 with errno set. */
int easel_support_die_with_parent(void);

/* A descriptor that becomes readable when the child process `pid` exits
   (pidfd_open, Linux 5.3), close-on-exec; -1 with errno set where the
   kernel has none. */
int easel_support_pidfd_open(int pid);

/* Atomic 64-bit loads and stores (acquire / release) on memory shared with another process. */
static inline uint64_t easel_support_atomic_load_u64(const uint64_t *address) {
    return __atomic_load_n(address, __ATOMIC_ACQUIRE);
}
static inline void easel_support_atomic_store_u64(uint64_t *address, uint64_t value) {
    __atomic_store_n(address, value, __ATOMIC_RELEASE);
}

/* The object told about every call into plugin code (an unmanaged Swift
   PluginCallObserver box), or NULL: a plain global, so that the test on the
   message path costs one load. */
extern void *easel_support_call_observer;

static inline void *easel_support_get_call_observer(void) { return easel_support_call_observer; }
static inline void easel_support_set_call_observer(void *value) { easel_support_call_observer = value; }

#endif
