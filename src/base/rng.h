/* A small seedable random generator (xoshiro256**, seeded by splitmix64).
 * Each search worker owns one: no shared state, so a run with one worker is
 * reproducible from its seed (rule 10).  Called on every execution: keep it
 * inline and branch-free. */
#ifndef FER_RNG_H
#define FER_RNG_H

#include <stdint.h>

#include "base/u128.h"

typedef struct fer_rng {
  uint64_t s[4];
} fer_rng;

static inline uint64_t fer_splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static inline void fer_rng_seed(fer_rng *r, uint64_t seed) {
  for (int i = 0; i < 4; i++) r->s[i] = fer_splitmix64(&seed);
}

static inline uint64_t fer_rng_next(fer_rng *r) {
  uint64_t *s = r->s;
  uint64_t x = s[1] * 5;
  uint64_t result = ((x << 7) | (x >> 57)) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = (s[3] << 45) | (s[3] >> 19);
  return result;
}

/* Uniform in [0, n) for n >= 1 (Lemire's multiply; the tiny bias for huge
 * n is irrelevant to a fuzzer). */
static inline uint64_t fer_rng_below(fer_rng *r, uint64_t n) {
  __extension__ typedef unsigned __int128 u128;
  return (uint64_t)(((u128)fer_rng_next(r) * n) >> 64);
}

/* True with probability 1/n. */
static inline int fer_rng_one_in(fer_rng *r, uint64_t n) {
  return fer_rng_below(r, n) == 0;
}

static inline fer_u128 fer_rng_u128(fer_rng *r) {
  fer_u128 hi = fer_rng_next(r);
  return (hi << 64) | fer_rng_next(r);
}

#endif
