/* fp.mul (IEEE 754-2008 §5.4.1): the exact product of the significands
 * (up to 2*126 bits), rounded once.  inf * 0 is NaN; the sign of any
 * product, zero and infinite ones included, is the xor of the signs. */
#include "fp/fp_internal.h"

static fer_u128 mul_generic(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
  fer_fp_unpacked ua = fer_fp_unpack(f, a), ub = fer_fp_unpack(f, b);
  bool sign = ua.sign ^ ub.sign;
  if (ua.cls == FER_FP_CNAN || ub.cls == FER_FP_CNAN) return fer_fp_nan(f);
  if (ua.cls == FER_FP_CINF || ub.cls == FER_FP_CINF) {
    if (ua.cls == FER_FP_CZERO || ub.cls == FER_FP_CZERO) return fer_fp_nan(f);
    return fer_fp_inf(f, sign);
  }
  if (ua.cls == FER_FP_CZERO || ub.cls == FER_FP_CZERO)
    return fer_fp_zero(f, sign);
  int32_t exp = ua.exp + ub.exp;
  if (f.sb <= 64) /* the product fits in 128 bits: exact */
    return fer_fp_round(f, rm, sign, exp, ua.sig * ub.sig, false);
  bool sticky = false;
  fer_u128 p = fer_u256_squeeze(fer_mul128(ua.sig, ub.sig), &exp, &sticky);
  return fer_fp_round(f, rm, sign, exp, p, sticky);
}

fer_u128 fer_fp_mul(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
#if FER_FP_HW
  if (fer_hw_f64(f, rm)) return fer_hw_from_d(fer_hw_to_d(a) * fer_hw_to_d(b));
  if (fer_hw_f32(f, rm)) return fer_hw_from_f(fer_hw_to_f(a) * fer_hw_to_f(b));
#endif
  return mul_generic(f, rm, a, b);
}

fer_u128 fer_fp_mul_soft(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
  return mul_generic(f, rm, a, b);
}
