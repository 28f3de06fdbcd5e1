/* (_ to_fp eb sb) rm r for an exact rational r = (-1)^neg * N/D of any
 * size, correctly rounded in all five modes.
 *
 * The value is written as q * 2^-k (+ a sticky part) with
 *     q = floor(N * 2^k / D),   k = 127 - bitlen(N) + bitlen(D),
 * which puts q in [2^126, 2^128): at least 127 bits, one more than the
 * widest significand (sb <= 126), as fer_fp_round wants when sticky is set.
 * The sticky bit says whether the division left a remainder; then
 * fer_fp_round rounds once, so there is no double rounding whatever the
 * mode, including RNA and the subnormal range.
 *
 * A denominator of at most 64 bits (decimal literals up to 10^19) takes a
 * short division, limb by limb.  Otherwise, with no allocation and no
 * buffer proportional to the input, q is first estimated from the top 160
 * bits of D and the matching bits of N (an estimate that is q or q+1), then
 * checked exactly by streaming the limbs of q*D against N (nat.c), once or
 * twice.  The time is linear in the sizes of N and D. */
#include "fp/fp_internal.h"
#include "fp/hw.h"
#include "fp/wide.h"
#include "base/nat.h"

/* 256 bits of a starting at bit position pos (bits outside read as 0). */
static fer_u256 bits256(const uint32_t *a, uint32_t n, int64_t pos) {
  fer_u256 r = fer_u256_make(0, 0);
  for (int i = 0; i < 4; i++) {
    r.lo |= (fer_u128)fer_nat_bits32(a, n, pos + 32 * i) << (32 * i);
    r.hi |= (fer_u128)fer_nat_bits32(a, n, pos + 128 + 32 * i) << (32 * i);
  }
  return r;
}

/* Beyond these shifts the value is far outside every format's range
 * (eb <= 30: exponents stay within +-2^29 + 128), and fer_fp_round sees
 * only the direction that matters. */
#define FAR ((int64_t)1 << 30)

/* N/D for 0 < N, D < 2^64 in a format of at most 64 bits (hot: decimal
 * literals). */
static fer_u128 from_u64(fer_fmt f, fer_rm rm, bool neg, uint64_t n,
                         uint64_t d) {
  int ln = 64 - __builtin_clzll(n), ld = 64 - __builtin_clzll(d);
  int bias = fer_fp_bias(f);
  if (ln <= (int)f.sb && ld <= (int)f.sb && ln <= bias + 1 && ld <= bias + 1) {
    /* N and D are values of the format (at most sb bits, exponent at most
     * emax): the rational is their quotient, which fp.div rounds correctly
     * in every mode (in hardware for Float32/Float64). */
    uint64_t fa = (1ULL << (f.sb - 1)) - 1;
    uint64_t a = ((uint64_t)(bias + ln - 1) << (f.sb - 1)) |
                 ((n << (f.sb - (unsigned)ln)) & fa);
    uint64_t b = ((uint64_t)(bias + ld - 1) << (f.sb - 1)) |
                 ((d << (f.sb - (unsigned)ld)) & fa);
    return fer_fp_div(f, rm, a | (uint64_t)neg << (f.eb + f.sb - 1), b);
  }
  /* One division: with k = 63 + ld - ln (0..126), Y = N*2^k < 2^(63+ld)
   * <= D*2^64, so q = floor(Y/D) < 2^64, and q > 2^(62+ld)/2^ld = 2^62:
   * 63 or 64 bits, more than sb+1, as fer_fp_round64 asks. */
  int k = 63 + ld - ln;
  fer_u128 y = (fer_u128)n << k, r;
  uint64_t q = fer_div128by64((uint64_t)(y >> 64), (uint64_t)y, d, &r);
  /* Hot: a normal result with room for a carry (biased exponent 1 ..
   * ones-2), rounded here as fer_fp_round64 would (same bits): q's bits
   * below the sb kept ones are dropped (sh >= 1 as sb <= 62 < 63). */
  int sh = 64 - __builtin_clzll(q) - (int)f.sb;
  int64_t e = (int64_t)sh - k - fer_fp_qmin(f) + 1;
  if (e >= 1 && e <= (int64_t)fer_fp_exp_ones(f) - 2) {
    bool guard = (q >> (sh - 1)) & 1;
    bool rest = r != 0 || (q & ((1ULL << (sh - 1)) - 1)) != 0;
    uint64_t m = q >> sh;
    m += fer_round_up(rm, neg, m & 1, guard, rest);
    /* leading one at bit sb-1, or 2^sb after a carry: adding (e-1) <<
     * (sb-1) packs exponent and fraction in both cases */
    return ((uint64_t)neg << (f.eb + f.sb - 1)) |
           (m + ((uint64_t)(e - 1) << (f.sb - 1)));
  }
  return fer_fp_round64(f, rm, neg, -k, q, r != 0);
}

/* N/D for 0 < N, D < 2^64 in a format wider than 64 bits: two short
 * divisions.  With k = 63 + ld - ln, q1 = floor(N*2^k / D) has 63 or 64
 * bits (from_u64) and remainder r1 < D; q2 = floor(r1*2^64 / D) < 2^64.
 * Then q = q1*2^64 + q2 = floor(N*2^(k+64) / D) has 127 or 128 bits, at
 * least sb + 1 (sb <= 126), and the second remainder is the sticky bit, as
 * fer_fp_round wants; 128 are cut to 127 (the last one joins the sticky
 * bit), which keeps (15,64) on fer_fp_round's hot path.  (When the
 * division is exact that bit is 0: q is then the reduced numerator, at
 * most 64 bits, shifted left by at least 63; so the fold only matters
 * when the sticky bit is already set, and no test can tell it apart.) */
static fer_u128 from_u64_wide(fer_fmt f, fer_rm rm, bool neg, uint64_t n,
                              uint64_t d) {
#if FER_FP_X87
  /* (15,64) under RNE: N and D are exact in the x87's 64-bit significand,
   * and one fdiv rounds their quotient (always normal: 2^-64 < N/D <
   * 2^64) once to (15,64) (fp/hw.h). */
  if (fer_x87_fmt(f, rm) && fer_x87_nearest())
    return fer_x87_out((long double)n / (long double)d) |
           (fer_u128)neg << 78;
#endif
  int ln = 64 - __builtin_clzll(n), ld = 64 - __builtin_clzll(d);
  int k = 63 + ld - ln;
  fer_u128 y = (fer_u128)n << k, r1, r2;
  uint64_t q1 = fer_div128by64((uint64_t)(y >> 64), (uint64_t)y, d, &r1);
  uint64_t q2 = fer_div128by64((uint64_t)r1, 0, d, &r2);
  fer_u128 q = (fer_u128)q1 << 64 | q2;
  bool sticky = r2 != 0;
  int e = -k - 64;
  if (q1 >> 63) { /* 128 bits: keep 127 (fer_fp_round's hot path for sb >= 64) */
    sticky |= q & 1;
    q >>= 1;
    e++;
  }
  return fer_fp_round(f, rm, neg, e, q, sticky);
}

static fer_u128 from_big(fer_fmt f, fer_rm rm, bool neg, const uint32_t *num,
                         uint32_t nlen, const uint32_t *den, uint32_t dlen);

fer_u128 fer_fp_from_rational(fer_fmt f, fer_rm rm, bool neg,
                              const uint32_t *num, uint32_t nlen,
                              const uint32_t *den, uint32_t dlen) {
  if (nlen <= 2 && dlen <= 2 && fer_fp_fits64(f)) { /* no loops, no calls */
    uint64_t n = nlen ? num[0] : 0, d = dlen ? den[0] : 0;
    if (nlen == 2) n |= (uint64_t)num[1] << 32;
    if (dlen == 2) d |= (uint64_t)den[1] << 32;
    if (n && d) return from_u64(f, rm, neg, n, d);
  } else if (nlen <= 2 && dlen <= 2) {
    uint64_t n = nlen ? num[0] : 0, d = dlen ? den[0] : 0;
    if (nlen == 2) n |= (uint64_t)num[1] << 32;
    if (dlen == 2) d |= (uint64_t)den[1] << 32;
    if (n && d) return from_u64_wide(f, rm, neg, n, d);
  }
  return from_big(f, rm, neg, num, nlen, den, dlen);
}

/* Everything else (out of line: its frame is large). */
__attribute__((noinline)) static fer_u128
from_big(fer_fmt f, fer_rm rm, bool neg, const uint32_t *num, uint32_t nlen,
         const uint32_t *den, uint32_t dlen) {
  nlen = fer_nat_trim(num, nlen);
  dlen = fer_nat_trim(den, dlen);
  if (!dlen) return fer_fp_nan_bits(f); /* outside the contract: D = 0 */
  if (!nlen) return 0; /* the real 0 has no sign: +0 (docs/semantics.md) */
  int64_t ln = (int64_t)fer_nat_bitlen(num, nlen);
  int64_t ld = (int64_t)fer_nat_bitlen(den, dlen);
  int64_t k = 127 - ln + ld;
  if (k < -FAR) /* |r| >= 2^(2^30): overflows every format */
    return fer_fp_round(f, rm, neg, (int32_t)FAR, FER_U128_1 << 127, true);
  if (k > FAR) /* |r| < 2^(128 - 2^30): below half the least subnormal */
    return fer_fp_round(f, rm, neg, (int32_t)-FAR, FER_U128_1 << 127, true);

  if (ld <= 64) { /* common case (decimal literals): exact short division */
    uint64_t d = ((uint64_t)fer_nat_bits32(den, dlen, 32) << 32) | den[0];
    if (ln <= 64) { /* high limbs of zeros */
      uint64_t n = ((uint64_t)fer_nat_bits32(num, nlen, 32) << 32) | num[0];
      if (fer_fp_fits64(f)) return from_u64(f, rm, neg, n, d);
      return from_u64_wide(f, rm, neg, n, d);
    }
    fer_u128 q = 0;
    uint64_t r = 0;
    /* Y = floor(N*2^k) has 127+ld bits; bit i of Y is bit i-k of N.  Each
     * step divides r*2^64 + digit < d*2^64 by d (64-bit digits). */
    for (int64_t i = (127 + ld + 63) / 64 - 1; i >= 0; i--) {
      uint64_t digit =
          ((uint64_t)fer_nat_bits32(num, nlen, 64 * i + 32 - k) << 32) |
          fer_nat_bits32(num, nlen, 64 * i - k);
      fer_u128 rr;
      q = (q << 64) | fer_div128by64(r, digit, d, &rr);
      r = (uint64_t)rr;
    }
    bool sticky = r != 0 || (k < 0 && !fer_nat_low_zero(num, nlen, (uint64_t)-k));
    return fer_fp_round(f, rm, neg, (int32_t)-k, q, sticky);
  }

  /* Estimate: Dt = D's top (at most) 160 bits, D = Dt*2^b + rest, and
   * Yt = floor(N*2^k / 2^b).  Then qe = floor(Yt/Dt) = floor(N*2^k /
   * (Dt*2^b)) >= q, and since Dt >= 2^159 whenever b > 0 the excess of
   * N*2^k/(Dt*2^b) over N*2^k/D is below 2^128 * 2^-159: qe <= q + 1.
   * (b == 0 makes qe exact.)  Yt < Dt*2^129, so the long division below
   * starts from Yt >> 129 < Dt and makes 129 quotient bits. */
  int64_t b = ld > 160 ? ld - 160 : 0;
  fer_u256 dt = bits256(den, dlen, b);
  int64_t base = b - k; /* bit i of Yt is bit base+i of N */
  fer_u256 r = bits256(num, nlen, base + 129);
  fer_u128 q = 0;
  bool q_top = false; /* bit 128 of the estimate */
  for (int i = 128; i >= 0; i--) {
    r = fer_u256_shl(r, 1);
    r.lo |= fer_nat_bits32(num, nlen, base + i) & 1;
    bool one = fer_u256_cmp(r, dt) >= 0;
    if (one) r = fer_u256_sub(r, dt);
    if (i == 128)
      q_top = one;
    else
      q |= (fer_u128)one << i;
  }
  if (q_top) q = FER_U128_MAX; /* qe = 2^128 exactly; q < 2^128 */

  /* Exact check: q*D <= floor(N*2^k), and equality for no remainder (when
   * k < 0 the bits of N shifted out must be zero too). */
  int c = fer_nat_cmp_mul(q, den, dlen, num, nlen, k);
  if (c > 0) {
    q--;
    c = fer_nat_cmp_mul(q, den, dlen, num, nlen, k);
  }
  bool sticky = c != 0 || (k < 0 && !fer_nat_low_zero(num, nlen, (uint64_t)-k));
  return fer_fp_round(f, rm, neg, (int32_t)-k, q, sticky);
}
