/* Host-side helpers for the isolated worker's sandbox (Sources/EaselIsolation/
   Sandbox.swift): the SIGSYS handler that writes what the seccomp filter
   refused into the flight recorder, Landlock through its raw system calls,
   and what only C can ask (fontconfig's folders, a sanitizer in the process).
   Not part of the plugin ABI; plugins never see this header. */
#ifndef EASEL_SANDBOX_H
#define EASEL_SANDBOX_H

#include <stddef.h>
#include <stdint.h>

/* Sets no-new-privileges (prctl PR_SET_NO_NEW_PRIVS, which Swift cannot call:
   prctl is variadic). Returns 0, or -1 with errno set. */
int easel_sandbox_no_new_privileges(void);

/* Names what the sandbox refuses when system call `number` traps (SIGSYS):
   the report says `name()` then `suffix` (both copied), e.g. "socket()" or
   "clone() to start a process"; when `path_argument` is 0 to 5, that argument
   of the call is a path, reported as `name("/the/path")suffix`. Call before
   easel_sandbox_install_reporter. Returns 0, or -1 when the table is full or
   a text too long. */
int easel_sandbox_name_refusal(int number, const char *name, const char *suffix, int path_argument);

/* Installs the SIGSYS handler. When the seccomp filter traps a call, the
   handler writes the call's text into `slot` (`size` bytes: a 32-bit length,
   then UTF-8, the flight recorder's string format) and ends the process with
   SIGSYS. Returns 0, or -1 with errno set. */
int easel_sandbox_install_reporter(void *slot, uint32_t size);

/* The highest Landlock ABI version the kernel supports, or -errno
   (-ENOSYS: no Landlock in this kernel; -EOPNOTSUPP: built in but disabled). */
int easel_landlock_abi(void);

/* Restricts this thread, and the threads and processes it starts from now
   on, to reading (files, folders, executing) the `count` paths given: every
   file-system right of Landlock ABI `abi` is handled and only those are
   granted. A path that does not exist is skipped. Needs no-new-privileges.
   Returns 0 or -errno. */
int easel_landlock_restrict_reads(int abi, const char *const *paths, size_t count);

/* Initialises fontconfig's current configuration (FcInit, found with dlsym)
   as the first text cairo draws would: its configuration and caches are
   read, and a cache that is out of date is rewritten. Returns 1 when
   fontconfig is in the process and initialised, else 0. */
int easel_sandbox_warm_fontconfig(void);

/* The folders fontconfig reads fonts and caches from (FcConfigGetFontDirs and
   FcConfigGetCacheDirs of the current configuration, found with dlsym so
   that easel links no fontconfig of its own), each passed to `visit`; none
   when fontconfig is not in the process. */
void easel_sandbox_font_folders(void (*visit)(const char *folder, void *context), void *context);

/* The path of every shared object loaded in the process (dl_iterate_phdr),
   each passed to `visit`. */
void easel_sandbox_loaded_objects(void (*visit)(const char *path, void *context), void *context);

/* 1 when the process runs under a sanitizer (AddressSanitizer and its kin
   reserve terabytes of address space, so no address-space limit fits). */
int easel_sandbox_under_sanitizer(void);

#endif
