#include "malloc_counter.h"
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static uint64_t count;

uint64_t easel_malloc_count(void) { return __atomic_load_n(&count, __ATOMIC_RELAXED); }

void *malloc(size_t size) {
    __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED);
    return __libc_malloc(size);
}
void *calloc(size_t n, size_t size) {
    __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED);
    return __libc_calloc(n, size);
}
void *realloc(void *p, size_t size) {
    __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED);
    return __libc_realloc(p, size);
}
int posix_memalign(void **out, size_t alignment, size_t size) {
    __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED);
    void *p = __libc_memalign(alignment, size);
    if (!p) return 12; /* ENOMEM */
    *out = p;
    return 0;
}
void *aligned_alloc(size_t alignment, size_t size) {
    __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED);
    return __libc_memalign(alignment, size);
}
void *memalign(size_t alignment, size_t size) {
    __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED);
    return __libc_memalign(alignment, size);
}
void free(void *p) { __libc_free(p); }
