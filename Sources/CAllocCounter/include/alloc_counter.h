#ifndef ALLOC_COUNTER_H
#define ALLOC_COUNTER_H
/* Counts heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc,
 * memalign) made by a thread while counting is enabled on that thread (other threads'
 * allocations are not counted). Linking this target
 * into an executable interposes those functions; they forward to glibc's __libc_*
 * implementations. Used by parallax-bench to prove the steady-state frame allocates
 * nothing. Not for libraries: only executables should link it. */
#include <stdint.h>

/* Starts or stops counting on the calling thread (off at start on every thread). */
void alloc_counter_enable(int on);
/* Allocations counted so far. */
uint64_t alloc_counter_count(void);
/* Resets the count to zero. */
void alloc_counter_reset(void);
#endif
