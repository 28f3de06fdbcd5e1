/* fp.add and fp.sub (IEEE 754-2008 §5.4.1, §6.3).
 *
 * Exact zero sums are +0, except -0 under RTN and (-0) + (-0) = -0; x + 0
 * is x.  The generic path aligns the smaller operand to the larger in one
 * 128-bit word and rounds once with an exact sticky bit; see add_finite
 * for why the word is wide enough for every sb <= 126. */
#include "fp/fp_internal.h"

/* Both operands finite and nonzero, |a| >= |b| is not required. */
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

/* a + (-1)^flip * b */
static fer_u128 add_generic(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b,
                            bool flip) {
  fer_fp_unpacked ua = fer_fp_unpack(f, a), ub = fer_fp_unpack(f, b);
  ub.sign ^= flip;
  if (ua.cls == FER_FP_CNAN || ub.cls == FER_FP_CNAN) return fer_fp_nan(f);
  if (ua.cls == FER_FP_CINF) {
    if (ub.cls == FER_FP_CINF && ua.sign != ub.sign) return fer_fp_nan(f);
    return fer_fp_inf(f, ua.sign);
  }
  if (ub.cls == FER_FP_CINF) return fer_fp_inf(f, ub.sign);
  if (ub.cls == FER_FP_CZERO) {
    if (ua.cls == FER_FP_CZERO && ua.sign != ub.sign)
      return fer_fp_zero(f, rm == FER_RTN);
    return a;
  }
  if (ua.cls == FER_FP_CZERO) return flip ? b ^ fer_fp_sign_bit(f) : b;
  return add_finite(f, rm, ua, ub);
}

fer_u128 fer_fp_add(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
#if FER_FP_HW
  if (fer_hw_f64(f, rm)) return fer_hw_from_d(fer_hw_to_d(a) + fer_hw_to_d(b));
  if (fer_hw_f32(f, rm)) return fer_hw_from_f(fer_hw_to_f(a) + fer_hw_to_f(b));
#endif
  return add_generic(f, rm, a, b, false);
}

fer_u128 fer_fp_sub(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
#if FER_FP_HW
  if (fer_hw_f64(f, rm)) return fer_hw_from_d(fer_hw_to_d(a) - fer_hw_to_d(b));
  if (fer_hw_f32(f, rm)) return fer_hw_from_f(fer_hw_to_f(a) - fer_hw_to_f(b));
#endif
  return add_generic(f, rm, a, b, true);
}

/* The generic path alone: the tests compare it with the hardware path. */
fer_u128 fer_fp_add_soft(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b,
                         bool sub) {
  return add_generic(f, rm, a, b, sub);
}
