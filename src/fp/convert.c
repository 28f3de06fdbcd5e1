/* (_ to_fp eb sb) rm x for a floating-point x of another (or the same)
 * format: correctly rounded under rm.  NaN gives the canonical NaN,
 * infinities and zeros keep their sign; a finite value is exact as
 * sig * 2^exp, so one call of the rounding core does the rest (widening is
 * exact, narrowing may overflow or go subnormal). */
#include "fp/fp_internal.h"

fer_u128 fer_fp_convert(fer_fmt to, fer_rm rm, fer_fmt from, fer_u128 x) {
  fer_fp_unpacked u = fer_fp_unpack(from, x);
  fer_u128 s = u.sign ? fer_fp_sign_bit(to) : 0;
  switch (u.cls) {
  case FER_FP_CNAN: return fer_fp_nan_bits(to);
  case FER_FP_CINF: return s | fer_fp_inf_bits(to);
  case FER_FP_CZERO: return s;
  default: return fer_fp_round(to, rm, u.sign, u.exp, u.sig, false);
  }
}
