/* Unsigned integers wider than 64 bits for src/fp: bit counting and
 * sticky right shifts of fer_u128, the 256-bit fer_u256 (add, subtract,
 * compare, shifts) that products, fma alignment, division and square root
 * need, the full 128 x 128 product and the 128/64 and 256/128 divisions.
 * Nothing here knows about floating-point formats.  Static inline except
 * fer_div256 (div.c): no state, no allocation. */
#ifndef FER_FP_WIDE_H
#define FER_FP_WIDE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/u128.h"

#define FER_U128_1 ((fer_u128)1)
#define FER_U128_MAX (~(fer_u128)0)

/* ---- bit counting (x != 0) ---- */

static inline int fer_clz128(fer_u128 x) {
  uint64_t hi = (uint64_t)(x >> 64);
  return hi ? __builtin_clzll(hi) : 64 + __builtin_clzll((uint64_t)x);
}
static inline int fer_ctz128(fer_u128 x) {
  uint64_t lo = (uint64_t)x;
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}
/* Number of significant bits, 0 for 0. */
static inline int fer_bits128(fer_u128 x) {
  return x ? 128 - fer_clz128(x) : 0;
}

/* (sig, sticky) >> sh with the shifted-out bits folded into *sticky;
 * any sh >= 0. */
static inline fer_u128 fer_shr_sticky(fer_u128 x, int64_t sh, bool *sticky) {
  if (sh <= 0) return x;
  if (sh >= 128) {
    *sticky |= x != 0;
    return 0;
  }
  *sticky |= (x & ((FER_U128_1 << sh) - 1)) != 0;
  return x >> sh;
}

/* ---- 256-bit unsigned integers ---- */

typedef struct fer_u256 {
  fer_u128 hi, lo;
} fer_u256;

static inline fer_u256 fer_u256_make(fer_u128 hi, fer_u128 lo) {
  fer_u256 r;
  r.hi = hi;
  r.lo = lo;
  return r;
}
static inline bool fer_u256_is_zero(fer_u256 a) { return !(a.hi | a.lo); }
static inline int fer_u256_cmp(fer_u256 a, fer_u256 b) {
  if (a.hi != b.hi) return a.hi < b.hi ? -1 : 1;
  if (a.lo != b.lo) return a.lo < b.lo ? -1 : 1;
  return 0;
}
static inline fer_u256 fer_u256_add(fer_u256 a, fer_u256 b) {
  fer_u256 r;
  r.lo = a.lo + b.lo;
  r.hi = a.hi + b.hi + (r.lo < a.lo);
  return r;
}
static inline fer_u256 fer_u256_sub(fer_u256 a, fer_u256 b) {
  fer_u256 r;
  r.lo = a.lo - b.lo;
  r.hi = a.hi - b.hi - (a.lo < b.lo);
  return r;
}
static inline int fer_u256_bits(fer_u256 a) {
  return a.hi ? 128 + fer_bits128(a.hi) : fer_bits128(a.lo);
}
static inline fer_u256 fer_u256_shl(fer_u256 a, int sh) { /* 0 <= sh < 256 */
  if (sh == 0) return a;
  if (sh >= 128) return fer_u256_make(a.lo << (sh - 128), 0);
  return fer_u256_make((a.hi << sh) | (a.lo >> (128 - sh)), a.lo << sh);
}
/* Right shift by any sh >= 0, bits shifted out or'ed into *sticky. */
static inline fer_u256 fer_u256_shr_sticky(fer_u256 a, int64_t sh,
                                           bool *sticky) {
  if (sh <= 0) return a;
  if (sh >= 256) {
    *sticky |= !fer_u256_is_zero(a);
    return fer_u256_make(0, 0);
  }
  if (sh >= 128) {
    *sticky |= a.lo != 0;
    return fer_u256_make(0, fer_shr_sticky(a.hi, sh - 128, sticky));
  }
  *sticky |= (a.lo & ((FER_U128_1 << sh) - 1)) != 0;
  return fer_u256_make(a.hi >> sh, (a.lo >> sh) | (a.hi << (128 - sh)));
}
/* Full 128 x 128 -> 256 product. */
static inline fer_u256 fer_mul128(fer_u128 a, fer_u128 b) {
  uint64_t a0 = (uint64_t)a, a1 = (uint64_t)(a >> 64);
  uint64_t b0 = (uint64_t)b, b1 = (uint64_t)(b >> 64);
  fer_u128 p00 = (fer_u128)a0 * b0, p01 = (fer_u128)a0 * b1;
  fer_u128 p10 = (fer_u128)a1 * b0, p11 = (fer_u128)a1 * b1;
  fer_u128 mid = (p00 >> 64) + (uint64_t)p01 + (uint64_t)p10; /* < 2^66 */
  fer_u256 r;
  r.lo = (uint64_t)p00 | (mid << 64);
  r.hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
  return r;
}
/* floor((hi*2^64 + lo) / d) and the remainder, for hi < d (so the
 * quotient fits in 64 bits): one divq on x86-64, where the compiler would
 * call the general 128-bit division. */
static inline uint64_t fer_div128by64(uint64_t hi, uint64_t lo, uint64_t d,
                                      fer_u128 *rem) {
#if defined(__x86_64__) && defined(__GNUC__)
  uint64_t q, r;
  __asm__("divq %4" : "=a"(q), "=d"(r) : "a"(lo), "d"(hi), "rm"(d) : "cc");
  *rem = r;
  return q;
#else
  fer_u128 y = ((fer_u128)hi << 64) | lo;
  *rem = y % d;
  return (uint64_t)(y / d);
#endif
}

/* Squeeze a 256-bit value into 128 bits for fer_fp_round: shift right so
 * that it fits, folding dropped bits into *sticky and adding the shift to
 * *exp.  The result keeps at least 127 significant bits (if a.hi != 0). */
static inline fer_u128 fer_u256_squeeze(fer_u256 a, int32_t *exp,
                                        bool *sticky) {
  if (!a.hi) return a.lo;
  int sh = fer_bits128(a.hi);
  *exp += sh;
  return fer_u256_shr_sticky(a, sh, sticky).lo;
}

/* Division of a 256-bit dividend by a 128-bit divisor (d != 0); the
 * quotient must fit in 128 bits (u.hi < d).  Returns the quotient, *rem
 * gets the remainder.  Knuth's algorithm D on 64-bit digits (div.c). */
fer_u128 fer_div256(fer_u256 u, fer_u128 d, fer_u128 *rem);

#endif
