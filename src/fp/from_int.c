/* (_ to_fp eb sb) rm bv (signed) and (_ to_fp_unsigned eb sb) rm bv, for
 * bit-vectors of 1..128 bits.  The integer is exact in a fer_u128 (the
 * magnitude of the most negative 128-bit value, 2^127, too), so one call
 * of the rounding core gives the correctly rounded result.  0 gives +0 (an
 * integer has no signed zero). */
#include "bv.h"
#include "fp/fp_internal.h"

/* A magnitude of more than sb bits (at most 64) in a format of at most 64
 * bits where it is normal with room for a carry (biased exponent <= ones
 * - 2; Float32 and Float64 always): rounded here as fer_fp_round would
 * (same bits), without the MXCSR.  False if it does not apply. */
static inline bool round_u64(fer_fmt f, fer_rm rm, bool neg, uint64_t mag,
                             fer_u128 *out) {
  if (!mag || !fer_fp_fits64(f)) return false;
  unsigned top = 63 - (unsigned)__builtin_clzll(mag); /* leading one */
  int64_t e = (int64_t)top + fer_fp_bias(f);          /* biased */
  if (top < f.sb || e > (int64_t)fer_fp_exp_ones(f) - 2) return false;
  unsigned sh = top - (f.sb - 1); /* >= 1 bits below the kept ones */
  bool guard = (mag >> (sh - 1)) & 1;
  bool rest = (mag & ((1ULL << (sh - 1)) - 1)) != 0;
  uint64_t m = mag >> sh;
  m += fer_round_up(rm, neg, m & 1, guard, rest);
  /* leading one at bit sb-1, or 2^sb after a carry: adding (e-1) <<
   * (sb-1) packs exponent and fraction in both cases */
  *out = ((uint64_t)neg << (f.eb + f.sb - 1)) | (m + ((uint64_t)(e - 1) << (f.sb - 1)));
  return true;
}

fer_u128 fer_fp_from_ubv(fer_fmt f, fer_rm rm, fer_u128 bv, uint32_t width) {
  bv &= fer_bv_mask(width);
  if (width <= 64 && fer_fp_exact64_fmt(f)) return fer_fp_exact64(f, false, (uint64_t)bv);
  fer_u128 r;
  if (width <= 64 && round_u64(f, rm, false, (uint64_t)bv, &r)) return r;
  return fer_fp_round(f, rm, false, 0, bv, false);
}

fer_u128 fer_fp_from_sbv(fer_fmt f, fer_rm rm, fer_u128 bv, uint32_t width) {
  bv &= fer_bv_mask(width);
#if FER_FP_HW
  /* Float32/Float64 from at most 64 bits: cvtsi2ss/cvtsi2sd, which is
   * exact for a magnitude of at most 2^sb (any rounding mode then gives
   * the integer itself).  The result is never subnormal and 0 gives +0,
   * so FTZ/DAZ cannot act (see fp_internal.h).  Larger magnitudes are
   * rounded by round_u64 below, which needs no probe of the MXCSR. */
  if (width <= 64 && (f.sb == 53 ? f.eb == 11 : f.sb == 24 && f.eb == 8)) {
    unsigned up = 64 - width; /* sign-extend to 64 bits */
    int64_t v = (int64_t)((uint64_t)bv << up) >> up;
    uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    fer_u128 r;
    if (mag <= (1ULL << (f.sb)) &&
        (f.sb == 53 ? fer_hw_out64((double)v, &r) : fer_hw_out32((float)v, &r)))
      return r;
  }
#endif
  bool neg = (bv >> (width - 1)) & 1;
  fer_u128 mag = neg ? fer_bv_neg(bv, width) : bv;
  if (width <= 64 && fer_fp_exact64_fmt(f)) return fer_fp_exact64(f, neg, (uint64_t)mag);
  fer_u128 r;
  if (width <= 64 && round_u64(f, rm, neg, (uint64_t)mag, &r)) return r;
  /* for the most negative value bvneg gives the value itself, whose
   * unsigned reading 2^(w-1) is the magnitude */
  return fer_fp_round(f, rm, neg, 0, mag, false);
}
