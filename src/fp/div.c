/* fp.div (IEEE 754-2008 §5.4.1, §7.3) and the wide division helper.
 *
 * The quotient of the significands is computed to sb+1 or sb+2 bits with
 * its exact remainder (sticky = remainder != 0) and rounded once.
 * x/0 is an infinity (x finite nonzero), 0/0 and inf/inf are NaN; signs
 * are the xor of the operands' signs. */
#include "fp/fp_internal.h"
#include "fp/hw.h"
#include "fp/wide.h"

/* q * d for a 64-bit q: two multiplications instead of fer_mul128's four. */
static inline fer_u256 mul64x128(uint64_t q, fer_u128 d) {
  fer_u128 lo = (fer_u128)q * (uint64_t)d;
  fer_u128 hi = (fer_u128)q * (uint64_t)(d >> 64);
  fer_u256 p;
  p.lo = lo + (hi << 64);
  p.hi = (hi >> 64) + (p.lo < lo);
  return p;
}

/* Knuth's algorithm D specialised to a 128-bit divisor and 64-bit digits;
 * the quotient digit estimate is checked against the exact 192-bit
 * product instead of Knuth's two-digit test (at most two corrections).
 * Inline with the dividend in two words: div_generic's call then keeps it
 * in registers (a 32-byte struct argument goes through memory). */
static inline fer_u128 div256(fer_u128 uhi, fer_u128 ulo, fer_u128 d,
                              fer_u128 *rem) {
  fer_u256 u = fer_u256_make(uhi, ulo);
  if (!(d >> 64)) { /* short division by one digit; u.hi < d < 2^64 */
    fer_u128 r;
    uint64_t q1 = fer_div128by64((uint64_t)u.hi, (uint64_t)(u.lo >> 64),
                                 (uint64_t)d, &r);
    uint64_t q0 =
        fer_div128by64((uint64_t)r, (uint64_t)u.lo, (uint64_t)d, rem);
    return ((fer_u128)q1 << 64) | q0;
  }
  int s = fer_clz128(d); /* normalise: top bit of d set; u.hi < d keeps
                            the shifted u within 256 bits */
  d <<= s;
  u = fer_u256_shl(u, s);
  uint64_t v1 = (uint64_t)(d >> 64);
  fer_u128 r = u.hi; /* running remainder, < d */
  uint64_t digits[2] = {(uint64_t)(u.lo >> 64), (uint64_t)u.lo};
  fer_u128 q = 0;
  for (int j = 0; j < 2; j++) {
    /* N = r * 2^64 + digit < d * 2^64; find floor(N / d) < 2^64. */
    fer_u256 n = fer_u256_make(r >> 64, (r << 64) | digits[j]);
    uint64_t r1 = (uint64_t)(r >> 64), qh;
    if (r1 >= v1) {
      qh = UINT64_MAX;
    } else {
      fer_u128 unused;
      qh = fer_div128by64(r1, (uint64_t)r, v1, &unused);
    }
    fer_u256 p = mul64x128(qh, d);
    while (fer_u256_cmp(p, n) > 0) { /* qh is at most 2 too large */
      qh--;
      p = fer_u256_sub(p, fer_u256_make(0, d));
    }
    r = fer_u256_sub(n, p).lo;
    q = (q << 64) | (uint64_t)qh;
  }
  *rem = r >> s;
  return q;
}

fer_u128 fer_div256(fer_u256 u, fer_u128 d, fer_u128 *rem) {
  return div256(u.hi, u.lo, d, rem);
}

/* Every case but finite / nonzero finite. */
static fer_u128 div_special(fer_fmt f, int ca, int cb, bool sign) {
  if (ca == FER_FP_CNAN || cb == FER_FP_CNAN) return fer_fp_nan(f);
  if (ca == FER_FP_CINF)
    return cb == FER_FP_CINF ? fer_fp_nan(f) : fer_fp_inf(f, sign);
  if (cb == FER_FP_CINF) return fer_fp_zero(f, sign);
  if (cb == FER_FP_CZERO)
    return ca == FER_FP_CZERO ? fer_fp_nan(f) : fer_fp_inf(f, sign);
  return fer_fp_zero(f, sign); /* 0 / finite */
}

/* sig_a / sig_b is in (1/2, 2): shifting the dividend by k = sb+1 gives a
 * quotient of sb+1 or sb+2 bits, enough for fer_fp_round's sticky
 * contract; the remainder gives the sticky bit. */
static fer_u128 div_generic(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
  int k = (int)f.sb + 1;
  if (fer_fp_fits64(f)) { /* sb <= 62: dividend of 2sb+1 <= 125 bits */
    fer_fp_unpacked64 ua = fer_fp_unpack64(f, (uint64_t)a);
    fer_fp_unpacked64 ub = fer_fp_unpack64(f, (uint64_t)b);
    bool sign = ua.sign ^ ub.sign;
    if (ua.cls != FER_FP_CFINITE || ub.cls != FER_FP_CFINITE)
      return div_special(f, ua.cls, ub.cls, sign);
    int32_t exp = ua.exp - ub.exp - k;
    uint64_t q;
    bool sticky;
    if (f.sb <= 31) {
      uint64_t n = ua.sig << k;
      q = n / ub.sig;
      sticky = n - q * ub.sig != 0;
    } else {
      fer_u128 n = (fer_u128)ua.sig << k;
      q = (uint64_t)(n / ub.sig);
      sticky = n - (fer_u128)q * ub.sig != 0;
    }
    return fer_fp_round64(f, rm, sign, exp, q, sticky);
  }
  fer_fp_unpacked ua = fer_fp_unpack(f, a), ub = fer_fp_unpack(f, b);
  bool sign = ua.sign ^ ub.sign;
  if (ua.cls != FER_FP_CFINITE || ub.cls != FER_FP_CFINITE)
    return div_special(f, ua.cls, ub.cls, sign);
  int32_t exp = ua.exp - ub.exp - k;
  fer_u128 q, r;
  if (f.sb <= 63) {
    fer_u128 n = ua.sig << k;
    q = n / ub.sig;
    r = n - q * ub.sig;
  } else {
    /* sig_a * 2^k in two words (65 <= k <= 127) */
    q = div256(ua.sig >> (128 - k), ua.sig << k, ub.sig, &r);
  }
  return fer_fp_round(f, rm, sign, exp, q, r != 0);
}

#if FER_FP_HW
/* Float32/Float64 under RTZ/RTP/RTN/RNA from the hardware's round-to-
 * nearest quotient q of x = a/b (fer_hw_nearest() checked) and the exact
 * remainder r = a - q*b.  0 = not handled.
 *   - No ties: x is never halfway between two numbers of precision p.  A
 *     midpoint m has an odd integral significand M of p+1 bits; a = m*b
 *     would make the odd part of a's significand M times the odd part of
 *     b's, at least M >= 2^p, but a's significand has p bits.  So RNA is
 *     RNE, and the step below takes tie = false.
 *   - The remainder is exact.  With p-bit significands, q = Q*2^(eq-p+1)
 *     and b = B*2^(eb-p+1), q*b is a multiple of g = 2^(eq+eb-2p+2);
 *     |a| = |x*b| > 2^(eq+eb-1), so ulp(a) >= 2^(eq+eb-p) is a multiple
 *     of g too; and |r| = |b|*|x-q| <= |b|*ulp(q)/2 < 2^(eq+eb-p+1) =
 *     g*2^(p-1).  So r is a multiple of g with fewer than p bits: it is
 *     representable unless g is below the normal range.  Float32: every
 *     step in double is exact (q*b has 48 bits, r is a double on the grid
 *     g, all magnitudes within 2^+-300: normal doubles).  Float64:
 *     fma(-q, b, a) rounds the exact r once, i.e. returns it; with the
 *     biased exponents Eq + Eb >= 1128, g = 2^(Eq+Eb-2150) >= 2^-1022, so
 *     r is 0 or normal and FTZ cannot act.
 *   - sign(x - q) = sign(r) xor sign(b).
 *   - Guards: a, b normal (DAZ cannot act), q normal with biased exponent
 *     >= 2 (so x is above the smallest normal and rounding it cannot have
 *     touched the subnormal range under FTZ, whatever tininess rule the
 *     hardware uses), q finite.  Then fer_hw_step gives the correctly
 *     rounded neighbour (fp/hw.h), including overflow when q is the
 *     largest finite number. */
static fer_u128 div_hw_directed(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
  if (f.eb == 8 && f.sb == 24) {
    uint32_t ea = ((uint32_t)a >> 23) & 0xff, eb = ((uint32_t)b >> 23) & 0xff;
    if (ea - 1 >= 254 || eb - 1 >= 254 || !fer_hw_nearest()) return 0;
    float x = fer_hw_to_f(a), y = fer_hw_to_f(b), q = x / y;
    uint32_t u;
    memcpy(&u, &q, sizeof u);
    if (((u >> 23) & 0xff) - 2 >= 253) return 0;
    if (rm == FER_RNA) return u;
    double r = (double)x - (double)q * (double)y;
    if (r == 0) return u;
    return fer_hw_step(rm, 32, u, (r < 0) ^ (y < 0), false);
  }
#ifdef FER_FMA_HW
  if (f.eb == 11 && f.sb == 53) {
    uint32_t ea = (uint32_t)((uint64_t)a >> 52) & 0x7ff;
    uint32_t eb = (uint32_t)((uint64_t)b >> 52) & 0x7ff;
    if (ea - 1 >= 2046 || eb - 1 >= 2046 || !fer_hw_nearest()) return 0;
    double x = fer_hw_to_d(a), y = fer_hw_to_d(b), q = x / y;
    uint64_t u;
    memcpy(&u, &q, sizeof u);
    uint32_t eq = (uint32_t)(u >> 52) & 0x7ff;
    if (eq - 2 >= 2045) return 0;
    if (rm == FER_RNA) return u;
    if (eq + eb < 1128 || !fer_hw_has_fma()) return 0;
    double r = fer_hw_fma64(-q, y, x);
    if (r == 0) return u;
    return fer_hw_step(rm, 64, u, (r < 0) ^ (y < 0), false);
  }
#endif
  return 0;
}
#endif

/* Everything but the RNE hardware path, out of line (no stack frame in
 * the hot entry point). */
__attribute__((noinline)) static fer_u128 div_slow(fer_fmt f, fer_rm rm,
                                                   fer_u128 a, fer_u128 b) {
#if FER_FP_HW
  fer_u128 r;
  if (rm != FER_RNE && (r = div_hw_directed(f, rm, a, b)) != 0) return r;
#endif
  return div_generic(f, rm, a, b);
}

fer_u128 fer_fp_div(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
#if FER_FP_HW /* hot: see fp/hw.h for why this is exact; a zero or
                 subnormal divisor never reaches the hardware */
  fer_u128 r;
  if (fer_hw_f64(f, rm) && fer_hw_in64(a, b) && fer_hw_nearest() &&
      fer_hw_out64(fer_hw_to_d(a) / fer_hw_to_d(b), &r))
    return r;
  if (fer_hw_f32(f, rm) && fer_hw_in32(a, b) && fer_hw_nearest() &&
      fer_hw_out32(fer_hw_to_f(a) / fer_hw_to_f(b), &r))
    return r;
#endif
#if FER_FP_X87 /* (15,64) under RNE: the x87 (fp/hw.h) */
  if (fer_x87_fmt(f, rm) && fer_x87_nearest())
    return fer_x87_out(fer_x87_in(a) / fer_x87_in(b));
#endif
  return div_slow(f, rm, a, b);
}

fer_u128 fer_fp_div_soft(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
  return div_generic(f, rm, a, b);
}
