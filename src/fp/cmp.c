/* IEEE comparisons (fp.leq, fp.lt, fp.eq) and SMT-LIB `=` on bit patterns.
 * Hot: called on every evaluation of a comparison.  Integer code only (no
 * floating-point environment involved: DAZ would break hardware compares
 * of subnormals): a signed key per operand, on one 64-bit word when the
 * format fits, else on 128 bits.  (min/max use fer_fp_order_of,
 * fp_internal.h.) */
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

/* The same key for the wider formats (eb + sb > 64: the sign bit is in the
 * high word) as a signed 128-bit integer: the magnitude has eb + sb - 1 <=
 * 127 bits, so it and its negation fit.  inf: fer_fp_inf_bits(f). */
__extension__ typedef __int128 cmp_i128;
static inline cmp_i128 skey128(fer_fmt f, fer_u128 x, fer_u128 inf,
                               bool *nan) {
  unsigned n = f.eb + f.sb - 65; /* the sign bit's place in the high word */
  uint64_t hi = (uint64_t)(x >> 64);
  fer_u128 m = (fer_u128)(hi & ((1ULL << n) - 1)) << 64 | (uint64_t)x;
  fer_u128 neg = 0 - (fer_u128)((hi >> n) & 1); /* all ones if negative */
  *nan |= m > inf;
  return (cmp_i128)((m ^ neg) - neg);
}

/* The comparison REL of the keys of a and b; false if either is a NaN. */
#define FER_CMP_KEYS(REL)                                                    \
  bool nan = false;                                                          \
  if (fer_fp_fits64(f)) {                                                    \
    int64_t ka = skey64(f, a, &nan), kb = skey64(f, b, &nan);                \
    return !nan & (ka REL kb);                                               \
  }                                                                          \
  fer_u128 inf = fer_fp_inf_bits(f);                                         \
  cmp_i128 ka = skey128(f, a, inf, &nan), kb = skey128(f, b, inf, &nan);     \
  return !nan & (ka REL kb);

bool fer_fp_leq(fer_fmt f, fer_u128 a, fer_u128 b) { FER_CMP_KEYS(<=) }
bool fer_fp_lt(fer_fmt f, fer_u128 a, fer_u128 b) { FER_CMP_KEYS(<) }
bool fer_fp_eq(fer_fmt f, fer_u128 a, fer_u128 b) { FER_CMP_KEYS(==) }
#undef FER_CMP_KEYS

bool fer_fp_smt_eq(fer_fmt f, fer_u128 a, fer_u128 b) {
  bool na = fer_fp_isnan(f, a), nb = fer_fp_isnan(f, b);
  return na || nb ? na && nb : a == b;
}
