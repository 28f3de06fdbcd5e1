/* fp.add and fp.sub (IEEE 754-2008 §5.4.1, §6.3).
 *
 * Exact zero sums are +0, except -0 under RTN and (-0) + (-0) = -0; x + 0
 * is x.  The generic path aligns the smaller operand to the larger in one
 * word (64 bits for formats of at most 64 bits, else 128) and rounds once
 * with an exact sticky bit; see add_finite for why the word is wide
 * enough. */
#include "fp/fp_internal.h"
#include "fp/hw.h"

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

#if FER_FP_HW
/* Float32/Float64 under RTZ/RTP/RTN/RNA: the hardware's round-to-nearest
 * sum s (fer_hw_nearest() checked) and Knuth's TwoSum error
 * t = (a+b) - s, then fer_hw_fixup.  TwoSum is exact under round to
 * nearest when nothing overflows or underflows (Knuth TAOCP vol. 2,
 * 4.2.2, Theorem B).  Guards: both biased exponents in [sb+1, ones-2]
 * (ones = the all-ones field; Float64: [54, 2045], Float32: [25, 253]).
 * Then |a|, |b| < 2^emax, so s and every TwoSum intermediate (each at most
 * about |a| + |b| <= the largest finite number) is finite; and a, b are
 * multiples of 2^(emin+1), so every intermediate (an exact sum of such
 * multiples, or one rounded to a coarser grid) is 0 or at least the
 * smallest normal: nothing is subnormal, so FTZ/DAZ cannot act.
 * s == 0 (a == -b) goes to the generic code (the sign of an exact zero
 * depends on rm). */
#define FER_ADD_DIRECTED(T, W, SB, EMAXF, BITS, TO)                        \
  do {                                                                   \
    uint32_t ea_ = (uint32_t)(a >> ((SB) - 1)) & (EMAXF);                \
    uint32_t eb_ = (uint32_t)(b >> ((SB) - 1)) & (EMAXF);                \
    if (ea_ - ((SB) + 1) <= (EMAXF) - 2 - ((SB) + 1) &&                  \
        eb_ - ((SB) + 1) <= (EMAXF) - 2 - ((SB) + 1) && fer_hw_nearest()) { \
      T x_ = TO(a), y_ = TO(b);                                          \
      T s_ = x_ + y_;                                                    \
      T a1_ = s_ - y_, b1_ = s_ - a1_;                                   \
      T t_ = (x_ - a1_) + (y_ - b1_);                                    \
      BITS u_, tb_;                                                      \
      memcpy(&u_, &s_, sizeof u_);                                       \
      memcpy(&tb_, &t_, sizeof tb_);                                     \
      if ((u_ << 1) != 0)                                                \
        return fer_hw_fixup(rm, (W), (SB), u_, tb_);                     \
    }                                                                    \
  } while (0)

static bool hw_directed(fer_fmt f, fer_rm rm) {
  return rm != FER_RNE && ((f.eb == 11 && f.sb == 53) || (f.eb == 8 && f.sb == 24));
}

static fer_u128 add_hw_directed(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
  if (f.sb == 53)
    FER_ADD_DIRECTED(double, 64, 53, 0x7ffu, uint64_t, fer_hw_to_d);
  else
    FER_ADD_DIRECTED(float, 32, 24, 0xffu, uint32_t, fer_hw_to_f);
  return 0; /* not handled: the caller goes generic */
}
#endif


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

/* Everything but the RNE hardware path, out of line so that the hot entry
 * points stay a few instructions with no stack frame. */
__attribute__((noinline)) static fer_u128 add_slow(fer_fmt f, fer_rm rm,
                                                   fer_u128 a, fer_u128 b,
                                                   bool flip) {
#if FER_FP_HW
  fer_u128 r;
  if (hw_directed(f, rm) &&
      (r = add_hw_directed(f, rm, a, flip ? b ^ fer_fp_sign_bit(f) : b)) != 0)
    return r;
#endif
  return add_generic(f, rm, a, b, flip);
}

fer_u128 fer_fp_add(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
#if FER_FP_HW /* hot: see fp/hw.h for why this is exact */
  fer_u128 r;
  if (fer_hw_f64(f, rm) && fer_hw_in64(a, b) && fer_hw_nearest() &&
      fer_hw_out64(fer_hw_to_d(a) + fer_hw_to_d(b), &r))
    return r;
  if (fer_hw_f32(f, rm) && fer_hw_in32(a, b) && fer_hw_nearest() &&
      fer_hw_out32(fer_hw_to_f(a) + fer_hw_to_f(b), &r))
    return r;
#endif
#if FER_FP_X87 /* (15,64) under RNE: the x87 (fp/hw.h) */
  if (fer_x87_fmt(f, rm) && fer_x87_nearest())
    return fer_x87_out(fer_x87_in(a) + fer_x87_in(b));
#endif
  return add_slow(f, rm, a, b, false);
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
#if FER_FP_X87 /* (15,64) under RNE: the x87 (fp/hw.h) */
  if (fer_x87_fmt(f, rm) && fer_x87_nearest())
    return fer_x87_out(fer_x87_in(a) - fer_x87_in(b));
#endif
  return add_slow(f, rm, a, b, true);
}

/* The generic path alone: the tests compare it with the hardware path. */
fer_u128 fer_fp_add_soft(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b,
                         bool sub) {
  return add_generic(f, rm, a, b, sub);
}
