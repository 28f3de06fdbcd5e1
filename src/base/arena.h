/* Per-query scratch memory: bump allocation in chunks taken from the
 * context's allocator (fer_malloc), all released at once by
 * fer_arena_release.  For the arrays a query needs while it runs (the
 * compiler's by-term arrays, ...): no individual frees, no bookkeeping of
 * sizes, and nothing left behind when the query ends.  Allocations are
 * zeroed and aligned for any scalar type. */
#ifndef FER_BASE_ARENA_H
#define FER_BASE_ARENA_H

#include "base/context.h"

typedef struct fer_arena_chunk fer_arena_chunk;

typedef struct fer_arena {
  fer_arena_chunk *head; /* the chunk being filled; older ones linked */
  size_t used, cap;      /* bytes of head's data used / available */
  size_t total;          /* bytes of all chunks (fer_malloc'ed) */
} fer_arena;

void fer_arena_init(fer_arena *);
/* `bytes` zeroed bytes, 16-byte aligned; NULL on allocation failure (the
 * context's error is set, as by fer_malloc). */
void *fer_arena_alloc(ferret *, fer_arena *, size_t bytes);
/* `n` elements of `size` bytes; NULL also when n * size overflows. */
void *fer_arena_array(ferret *, fer_arena *, size_t n, size_t size);
/* Free every chunk; the arena is empty and usable again. */
void fer_arena_release(ferret *, fer_arena *);

#endif
