/* ferret's hash tables: open addressing with linear probing, capacity a
 * power of two at least twice the entries put in it (so a probe always ends
 * at an empty slot, and a table's size follows what it holds, never the
 * size of the store).  Two shapes of the one scheme:
 *
 * - fer_map: 32-bit keys to 32-bit values (term ids, variable ids, local
 *   numbers), the key its own hash.  Emptied in O(1) by a new generation
 *   stamp.  Value 0 means "absent": callers that need 0 store value + 1.
 *
 * - fer_index: a set of ids (non-zero) of the caller's records, found by
 *   a 32-bit hash of the record and an equality test the caller makes (the
 *   term store's nodes, the reader's symbols, the judge's rows).  A slot
 *   holds the hash beside the id, so a probe that misses never touches the
 *   records, and growing never asks the caller for a hash again.  Removal
 *   shifts the rest of the probe run back (no tombstones), so a table is
 *   always as if its ids had been added in some order. */
#ifndef FER_BASE_MAP_H
#define FER_BASE_MAP_H

#include <assert.h>

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
  assert(m->cap && !(m->cap & (m->cap - 1)) && m->used < m->cap);
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

/* ------------------------------------------------------------ fer_index */

typedef struct fer_index_slot {
  uint32_t hash, id; /* id 0: empty */
} fer_index_slot;

typedef struct fer_index {
  fer_index_slot *slot;
  uint32_t cap, used;
} fer_index;

void fer_index_init(fer_index *);
void fer_index_release(ferret *, fer_index *);
void fer_index_clear(fer_index *); /* O(capacity) */
/* Make room for `n` ids in all (so no growth before then); 0 on allocation
 * failure (error set).  The slots found before a growth are stale. */
bool fer_index_reserve(ferret *, fer_index *, uint32_t n);

/* Probing, with the equality test written by the caller (the table must
 * have room, e.g. after fer_index_reserve):
 *
 *   fer_index_slot *s = fer_index_first(x, h);
 *   for (; s->id; s = fer_index_next(x, s))
 *     if (s->hash == h && same(s->id)) return s->id;
 *   fer_index_fill(x, s, h, new_id);   // s: the empty slot where h goes
 *
 * Hot in the term store and the reader: inline. */
static inline fer_index_slot *fer_index_first(const fer_index *x, uint32_t h) {
  assert(x->cap && !(x->cap & (x->cap - 1)));
  return &x->slot[h & (x->cap - 1)];
}
static inline fer_index_slot *fer_index_next(const fer_index *x,
                                             const fer_index_slot *s) {
  return s + 1 == x->slot + x->cap ? x->slot : (fer_index_slot *)s + 1;
}
/* Put id (!= 0) with hash h into the empty slot s of a probe for h. */
static inline void fer_index_fill(fer_index *x, fer_index_slot *s, uint32_t h,
                                  uint32_t id) {
  /* an empty slot of a table with room (a full one would never end a
   * probe), for a real id */
  assert(id && !s->id && s >= x->slot && s < x->slot + x->cap);
  assert(2 * ((uint64_t)x->used + 1) <= x->cap);
  s->hash = h, s->id = id;
  x->used++;
}
/* Add id with hash h (not in the table), growing it if needed; 0 on
 * allocation failure. */
bool fer_index_add(ferret *, fer_index *, uint32_t h, uint32_t id);
/* Remove id, which was added with hash h; false if it is not there. */
bool fer_index_remove(fer_index *, uint32_t h, uint32_t id);

#endif
