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
#include <string.h>

#include "bv/bv.h" /* fer_bv_mask */
#include "bv/bvw.h"
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

/* round_to_integer for formats whose significand fits 64 bits (sb <= 64)
 * with eb >= 3 (hot), on the biased exponent field e and the fraction
 * field of a finite x, when |x| rounds below 2^64 (returns false
 * otherwise: the caller unpacks).  As in rti.c: |x| < 1 when e < bias (the
 * 1/2 place is set only for e = bias - 1, a normal exponent since eb >=
 * 3); otherwise the integer part is the significand shifted by e - bias -
 * (sb-1). */
static inline __attribute__((always_inline)) bool
round_to_integer64(fer_fmt f, fer_rm rm, uint64_t e, uint64_t frac, bool sign,
                   fer_u128 *out) {
  unsigned p = f.sb;
  uint64_t bias = (1ULL << (f.eb - 1)) - 1;
  if (e < bias) {
    bool guard = e == bias - 1;
    *out = fer_round_up(rm, sign, false, guard, guard ? frac != 0 : (e | frac) != 0);
    return true;
  }
  uint64_t sig = frac | (1ULL << (p - 1));
  if (e >= bias + p - 1) { /* an integer of p + s bits */
    uint64_t s = e - (bias + p - 1);
    if (p + s > 64) return false;
    *out = sig << s;
    return true;
  }
  unsigned sh = (unsigned)(bias + p - 1 - e); /* 1..p-1 */
  uint64_t n = sig >> sh;
  bool guard = (sig >> (sh - 1)) & 1;
  bool rest = (sig & ((1ULL << (sh - 1)) - 1)) != 0;
  *out = n + fer_round_up(rm, sign, n & 1, guard, rest); /* <= 2^p */
  return true;
}

/* Class and sign of x, and for a finite x its magnitude rounded to an
 * integer (n, or *big when >= 2^128). */
static int rounded(fer_fmt f, fer_rm rm, fer_u128 x, bool *sign, fer_u128 *n,
                   bool *big) {
  fer_fp_unpacked u = fer_fp_unpack(f, x);
  *sign = u.sign;
  *big = false;
  *n = 0;
  if (u.cls == FER_FP_CFINITE) *n = round_to_integer(rm, &u, big);
  return u.cls;
}

/* The common case of both conversions in 64-bit words, with selects
 * rather than branches on the sign (hot; random signs mispredict): a
 * format whose significand fits 64 bits (sb <= 64: every format of at
 * most 64 bits, and (15,64), (11,64), ...) with eb >= 3, a finite nonzero
 * x whose rounded magnitude n is below 2^64, width <= 64.  False: not
 * handled. */
static inline bool to_bv64(fer_fmt f, fer_rm rm, fer_u128 x, uint32_t width,
                           bool sgn, bool *defined, fer_u128 *out) {
  if (f.sb > 64 || f.eb < 3 || width > 64) return false;
  unsigned p = f.sb, w = f.eb + p;
  uint64_t ones = (1ULL << f.eb) - 1, e, frac;
  bool sign;
  if (w <= 64) { /* one word */
    uint64_t u = (uint64_t)x;
    sign = (u >> (w - 1)) & 1;
    e = (u >> (p - 1)) & ones;
  } else {
    sign = (x >> (w - 1)) & 1;
    e = (uint64_t)(x >> (p - 1)) & ones;
  }
  frac = (uint64_t)x & ((1ULL << (p - 1)) - 1);
  fer_u128 n128;
  if (e == ones || (e | frac) == 0 || /* inf, NaN, zero */
      !round_to_integer64(f, rm, e, frac, sign, &n128))
    return false;
  uint64_t n = (uint64_t)n128, mask = ~0ULL >> (64 - width), r;
  bool ok;
  if (sgn) { /* in range: n <= 2^(w-1) - 1, or 2^(w-1) when negative */
    uint64_t max = mask >> 1;
    ok = n <= max + sign;
    r = ok ? (sign ? 0 - n : n) & mask : max + sign;
  } else { /* in range: n <= 2^w - 1, or 0 when negative */
    ok = sign ? n == 0 : n <= mask;
    r = ok ? n : sign ? 0 : mask;
  }
  set_defined(defined, ok);
  *out = r;
  return true;
}

__attribute__((noinline)) static fer_u128
to_ubv_slow(fer_fmt f, fer_rm rm, fer_u128 x, uint32_t width, bool *defined) {
  bool sign, big;
  fer_u128 n;
  int cls = rounded(f, rm, x, &sign, &n, &big);
  fer_u128 ones = fer_bv_mask(width);
  set_defined(defined, false);
  switch (cls) {
  case FER_FP_CNAN: return 0;
  case FER_FP_CINF: return sign ? 0 : ones;
  case FER_FP_CZERO: set_defined(defined, true); return 0;
  default: break;
  }
  if (sign) { /* only a result that rounded to zero is in range */
    if (n || big) return 0;
    set_defined(defined, true);
    return 0;
  }
  if (big || n > ones) return ones;
  set_defined(defined, true);
  return n;
}

__attribute__((noinline)) static fer_u128
to_sbv_slow(fer_fmt f, fer_rm rm, fer_u128 x, uint32_t width, bool *defined) {
  bool sign, big;
  fer_u128 n;
  int cls = rounded(f, rm, x, &sign, &n, &big);
  fer_u128 min = FER_U128_1 << (width - 1); /* pattern of -2^(w-1) */
  fer_u128 max = min - 1;
  set_defined(defined, false);
  switch (cls) {
  case FER_FP_CNAN: return 0;
  case FER_FP_CINF: return sign ? min : max;
  case FER_FP_CZERO: set_defined(defined, true); return 0;
  default: break;
  }
  if (sign) {
    if (big || n > min) return min;
    set_defined(defined, true);
    return (0 - n) & fer_bv_mask(width);
  }
  if (big || n > max) return max;
  set_defined(defined, true);
  return n;
}

fer_u128 fer_fp_to_ubv(fer_fmt f, fer_rm rm, fer_u128 x, uint32_t width,
                       bool *defined) {
  fer_u128 r;
  if (to_bv64(f, rm, x, width, false, defined, &r)) return r;
  return to_ubv_slow(f, rm, x, width, defined);
}

fer_u128 fer_fp_to_sbv(fer_fmt f, fer_rm rm, fer_u128 x, uint32_t width,
                       bool *defined) {
  fer_u128 r;
  if (to_bv64(f, rm, x, width, true, defined, &r)) return r;
  return to_sbv_slow(f, rm, x, width, defined);
}

#ifndef FER_SMT2C_RUNTIME /* the generated C has no bvw.h */
/* At any width: an integral magnitude sig * 2^exp is placed in limbs
 * exactly (no 2^128 limit), the rest as round_to_integer does. */
void fer_fp_to_bvw(fer_fmt f, fer_rm rm, fer_u128 x, uint32_t width,
                   bool sgn, uint64_t *out, bool *defined, uint64_t *tmp) {
  uint32_t n = fer_bvw_limbs(width);
  fer_fp_unpacked u = fer_fp_unpack(f, x);
  uint64_t *mag = tmp, *one = tmp + n, *scratch = tmp + 2 * n;
  /* saturation values: ones, 0, max = 2^(w-1) - 1, min = 2^(w-1) */
  bool sat_hi = false, zero = false;
  set_defined(defined, false);
  memset(out, 0, n * sizeof *out);
  memset(mag, 0, n * sizeof *mag);
  memset(one, 0, n * sizeof *one);
  if (u.cls == FER_FP_CNAN) return;
  if (u.cls == FER_FP_CZERO) {
    set_defined(defined, true);
    return;
  }
  uint64_t len; /* bit length of the rounded magnitude, 0 if it is 0 */
  if (u.cls == FER_FP_CINF) {
    len = (uint64_t)width + 1;
  } else if (u.exp >= 0) {
    len = (uint64_t)u.exp + (uint64_t)fer_bits128(u.sig);
    if (len <= width) {
      mag[0] = (uint64_t)u.sig;
      if (n > 1) mag[1] = (uint64_t)(u.sig >> 64);
      one[0] = (uint64_t)u.exp;
      memcpy(scratch, mag, n * sizeof *mag);
      fer_bvw_apply(FER_OP_BVSHL, mag, scratch, one, width, width, 0, 0,
                    scratch + n);
    }
  } else {
    bool big;
    fer_u128 r = round_to_integer(rm, &u, &big); /* < 2^126 */
    len = (uint64_t)fer_bits128(r);
    mag[0] = (uint64_t)r;
    if (n > 1) mag[1] = (uint64_t)(r >> 64);
  }
  if (!len) zero = true;
  if (sgn) {
    /* in range: len <= w - 1, or the magnitude 2^(w-1) when negative */
    bool pow = len == width && u.cls == FER_FP_CFINITE;
    for (uint32_t i = 0; pow && i + 1 < width; i++)
      pow = !((mag[i / 64] >> (i % 64)) & 1);
    bool ok = zero || len + 1 <= width || (u.sign && pow);
    if (!ok) { /* min (negative) or max */
      out[(width - 1) / 64] = u.sign ? (uint64_t)1 << ((width - 1) % 64) : 0;
      if (!u.sign) {
        for (uint32_t i = 0; i < n; i++) out[i] = ~(uint64_t)0;
        out[(width - 1) / 64] &= ~((uint64_t)1 << ((width - 1) % 64));
        if (width % 64) out[n - 1] &= ((uint64_t)1 << (width % 64)) - 1;
      }
      return;
    }
    set_defined(defined, true);
    if (u.sign) fer_bvw_apply(FER_OP_BVNEG, out, mag, mag, width, width, 0, 0, scratch);
    else memcpy(out, mag, n * sizeof *out);
    return;
  }
  if (u.sign) { /* only a result that rounded to zero is in range */
    set_defined(defined, zero);
    return;
  }
  sat_hi = len > width;
  if (sat_hi) {
    for (uint32_t i = 0; i < n; i++) out[i] = ~(uint64_t)0;
    if (width % 64) out[n - 1] &= ((uint64_t)1 << (width % 64)) - 1;
    return;
  }
  set_defined(defined, true);
  memcpy(out, mag, n * sizeof *out);
}
#endif
