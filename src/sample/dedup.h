/* The sample job's set of samples already emitted: a Bloom filter of fixed
 * size (bounded memory however long the run), over a 128-bit fingerprint
 * of a sample's output bits.  Blocked: a fingerprint's k bits all lie in
 * one 64-byte block, so an add costs one cache miss where k probes over
 * the whole filter cost k (the filter is far larger than the caches).
 *
 * A sample that was emitted is always found (no duplicate is ever
 * emitted).  A new sample is wrongly found, and dropped, with probability
 * the mean over blocks of (share of the block's bits set) ^ k:
 * fer_dedup_false_rate gives that figure for the filter as it is.  With
 * the default 16 MiB (2^18 blocks) and k = 7: about 2e-8 after 1M samples,
 * 7e-5 after 5M, 2e-3 after 10M (a plain filter of the same size: 9e-10,
 * 3e-5, 2e-3). */
#ifndef FER_DEDUP_H
#define FER_DEDUP_H

#include "base/context.h"
#include "base/u128.h"

#define FER_DEDUP_DEFAULT ((size_t)16 << 20) /* bytes */
#define FER_DEDUP_HASHES 7

typedef struct fer_dedup {
  uint64_t *bits;  /* nbits / 512 blocks of 8 words, 64-byte aligned */
  void *raw;       /* the allocation, raw_bytes long */
  size_t raw_bytes;
  uint64_t nbits;  /* a power of two */
} fer_dedup;

/* bytes rounded down to a power of two (at least 64).  0: memory. */
int fer_dedup_init(ferret *, fer_dedup *, size_t bytes);
void fer_dedup_release(ferret *, fer_dedup *);
/* 1 if the fingerprint is new (now added), 0 if (probably) seen. */
int fer_dedup_add(fer_dedup *, uint64_t h1, uint64_t h2);
/* Start loading the block of a fingerprint that fer_dedup_add will soon
 * take (a cache miss otherwise).  Only a hint. */
void fer_dedup_prefetch(const fer_dedup *, uint64_t h1);
/* The false-duplicate rate above, and into *fill (unless NULL) the share
 * of the filter's bits set.  Reads the whole filter: once, at the end. */
double fer_dedup_false_rate(const fer_dedup *, double *fill);

/* ------------------------------------------------ the exact set
 * The samples emitted when the job must know their number exactly (a
 * space it can count, sample.c): every 128-bit fingerprint kept in an
 * open-addressing table that doubles at half load, so that "new" is
 * never wrong (up to two samples sharing a fingerprint: about n^2 / 2^129
 * for n samples).  Bounded: past FER_EXACT_MAX fingerprints it refuses to
 * grow and the job goes back to the Bloom filter alone. */
#define FER_EXACT_MAX ((uint64_t)1 << 20) /* 32 MiB of table at most */

typedef struct fer_exact {
  uint64_t *key;  /* 2 words per entry; 0,0 is an empty entry */
  uint64_t cap;   /* entries, a power of two (0: none yet) */
  uint64_t size;
} fer_exact;

void fer_exact_release(ferret *, fer_exact *);
/* 1 if the fingerprint is new (now added), 0 if it is in the set, -1 if it
 * is new but the set is full (FER_EXACT_MAX) or out of memory (not added). */
int fer_exact_add(ferret *, fer_exact *, uint64_t h1, uint64_t h2);

#endif
