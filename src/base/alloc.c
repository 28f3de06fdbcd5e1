/* All memory of a context goes through its allocator function, counted. */
#define _DEFAULT_SOURCE /* madvise */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sys/mman.h>

#include "base/context.h"

void *fer_realloc(ferret *f, void *p, size_t old_bytes, size_t new_bytes) {
  /* a block is given back with the size it was taken with: more than is
   * counted as allocated is a caller's wrong size (FER_FREE_ARRAY) */
  assert((p == NULL) == (old_bytes == 0));
  assert(old_bytes <= f->bytes);
  if (new_bytes && f->opt.max_memory &&
      f->bytes - old_bytes + new_bytes > (size_t)f->opt.max_memory << 20) {
    f->out_of_memory = true;
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "memory limit of %lld MiB reached",
              (long long)f->opt.max_memory);
    return NULL;
  }
  fer_host_enter(f);
  void *q = f->alloc(f->alloc_user, p, old_bytes, new_bytes);
  fer_host_leave(f);
  if (new_bytes && !q) {
    f->out_of_memory = true;
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "out of memory (%zu bytes)",
              new_bytes);
    return NULL;
  }
  f->bytes = f->bytes - old_bytes + new_bytes;
  if (f->bytes > f->max_bytes) f->max_bytes = f->bytes;
  return q;
}

void *fer_malloc(ferret *f, size_t bytes) {
  return fer_realloc(f, NULL, 0, bytes ? bytes : 1);
}

void *fer_calloc(ferret *f, size_t bytes) {
  void *p = fer_malloc(f, bytes);
  if (p) memset(p, 0, bytes ? bytes : 1);
  return p;
}

/* Tables of megabytes read at random (the sampling judge's seen inputs,
 * the dedup filter) miss the TLB on almost every access with 4 KiB pages:
 * ask for huge pages on their 2 MiB-aligned interior before the first
 * touch.  Only a hint: any allocator's memory takes it or ignores it. */
void *fer_calloc_table(ferret *f, size_t bytes) {
  char *p = fer_malloc(f, bytes);
  if (!p) return NULL;
#if defined(MADV_HUGEPAGE)
  enum { HUGE = 1 << 21 };
  uintptr_t lo = ((uintptr_t)p + HUGE - 1) & ~(uintptr_t)(HUGE - 1);
  uintptr_t hi = ((uintptr_t)p + bytes) & ~(uintptr_t)(HUGE - 1);
  if (hi > lo) madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#endif
  memset(p, 0, bytes ? bytes : 1);
  return p;
}

void fer_free(ferret *f, void *p, size_t bytes) {
  if (p) fer_realloc(f, p, bytes ? bytes : 1, 0);
}

char *fer_strdup(ferret *f, const char *s) {
  size_t n = strlen(s) + 1;
  char *p = fer_malloc(f, n);
  if (p) memcpy(p, s, n);
  return p;
}

typedef FER_STACK(char) fer_any_stack;

int fer_stack_reserve(ferret *f, void *stack, size_t elem, size_t extra) {
  fer_any_stack *s = stack;
  if (s->cap - s->size >= extra) return 1;
  size_t cap = s->cap ? s->cap : 8;
  while (cap - s->size < extra) {
    if (cap > SIZE_MAX / 2 / elem) return 0;
    cap *= 2;
  }
  void *p = fer_realloc(f, s->data, s->cap * elem, cap * elem);
  if (!p) return 0;
  s->data = p;
  s->cap = cap;
  return 1;
}

void fer_stack_release(ferret *f, void *stack, size_t elem) {
  fer_any_stack *s = stack;
  if (s->data) fer_realloc(f, s->data, s->cap * elem, 0);
  s->data = NULL;
  s->size = s->cap = 0;
}
