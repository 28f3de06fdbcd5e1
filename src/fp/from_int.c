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
  bool neg = (bv >> (width - 1)) & 1;
  fer_u128 mag = neg ? fer_bv_neg(bv, width) : bv;
  /* for the most negative value bvneg gives the value itself, whose
   * unsigned reading 2^(w-1) is the magnitude */
  return fer_fp_round(f, rm, neg, 0, mag, false);
}
