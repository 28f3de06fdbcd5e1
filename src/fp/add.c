/* fp.add and fp.sub (IEEE 754-2008 §5.4.1, §6.3).
 *
 * Exact zero sums are +0, except -0 under RTN and (-0) + (-0) = -0; x + 0
 * is x.  The generic path aligns the smaller operand to the larger in one
 * word (64 bits for formats of at most 64 bits, else 128) and rounds once
 * with an exact sticky bit; see add_finite for why the word is wide
 * enough. */
#include "fp/fp_internal.h"

/* Every case but finite + finite (cls/sign of a, and of b after the flip
 * that turns a subtraction into an addition). */
static fer_u128 add_special(fer_fmt f, fer_rm rm, int ca, bool sa, int cb,
                            bool sb, fer_u128 a, fer_u128 b, bool flip) {
  if (ca == FER_FP_CNAN || cb == FER_FP_CNAN) return fer_fp_nan(f);
  if (ca == FER_FP_CINF) {
    if (cb == FER_FP_CINF && sa != sb) return fer_fp_nan(f);
    return fer_fp_inf(f, sa);
  }
  if (cb == FER_FP_CINF) return fer_fp_inf(f, sb);
  if (cb == FER_FP_CZERO) {
    if (ca == FER_FP_CZERO && sa != sb) return fer_fp_zero(f, rm == FER_RTN);
    return a;
  }
  return flip ? b ^ fer_fp_sign_bit(f) : b; /* a is zero */
}

/* Both finite and nonzero. */
static fer_u128 add_finite(fer_fmt f, fer_rm rm, fer_fp_unpacked a,
                           fer_fp_unpacked b) {
  if (a.exp < b.exp || (a.exp == b.exp && a.sig < b.sig)) {
    fer_fp_unpacked t = a;
    a = b;
    b = t;
  }
  /* Now |a| >= |b|; both significands have their leading one at bit sb-1. */
  int64_t d = (int64_t)a.exp - b.exp;
  bool sticky = false;
  if (a.sign == b.sign) {
    /* One spare bit below a's significand: the sum has >= sb+1 bits as the
     * sticky contract of fer_fp_round asks, and < 2^(sb+2) <= 2^128. */
    fer_u128 bs = fer_shr_sticky(b.sig << 1, d, &sticky);
    return fer_fp_round(f, rm, a.sign, a.exp - 1, (a.sig << 1) + bs, sticky);
  }
  /* Two spare bits: if b lost bits (d >= 3), |b| < |a|/4, so the
   * difference keeps >= sb+1 bits; if d <= 2 nothing is lost and the
   * difference is exact, however much cancels.  The exact value is
   * A - (B + eps), 0 < eps < 1, which lies in (A-B-1, A-B). */
  fer_u128 bs = fer_shr_sticky(b.sig << 2, d, &sticky);
  fer_u128 diff = (a.sig << 2) - bs - sticky;
  if (!diff && !sticky) return fer_fp_zero(f, rm == FER_RTN);
  return fer_fp_round(f, rm, a.sign, a.exp - 2, diff, sticky);
}

/* add_finite on 64-bit words (sb <= 62, so sb+2 bits fit). */
static uint64_t add_finite64(fer_fmt f, fer_rm rm, fer_fp_unpacked64 a,
                             fer_fp_unpacked64 b) {
  if (a.exp < b.exp || (a.exp == b.exp && a.sig < b.sig)) {
    fer_fp_unpacked64 t = a;
    a = b;
    b = t;
  }
  int64_t d = (int64_t)a.exp - b.exp;
  bool sticky = false;
  if (a.sign == b.sign) {
    uint64_t bs = fer_shr_sticky64(b.sig << 1, d, &sticky);
    return fer_fp_round64(f, rm, a.sign, a.exp - 1, (a.sig << 1) + bs, sticky);
  }
  uint64_t bs = fer_shr_sticky64(b.sig << 2, d, &sticky);
  uint64_t diff = (a.sig << 2) - bs - sticky;
  if (!diff && !sticky) return (uint64_t)fer_fp_zero(f, rm == FER_RTN);
  return fer_fp_round64(f, rm, a.sign, a.exp - 2, diff, sticky);
}

/* a + (-1)^flip * b */
static fer_u128 add_generic(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b,
                            bool flip) {
  if (fer_fp_fits64(f)) {
    fer_fp_unpacked64 ua = fer_fp_unpack64(f, (uint64_t)a);
    fer_fp_unpacked64 ub = fer_fp_unpack64(f, (uint64_t)b);
    ub.sign ^= flip;
    if (ua.cls == FER_FP_CFINITE && ub.cls == FER_FP_CFINITE)
      return add_finite64(f, rm, ua, ub);
    return add_special(f, rm, ua.cls, ua.sign, ub.cls, ub.sign, a, b, flip);
  }
  fer_fp_unpacked ua = fer_fp_unpack(f, a), ub = fer_fp_unpack(f, b);
  ub.sign ^= flip;
  if (ua.cls == FER_FP_CFINITE && ub.cls == FER_FP_CFINITE)
    return add_finite(f, rm, ua, ub);
  return add_special(f, rm, ua.cls, ua.sign, ub.cls, ub.sign, a, b, flip);
}

fer_u128 fer_fp_add(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
#if FER_FP_HW /* hot: see fp_internal.h for why this is exact */
  fer_u128 r;
  if (fer_hw_f64(f, rm) && fer_hw_in64(a, b) && fer_hw_nearest() &&
      fer_hw_out64(fer_hw_to_d(a) + fer_hw_to_d(b), &r))
    return r;
  if (fer_hw_f32(f, rm) && fer_hw_in32(a, b) && fer_hw_nearest() &&
      fer_hw_out32(fer_hw_to_f(a) + fer_hw_to_f(b), &r))
    return r;
#endif
  return add_generic(f, rm, a, b, false);
}

fer_u128 fer_fp_sub(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
#if FER_FP_HW
  fer_u128 r;
  if (fer_hw_f64(f, rm) && fer_hw_in64(a, b) && fer_hw_nearest() &&
      fer_hw_out64(fer_hw_to_d(a) - fer_hw_to_d(b), &r))
    return r;
  if (fer_hw_f32(f, rm) && fer_hw_in32(a, b) && fer_hw_nearest() &&
      fer_hw_out32(fer_hw_to_f(a) - fer_hw_to_f(b), &r))
    return r;
#endif
  return add_generic(f, rm, a, b, true);
}

/* The generic path alone: the tests compare it with the hardware path. */
fer_u128 fer_fp_add_soft(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b,
                         bool sub) {
  return add_generic(f, rm, a, b, sub);
}
