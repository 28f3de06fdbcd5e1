/* fp.sqrt (IEEE 754-2008 §5.4.1, §6.3, §7.2): sqrt(-0) = -0, sqrt(+inf) =
 * +inf, the square root of any other negative number is NaN.  The integer
 * square root of the scaled significand (sb+1 or more bits) and whether it
 * is exact give the result, rounded once. */
#include <math.h>

#include "fp/fp_internal.h"
#include "fp/hw.h"
#include "fp/wide.h"

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

/* ---- wide formats: sqrt from multiplications ----
 * isqrt_mul: for 2^124 <= X < 2^126, q = floor(sqrt(X 2^102)) (in
 * [2^113, 2^114)) and whether it is exact, without a division: two Heron
 * steps from the double root, each dividing by a 53-bit reciprocal taken
 * as an integer, then one exact check.  Let r = sqrt(X), in [2^62, 2^63).
 *   - Seed.  d = X's top word as a double, s0 = sqrt(d) in [2^30, 2^31],
 *     S0 = s0 2^32 (an integer: s0's unit is at least 2^-22), |S0 - r| <
 *     1.51 2^-53 r < 2^10.6.  y0 = s0 * (1/d), which is 1/s0 within a
 *     relative 1.01 2^-51 (s0^2/d is 1 within 2^-52, two more roundings);
 *     Y = y0 2^92 (an integer in [2^61, 2^62]), so Y = 2^124 (1+eta) / S0,
 *     |eta| < 1.01 2^-51.  (1/d beside sqrt(d), not 1/s0 after it: the
 *     two latencies overlap.)
 *   - Step 1, to r 2^40.  R0 = X - S0^2 exactly (|R0| < 2^75.6, so R0/2^16
 *     is a 64-bit integer); C1 = R0 2^39 / S0 is Heron's correction in
 *     units of 2^-40, |C1| < 2^50.6; c1 = floor(floor(R0/2^16) Y / 2^69) =
 *     C1 (1+eta) - (< 2^-7) - (< 1), off C1 by at most 1.8.  Heron's
 *     S0 2^40 + C1 overshoots r 2^40 by 2^40 (S0-r)^2/(2 S0) < 0.3, so
 *     s1 = S0 2^40 + c1 is within 1.8 of r 2^40.
 *   - Step 2, to q.  R1 = X 2^80 - s1^2: |R1| < 1.8 (2^104 + 2) < 2^104.9,
 *     so it is exact mod 2^128 and R1/2^44 is a 64-bit integer; C2 =
 *     R1 2^10 / s1, |C2| < 2^12.9, and c2 = floor(floor(R1/2^44) Y /
 *     2^110) = floor(C2 (1 + eta + kappa) - (< 2^-48)), where |kappa| <=
 *     |c1| / (S0 2^40) < 2^-51.3 stands for 1/S0 in place of s1/2^40: an
 *     error below 2^-37 before the floor.  Heron's s1 2^11 + C2 overshoots
 *     sqrt(X 2^102) by less than 2^-90.  So q0 = s1 2^11 + c2 is floor of
 *     a value within 2^-37 of the root: q, or q +- 1 when the root is
 *     within 2^-37 of an integer (exact squares).
 *   - The exact check: T = X 2^102 - q0^2 in 256 bits, q0 stepped until
 *     0 <= T <= 2 q0, i.e. q0^2 <= X 2^102 < (q0+1)^2.  That makes the
 *     result exact whatever the estimate; the bounds above only make it
 *     fast (at most one step, rarely).  The root is exact iff T == 0.
 * If the host's MXCSR rounds other than to nearest, the double errors
 * double, which the bounds absorb (|R0|/2^16 and |R1|/2^44 stay below
 * 2^63, the estimate within 2^-34); every double here is normal (2^-31 ..
 * 2^62), so flushing to zero cannot act. */
__extension__ typedef __int128 sqrt_i128;

/* q^2 for q < 2^127 with three multiplications (the cross product once). */
static inline fer_u256 square128(fer_u128 q) {
  uint64_t l = (uint64_t)q, h = (uint64_t)(q >> 64);
  fer_u128 p0 = (fer_u128)l * l, p1 = (fer_u128)l * h, p2 = (fer_u128)h * h;
  fer_u128 m = p1 << 1; /* 2 l h < 2^128 as h < 2^63 */
  fer_u256 r;
  r.lo = p0 + (m << 64);
  r.hi = p2 + (m >> 64) + (r.lo < p0);
  return r;
}

static inline fer_u128 isqrt_mul(fer_u128 x, bool *exact) {
  double d = (double)(int64_t)(x >> 64);
  double s0 = sqrt(d), inv = 1.0 / d;
  uint64_t S0 = (uint64_t)(int64_t)(s0 * 0x1p31) << 1;
  int64_t y = (int64_t)(s0 * inv * 0x1p92);
  sqrt_i128 r0 = (sqrt_i128)(x - (fer_u128)S0 * S0);
  sqrt_i128 p1 = (sqrt_i128)(int64_t)(r0 >> 16) * y;
  fer_u128 s1 = ((fer_u128)S0 << 40) + (fer_u128)(p1 >> 69);
  sqrt_i128 r1 = (sqrt_i128)((x << 80) - s1 * s1); /* mod 2^128 */
  sqrt_i128 p2 = (sqrt_i128)(int64_t)(r1 >> 44) * y;
  fer_u128 q = (s1 << 11) + (fer_u128)(p2 >> 110);
  fer_u256 t = fer_u256_sub(fer_u256_make(x >> 26, x << 102), square128(q));
  while (t.hi >> 127) { /* T < 0: (q-1)^2 = q^2 - (2q - 1) */
    t = fer_u256_add(t, fer_u256_make(0, 2 * q - 1));
    q--;
  }
  while (t.hi || t.lo > 2 * q) { /* T > 2q: (q+1)^2 = q^2 + 2q + 1 */
    t = fer_u256_sub(t, fer_u256_make(0, 2 * q + 1));
    q++;
  }
  *exact = !t.lo;
  return q;
}

/* A finite positive operand of a format with sb <= 113 that is not on
 * 64-bit words.  sig * 2^e = X * 2^(e-s) with X = sig * 2^s in [2^124,
 * 2^126) and e - s even (s = 125-sb or 126-sb), so the root is
 * sqrt(X 2^102) * 2^((e-s)/2 - 51): 114 bits and an exact sticky bit.
 * Where bias >= sb (every format but those with tiny exponent ranges) the
 * root is normal: at least sqrt(2^(2 - bias - sb)) >= 2^(1 - bias), the
 * least normal; and far below the largest finite number.  It is rounded
 * here then, as fer_fp_round's wide fast path would (same steps, with
 * fer_round_up), whose general entry costs a third of the whole for
 * Float128; and for Float128 and (15,64), sqrt_slow's constant formats,
 * the shifts below are constants. */
static inline __attribute__((always_inline)) fer_u128
sqrt_wide(fer_fmt f, fer_rm rm, fer_u128 a) {
  fer_fp_unpacked u = fer_fp_unpack(f, a);
  int32_t s = 125 - (int32_t)f.sb;
  s += (int32_t)((uint32_t)(u.exp - s) & 1);
  bool exact;
  fer_u128 q = isqrt_mul(u.sig << s, &exact);
  int32_t exp = (u.exp - s) / 2 - 51;
  if (fer_fp_bias(f) < (int32_t)f.sb)
    return fer_fp_round(f, rm, false, exp, q, !exact);
  int sh = 114 - (int)f.sb; /* 1 .. 79: the bits below the result's */
  fer_u128 m = q >> sh;     /* 2^(sb-1) <= m < 2^sb */
  bool guard = (q >> (sh - 1)) & 1;
  /* (an exact root has at most (sb+1)/2 significant bits, so its bits
   * from the guard bit down are zero and !exact alone would do; the
   * general form keeps this independent of that) */
  bool rest = !exact || (q & ((FER_U128_1 << (sh - 1)) - 1)) != 0;
  m += fer_round_up(rm, false, m & 1, guard, rest);
  /* the root's leading bit has exponent exp + 113; m <= 2^sb, and adding
   * (E-1) 2^(sb-1) packs exponent and fraction, a carry out of the
   * fraction included */
  int32_t e = exp + 113 + fer_fp_bias(f); /* biased, >= 1 */
  return m + ((fer_u128)(e - 1) << (f.sb - 1));
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

#if FER_FP_X87
/* fsqrt itself: sqrtl would test for a negative operand first, to set
 * errno (a negative operand gives the x87's NaN, made canonical). */
static inline long double x87_sqrt(long double x) {
  __asm__("fsqrt" : "+t"(x));
  return x;
}
#endif

/* Everything but the RNE hardware path, out of line. */
__attribute__((noinline)) static fer_u128 sqrt_slow(fer_fmt f, fer_rm rm,
                                                    fer_u128 a) {
#if FER_FP_HW
  fer_u128 r;
  if (rm != FER_RNE && (r = sqrt_hw_directed(f, rm, a)) != 0) return r;
#endif
  /* the pattern test as in sqrt_generic: zero, negative, inf or NaN */
  if (!fer_fp_fits64(f) && f.sb <= 113 && a - 1 < fer_fp_inf_bits(f) - 1) {
    /* Float128 and x87 double-extended: sqrt_wide inlined (it is
     * always_inline) with constant shifts */
    if (f.eb == 15 && f.sb == 113) return sqrt_wide((fer_fmt){15, 113}, rm, a);
    if (f.eb == 15 && f.sb == 64) return sqrt_wide((fer_fmt){15, 64}, rm, a);
    return sqrt_wide(f, rm, a);
  }
  return sqrt_generic(f, rm, a);
}

fer_u128 fer_fp_sqrt(fer_fmt f, fer_rm rm, fer_u128 a) {
#if FER_FP_HW /* hot: see fp/hw.h; negative operands (NaN or -0)
                 take the generic path */
  fer_u128 r;
  if (fer_hw_f64(f, rm) && !((uint64_t)a >> 63) && fer_hw_in64(a, a) &&
      fer_hw_nearest() && fer_hw_out64(sqrt(fer_hw_to_d(a)), &r))
    return r;
  if (fer_hw_f32(f, rm) && !((uint32_t)a >> 31) && fer_hw_in32(a, a) &&
      fer_hw_nearest() && fer_hw_out32(sqrtf(fer_hw_to_f(a)), &r))
    return r;
#endif
#if FER_FP_X87 /* (15,64) under RNE: the x87 (fp/hw.h) */
  if (fer_x87_fmt(f, rm) && fer_x87_nearest())
    return fer_x87_out(x87_sqrt(fer_x87_in(a)));
#endif
  return sqrt_slow(f, rm, a);
}

fer_u128 fer_fp_sqrt_soft(fer_fmt f, fer_rm rm, fer_u128 a) {
  return sqrt_generic(f, rm, a);
}
