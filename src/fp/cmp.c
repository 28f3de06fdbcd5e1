/* IEEE comparisons (fp.leq, fp.lt, fp.eq) and SMT-LIB `=` on bit patterns.
 * Hot: called on every evaluation of a comparison.  Integer code only (no
 * floating-point environment involved: DAZ would break hardware compares
 * of subnormals), on one 64-bit word when the format fits.
 * The order itself is fer_fp_order_of (fp_internal.h), shared with
 * min/max. */
#include "fp/fp_internal.h"

/* Formats of at most 64 bits: the key (-1)^sign * magnitude as a signed
 * 64-bit integer (magnitude < 2^63, so it and its negation fit) is
 * monotone in the FP order and gives +0 and -0 the same key 0, so each
 * comparison is one integer compare plus the NaN test, without branches.
 * *nan accumulates whether x is a NaN (magnitude above infinity's). */
static inline int64_t skey64(fer_fmt f, fer_u128 x, bool *nan) {
  unsigned n = f.eb + f.sb - 1;
  uint64_t m = (uint64_t)x & ((1ULL << n) - 1);
  uint64_t neg = 0 - (((uint64_t)x >> n) & 1); /* all ones if negative */
  *nan |= m > ((uint64_t)fer_fp_exp_ones(f) << (f.sb - 1));
  return (int64_t)((m ^ neg) - neg);
}

bool fer_fp_leq(fer_fmt f, fer_u128 a, fer_u128 b) {
  if (fer_fp_fits64(f)) {
    bool nan = false;
    int64_t ka = skey64(f, a, &nan), kb = skey64(f, b, &nan);
    return !nan & (ka <= kb);
  }
  fer_fp_order o = fer_fp_order_of(f, a, b);
  return !o.unordered && (o.zeros || o.cmp <= 0);
}

bool fer_fp_lt(fer_fmt f, fer_u128 a, fer_u128 b) {
  if (fer_fp_fits64(f)) {
    bool nan = false;
    int64_t ka = skey64(f, a, &nan), kb = skey64(f, b, &nan);
    return !nan & (ka < kb);
  }
  fer_fp_order o = fer_fp_order_of(f, a, b);
  return !o.unordered && !o.zeros && o.cmp < 0;
}

bool fer_fp_eq(fer_fmt f, fer_u128 a, fer_u128 b) {
  if (fer_fp_fits64(f)) {
    bool nan = false;
    int64_t ka = skey64(f, a, &nan), kb = skey64(f, b, &nan);
    return !nan & (ka == kb);
  }
  fer_fp_order o = fer_fp_order_of(f, a, b);
  return !o.unordered && (o.zeros || o.cmp == 0);
}

bool fer_fp_smt_eq(fer_fmt f, fer_u128 a, fer_u128 b) {
  bool na = fer_fp_isnan(f, a), nb = fer_fp_isnan(f, b);
  return na || nb ? na && nb : a == b;
}
