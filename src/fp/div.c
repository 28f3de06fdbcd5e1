/* fp.div (IEEE 754-2008 §5.4.1, §7.3) and the wide division helper.
 *
 * The quotient of the significands is computed to sb+1 or sb+2 bits with
 * its exact remainder (sticky = remainder != 0) and rounded once.
 * x/0 is an infinity (x finite nonzero), 0/0 and inf/inf are NaN; signs
 * are the xor of the operands' signs. */
#include "fp/fp_internal.h"

/* Knuth's algorithm D specialised to a 128-bit divisor and 64-bit digits;
 * the quotient digit estimate is checked against the exact 192-bit
 * product instead of Knuth's two-digit test (at most two corrections). */
fer_u128 fer_div256(fer_u256 u, fer_u128 d, fer_u128 *rem) {
  if (!(d >> 64)) { /* short division by one digit; u.hi < d < 2^64 */
    fer_u128 r = u.hi, q1, q0;
    fer_u128 n = (r << 64) | (uint64_t)(u.lo >> 64);
    q1 = n / d;
    r = n - q1 * d;
    n = (r << 64) | (uint64_t)u.lo;
    q0 = n / d;
    *rem = n - q0 * d;
    return (q1 << 64) | q0;
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
    uint64_t r1 = (uint64_t)(r >> 64);
    fer_u128 qh = r1 >= v1 ? (fer_u128)UINT64_MAX : r / v1;
    fer_u256 p = fer_mul128(qh, d);
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
    q = fer_div256(fer_u256_shl(fer_u256_make(0, ua.sig), k), ub.sig, &r);
  }
  return fer_fp_round(f, rm, sign, exp, q, r != 0);
}

fer_u128 fer_fp_div(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
#if FER_FP_HW /* hot: see fp_internal.h for why this is exact; a zero or
                 subnormal divisor never reaches the hardware */
  fer_u128 r;
  if (fer_hw_f64(f, rm) && fer_hw_in64(a, b) && fer_hw_nearest() &&
      fer_hw_out64(fer_hw_to_d(a) / fer_hw_to_d(b), &r))
    return r;
  if (fer_hw_f32(f, rm) && fer_hw_in32(a, b) && fer_hw_nearest() &&
      fer_hw_out32(fer_hw_to_f(a) / fer_hw_to_f(b), &r))
    return r;
#endif
  return div_generic(f, rm, a, b);
}

fer_u128 fer_fp_div_soft(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
  return div_generic(f, rm, a, b);
}
