/* Per-query scratch memory (contract in arena.h). */
#include "base/arena.h"

#include <assert.h>
#include <stdint.h>
#include <string.h>

struct fer_arena_chunk {
  fer_arena_chunk *next;
  size_t bytes;               /* of the whole chunk, header included */
  _Alignas(16) unsigned char data[];
};

enum { CHUNK_MIN = 16384 };

void fer_arena_init(fer_arena *a) { memset(a, 0, sizeof *a); }

void *fer_arena_alloc(ferret *f, fer_arena *a, size_t bytes) {
  size_t need = (bytes + 15) & ~(size_t)15;
  if (need < bytes) { /* overflow */
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "arena request of %zu bytes", bytes);
    return NULL;
  }
  if (!a->head || a->cap - a->used < need) {
    /* a new chunk: at least the request, at least double the last one */
    size_t cap = a->cap * 2 > CHUNK_MIN ? a->cap * 2 : CHUNK_MIN;
    if (cap < need) cap = need;
    size_t bytes_all = sizeof(fer_arena_chunk) + cap;
    fer_arena_chunk *c = fer_malloc(f, bytes_all);
    if (!c) return NULL;
    c->next = a->head, c->bytes = bytes_all;
    a->head = c, a->used = 0, a->cap = cap;
    a->total += bytes_all;
  }
  assert(a->used + need <= a->cap);
  void *p = a->head->data + a->used;
  assert(((uintptr_t)p & 15) == 0); /* aligned for any scalar */
  a->used += need;
  memset(p, 0, bytes);
  return p;
}

void *fer_arena_array(ferret *f, fer_arena *a, size_t n, size_t size) {
  if (size && n > SIZE_MAX / size) {
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "arena array of %zu x %zu bytes", n,
              size);
    return NULL;
  }
  return fer_arena_alloc(f, a, n * size);
}

void fer_arena_release(ferret *f, fer_arena *a) {
  size_t total = 0;
  for (fer_arena_chunk *c = a->head, *next; c; c = next) {
    next = c->next;
    total += c->bytes;
    fer_free(f, c, c->bytes);
  }
  assert(total == a->total); /* every chunk is on the list */
  (void)total;
  fer_arena_init(a);
}
