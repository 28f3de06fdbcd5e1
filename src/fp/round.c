/* The single rounding point of the FP library: every operation computes
 * its exact result as (sign, exp, sig, sticky) and calls fer_fp_round.
 *
 * Contract (beyond fp.h): when sticky is set, the caller must supply sig
 * with at least one bit below the result's rounding position, i.e. sig has
 * at least sb+1 significant bits or the value lies in the subnormal range
 * with at least one bit below the smallest subnormal's unit.  Then the
 * exact value never sits strictly inside (sig, sig+1) across a rounding
 * boundary or a halfway point, and rounding is exact.  (If the caller
 * breaks this, the result is that of a value just above sig*2^exp.)
 * sig == 0 with sticky set stands for a positive amount below 2^(exp-1)
 * (callers should not rely on it: it only keeps the function total).
 *
 * Rounding is done once, on the exact value, at the format's precision:
 * IEEE 754-2008 §4.3 with gradual underflow; overflow per §7.4
 * (nearest -> infinity, toward zero -> largest finite, directed modes by
 * sign). */
#include "fp/fp_internal.h"

/* Result of an overflow of a value of this sign under rm. */
static fer_u128 overflow(fer_fmt f, fer_rm rm, bool sign) {
  fer_u128 s = sign ? fer_fp_sign_bit(f) : 0;
  bool to_inf = rm == FER_RNE || rm == FER_RNA ||
                (rm == FER_RTP && !sign) || (rm == FER_RTN && sign);
  return s | (to_inf ? fer_fp_inf_bits(f) : fer_fp_max_finite_bits(f));
}

/* fer_fp_round (below) on 64-bit words, for formats with eb + sb <= 64
 * (so sb <= 62): the hot formats, where 128-bit shifts would cost. */
uint64_t fer_fp_round64(fer_fmt f, fer_rm rm, bool sign, int32_t exp_in,
                        uint64_t sig, bool sticky) {
  uint64_t s = (uint64_t)sign << (f.eb + f.sb - 1);
  int64_t exp = exp_in;
  if (!sig) {
    if (!sticky) return s;
    sig = 1;
    exp -= 2;
  }
  const int32_t sb = (int32_t)f.sb, qmin = fer_fp_qmin(f);
  int64_t top = exp + 63 - __builtin_clzll(sig);
  int64_t q = top - (sb - 1);
  if (q < qmin) q = qmin;
  int64_t sh = q - exp;
  uint64_t m;
  bool guard, rest;
  if (sh <= 0) {
    m = sig << -sh;
    guard = false;
    rest = sticky;
  } else if (sh < 64) {
    m = sig >> sh;
    guard = (sig >> (sh - 1)) & 1;
    rest = sticky || (sig & ((1ULL << (sh - 1)) - 1)) != 0;
  } else if (sh == 64) {
    m = 0;
    guard = sig >> 63;
    rest = sticky || (sig << 1) != 0;
  } else {
    m = 0;
    guard = false;
    rest = true;
  }
  m += fer_round_up(rm, sign, m & 1, guard, rest);
  if (m >> sb) {
    m >>= 1;
    q++;
  }
  if (!m) return s;
  if (!(m >> (sb - 1))) return s | m;
  int64_t e = q - qmin + 1;
  if (e >= (int64_t)fer_fp_exp_ones(f)) return (uint64_t)overflow(f, rm, sign);
  return s | ((uint64_t)e << (sb - 1)) | (m & ((1ULL << (sb - 1)) - 1));
}

fer_u128 fer_fp_round(fer_fmt f, fer_rm rm, bool sign, int32_t exp_in,
                      fer_u128 sig, bool sticky) {
  if (fer_fp_fits64(f) && !(sig >> 64))
    return fer_fp_round64(f, rm, sign, exp_in, (uint64_t)sig, sticky);
  fer_u128 s = sign ? fer_fp_sign_bit(f) : 0;
  int64_t exp = exp_in;
  if (sig >> 64) {
    /* Hot for the wide formats: sig has sb+1 .. sb+64 bits, so the bits
     * dropped lie in its low word, and the result is normal with room for
     * a carry (biased exponent 1 .. ones-2).  The general code below
     * gives the same bits; this only avoids its 128-bit variable shifts. */
    int sh = 128 - __builtin_clzll((uint64_t)(sig >> 64)) - (int)f.sb;
    int64_t e = exp + sh - fer_fp_qmin(f) + 1; /* biased exponent */
    if (sh >= 1 && sh <= 64 && e >= 1 &&
        e <= (int64_t)fer_fp_exp_ones(f) - 2) {
      uint64_t lo = (uint64_t)sig, hi = (uint64_t)(sig >> 64);
      bool guard = (lo >> (sh - 1)) & 1;
      bool rest = sticky || (lo & ((1ULL << (sh - 1)) - 1)) != 0;
      fer_u128 m = sh == 64 ? (fer_u128)hi /* sb = 64, 128-bit sig */
                            : ((fer_u128)(hi >> sh) << 64) | (lo >> sh | hi << (64 - sh));
      m += fer_round_up(rm, sign, m & 1, guard, rest);
      /* m has its leading one at bit sb-1, or is 2^sb after a carry: in
       * both cases adding (e-1) << (sb-1) packs exponent and fraction */
      return s | (m + ((fer_u128)(e - 1) << (f.sb - 1)));
    }
  }
  if (!sig) {
    if (!sticky) return s;
    sig = 1; /* a stand-in far below 2^exp: 2^(exp-2) plus a sticky part */
    exp -= 2;
  }
  const int32_t sb = (int32_t)f.sb;
  int64_t top = exp + fer_bits128(sig) - 1; /* exponent of the leading bit */
  int64_t q = top - (sb - 1);               /* unit of the result */
  if (q < fer_fp_qmin(f)) q = fer_fp_qmin(f);
  int64_t sh = q - exp;
  fer_u128 m;
  bool guard, rest;
  if (sh <= 0) { /* exact at the result's precision (sh >= 1 - sb) */
    m = sig << -sh;
    guard = false;
    rest = sticky;
  } else if (sh < 128) {
    m = sig >> sh;
    guard = (sig >> (sh - 1)) & 1;
    rest = sticky || (sig & ((FER_U128_1 << (sh - 1)) - 1)) != 0;
  } else if (sh == 128) {
    m = 0;
    guard = sig >> 127;
    rest = sticky || (sig << 1) != 0;
  } else {
    m = 0;
    guard = false;
    rest = true;
  }
  m += fer_round_up(rm, sign, m & 1, guard, rest);
  if (m >> sb) { /* carried out of the significand: 1.11..1 -> 10.0 */
    m >>= 1;
    q++;
  }
  if (!m) return s;
  if (!(m >> (sb - 1))) return s | m; /* subnormal (q == qmin) */
  int64_t e = q - fer_fp_qmin(f) + 1; /* biased exponent */
  if (e >= (int64_t)fer_fp_exp_ones(f)) return overflow(f, rm, sign);
  return s | ((fer_u128)e << (sb - 1)) | (m & fer_fp_frac_mask(f));
}
