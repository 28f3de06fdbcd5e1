/* The Bloom filter of emitted samples (contract in dedup.h).  The k probe
 * positions are h1 + i * h2 (Kirsch and Mitzenmacher: two hashes make k
 * with the same false-positive rate as k independent ones). */
#include <math.h>
#include <string.h>

#include "sample/dedup.h"

int fer_dedup_init(ferret *f, fer_dedup *d, size_t bytes) {
  memset(d, 0, sizeof *d);
  size_t b = 64;
  while (b * 2 <= bytes) b *= 2;
  d->bits = fer_calloc(f, b);
  if (!d->bits) return 0;
  d->nbits = (uint64_t)b * 8;
  return 1;
}

void fer_dedup_release(ferret *f, fer_dedup *d) {
  if (d->bits) fer_free(f, d->bits, (size_t)(d->nbits / 8));
  memset(d, 0, sizeof *d);
}

int fer_dedup_add(fer_dedup *d, uint64_t h1, uint64_t h2) {
  uint64_t mask = d->nbits - 1, pos[FER_DEDUP_HASHES];
  h2 |= 1; /* odd: the k positions differ */
  bool present = true;
  for (int i = 0; i < FER_DEDUP_HASHES; i++) {
    pos[i] = (h1 + (uint64_t)i * h2) & mask;
    if (!(d->bits[pos[i] >> 6] & ((uint64_t)1 << (pos[i] & 63)))) present = false;
  }
  if (present) return 0;
  for (int i = 0; i < FER_DEDUP_HASHES; i++) {
    uint64_t m = (uint64_t)1 << (pos[i] & 63);
    if (!(d->bits[pos[i] >> 6] & m)) d->bits[pos[i] >> 6] |= m, d->set++;
  }
  return 1;
}

double fer_dedup_fill(const fer_dedup *d) {
  return d->nbits ? (double)d->set / (double)d->nbits : 0;
}

double fer_dedup_false_rate(const fer_dedup *d) {
  return pow(fer_dedup_fill(d), FER_DEDUP_HASHES);
}
