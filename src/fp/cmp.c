/* IEEE comparisons (fp.leq, fp.lt, fp.eq) and SMT-LIB `=` on bit patterns.
 * Hot: called on every evaluation of a comparison.  Integer code only (no
 * floating-point environment involved: DAZ would break hardware compares
 * of subnormals), on one 64-bit word when the format fits.
 * The order itself is fer_fp_order_of (fp_internal.h), shared with
 * min/max. */
#include "fp/fp_internal.h"

bool fer_fp_leq(fer_fmt f, fer_u128 a, fer_u128 b) {
  fer_fp_order o = fer_fp_order_of(f, a, b);
  return !o.unordered && (o.zeros || o.cmp <= 0);
}

bool fer_fp_lt(fer_fmt f, fer_u128 a, fer_u128 b) {
  fer_fp_order o = fer_fp_order_of(f, a, b);
  return !o.unordered && !o.zeros && o.cmp < 0;
}

bool fer_fp_eq(fer_fmt f, fer_u128 a, fer_u128 b) {
  fer_fp_order o = fer_fp_order_of(f, a, b);
  return !o.unordered && (o.zeros || o.cmp == 0);
}

bool fer_fp_smt_eq(fer_fmt f, fer_u128 a, fer_u128 b) {
  bool na = fer_fp_isnan(f, a), nb = fer_fp_isnan(f, b);
  return na || nb ? na && nb : a == b;
}
