/* IEEE comparisons (fp.leq, fp.lt, fp.eq) and SMT-LIB `=` on bit patterns.
 * Hot: called on every evaluation of a comparison.  Integer code only (no
 * floating-point environment involved: DAZ would break hardware compares
 * of subnormals), on one 64-bit word when the format fits.
 *
 * Method: the pattern is shifted to the top of the word (sign at the top
 * bit); flipping the magnitude bits of negative values then makes the
 * signed integer order the FP order, except that -0 < +0, so two zeros are
 * caught first. */
#include "fp/fp_internal.h"

typedef struct {
  bool unordered, zeros; /* a NaN; both zeros */
  int cmp;               /* otherwise: -1, 0, 1 */
} order;

static inline int64_t key64(uint64_t t) {
  return (int64_t)(t ^ ((0 - (t >> 63)) >> 1));
}

static inline order order_of(fer_fmt f, fer_u128 a, fer_u128 b) {
  order o = {false, false, 0};
  if (fer_fp_fits64(f)) {
    unsigned sh = 64 - f.eb - f.sb;
    uint64_t ta = (uint64_t)a << sh, tb = (uint64_t)b << sh;
    uint64_t inf = ~0ULL << (64 - f.eb); /* infinity without its sign, <<1 */
    o.unordered = (ta << 1) > inf || (tb << 1) > inf;
    o.zeros = !((ta | tb) << 1);
    int64_t ka = key64(ta), kb = key64(tb);
    o.cmp = (ka > kb) - (ka < kb);
    return o;
  }
  unsigned sh = 128 - f.eb - f.sb;
  fer_u128 ta = a << sh, tb = b << sh;
  fer_u128 inf = FER_U128_MAX << (128 - f.eb);
  o.unordered = (ta << 1) > inf || (tb << 1) > inf;
  o.zeros = !((ta | tb) << 1);
  bool na = ta >> 127, nb = tb >> 127;
  if (na != nb) {
    o.cmp = na ? -1 : 1;
  } else {
    fer_u128 ma = ta << 1, mb = tb << 1;
    o.cmp = (ma > mb) - (ma < mb);
    if (na) o.cmp = -o.cmp;
  }
  return o;
}

bool fer_fp_leq(fer_fmt f, fer_u128 a, fer_u128 b) {
  order o = order_of(f, a, b);
  return !o.unordered && (o.zeros || o.cmp <= 0);
}

bool fer_fp_lt(fer_fmt f, fer_u128 a, fer_u128 b) {
  order o = order_of(f, a, b);
  return !o.unordered && !o.zeros && o.cmp < 0;
}

bool fer_fp_eq(fer_fmt f, fer_u128 a, fer_u128 b) {
  order o = order_of(f, a, b);
  return !o.unordered && (o.zeros || o.cmp == 0);
}

bool fer_fp_smt_eq(fer_fmt f, fer_u128 a, fer_u128 b) {
  bool na = fer_fp_isnan(f, a), nb = fer_fp_isnan(f, b);
  return na || nb ? na && nb : a == b;
}
