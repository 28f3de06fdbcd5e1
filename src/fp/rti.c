/* fp.roundToIntegral (IEEE 754-2008 §5.3.1, roundToIntegral under rm):
 * the integer nearest x in the direction of rm, as a value of the same
 * format.  Always exact (an integer of at most sb bits); a zero result
 * keeps the sign of x (-0.3 -> -0, -0.5 under RNE -> -0).  In odd formats
 * with emax < sb-1 (e.g. eb=3, sb=5: max 15.5) the integer can be
 * 2^(emax+1), which overflows under rm like any result (15.5 -> +inf under
 * RNE, RNA, RTP; z3 and cvc5 agree). */
#include "fp/fp_internal.h"

/* x = sig / 2^sh (sh >= 1) rounded to an integer under rm. */
static fer_u128 rti_shift(fer_rm rm, bool sign, fer_u128 sig, int32_t sh) {
  if (sh >= 128) /* sig < 2^126: below 1/2 */
    return fer_round_up(rm, sign, false, false, true);
  fer_u128 q = sig >> sh;
  bool guard = (sig >> (sh - 1)) & 1;
  bool rest = (sig & ((FER_U128_1 << (sh - 1)) - 1)) != 0;
  return q + fer_round_up(rm, sign, q & 1, guard, rest);
}

/* fer_fp_rti64's method (fp_internal.h) for wider formats whose
 * significand fits 64 bits (sb <= 64, eb >= 3: (15,64), (11,64), ...):
 * the exponent field E and fraction are read into words, the rounding is
 * done on the 128-bit pattern (a carry out of the fraction moves into the
 * exponent field as there). */
static fer_u128 rti_sig64(fer_fmt f, fer_rm rm, fer_u128 x) {
  unsigned p = f.sb;
  fer_u128 sign = x & ((fer_u128)1 << (f.eb + p - 1));
  bool neg = sign != 0;
  uint64_t ones = (1ULL << f.eb) - 1, bias = ones >> 1;
  uint64_t e = (uint64_t)(x >> (p - 1)) & ones;
  uint64_t frac = (uint64_t)x & ((1ULL << (p - 1)) - 1);
  if (e == ones) return frac ? fer_fp_nan(f) : x; /* NaN, infinite */
  if (e >= bias + p - 1) return x;                /* integral */
  if (e < bias) {
    bool guard = e == bias - 1;
    bool rest = guard ? frac != 0 : (e | frac) != 0;
    if (!fer_round_up(rm, neg, false, guard, rest)) return sign;
    return sign | (fer_u128)bias << (p - 1); /* +-1 */
  }
  unsigned sh = (unsigned)(bias + p - 1 - e); /* 1..p-1 <= 63 */
  uint64_t low = (1ULL << sh) - 1;
  bool guard = (frac >> (sh - 1)) & 1;
  bool rest = (frac & (low >> 1)) != 0;
  bool up = fer_round_up(rm, neg, ((uint64_t)x >> sh) & 1, guard, rest);
  return (x & ~(fer_u128)low) + ((fer_u128)up << sh);
}

fer_u128 fer_fp_rti(fer_fmt f, fer_rm rm, fer_u128 x) {
  if (fer_fp_fits64(f) && f.eb >= 3) return fer_fp_rti64(f, rm, (uint64_t)x);
  if (f.sb <= 64 && f.eb >= 3) return rti_sig64(f, rm, x);
  return fer_fp_rti_soft(f, rm, x);
}

/* The unpacking implementation, every format: the tests compare
 * fer_fp_rti64 with it. */
fer_u128 fer_fp_rti_soft(fer_fmt f, fer_rm rm, fer_u128 x) {
  fer_u128 q;
  bool sign;
  if (fer_fp_fits64(f)) {
    fer_fp_unpacked64 u = fer_fp_unpack64(f, (uint64_t)x);
    if (u.cls == FER_FP_CNAN) return fer_fp_nan(f);
    if (u.cls != FER_FP_CFINITE || u.exp >= 0) return x; /* integral */
    sign = u.sign;
    int32_t sh = -u.exp;
    if (sh >= 64) { /* sig < 2^62: below 1/2 */
      q = fer_round_up(rm, sign, false, false, true);
    } else {
      q = u.sig >> sh;
      bool guard = (u.sig >> (sh - 1)) & 1;
      bool rest = (u.sig & ((1ULL << (sh - 1)) - 1)) != 0;
      q += fer_round_up(rm, sign, q & 1, guard, rest);
    }
    if (q) { /* encode the integer q directly when it is finite */
      int n = 64 - __builtin_clzll((uint64_t)q); /* n <= sb */
      uint64_t e = (uint64_t)fer_fp_bias(f) + (uint64_t)n - 1;
      if (e < fer_fp_exp_ones(f))
        return ((uint64_t)sign << (f.eb + f.sb - 1)) | (e << (f.sb - 1)) |
               (((uint64_t)q << (f.sb - (unsigned)n)) & ((1ULL << (f.sb - 1)) - 1));
    }
  } else {
    fer_fp_unpacked u = fer_fp_unpack(f, x);
    if (u.cls == FER_FP_CNAN) return fer_fp_nan(f);
    if (u.cls != FER_FP_CFINITE || u.exp >= 0) return x;
    sign = u.sign;
    q = rti_shift(rm, sign, u.sig, -u.exp);
  }
  if (!q) return fer_fp_zero(f, sign);
  return fer_fp_round(f, rm, sign, 0, q, false); /* exact or overflow */
}
