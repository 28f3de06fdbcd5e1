/* IEEE comparisons (fp.leq, fp.lt, fp.eq) and SMT-LIB `=` on bit patterns.
 * Hot: called on every evaluation of a comparison, so integer code only
 * (valid for every format, no floating-point environment involved), on
 * 64-bit words when the format fits. */
#include "fp/fp_internal.h"

enum { UNORDERED, LESS, EQUAL, GREATER };

/* Sign-magnitude order: NaN is unordered, -0 == +0. */
#define FER_ORDER(T, a, b, top, inf)                   \
  do {                                                 \
    T ma_ = (a) & (((T)1 << (top)) - 1);               \
    T mb_ = (b) & (((T)1 << (top)) - 1);               \
    if (ma_ > (inf) || mb_ > (inf)) return UNORDERED;  \
    if (!(ma_ | mb_)) return EQUAL;                    \
    bool sa_ = (bool)((a) >> (top)), sb_ = (bool)((b) >> (top)); \
    if (sa_ != sb_) return sa_ ? LESS : GREATER;       \
    if (ma_ == mb_) return EQUAL;                      \
    return (ma_ < mb_) != sa_ ? LESS : GREATER;        \
  } while (0)

static inline int order(fer_fmt f, fer_u128 a, fer_u128 b) {
  unsigned top = f.eb + f.sb - 1;
  if (fer_fp_fits64(f)) {
    uint64_t inf = (uint64_t)fer_fp_exp_ones(f) << (f.sb - 1);
    FER_ORDER(uint64_t, (uint64_t)a, (uint64_t)b, top, inf);
  }
  FER_ORDER(fer_u128, a, b, top, fer_fp_inf_bits(f));
}

bool fer_fp_leq(fer_fmt f, fer_u128 a, fer_u128 b) {
  int o = order(f, a, b);
  return o == LESS || o == EQUAL;
}

bool fer_fp_lt(fer_fmt f, fer_u128 a, fer_u128 b) {
  return order(f, a, b) == LESS;
}

bool fer_fp_eq(fer_fmt f, fer_u128 a, fer_u128 b) {
  return order(f, a, b) == EQUAL;
}

bool fer_fp_smt_eq(fer_fmt f, fer_u128 a, fer_u128 b) {
  bool na = fer_fp_isnan(f, a), nb = fer_fp_isnan(f, b);
  return na || nb ? na && nb : a == b;
}
