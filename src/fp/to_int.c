/* fp.to_ubv and fp.to_sbv: FP -> bit-vector of 1..128 bits.
 *
 * SMT-LIB: the value is rounded to an integer with the rounding mode given
 * (JFS ignored the mode and truncated), then taken as the bit-vector if it
 * fits.  Unspecified: NaN, the infinities, and integers out of range after
 * rounding.  So -0.4 under RTZ or RNE rounds to 0 and gives 0 with
 * to_ubv, defined; -0.6 under RNE rounds to -1 and is out of range.
 *
 * ferret's choices when unspecified (*defined = false), docs/semantics.md:
 *   NaN                              -> 0
 *   to_ubv: +inf or too large        -> all ones
 *           -inf or negative         -> 0
 *   to_sbv: +inf or too large        -> the largest signed value
 *           -inf or too small        -> the smallest signed value
 * i.e. saturation, with NaN at 0. */
#include "bv.h" /* fer_bv_mask */
#include "fp/fp_internal.h"

/* |x| rounded to an integer under rm (the sign of x gives the direction
 * for RTP/RTN).  *big is set when the result is >= 2^128, which no target
 * width can hold. */
static fer_u128 round_to_integer(fer_rm rm, const fer_fp_unpacked *u,
                                 bool *big) {
  *big = false;
  if (u->exp >= 0) { /* already an integer: sig * 2^exp */
    if ((int64_t)u->exp + fer_bits128(u->sig) > 128) {
      *big = true;
      return 0;
    }
    return u->sig << u->exp;
  }
  int64_t sh = -(int64_t)u->exp;
  fer_u128 n;
  bool guard, rest;
  if (sh < 128) {
    n = u->sig >> sh;
    guard = (u->sig >> (sh - 1)) & 1;
    rest = (u->sig & ((FER_U128_1 << (sh - 1)) - 1)) != 0;
  } else { /* sig < 2^126 (sb <= 126), so |x| < 2^-2: below one half */
    n = 0;
    guard = false;
    rest = true;
  }
  bool inc;
  switch (rm) {
  case FER_RNE: inc = guard && (rest || (n & 1)); break;
  case FER_RNA: inc = guard; break;
  case FER_RTP: inc = !u->sign && (guard || rest); break;
  case FER_RTN: inc = u->sign && (guard || rest); break;
  default: inc = false; break;
  }
  return n + inc; /* n < 2^126: no carry out */
}

static inline void set_defined(bool *defined, bool v) {
  if (defined) *defined = v;
}

fer_u128 fer_fp_to_ubv(fer_fmt f, fer_rm rm, fer_u128 x, uint32_t width,
                       bool *defined) {
  fer_fp_unpacked u = fer_fp_unpack(f, x);
  fer_u128 ones = fer_bv_mask(width);
  set_defined(defined, false);
  switch (u.cls) {
  case FER_FP_CNAN: return 0;
  case FER_FP_CINF: return u.sign ? 0 : ones;
  case FER_FP_CZERO: set_defined(defined, true); return 0;
  default: break;
  }
  bool big;
  fer_u128 n = round_to_integer(rm, &u, &big);
  if (u.sign) { /* only a result that rounded to zero is in range */
    if (n || big) return 0;
    set_defined(defined, true);
    return 0;
  }
  if (big || n > ones) return ones;
  set_defined(defined, true);
  return n;
}

fer_u128 fer_fp_to_sbv(fer_fmt f, fer_rm rm, fer_u128 x, uint32_t width,
                       bool *defined) {
  fer_fp_unpacked u = fer_fp_unpack(f, x);
  fer_u128 min = FER_U128_1 << (width - 1); /* pattern of -2^(w-1) */
  fer_u128 max = min - 1;
  set_defined(defined, false);
  switch (u.cls) {
  case FER_FP_CNAN: return 0;
  case FER_FP_CINF: return u.sign ? min : max;
  case FER_FP_CZERO: set_defined(defined, true); return 0;
  default: break;
  }
  bool big;
  fer_u128 n = round_to_integer(rm, &u, &big);
  if (u.sign) {
    if (big || n > min) return min;
    set_defined(defined, true);
    return (0 - n) & fer_bv_mask(width);
  }
  if (big || n > max) return max;
  set_defined(defined, true);
  return n;
}
