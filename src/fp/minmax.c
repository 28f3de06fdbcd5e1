/* fp.min / fp.max.
 *
 * IEEE 754-2008 minNum/maxNum and SMT-LIB: if exactly one operand is NaN
 * the result is the other operand; both NaN give NaN.
 *
 * min/max of +0 and -0 (in either order) is unspecified in SMT-LIB (the
 * standard allows either zero).  ferret's documented choice, the one of
 * IEEE 754-2019 minimum/maximum (and of MPFR's mpfr_min/mpfr_max):
 *   fp.min(+0, -0) = fp.min(-0, +0) = -0,
 *   fp.max(+0, -0) = fp.max(-0, +0) = +0.
 * A model that depends on this choice may differ from another solver's. */
#include "fp/fp_internal.h"

fer_u128 fer_fp_min(fer_fmt f, fer_u128 a, fer_u128 b) {
  fer_fp_order o = fer_fp_order_of(f, a, b);
  if (o.unordered) {
    if (fer_fp_isnan(f, a)) return fer_fp_canon(f, b);
    return a;
  }
  if (o.zeros) return a | b; /* -0 wins */
  return o.cmp > 0 ? b : a;
}

fer_u128 fer_fp_max(fer_fmt f, fer_u128 a, fer_u128 b) {
  fer_fp_order o = fer_fp_order_of(f, a, b);
  if (o.unordered) {
    if (fer_fp_isnan(f, a)) return fer_fp_canon(f, b);
    return a;
  }
  if (o.zeros) return a & b; /* +0 wins */
  return o.cmp < 0 ? b : a;
}
