/* The hash tables of base/map.h: fer_index against a plain array, with
 * colliding hashes, runs that wrap around the end of the table, and
 * removals in any order (fer_map is checked in test_scale.c). */
#include <stdlib.h>

#include "base/context.h"
#include "base/map.h"
#include "ferret.h"
#include "test.h"

/* The id with hash h in x, found by probing (the records here are the
 * hashes themselves: hash[id]); 0 if absent. */
static uint32_t lookup(const fer_index *x, const uint32_t *hash, uint32_t id) {
  if (!x->cap) return 0;
  uint32_t h = hash[id];
  for (fer_index_slot *s = fer_index_first(x, h); s->id; s = fer_index_next(x, s))
    if (s->hash == h && s->id == id) return s->id;
  return 0;
}

/* Every id in the table is reachable from its home without crossing an
 * empty slot (what probing needs), and the count is right. */
static bool well_formed(const fer_index *x) {
  uint32_t n = 0, mask = x->cap - 1;
  for (uint32_t i = 0; i < x->cap; i++) {
    if (!x->slot[i].id) continue;
    n++;
    for (uint32_t j = x->slot[i].hash & mask; j != i; j = (j + 1) & mask)
      if (!x->slot[j].id) return false;
  }
  return n == x->used && 2 * (uint64_t)x->used <= x->cap;
}

/* Random adds and removes against a presence array; the hashes are drawn
 * from a small set so that long runs of equal and neighbouring homes form,
 * and some sit at the top of the table so runs wrap around. */
TEST(map_index_against_array) {
  ferret *f = ferret_new();
  enum { N = 6000 };
  uint32_t *hash = calloc(N, sizeof *hash);
  bool *in = calloc(N, sizeof *in);
  fer_index x;
  fer_index_init(&x);
  uint64_t r = 99;
  for (uint32_t id = 1; id < N; id++) {
    r = r * 6364136223846793005ull + 1442695040888963407ull;
    uint32_t pick = (uint32_t)(r >> 40) % 8;
    /* few distinct homes (collisions), or near the table's end, or any */
    hash[id] = pick < 3 ? (uint32_t)(r >> 33) % 5
               : pick < 5 ? 0xffffffffu - (uint32_t)(r >> 33) % 7
                          : (uint32_t)(r >> 16);
  }
  int bad = 0, malformed = 0;
  for (int step = 0; step < 60000; step++) {
    r = r * 6364136223846793005ull + 1442695040888963407ull;
    uint32_t id = 1 + (uint32_t)(r >> 33) % (N - 1);
    if (!in[id]) {
      CHECK(fer_index_add(f, &x, hash[id], id));
      in[id] = true;
    } else if ((r >> 20) & 1) {
      CHECK(fer_index_remove(&x, hash[id], id));
      in[id] = false;
    }
    if (step % 4000 == 0) {
      malformed += !well_formed(&x);
      for (uint32_t k = 1; k < N; k++) bad += (lookup(&x, hash, k) == k) != in[k];
    }
  }
  for (uint32_t k = 1; k < N; k++) bad += (lookup(&x, hash, k) == k) != in[k];
  CHECK_EQ_U(bad, 0);
  CHECK_EQ_U(malformed, 0);
  CHECK(!fer_index_remove(&x, 12345, N + 7)); /* never added */
  fer_index_clear(&x);
  CHECK_EQ_U(x.used, 0);
  for (uint32_t k = 1; k < N; k++) bad += lookup(&x, hash, k) != 0;
  CHECK_EQ_U(bad, 0);
  fer_index_release(f, &x);
  CHECK(x.slot == NULL && x.cap == 0);
  free(hash), free(in);
  ferret_delete(f);
}

/* Removing every id of one long run, in the order added, in reverse and
 * from the middle out, leaves the others found each time. */
TEST(map_index_remove_orders) {
  ferret *f = ferret_new();
  enum { N = 40 };
  uint32_t hash[N + 1];
  for (uint32_t id = 1; id <= N; id++) hash[id] = id % 3 == 0 ? 63u : 62u + (id & 1);
  for (int order = 0; order < 3; order++) {
    fer_index x;
    fer_index_init(&x);
    size_t before = f->bytes;
    CHECK(fer_index_reserve(f, &x, 32)); /* 64 slots: homes 62, 63 wrap */
    for (uint32_t id = 1; id <= N; id++) CHECK(fer_index_add(f, &x, hash[id], id));
    bool in[N + 1];
    for (uint32_t id = 1; id <= N; id++) in[id] = true;
    int bad = 0;
    for (uint32_t k = 0; k < N; k++) {
      uint32_t id = order == 0 ? k + 1 : order == 1 ? N - k
                    : (k % 2 ? N / 2 - k / 2 : N / 2 + 1 + k / 2);
      CHECK(fer_index_remove(&x, hash[id], id));
      in[id] = false;
      bad += !well_formed(&x);
      for (uint32_t j = 1; j <= N; j++) bad += (lookup(&x, hash, j) == j) != in[j];
    }
    CHECK_EQ_U(bad, 0);
    CHECK_EQ_U(x.used, 0);
    fer_index_release(f, &x);
    CHECK_EQ_U(f->bytes, before); /* every byte given back */
  }
  ferret_delete(f);
}
