/* Host-side helpers that Swift cannot express cheaply: per-thread slots, and
   pipes for the plugin scanner. Not part of the plugin ABI; plugins never see
   this header. */
#ifndef EASEL_SUPPORT_H
#define EASEL_SUPPORT_H

/* Initial-exec TLS: a plain %fs-relative access instead of a call to
   __tls_get_addr (the host code is linked into the executable). */
#define EASEL_SUPPORT_TLS __attribute__((tls_model("initial-exec")))

/* The registry whose call is in progress on this thread (unretained). */
extern __thread void *easel_support_active_registry EASEL_SUPPORT_TLS;
/* The top of this thread's current-context stack (unretained). */
extern __thread void *easel_support_current_context EASEL_SUPPORT_TLS;

/* The animation block being run on this thread (EaselViews' animation context, unretained). */
extern __thread void *easel_support_animation_context EASEL_SUPPORT_TLS;

static inline void *easel_support_get_animation_context(void) { return easel_support_animation_context; }
static inline void easel_support_set_animation_context(void *value) { easel_support_animation_context = value; }
static inline void *easel_support_get_active_registry(void) { return easel_support_active_registry; }
static inline void easel_support_set_active_registry(void *value) { easel_support_active_registry = value; }
static inline void *easel_support_get_current_context(void) { return easel_support_current_context; }
static inline void easel_support_set_current_context(void *value) { easel_support_current_context = value; }

/* Creates a pipe whose ends are close-on-exec from the start (pipe2, which
   Swift does not import: helpers are spawned from several threads at once, so
   setting the flag afterwards could leak an end into another helper), and
   asks for a buffer of up to `capacity` bytes (F_SETPIPE_SZ; the system's
   limit may give less). Returns 0, or -1 with errno set. */
int easel_support_pipe(int fds[2], int capacity);

/* An anonymous file that can be sealed (memfd_create with MFD_CLOEXEC and
   MFD_ALLOW_SEALING), for the copy of a plugin the host checks and loads.
   Returns the descriptor, or -1 with errno set. */
int easel_support_sealable_memfd(const char *name);

/* Seals such a file against every change (F_SEAL_SHRINK, F_SEAL_GROW,
   F_SEAL_WRITE, then F_SEAL_SEAL). Returns 0, or -1 with errno set. */
int easel_support_seal(int fd);

/* Asks the CPU to start loading `bytes` bytes at `address` into its caches
   (a hint: never faults, even past the end of an object). */
static inline void easel_support_prefetch(const void *address, long bytes) {
    for (long offset = 0; offset < bytes; offset += 64) {
        __builtin_prefetch((const char *)address + offset);
    }
}

/* Whether the dynamic loader has a library it loaded by the name `name`
   (dl_iterate_phdr: the loader returns that library for a dlopen of the name). */
int easel_support_loader_knows(const char *name);

/* The path of the file the dynamic loader mapped the global symbol `symbol`
   from (dlsym, then dladdr, which Swift's Glibc module does not import), or
   NULL. The string is the loader's: valid while that file stays loaded. */
const char *easel_support_file_defining(const char *symbol);

/* The usable size of a heap block from malloc (glibc's malloc_usable_size,
   which Swift's Glibc module does not import). */
#include <malloc.h>
static inline unsigned long easel_support_allocation_size(void *block) { return malloc_usable_size(block); }

#endif
