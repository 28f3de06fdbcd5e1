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
   * squares: (2^-51)^2 * 2^64 < 1).  n as a double from its two words
   * (three roundings, exact below 2^53): cheaper than the 128-bit
   * conversion's library call. */
  double dn = (double)(uint64_t)(n >> 64) * 0x1p64 + (double)(uint64_t)n;
  double est = sqrt(dn);
  fer_u128 r = est >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)est;
  if (!r) r = 1;
  if (n >> 53) {
    fer_u128 q, rem;
    if ((uint64_t)(n >> 64) < r) /* the quotient fits in 64 bits: divq */
      q = fer_div128by64((uint64_t)(n >> 64), (uint64_t)n, (uint64_t)r, &rem);
    else
      q = n / r;
    r = (r + q) >> 1;
    if (r > UINT64_MAX) r = UINT64_MAX;
  }
  while (r * r > n) r--;
  while (r < UINT64_MAX && (r + 1) * (r + 1) <= n) r++;
  *exact = r * r == n;
  return (uint64_t)r;
}

/* isqrt256 for 2^128 <= n < 2^L, L <= 252 (Float128's radicands have at
 * most 229 bits): one integer Newton step from the root of n's top bits,
 * with a single 128-by-64 division.
 *   s = L - 128 rounded up to even, T = floor(n / 2^s) (127 or 128 bits),
 *   r = floor(sqrt(T)) in [2^63, 2^64), X = r * 2^(s/2).
 * Then X^2 = r^2 2^s <= T 2^s <= n, and sqrt(n) < sqrt(T+1) 2^(s/2) <=
 * (r+1) 2^(s/2), so 0 <= sqrt(n) - X < 2^(s/2), and e = n - X^2 <
 * (2r+1) 2^s.  The Newton step from X is
 *   x1 = floor((X + n/X) / 2) = X + floor(e / (2X))
 *      = X + floor(floor(e / 2^(s/2+1)) / r)
 * (nested floors of positive integers), where E = floor(e / 2^(s/2+1)) <
 * (r + 1/2) 2^(s/2) <= r 2^64 for s/2 <= 62: one divq.  Integer Newton
 * never lands below floor(sqrt(n)) (AM-GM), and overshoots the root by at
 * most (sqrt(n) - X)^2 / (2X) < 2^s / (2^64 2^(s/2)) <= 1/4, so x1 is
 * floor(sqrt(n)) or one more.  The check with the exact square below makes
 * the result exact whatever the estimate; the bounds only make it fast. */
static fer_u128 isqrt256_newton(fer_u256 n, int bits, bool *exact) {
  int s = bits - 128;
  s += s & 1;
  bool dummy = false, ex;
  fer_u128 t = fer_u256_shr_sticky(n, s, &dummy).lo;
  fer_u128 r = isqrt128(t, &ex); /* (uint64_t) result */
  fer_u256 e = fer_u256_sub(n, fer_u256_shl(fer_u256_make(0, r * r), s));
  fer_u128 big = fer_u256_shr_sticky(e, s / 2 + 1, &dummy).lo, rem;
  uint64_t c = fer_div128by64((uint64_t)(big >> 64), (uint64_t)big,
                              (uint64_t)r, &rem);
  fer_u128 x = (r << (s / 2)) + c;
  fer_u256 sq = fer_mul128(x, x);
  while (fer_u256_cmp(sq, n) > 0) { /* (x-1)^2 = x^2 - (2x - 1) */
    sq = fer_u256_sub(sq, fer_u256_make(0, 2 * x - 1));
    x--;
  }
  for (;;) { /* (x+1)^2 = x^2 + 2x + 1; never taken (see above) */
    fer_u256 up = fer_u256_add(sq, fer_u256_make(0, 2 * x + 1));
    if (fer_u256_cmp(up, n) > 0) break;
    sq = up;
    x++;
  }
  *exact = fer_u256_cmp(sq, n) == 0;
  return x;
}

/* floor(sqrt(n)) and whether it is exact, for any 256-bit n. */
static fer_u128 isqrt256(fer_u256 n, bool *exact) {
  if (!n.hi) return isqrt128(n.lo, exact);
  int bits = fer_u256_bits(n);
  if (bits <= 252) return isqrt256_newton(n, bits, exact);
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
  /* the pattern test first: testing u.cls and u.sign together made GCC
   * read them back as one word, stalling on the two narrower stores */
  if (a - 1 >= fer_fp_inf_bits(f) - 1) { /* zero, negative, inf or NaN */
    fer_fp_unpacked v = fer_fp_unpack(f, a);
    return sqrt_special(f, v.cls, v.sign, a);
  }
  fer_fp_unpacked u = fer_fp_unpack(f, a);
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

#if FER_FP_HW
/* Float32/Float64 under RTZ/RTP/RTN/RNA from the hardware's round-to-
 * nearest root s of x = sqrt(a) (fer_hw_nearest() checked) and the exact
 * r = a - s*s.  0 = not handled.  a is positive and normal, so s is normal
 * (in [2^-63, 2^64) for Float32, [2^-511, 2^512) for Float64).
 *   - No ties: a midpoint m of precision p has an odd significand M of
 *     p+1 bits, and m*m = a would make a's significand's odd part M^2 >=
 *     2^(2p).  So RNA is RNE and the step takes tie = false.
 *   - r is exact.  With s = S*2^(es-p+1), s*s is a multiple of g =
 *     2^(2es-2p+2), and so is a (a > 2^(2es-1), so ulp(a) >= 2^(2es-p));
 *     |r| = |x-s|*(x+s) <= 2^(es-p) * 2^(es+2) = g*2^p, and |r| < g*2^p
 *     since x+s < 2^(es+2): r has at most p bits on the grid g.  Float32:
 *     exact in double (s*s has 48 bits, g >= 2^-172).  Float64: fma(-s,
 *     s, a) returns it when g >= 2^-1022, i.e. es >= -459; a's biased
 *     exponent >= 128 gives es >= -448, and then r is 0 or normal (FTZ
 *     cannot act).
 *   - sign(x - s) = sign(r). */
static fer_u128 sqrt_hw_directed(fer_fmt f, fer_rm rm, fer_u128 a) {
  if (f.eb == 8 && f.sb == 24) {
    uint32_t ea = ((uint32_t)a >> 23) & 0x1ff; /* with the sign: +, normal */
    if (ea - 1 >= 254 || !fer_hw_nearest()) return 0;
    float x = fer_hw_to_f(a), s = sqrtf(x);
    uint32_t u;
    memcpy(&u, &s, sizeof u);
    if (rm == FER_RNA) return u;
    double r = (double)x - (double)s * (double)s;
    if (r == 0) return u;
    return fer_hw_step(rm, 32, u, r < 0, false);
  }
#ifdef FER_FMA_HW
  if (f.eb == 11 && f.sb == 53) {
    uint32_t ea = (uint32_t)((uint64_t)a >> 52); /* with the sign */
    if (ea - 128 >= 2047 - 128 || !fer_hw_nearest()) return 0;
    double x = fer_hw_to_d(a), s = sqrt(x);
    uint64_t u;
    memcpy(&u, &s, sizeof u);
    if (rm == FER_RNA) return u;
    if (!fer_hw_has_fma()) return 0;
    double r = fer_hw_fma64(-s, s, x);
    if (r == 0) return u;
    return fer_hw_step(rm, 64, u, r < 0, false);
  }
#endif
  return 0;
}
#endif

/* Everything but the RNE hardware path, out of line. */
__attribute__((noinline)) static fer_u128 sqrt_slow(fer_fmt f, fer_rm rm,
                                                    fer_u128 a) {
#if FER_FP_HW
  fer_u128 r;
  if (rm != FER_RNE && (r = sqrt_hw_directed(f, rm, a)) != 0) return r;
#endif
  return sqrt_generic(f, rm, a);
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
#if FER_FP_X87 /* (15,64) under RNE: the x87 (fp_internal.h) */
  if (fer_x87_fmt(f, rm) && fer_x87_nearest())
    return fer_x87_out(__builtin_sqrtl(fer_x87_in(a)));
#endif
  return sqrt_slow(f, rm, a);
}

fer_u128 fer_fp_sqrt_soft(fer_fmt f, fer_rm rm, fer_u128 a) {
  return sqrt_generic(f, rm, a);
}
