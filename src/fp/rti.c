/* fp.roundToIntegral (IEEE 754-2008 §5.3.1, roundToIntegral under rm):
 * the integer nearest x in the direction of rm, as a value of the same
 * format.  Always exact (an integer of at most sb bits); a zero result
 * keeps the sign of x (-0.3 -> -0, -0.5 under RNE -> -0).  In odd formats
 * with emax < sb-1 (e.g. eb=3, sb=5: max 15.5) the integer can be
 * 2^(emax+1), which overflows under rm like any result (15.5 -> +inf under
 * RNE, RNA, RTP; z3 and cvc5 agree). */
#include "fp/fp_internal.h"

fer_u128 fer_fp_rti(fer_fmt f, fer_rm rm, fer_u128 x) {
  fer_fp_unpacked u = fer_fp_unpack(f, x);
  if (u.cls == FER_FP_CNAN) return fer_fp_nan(f);
  if (u.cls != FER_FP_CFINITE || u.exp >= 0) return x; /* already integral */
  int32_t sh = -u.exp; /* x = sig / 2^sh */
  fer_u128 q;
  bool guard, rest;
  if (sh < 128) {
    q = u.sig >> sh;
    guard = (u.sig >> (sh - 1)) & 1;
    rest = (u.sig & ((FER_U128_1 << (sh - 1)) - 1)) != 0;
  } else { /* sig < 2^126: below 1/2 */
    q = 0;
    guard = false;
    rest = true;
  }
  q += fer_round_up(rm, u.sign, q & 1, guard, rest);
  if (!q) return fer_fp_zero(f, u.sign);
  return fer_fp_round(f, rm, u.sign, 0, q, false); /* exact or overflow */
}
