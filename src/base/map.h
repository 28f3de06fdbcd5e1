/* A map from 32-bit keys to 32-bit values (term ids, variable ids, local
 * numbers): open addressing with linear probing, capacity a power of two at
 * least twice the entries put in it, so its size follows what a query
 * touches, never the size of the store.  Emptied in O(1) by a new
 * generation stamp.  Value 0 means "absent": callers that need 0 store
 * value + 1. */
#ifndef FER_BASE_MAP_H
#define FER_BASE_MAP_H

#include "base/context.h"

typedef struct fer_map_entry {
  uint32_t key, value, gen;
} fer_map_entry;

typedef struct fer_map {
  fer_map_entry *slot;
  uint32_t cap, used, gen;
} fer_map;

void fer_map_init(fer_map *);
void fer_map_release(ferret *, fer_map *);
void fer_map_clear(fer_map *); /* O(1) */
/* Make room for `n` entries in all (so no growth before then); 0 on
 * allocation failure (error set). */
bool fer_map_reserve(ferret *, fer_map *, uint32_t n);
/* Put key -> value (value != 0), replacing; 0 on allocation failure. */
bool fer_map_put(ferret *, fer_map *, uint32_t key, uint32_t value);

static inline fer_map_entry *fer_map_slot_(const fer_map *m, uint32_t key) {
  uint32_t mask = m->cap - 1, j = (key * 0x9e3779b1u) & mask;
  for (;; j = (j + 1) & mask) {
    fer_map_entry *e = &m->slot[j];
    if (e->gen != m->gen || e->key == key) return e;
  }
}

/* The value of key, 0 if absent.  Inline: compilers call it per term. */
static inline uint32_t fer_map_get(const fer_map *m, uint32_t key) {
  if (!m->cap) return 0;
  const fer_map_entry *e = fer_map_slot_(m, key);
  return e->gen == m->gen ? e->value : 0;
}

#endif
