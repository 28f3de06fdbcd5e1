/* (_ to_fp eb sb) rm bv (signed) and (_ to_fp_unsigned eb sb) rm bv, for
 * bit-vectors of 1..128 bits.  The integer is exact in a fer_u128 (the
 * magnitude of the most negative 128-bit value, 2^127, too), so one call
 * of the rounding core gives the correctly rounded result.  0 gives +0 (an
 * integer has no signed zero). */
#include <string.h>

#include "bv/bv.h"
#include "bv/bvw.h"
#include "fp/fp_internal.h"
#include "fp/hw.h"

fer_u128 fer_fp_from_ubv(fer_fmt f, fer_rm rm, fer_u128 bv, uint32_t width) {
  bv &= fer_bv_mask(width);
  if (width <= 64 && fer_fp_exact64_fmt(f)) return fer_fp_exact64(f, false, (uint64_t)bv);
  return fer_fp_round(f, rm, false, 0, bv, false);
}

fer_u128 fer_fp_from_sbv(fer_fmt f, fer_rm rm, fer_u128 bv, uint32_t width) {
  bv &= fer_bv_mask(width);
#if FER_FP_HW
  /* Float32/Float64 from at most 64 bits: cvtsi2ss/cvtsi2sd, which is
   * exact for a magnitude of at most 2^sb (any rounding mode then gives
   * the integer itself), and otherwise rounds once under the MXCSR
   * direction, taken only under RNE when the probe says it rounds to
   * nearest.  The result is never subnormal and 0 gives +0, so FTZ/DAZ
   * cannot act (see fp/hw.h). */
  if (width <= 64 && (f.sb == 53 ? f.eb == 11 : f.sb == 24 && f.eb == 8)) {
    unsigned up = 64 - width; /* sign-extend to 64 bits */
    int64_t v = (int64_t)((uint64_t)bv << up) >> up;
    uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    if (mag <= (1ULL << (f.sb)) || (rm == FER_RNE && fer_hw_nearest())) {
      fer_u128 r;
      if (f.sb == 53 ? fer_hw_out64((double)v, &r) : fer_hw_out32((float)v, &r))
        return r;
    }
  }
#endif
  bool neg = (bv >> (width - 1)) & 1;
  fer_u128 mag = neg ? fer_bv_neg(bv, width) : bv;
  if (width <= 64 && fer_fp_exact64_fmt(f)) return fer_fp_exact64(f, neg, (uint64_t)mag);
  /* for the most negative value bvneg gives the value itself, whose
   * unsigned reading 2^(w-1) is the magnitude */
  return fer_fp_round(f, rm, neg, 0, mag, false);
}

#ifndef FER_SMT2C_RUNTIME /* the generated C has no bvw.h */
/* A wider bit-vector: the magnitude's top 128 bits, the rest folded into
 * the sticky bit, then one call of the rounding core (value = sig * 2^k
 * plus a nonzero remainder below sig's last bit when sticky). */
fer_u128 fer_fp_from_bvw(fer_fmt f, fer_rm rm, const uint64_t *bv,
                         uint32_t width, bool is_signed, uint64_t *tmp) {
  uint32_t n = fer_bvw_limbs(width);
  bool neg = is_signed && ((bv[(width - 1) / 64] >> ((width - 1) % 64)) & 1);
  if (neg) { /* two's complement: ~bv + 1 */
    uint64_t carry = 1;
    for (uint32_t i = 0; i < n; i++) {
      tmp[i] = ~bv[i] + carry;
      carry = carry && tmp[i] == 0;
    }
    if (width % 64) tmp[n - 1] &= ((uint64_t)1 << (width % 64)) - 1;
  } else {
    memcpy(tmp, bv, n * sizeof *tmp);
  }
  uint32_t len = 0; /* bit length of the magnitude */
  for (uint32_t i = n; i-- > 0;)
    if (tmp[i]) {
      len = 64 * i + 64 - (uint32_t)__builtin_clzll(tmp[i]);
      break;
    }
  uint32_t k = len > 128 ? len - 128 : 0;
  fer_u128 sig = 0;
  for (uint32_t j = 0; j < 128 && k + j < len; j++)
    if ((tmp[(k + j) / 64] >> ((k + j) % 64)) & 1) sig |= (fer_u128)1 << j;
  bool sticky = false;
  for (uint32_t j = 0; j < k && !sticky; j++)
    sticky = (tmp[j / 64] >> (j % 64)) & 1;
  return fer_fp_round(f, rm, neg, (int32_t)k, sig, sticky);
}
#endif
