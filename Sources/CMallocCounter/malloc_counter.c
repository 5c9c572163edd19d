#include "malloc_counter.h"
#include <malloc.h>
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static uint64_t count;
static uint64_t bytes;
static int64_t live;
static int64_t peak;

uint64_t easel_malloc_count(void) { return __atomic_load_n(&count, __ATOMIC_RELAXED); }
uint64_t easel_malloc_bytes(void) { return __atomic_load_n(&bytes, __ATOMIC_RELAXED); }
int64_t easel_malloc_live_bytes(void) { return __atomic_load_n(&live, __ATOMIC_RELAXED); }
int64_t easel_malloc_peak_live_bytes(void) { return __atomic_load_n(&peak, __ATOMIC_RELAXED); }
void easel_malloc_reset_peak(void) { __atomic_store_n(&peak, __atomic_load_n(&live, __ATOMIC_RELAXED), __ATOMIC_RELAXED); }

/* Raises the peak to `now` when it is higher. */
static void raise_peak(int64_t now) {
    int64_t seen = __atomic_load_n(&peak, __ATOMIC_RELAXED);
    while (now > seen && !__atomic_compare_exchange_n(&peak, &seen, now, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
}

/* Records a block handed out (p may be NULL when the allocation failed). */
static void *counted(void *p) {
    __atomic_fetch_add(&count, 1, __ATOMIC_RELAXED);
    if (p != NULL) {
        size_t size = malloc_usable_size(p);
        __atomic_fetch_add(&bytes, size, __ATOMIC_RELAXED);
        raise_peak(__atomic_add_fetch(&live, (int64_t)size, __ATOMIC_RELAXED));
    }
    return p;
}

/* Records a block given back. */
static void released(void *p) {
    if (p != NULL) {
        __atomic_fetch_sub(&live, (int64_t)malloc_usable_size(p), __ATOMIC_RELAXED);
    }
}

void *malloc(size_t size) { return counted(__libc_malloc(size)); }
void *calloc(size_t n, size_t size) { return counted(__libc_calloc(n, size)); }
void *realloc(void *p, size_t size) {
    /* Reading the old size first: realloc frees or moves the block. A failed
       realloc leaves the old block in place, so only a success releases it. */
    size_t old = p != NULL ? malloc_usable_size(p) : 0;
    void *q = __libc_realloc(p, size);
    if (q != NULL || size == 0) {
        __atomic_fetch_sub(&live, (int64_t)old, __ATOMIC_RELAXED);
    }
    return counted(q);
}
int posix_memalign(void **out, size_t alignment, size_t size) {
    void *p = counted(__libc_memalign(alignment, size));
    if (!p) return 12; /* ENOMEM */
    *out = p;
    return 0;
}
void *aligned_alloc(size_t alignment, size_t size) { return counted(__libc_memalign(alignment, size)); }
void *memalign(size_t alignment, size_t size) { return counted(__libc_memalign(alignment, size)); }
void free(void *p) {
    released(p);
    __libc_free(p);
}
