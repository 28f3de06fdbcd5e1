/* fp.sqrt (IEEE 754-2008 §5.4.1, §6.3, §7.2): sqrt(-0) = -0, sqrt(+inf) =
 * +inf, the square root of any other negative number is NaN.  The integer
 * square root of the scaled significand (sb+1 or more bits) and whether it
 * is exact give the result, rounded once. */
#include <math.h>

#include "fp/fp_internal.h"

/* floor(sqrt(n)) and whether it is exact, for n < 2^128. */
static uint64_t isqrt128(fer_u128 n, bool *exact) {
  if (!n) {
    *exact = true;
    return 0;
  }
  /* The double estimate has relative error about 2^-52; below 2^53 it is
   * within 1 of the answer, above one Newton step makes it so (the error
   * squares: (2^-52)^2 * 2^64 < 1). */
  double est = sqrt((double)n);
  fer_u128 r = est >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)est;
  if (!r) r = 1;
  if (n >> 53) {
    r = (r + n / r) >> 1;
    if (r > UINT64_MAX) r = UINT64_MAX;
  }
  while (r * r > n) r--;
  while (r < UINT64_MAX && (r + 1) * (r + 1) <= n) r++;
  *exact = r * r == n;
  return (uint64_t)r;
}

/* floor(sqrt(n)) and whether it is exact, for any 256-bit n. */
static fer_u128 isqrt256(fer_u256 n, bool *exact) {
  if (!n.hi) return isqrt128(n.lo, exact);
  /* Start above the root: the root of n's top 104..105 bits, plus one,
   * scaled back (relative error < 2^-51).  Integer Newton from above stays
   * above floor(sqrt(n)) and squares the error: two steps leave it within
   * one of the answer. */
  int s = fer_u256_bits(n) - 104;
  s += s & 1;
  bool dummy = false;
  fer_u128 x = ((fer_u128)isqrt128(fer_u256_shr_sticky(n, s, &dummy).lo,
                                   &dummy) + 1) << (s / 2);
  for (int i = 0; i < 2; i++) {
    fer_u128 rem, q = fer_div256(n, x, &rem);
    fer_u128 y = (x >> 1) + (q >> 1) + (x & q & 1);
    if (y >= x) break;
    x = y;
  }
  fer_u256 sq = fer_mul128(x, x);
  while (fer_u256_cmp(sq, n) > 0) {
    x--;
    sq = fer_mul128(x, x);
  }
  *exact = fer_u256_cmp(sq, n) == 0;
  return x;
}

/* Every case but a finite positive operand. */
static fer_u128 sqrt_special(fer_fmt f, int cls, bool sign, fer_u128 a) {
  if (cls == FER_FP_CNAN) return fer_fp_nan(f);
  if (cls == FER_FP_CZERO) return a; /* sqrt(-0) = -0 */
  if (sign) return fer_fp_nan(f);
  return a; /* +inf */
}

/* sig*2^e with e made even; sig then has sb or sb+1 bits, and scaling by
 * 2^(2k) with 2k >= sb+1 gives a root of at least sb+1 bits. */
static fer_u128 sqrt_generic(fer_fmt f, fer_rm rm, fer_u128 a) {
  int k = ((int)f.sb + 2) / 2;
  bool exact;
  if (fer_fp_fits64(f)) { /* sb <= 62: radicand <= 2sb+3 <= 127 bits */
    fer_fp_unpacked64 u = fer_fp_unpack64(f, (uint64_t)a);
    if (u.cls != FER_FP_CFINITE || u.sign)
      return sqrt_special(f, u.cls, u.sign, a);
    int32_t e = u.exp;
    fer_u128 sig = u.sig;
    if (e & 1) {
      sig <<= 1;
      e--;
    }
    uint64_t r = isqrt128(sig << (2 * k), &exact);
    return fer_fp_round64(f, rm, false, (e - 2 * k) / 2, r, !exact);
  }
  fer_fp_unpacked u = fer_fp_unpack(f, a);
  if (u.cls != FER_FP_CFINITE || u.sign)
    return sqrt_special(f, u.cls, u.sign, a);
  int32_t e = u.exp;
  fer_u128 sig = u.sig;
  if (e & 1) {
    sig <<= 1;
    e--;
  }
  fer_u128 r;
  if (f.sb <= 62)
    r = isqrt128(sig << (2 * k), &exact);
  else
    r = isqrt256(fer_u256_shl(fer_u256_make(0, sig), 2 * k), &exact);
  return fer_fp_round(f, rm, false, (e - 2 * k) / 2, r, !exact);
}

fer_u128 fer_fp_sqrt(fer_fmt f, fer_rm rm, fer_u128 a) {
#if FER_FP_HW /* hot: see fp_internal.h; negative operands (NaN or -0)
                 take the generic path */
  fer_u128 r;
  if (fer_hw_f64(f, rm) && !((uint64_t)a >> 63) && fer_hw_in64(a, a) &&
      fer_hw_nearest() && fer_hw_out64(sqrt(fer_hw_to_d(a)), &r))
    return r;
  if (fer_hw_f32(f, rm) && !((uint32_t)a >> 31) && fer_hw_in32(a, a) &&
      fer_hw_nearest() && fer_hw_out32(sqrtf(fer_hw_to_f(a)), &r))
    return r;
#endif
  return sqrt_generic(f, rm, a);
}

fer_u128 fer_fp_sqrt_soft(fer_fmt f, fer_rm rm, fer_u128 a) {
  return sqrt_generic(f, rm, a);
}
