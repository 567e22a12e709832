#define _GNU_SOURCE
#include "alloc_counter.h"
#include <errno.h>
#include <stddef.h>
#include <stdatomic.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

/* Per thread: the frame's own work is counted, not a driver's or a cache's thread that
 * happens to allocate meanwhile (Mesa writes its shader cache from a thread of its own). */
static _Thread_local int enabled __attribute__((tls_model("initial-exec"))) = 0;
static atomic_ullong count = 0;

static inline void note(void) {
    if (enabled)
        atomic_fetch_add_explicit(&count, 1, memory_order_relaxed);
}

void alloc_counter_enable(int on) { enabled = on; }
uint64_t alloc_counter_count(void) { return atomic_load(&count); }
void alloc_counter_reset(void) { atomic_store(&count, 0); }

/* Under AddressSanitizer (swift test --sanitize=address) the interposer would replace
 * ASan's own malloc and free, so its checks and Swift's malloc_usable_size calls would
 * see foreign pointers: nothing is interposed and nothing is counted then. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ALLOC_COUNTER_UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define ALLOC_COUNTER_UNDER_ASAN 1
#endif

#ifndef ALLOC_COUNTER_UNDER_ASAN
void *malloc(size_t n) { note(); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { note(); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { note(); return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t align, size_t n) { note(); return __libc_memalign(align, n); }
void *aligned_alloc(size_t align, size_t n) { note(); return __libc_memalign(align, n); }
int posix_memalign(void **out, size_t align, size_t n) {
    if (align % sizeof(void *) != 0 || (align & (align - 1)) != 0) return EINVAL;
    note();
    void *p = __libc_memalign(align, n);
    if (!p && n) return ENOMEM;
    *out = p;
    return 0;
}
#endif /* ALLOC_COUNTER_UNDER_ASAN */
