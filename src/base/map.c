/* The hash tables (contract in map.h). */
#include "base/map.h"

#include <string.h>

void fer_map_init(fer_map *m) {
  memset(m, 0, sizeof *m);
  m->gen = 1;
}

void fer_map_release(ferret *f, fer_map *m) {
  fer_free(f, m->slot, (size_t)m->cap * sizeof *m->slot);
  fer_map_init(m);
}

void fer_map_clear(fer_map *m) {
  m->used = 0;
  if (++m->gen == 0) { /* generations wrapped: clear the stamps once */
    if (m->slot) memset(m->slot, 0, (size_t)m->cap * sizeof *m->slot);
    m->gen = 1;
  }
}

static bool grow(ferret *f, fer_map *m, uint32_t cap) {
  uint32_t oldcap = m->cap;
  fer_map_entry *old = m->slot, *n = fer_calloc(f, (size_t)cap * sizeof *n);
  if (!n) return false;
  m->slot = n, m->cap = cap;
  uint32_t gen = m->gen;
  m->gen = 1; /* fresh slots have gen 0 */
  for (uint32_t i = 0; i < oldcap; i++)
    if (old[i].gen == gen) {
      fer_map_entry *e = fer_map_slot_(m, old[i].key);
      *e = old[i];
      e->gen = 1;
    }
  fer_free(f, old, (size_t)oldcap * sizeof *old);
  return true;
}

/* The capacity a table of capacity cap needs for n entries (twice n at
 * least, a power of two, 64 at least), or 0 (error set) when n is too
 * many. */
static uint32_t capacity_for(ferret *f, uint32_t cap, uint32_t n) {
  if (n > UINT32_MAX / 4) {
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "hash table of %u entries", n);
    return 0;
  }
  if (!cap) cap = 64;
  while (cap < n * 2) cap *= 2;
  return cap;
}

bool fer_map_reserve(ferret *f, fer_map *m, uint32_t n) {
  if ((uint64_t)n * 2 <= m->cap) return true;
  uint32_t cap = capacity_for(f, m->cap, n);
  return cap && grow(f, m, cap);
}

bool fer_map_put(ferret *f, fer_map *m, uint32_t key, uint32_t value) {
  assert(value); /* 0 is "absent" */
  if ((m->used + 1) * 2 > m->cap && !fer_map_reserve(f, m, m->used + 1))
    return false;
  fer_map_entry *e = fer_map_slot_(m, key);
  if (e->gen != m->gen) m->used++;
  e->key = key, e->value = value, e->gen = m->gen;
  return true;
}

/* ------------------------------------------------------------ fer_index */

void fer_index_init(fer_index *x) { memset(x, 0, sizeof *x); }

void fer_index_release(ferret *f, fer_index *x) {
  fer_free(f, x->slot, (size_t)x->cap * sizeof *x->slot);
  fer_index_init(x);
}

void fer_index_clear(fer_index *x) {
  if (x->slot) memset(x->slot, 0, (size_t)x->cap * sizeof *x->slot);
  x->used = 0;
}

bool fer_index_reserve(ferret *f, fer_index *x, uint32_t n) {
  if ((uint64_t)n * 2 <= x->cap) return true;
  uint32_t cap = capacity_for(f, x->cap, n);
  fer_index_slot *old = x->slot, *t = cap ? fer_calloc_table(f, (size_t)cap * sizeof *t) : NULL;
  if (!t) return false;
  uint32_t oldcap = x->cap;
  x->slot = t, x->cap = cap;
  for (uint32_t i = 0; i < oldcap; i++) {
    if (!old[i].id) continue;
    fer_index_slot *s = fer_index_first(x, old[i].hash);
    while (s->id) s = fer_index_next(x, s); /* the ids are distinct */
    *s = old[i];
  }
  fer_free(f, old, (size_t)oldcap * sizeof *old);
  return true;
}

bool fer_index_add(ferret *f, fer_index *x, uint32_t h, uint32_t id) {
  if (!fer_index_reserve(f, x, x->used + 1)) return false;
  fer_index_slot *s = fer_index_first(x, h);
  while (s->id) s = fer_index_next(x, s);
  fer_index_fill(x, s, h, id);
  return true;
}

bool fer_index_remove(fer_index *x, uint32_t h, uint32_t id) {
  if (!x->cap) return false;
  uint32_t mask = x->cap - 1, i = h & mask;
  while (x->slot[i].id != id) {
    if (!x->slot[i].id) return false;
    i = (i + 1) & mask;
  }
  /* Backward shift: an entry further on in the run moves into the hole
   * unless its home lies cyclically in (hole, its place]. */
  for (uint32_t j = (i + 1) & mask; x->slot[j].id; j = (j + 1) & mask) {
    uint32_t home = x->slot[j].hash & mask;
    bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
    if (stays) continue;
    x->slot[i] = x->slot[j];
    i = j;
  }
  x->slot[i].id = 0, x->slot[i].hash = 0;
  x->used--;
  return true;
}
