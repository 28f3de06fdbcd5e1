/* Natural numbers of any size as little-endian arrays of 32-bit limbs, the
 * representation of the term store's rationals (term.h, FER_OP_REAL).
 *
 * Only what the exact Real -> FP conversion (fp/from_real.c) needs, and all
 * of it allocation-free: the numbers are read in place (a limb array with
 * leading zero limbs is fine) and every operation streams over the limbs
 * with O(1) extra memory, so a literal with millions of digits costs time
 * linear in its size and no memory at all.  Pure functions. */
#ifndef FER_NAT_H
#define FER_NAT_H

#include <stdbool.h>
#include <stdint.h>

#include "u128.h"

/* Number of limbs without the leading zero limbs (0 for the number 0). */
uint32_t fer_nat_trim(const uint32_t *a, uint32_t n);
/* Number of significant bits (0 for 0). */
uint64_t fer_nat_bitlen(const uint32_t *a, uint32_t n);
/* Bits [pos, pos+32) of a, for any pos (bits outside the number read as 0):
 * limb i of floor(a * 2^-pos) when pos = 32i + p. */
uint32_t fer_nat_bits32(const uint32_t *a, uint32_t n, int64_t pos);
/* True iff the low `count` bits of a are all zero. */
bool fer_nat_low_zero(const uint32_t *a, uint32_t n, uint64_t count);
/* The sign (-1, 0, 1) of  q*b - floor(a * 2^k)  for a 128-bit q and any
 * shift k (negative k shifts a right, dropping bits).  Cost: one pass over
 * the limbs of b and of the shifted a. */
int fer_nat_cmp_mul(fer_u128 q, const uint32_t *b, uint32_t bn,
                    const uint32_t *a, uint32_t an, int64_t k);

#endif
