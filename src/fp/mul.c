/* fp.mul (IEEE 754-2008 §5.4.1): the exact product of the significands
 * (up to 2*126 bits), rounded once.  inf * 0 is NaN; the sign of any
 * product, zero and infinite ones included, is the xor of the signs. */
#include "fp/fp_internal.h"

/* Every case but finite * finite. */
static fer_u128 mul_special(fer_fmt f, int ca, int cb, bool sign) {
  if (ca == FER_FP_CNAN || cb == FER_FP_CNAN) return fer_fp_nan(f);
  if (ca == FER_FP_CINF || cb == FER_FP_CINF) {
    if (ca == FER_FP_CZERO || cb == FER_FP_CZERO) return fer_fp_nan(f);
    return fer_fp_inf(f, sign);
  }
  return fer_fp_zero(f, sign);
}

static fer_u128 mul_generic(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
  if (fer_fp_fits64(f)) { /* sb <= 62: the product fits in 124 bits */
    fer_fp_unpacked64 ua = fer_fp_unpack64(f, (uint64_t)a);
    fer_fp_unpacked64 ub = fer_fp_unpack64(f, (uint64_t)b);
    bool sign = ua.sign ^ ub.sign;
    if (ua.cls != FER_FP_CFINITE || ub.cls != FER_FP_CFINITE)
      return mul_special(f, ua.cls, ub.cls, sign);
    int32_t exp = ua.exp + ub.exp;
    fer_u128 p = (fer_u128)ua.sig * ub.sig;
    uint64_t hi = (uint64_t)(p >> 64);
    bool sticky = false;
    if (hi) { /* keep 64 bits (>= sb+1) and a sticky bit */
      int sh = 64 - __builtin_clzll(hi);
      sticky = (p & ((FER_U128_1 << sh) - 1)) != 0;
      p >>= sh;
      exp += sh;
    }
    return fer_fp_round64(f, rm, sign, exp, (uint64_t)p, sticky);
  }
  fer_fp_unpacked ua = fer_fp_unpack(f, a), ub = fer_fp_unpack(f, b);
  bool sign = ua.sign ^ ub.sign;
  if (ua.cls != FER_FP_CFINITE || ub.cls != FER_FP_CFINITE)
    return mul_special(f, ua.cls, ub.cls, sign);
  int32_t exp = ua.exp + ub.exp;
  if (f.sb <= 64) /* the product fits in 128 bits: exact */
    return fer_fp_round(f, rm, sign, exp, ua.sig * ub.sig, false);
  bool sticky = false;
  fer_u128 p = fer_u256_squeeze(fer_mul128(ua.sig, ub.sig), &exp, &sticky);
  return fer_fp_round(f, rm, sign, exp, p, sticky);
}

fer_u128 fer_fp_mul(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
#if FER_FP_HW /* hot: see fp_internal.h for why this is exact */
  fer_u128 r;
  if (fer_hw_f64(f, rm) && fer_hw_in64(a, b) && fer_hw_nearest() &&
      fer_hw_out64(fer_hw_to_d(a) * fer_hw_to_d(b), &r))
    return r;
  if (fer_hw_f32(f, rm) && fer_hw_in32(a, b) && fer_hw_nearest() &&
      fer_hw_out32(fer_hw_to_f(a) * fer_hw_to_f(b), &r))
    return r;
#endif
  return mul_generic(f, rm, a, b);
}

fer_u128 fer_fp_mul_soft(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
  return mul_generic(f, rm, a, b);
}
