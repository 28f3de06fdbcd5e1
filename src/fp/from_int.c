/* (_ to_fp eb sb) rm bv (signed) and (_ to_fp_unsigned eb sb) rm bv, for
 * bit-vectors of 1..128 bits.  The integer is exact in a fer_u128 (the
 * magnitude of the most negative 128-bit value, 2^127, too), so one call
 * of the rounding core gives the correctly rounded result.  0 gives +0 (an
 * integer has no signed zero). */
#include "bv.h"
#include "fp/fp_internal.h"

fer_u128 fer_fp_from_ubv(fer_fmt f, fer_rm rm, fer_u128 bv, uint32_t width) {
  return fer_fp_round(f, rm, false, 0, bv & fer_bv_mask(width), false);
}

fer_u128 fer_fp_from_sbv(fer_fmt f, fer_rm rm, fer_u128 bv, uint32_t width) {
  bv &= fer_bv_mask(width);
#if FER_FP_HW
  /* Float32/Float64 from at most 64 bits under RNE: one cvtsi2ss/cvtsi2sd
   * rounds the integer once under the MXCSR direction (checked by the
   * probe); the result is never subnormal, and 0 goes to the generic code,
   * so FTZ/DAZ cannot act (see fp_internal.h). */
  if (width <= 64 && (fer_hw_f64(f, rm) || fer_hw_f32(f, rm)) &&
      fer_hw_nearest()) {
    unsigned up = 64 - width; /* sign-extend to 64 bits */
    int64_t v = (int64_t)((uint64_t)bv << up) >> up;
    fer_u128 r;
    if (f.sb == 53 ? fer_hw_out64((double)v, &r) : fer_hw_out32((float)v, &r))
      return r;
  }
#endif
  bool neg = (bv >> (width - 1)) & 1;
  fer_u128 mag = neg ? fer_bv_neg(bv, width) : bv;
  /* for the most negative value bvneg gives the value itself, whose
   * unsigned reading 2^(w-1) is the magnitude */
  return fer_fp_round(f, rm, neg, 0, mag, false);
}
