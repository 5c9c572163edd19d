/* Counts heap allocations in the benchmark process (glibc: the executable's
   malloc interposes everyone's and forwards to __libc_malloc). */
#ifndef EASEL_MALLOC_COUNTER_H
#define EASEL_MALLOC_COUNTER_H
#include <stdint.h>
/** Allocations so far (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign). */
uint64_t easel_malloc_count(void);
/** Bytes allocated so far, as usable sizes of the blocks handed out (never decreases). */
uint64_t easel_malloc_bytes(void);
/** Bytes in blocks handed out and not yet freed (usable sizes): net heap growth between two readings. */
int64_t easel_malloc_live_bytes(void);
/** The most bytes live at once since the last easel_malloc_reset_peak (or the start). */
int64_t easel_malloc_peak_live_bytes(void);
/** Starts a new peak from the bytes live now. */
void easel_malloc_reset_peak(void);
#endif
