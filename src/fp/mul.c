/* fp.mul (IEEE 754-2008 §5.4.1): the exact product of the significands
 * (up to 2*126 bits), rounded once.  inf * 0 is NaN; the sign of any
 * product, zero and infinite ones included, is the xor of the signs. */
#include "fp/fp_internal.h"
#include "fp/hw.h"
#include "fp/wide.h"

/* Every case but finite * finite. */
static fer_u128 mul_special(fer_fmt f, int ca, int cb, bool sign) {
  if (ca == FER_FP_CNAN || cb == FER_FP_CNAN) return fer_fp_nan(f);
  if (ca == FER_FP_CINF || cb == FER_FP_CINF) {
    if (ca == FER_FP_CZERO || cb == FER_FP_CZERO) return fer_fp_nan(f);
    return fer_fp_inf(f, sign);
  }
  return fer_fp_zero(f, sign);
}

static fer_u128 mul_generic(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
  if (fer_fp_fits64(f)) { /* sb <= 62: the product fits in 124 bits */
    fer_fp_unpacked64 ua = fer_fp_unpack64(f, (uint64_t)a);
    fer_fp_unpacked64 ub = fer_fp_unpack64(f, (uint64_t)b);
    bool sign = ua.sign ^ ub.sign;
    if (ua.cls != FER_FP_CFINITE || ub.cls != FER_FP_CFINITE)
      return mul_special(f, ua.cls, ub.cls, sign);
    int32_t exp = ua.exp + ub.exp;
    fer_u128 p = (fer_u128)ua.sig * ub.sig;
    uint64_t hi = (uint64_t)(p >> 64);
    bool sticky = false;
    if (hi) { /* keep 64 bits (>= sb+1) and a sticky bit */
      int sh = 64 - __builtin_clzll(hi);
      sticky = (p & ((FER_U128_1 << sh) - 1)) != 0;
      p >>= sh;
      exp += sh;
    }
    return fer_fp_round64(f, rm, sign, exp, (uint64_t)p, sticky);
  }
  fer_fp_unpacked ua = fer_fp_unpack(f, a), ub = fer_fp_unpack(f, b);
  bool sign = ua.sign ^ ub.sign;
  if (ua.cls != FER_FP_CFINITE || ub.cls != FER_FP_CFINITE)
    return mul_special(f, ua.cls, ub.cls, sign);
  int32_t exp = ua.exp + ub.exp;
  if (f.sb <= 64) /* the product fits in 128 bits: exact */
    return fer_fp_round(f, rm, sign, exp, ua.sig * ub.sig, false);
  bool sticky = false;
  fer_u128 p = fer_u256_squeeze(fer_mul128(ua.sig, ub.sig), &exp, &sticky);
  return fer_fp_round(f, rm, sign, exp, p, sticky);
}

#if FER_FP_HW
/* Float32/Float64 under RTZ/RTP/RTN/RNA from the hardware's round-to-
 * nearest product p (fer_hw_nearest() checked) and the exact error
 * t = a*b - p, then fer_hw_step (fp/hw.h).  0 = not handled.
 *   Float32: a*b in double is exact (48 bits; normal operands give
 *   2^-252 <= |a*b| < 2^256, normal in double), p = (float) of it rounds
 *   once, and t = ab - p is exact in double: both lie on the grid of ab's
 *   last bit (p is normal, so its grid is coarser) and |t| <= ab.
 *   Float64: t = fma(a, b, -p) when the CPU has FMA; t is exact when it
 *   is representable: a multiple of ulp(a)ulp(b) = 2^(ea+eb-2150) below
 *   ulp(p), so at most 53 bits; with ea+eb >= 1128 that grid is >= the
 *   smallest normal, so t is 0 or normal (FTZ cannot act).
 * Operands and p must be normal (DAZ/FTZ cannot act; p finite). */
static fer_u128 mul_hw_directed(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
  if (f.eb == 8 && f.sb == 24) {
    uint32_t ea = ((uint32_t)a >> 23) & 0xff, eb = ((uint32_t)b >> 23) & 0xff;
    if (ea - 1 >= 254 || eb - 1 >= 254 || !fer_hw_nearest()) return 0;
    double d = (double)fer_hw_to_f(a) * (double)fer_hw_to_f(b);
    float p = (float)d;
    uint32_t u;
    memcpy(&u, &p, sizeof u);
    uint32_t e = (u >> 23) & 0xff;
    if (e - 1 >= 254) return 0;
    double t = d - (double)p;
    uint64_t tb;
    memcpy(&tb, &t, sizeof tb);
    uint64_t tm = tb & ~(1ULL << 63);
    if (!tm) return u;
    /* half of ulp(p) = 2^(e-151): double biased exponent e + 872 */
    return fer_hw_step(rm, 32, u, tb >> 63, tm == (uint64_t)(e + 872) << 52);
  }
#ifdef FER_FMA_HW
  if (f.eb == 11 && f.sb == 53) {
    uint32_t ea = (uint32_t)((uint64_t)a >> 52) & 0x7ff;
    uint32_t eb = (uint32_t)((uint64_t)b >> 52) & 0x7ff;
    if (ea - 1 >= 2046 || eb - 1 >= 2046 || ea + eb < 1128 ||
        !fer_hw_has_fma() || !fer_hw_nearest())
      return 0;
    double x = fer_hw_to_d(a), y = fer_hw_to_d(b), p = x * y;
    uint64_t u;
    memcpy(&u, &p, sizeof u);
    if (((u >> 52) & 0x7ff) - 1 >= 2046) return 0;
    double t = fer_hw_fma64(x, y, -p);
    uint64_t tb;
    memcpy(&tb, &t, sizeof tb);
    return fer_hw_fixup(rm, 64, 53, u, tb);
  }
#endif
  return 0;
}
#endif

/* Everything but the RNE hardware path, out of line (no stack frame in
 * the hot entry point). */
__attribute__((noinline)) static fer_u128 mul_slow(fer_fmt f, fer_rm rm,
                                                   fer_u128 a, fer_u128 b) {
#if FER_FP_HW
  fer_u128 r;
  if (rm != FER_RNE && (r = mul_hw_directed(f, rm, a, b)) != 0) return r;
#endif
  return mul_generic(f, rm, a, b);
}

fer_u128 fer_fp_mul(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
#if FER_FP_HW /* hot: see fp/hw.h for why this is exact */
  fer_u128 r;
  if (fer_hw_f64(f, rm) && fer_hw_in64(a, b) && fer_hw_nearest() &&
      fer_hw_out64(fer_hw_to_d(a) * fer_hw_to_d(b), &r))
    return r;
  if (fer_hw_f32(f, rm) && fer_hw_in32(a, b) && fer_hw_nearest() &&
      fer_hw_out32(fer_hw_to_f(a) * fer_hw_to_f(b), &r))
    return r;
#endif
#if FER_FP_X87 /* (15,64) under RNE: the x87 (fp/hw.h) */
  if (fer_x87_fmt(f, rm) && fer_x87_nearest())
    return fer_x87_out(fer_x87_in(a) * fer_x87_in(b));
#endif
  return mul_slow(f, rm, a, b);
}

fer_u128 fer_fp_mul_soft(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b) {
  return mul_generic(f, rm, a, b);
}
