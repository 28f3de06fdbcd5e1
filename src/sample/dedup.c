/* The blocked Bloom filter of emitted samples (contract in dedup.h).  h1
 * picks the block; seven 9-bit fields of h2 pick the bits in it. */
#include <stdint.h>
#include <string.h>

#include "sample/dedup.h"

enum { BLOCK_WORDS = 8, BLOCK_BITS = 512 };

int fer_dedup_init(ferret *f, fer_dedup *d, size_t bytes) {
  memset(d, 0, sizeof *d);
  size_t b = 64;
  while (b * 2 <= bytes) b *= 2;
  d->raw_bytes = b + 64; /* room to align the blocks on cache lines */
  if (!(d->raw = fer_calloc_table(f, d->raw_bytes))) return 0;
  d->bits = (uint64_t *)(((uintptr_t)d->raw + 63) & ~(uintptr_t)63);
  d->nbits = (uint64_t)b * 8;
  return 1;
}

void fer_dedup_release(ferret *f, fer_dedup *d) {
  if (d->raw) fer_free(f, d->raw, d->raw_bytes);
  memset(d, 0, sizeof *d);
}

static uint64_t *block(const fer_dedup *d, uint64_t h1) {
  return d->bits + (h1 & (d->nbits / BLOCK_BITS - 1)) * BLOCK_WORDS;
}

void fer_dedup_prefetch(const fer_dedup *d, uint64_t h1) {
  __builtin_prefetch(block(d, h1), 1);
}

int fer_dedup_add(fer_dedup *d, uint64_t h1, uint64_t h2) {
  uint64_t *blk = block(d, h1);
  uint64_t add[BLOCK_WORDS] = {0};
  for (int i = 0; i < FER_DEDUP_HASHES; i++) {
    unsigned p = (unsigned)(h2 >> (9 * i)) & (BLOCK_BITS - 1);
    add[p >> 6] |= (uint64_t)1 << (p & 63);
  }
  bool present = true;
  for (int w = 0; w < BLOCK_WORDS; w++) present &= (blk[w] & add[w]) == add[w];
  if (present) return 0;
  for (int w = 0; w < BLOCK_WORDS; w++) blk[w] |= add[w];
  return 1;
}

/* The chance that a new fingerprint finds its k bits set: its block is
 * any block alike, and in it each bit is set with that block's share. */
double fer_dedup_false_rate(const fer_dedup *d, double *fill) {
  uint64_t nb = d->nbits / BLOCK_BITS, set = 0;
  double sum = 0;
  for (uint64_t b = 0; b < nb; b++) {
    unsigned n = 0;
    for (int w = 0; w < BLOCK_WORDS; w++)
      n += (unsigned)__builtin_popcountll(d->bits[b * BLOCK_WORDS + w]);
    if (!n) continue;
    set += n;
    double s = (double)n / BLOCK_BITS, p = s;
    for (int i = 1; i < FER_DEDUP_HASHES; i++) p *= s;
    sum += p;
  }
  if (fill) *fill = d->nbits ? (double)set / (double)d->nbits : 0;
  return nb ? sum / (double)nb : 0;
}

/* ------------------------------------------------------ the exact set */

void fer_exact_release(ferret *f, fer_exact *e) {
  if (e->key) fer_free(f, e->key, (size_t)e->cap * 2 * sizeof *e->key);
  memset(e, 0, sizeof *e);
}

/* The entry of (h1, h2) in table k of cap entries: its own, or the empty
 * one where it goes (linear probing). */
static uint64_t *slot_of(uint64_t *k, uint64_t cap, uint64_t h1, uint64_t h2) {
  for (uint64_t i = h1 & (cap - 1);; i = (i + 1) & (cap - 1)) {
    uint64_t *s = k + 2 * i;
    if ((s[0] == h1 && s[1] == h2) || (!s[0] && !s[1])) return s;
  }
}

static int grow(ferret *f, fer_exact *e) {
  uint64_t cap = e->cap ? 2 * e->cap : 1024;
  uint64_t *k = fer_calloc(f, (size_t)cap * 2 * sizeof *k);
  if (!k) return 0;
  for (uint64_t i = 0; i < e->cap; i++) {
    uint64_t *s = e->key + 2 * i;
    if (!s[0] && !s[1]) continue;
    uint64_t *d = slot_of(k, cap, s[0], s[1]);
    d[0] = s[0], d[1] = s[1];
  }
  if (e->key) fer_free(f, e->key, (size_t)e->cap * 2 * sizeof *e->key);
  e->key = k, e->cap = cap;
  return 1;
}

int fer_exact_add(ferret *f, fer_exact *e, uint64_t h1, uint64_t h2) {
  if (!h1 && !h2) h2 = 1; /* 0,0 marks an empty entry */
  if (e->cap) {
    uint64_t *s = slot_of(e->key, e->cap, h1, h2);
    if (s[0] || s[1]) return 0;
  }
  if (e->size >= FER_EXACT_MAX) return -1;
  if (2 * (e->size + 1) > e->cap && !grow(f, e)) return -1;
  uint64_t *s = slot_of(e->key, e->cap, h1, h2);
  s[0] = h1, s[1] = h2;
  e->size++;
  return 1;
}
