/* Counts heap allocations in the benchmark process (glibc: the executable's
   malloc interposes everyone's and forwards to __libc_malloc). */
#ifndef EASEL_MALLOC_COUNTER_H
#define EASEL_MALLOC_COUNTER_H
#include <stdint.h>
uint64_t easel_malloc_count(void);
#endif
