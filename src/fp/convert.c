/* (_ to_fp eb sb) rm x for a floating-point x of another (or the same)
 * format: correctly rounded under rm.  NaN gives the canonical NaN,
 * infinities and zeros keep their sign; a finite value is exact as
 * sig * 2^exp, so one call of the rounding core does the rest (widening is
 * exact, narrowing may overflow or go subnormal). */
#include "fp/fp_internal.h"
#include "fp/hw.h"

fer_u128 fer_fp_convert(fer_fmt to, fer_rm rm, fer_fmt from, fer_u128 x) {
#if FER_FP_HW
  /* Float64 -> Float32 under RNE: one cvtsd2ss rounds once under the MXCSR
   * direction; the probe and the normal-in/normal-out guards of
   * fp/hw.h make it exact whatever the host did to the MXCSR. */
  fer_u128 r;
  if (from.eb == 11 && from.sb == 53 && fer_hw_f32(to, rm) &&
      fer_hw_in64(x, x) && fer_hw_nearest() &&
      fer_hw_out32((float)fer_hw_to_d(x), &r))
    return r;
#endif
  /* Float32 -> Float64 of a normal number: exact in every mode; only the
   * exponent is re-biased (127 -> 1023) and the fraction widened. */
  if (from.eb == 8 && from.sb == 24 && to.eb == 11 && to.sb == 53) {
    uint32_t e = ((uint32_t)x >> 23) & 0xff;
    if (e - 1 < 254)
      return ((uint64_t)((uint32_t)x >> 31) << 63) |
             ((uint64_t)(e + 896) << 52) | ((uint64_t)(x & 0x7fffff) << 29);
  }
  if (fer_fp_fits64(from) && to.sb >= from.sb && to.eb >= from.eb) {
    /* Widening (Float64 -> (15,64) or Float128, Float16 -> Float32, ...):
     * every value of `from` is exact in `to`; a finite one that is normal
     * in `to` (biased exponent 1 .. ones-1: checked, since a subnormal of
     * `from` may stay subnormal when the exponent fields are equal) is
     * packed directly, with no rounding. */
    fer_fp_unpacked64 v = fer_fp_unpack64(from, (uint64_t)x);
    fer_u128 s = v.sign ? fer_fp_sign_bit(to) : 0;
    switch (v.cls) {
    case FER_FP_CNAN: return fer_fp_nan_bits(to);
    case FER_FP_CINF: return s | fer_fp_inf_bits(to);
    case FER_FP_CZERO: return s;
    default: {
      int64_t e = (int64_t)v.exp + (int64_t)from.sb - 1 + fer_fp_bias(to);
      if (e >= 1 && e < (int64_t)fer_fp_exp_ones(to)) {
        fer_u128 frac = ((fer_u128)v.sig << (to.sb - from.sb)) &
                        (((fer_u128)1 << (to.sb - 1)) - 1);
        return s | (fer_u128)e << (to.sb - 1) | frac;
      }
      return fer_fp_round(to, rm, v.sign, v.exp, v.sig, false);
    }
    }
  }
  if (fer_fp_fits64(from) && fer_fp_fits64(to)) { /* the same on one word */
    fer_fp_unpacked64 v = fer_fp_unpack64(from, (uint64_t)x);
    uint64_t s64 = (uint64_t)v.sign << (to.eb + to.sb - 1);
    switch (v.cls) {
    case FER_FP_CNAN: return fer_fp_nan_bits(to);
    case FER_FP_CINF: return s64 | (uint64_t)fer_fp_inf_bits(to);
    case FER_FP_CZERO: return s64;
    default: return fer_fp_round64(to, rm, v.sign, v.exp, v.sig, false);
    }
  }
  fer_fp_unpacked u = fer_fp_unpack(from, x);
  fer_u128 s = u.sign ? fer_fp_sign_bit(to) : 0;
  switch (u.cls) {
  case FER_FP_CNAN: return fer_fp_nan_bits(to);
  case FER_FP_CINF: return s | fer_fp_inf_bits(to);
  case FER_FP_CZERO: return s;
  default: return fer_fp_round(to, rm, u.sign, u.exp, u.sig, false);
  }
}
