/* The 32-bit map (contract in map.h). */
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

bool fer_map_reserve(ferret *f, fer_map *m, uint32_t n) {
  if ((uint64_t)n * 2 <= m->cap) return true;
  if (n > UINT32_MAX / 4) {
    fer_error(f, FERRET_ERROR_LIMIT, 0, 0, "map of %u entries", n);
    return false;
  }
  uint32_t cap = m->cap ? m->cap : 64;
  while (cap < n * 2) cap *= 2;
  return grow(f, m, cap);
}

bool fer_map_put(ferret *f, fer_map *m, uint32_t key, uint32_t value) {
  if ((m->used + 1) * 2 > m->cap && !fer_map_reserve(f, m, m->used + 1))
    return false;
  fer_map_entry *e = fer_map_slot_(m, key);
  if (e->gen != m->gen) m->used++;
  e->key = key, e->value = value, e->gen = m->gen;
  return true;
}
