/* fp.fma (IEEE 754-2008 §5.4.1): a*b + c with a single rounding.
 *
 * Special cases: NaN in -> NaN; inf*0 -> NaN (whatever c is); inf*x + c is
 * NaN if c is an infinity of the other sign.  A zero product plus c is c,
 * and when both are zeros the sign rule of addition applies (+0 unless both
 * are -0, -0 under RTN).  An exact zero sum of nonzero terms is +0 (-0
 * under RTN).
 *
 * The exact product and c are summed in a window with a sticky bit for
 * whatever is shifted out of it: for sb <= 64, 192 bits on 64-bit words
 * (below); for wider significands 256 bits, where the operand with the
 * higher leading bit goes to bit 253 (two bits of headroom for a carry)
 * and the other one is shifted to match.  The smaller operand can lose
 * bits only if its leading bit is at least 3 places lower, so a difference
 * then cancels at most one bit and keeps far more than sb+1 bits; when
 * nothing is lost the sum is exact however much cancels. */
#include "fp/fp_internal.h"
#include "fp/hw.h"
#include "fp/wide.h"

typedef struct term {
  bool sign;
  int32_t exp;  /* value = sig * 2^exp */
  fer_u256 sig; /* nonzero */
  int bits;     /* bit length of sig */
} term;

/* Every case with an operand that is not finite and nonzero (classes of
 * a, b, c; ps the product's sign, sc c's sign). */
static fer_u128 fma_special(fer_fmt f, fer_rm rm, int ca, int cb, int cc,
                            bool ps, bool sc, fer_u128 c) {
  if (ca == FER_FP_CNAN || cb == FER_FP_CNAN || cc == FER_FP_CNAN)
    return fer_fp_nan(f);
  if (ca == FER_FP_CINF || cb == FER_FP_CINF) {
    if (ca == FER_FP_CZERO || cb == FER_FP_CZERO) return fer_fp_nan(f);
    if (cc == FER_FP_CINF && sc != ps) return fer_fp_nan(f);
    return fer_fp_inf(f, ps);
  }
  if (cc == FER_FP_CINF) return c;
  /* a zero product (a nonzero product plus a zero c is not handled here) */
  if (cc != FER_FP_CZERO) return c;
  return fer_fp_zero(f, ps == sc ? ps : rm == FER_RTN);
}

/* Whether fma_special handles the case: a or b is not finite nonzero, or c
 * is NaN or infinite. */
static inline bool fma_is_special(int ca, int cb, int cc) {
  return ca != FER_FP_CFINITE || cb != FER_FP_CFINITE || cc == FER_FP_CNAN ||
         cc == FER_FP_CINF;
}

/* ---- significands of at most 64 bits (sb <= 64) ----
 * Every format up to (15,64) (x87 double extended, which has no FMA
 * instruction) and (11,64).  Significands go to 64-bit words with their
 * leading one at bit 63, so the exact product p is a 128-bit word in
 * [2^126, 2^128).  The sum is formed in a 192-bit window (three words)
 * that holds one term X unshifted in its top two words (low word zero)
 * and the other, Y, shifted to its place:
 *   A. c's leading bit at or below window bit 191 with p in words 2:1:
 *      X = p, Y = c; c can lose bits (below bit 0) only if its leading
 *      bit is below bit 63, and then |p| >= 2^190 dwarfs it;
 *   B. c higher: X = c in word 2 (leading bit 191), Y = p at least 65
 *      places lower, so p's leading bit is at most bit 190, and p loses
 *      bits only below bit 0, when c >= 2^191 dwarfs it.
 * Y's bits below the window are folded into the sticky bit.  A difference
 * X - Y - sticky (sticky: Y's shifted-out part, strictly between 0 and 1
 * unit) is the exact value less a fraction of a unit; it is computed as
 * X + ~Y + !sticky, whose carry out says X - Y - sticky >= 0.  It can be
 * negative only in case A with nothing shifted out (then it is exact and
 * is negated), and when sticky is set it is above 2^189, so the top word
 * is nonzero.  A nonzero top word means >= 65 significant bits: the
 * result, normalised to a 128-bit word plus sticky, is rounded here when
 * it is normal, by fer_fp_round otherwise (also when the top word is zero:
 * a deep cancellation, exact).
 *
 * Hot: fma_w64 is always inlined, with the format a constant for (15,64),
 * Float64 and Float32 (all shifts by constants; Float32/Float64 come here
 * when the FMA instruction cannot be used: other rounding modes, subnormal
 * operands or results, no FMA3), with it a variable for the other formats.
 * Where it is cheap the alignment uses masks rather than branches: with
 * random operands the case and the signs are coin flips. */

/* x unpacked with its significand's leading one at bit 63. */
static inline fer_fp_unpacked64 fma_unpack(fer_fmt f, fer_u128 x) {
  fer_fp_unpacked64 u;
  const unsigned lz = 64 - f.sb;
  uint32_t e = (uint32_t)(x >> (f.sb - 1)) & fer_fp_exp_ones(f);
  uint64_t frac = (uint64_t)x & ((1ULL << (f.sb - 1)) - 1);
  u.sign = fer_fp_sign_of(f, x);
  u.exp = 0;
  u.sig = 0;
  if (e == fer_fp_exp_ones(f)) {
    u.cls = frac ? FER_FP_CNAN : FER_FP_CINF;
  } else if (e) {
    u.cls = FER_FP_CFINITE;
    u.sig = (frac | 1ULL << (f.sb - 1)) << lz;
    u.exp = (int32_t)e + fer_fp_qmin(f) - 1 - (int32_t)lz;
  } else if (frac) {
    int sh = __builtin_clzll(frac);
    u.cls = FER_FP_CFINITE;
    u.sig = frac << sh;
    u.exp = fer_fp_qmin(f) - sh;
  } else {
    u.cls = FER_FP_CZERO;
  }
  return u;
}

/* Round (-1)^sign * (n + sticky*eps) * 2^ne, n's leading one at bit 127
 * (so n has >= sb+1 bits, fer_fp_round's contract).  A normal result whose
 * rounding cannot carry into the infinity exponent is packed here, as in
 * fer_fp_round's wide hot path: the significand plus (e-1) << (sb-1) packs
 * exponent and fraction, also after a carry to 2^sb. */
static inline __attribute__((always_inline)) fer_u128
fma_round(fer_fmt f, fer_rm rm, bool sign, int32_t ne, fer_u128 n,
          bool sticky) {
  int64_t e = (int64_t)ne + 128 - (int64_t)f.sb - fer_fp_qmin(f) + 1;
  if (e < 1 || e > (int64_t)fer_fp_exp_ones(f) - 2)
    return fer_fp_round(f, rm, sign, ne, n, sticky);
  fer_u128 m = n >> (128 - f.sb);
  bool guard = (n >> (127 - f.sb)) & 1;
  bool rest = sticky | ((n << (f.sb + 1)) != 0);
  m += fer_round_up(rm, sign, m & 1, guard, rest);
  fer_u128 s = (fer_u128)sign << (f.eb + f.sb - 1);
  return s | (m + ((fer_u128)(e - 1) << (f.sb - 1)));
}

static inline __attribute__((always_inline)) fer_u128
fma_w64(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b, fer_u128 c) {
  const uint32_t ones = fer_fp_exp_ones(f);
  const unsigned lz = 64 - f.sb;
  uint32_t ea = (uint32_t)(a >> (f.sb - 1)) & ones;
  uint32_t eb = (uint32_t)(b >> (f.sb - 1)) & ones;
  uint32_t ec = (uint32_t)(c >> (f.sb - 1)) & ones;
  fer_fp_unpacked64 ua, ub, uc;
  if (__builtin_expect(
          ea - 1 < ones - 1 && eb - 1 < ones - 1 && ec - 1 < ones - 1, 1)) {
    /* all three normal: fma_unpack's normal case */
    const uint64_t lead = 1ULL << (f.sb - 1), fm = lead - 1;
    const int32_t e0 = fer_fp_qmin(f) - 1 - (int32_t)lz;
    ua.sign = fer_fp_sign_of(f, a), ub.sign = fer_fp_sign_of(f, b);
    uc.sign = fer_fp_sign_of(f, c);
    ua.sig = (((uint64_t)a & fm) | lead) << lz, ua.exp = (int32_t)ea + e0;
    ub.sig = (((uint64_t)b & fm) | lead) << lz, ub.exp = (int32_t)eb + e0;
    uc.sig = (((uint64_t)c & fm) | lead) << lz, uc.exp = (int32_t)ec + e0;
  } else {
    ua = fma_unpack(f, a), ub = fma_unpack(f, b), uc = fma_unpack(f, c);
    if (fma_is_special(ua.cls, ub.cls, uc.cls))
      return fma_special(f, rm, ua.cls, ub.cls, uc.cls, ua.sign ^ ub.sign,
                         uc.sign, c);
    if (uc.cls == FER_FP_CZERO) /* the product alone, exact in 128 bits */
      return fer_fp_round(f, rm, ua.sign ^ ub.sign, ua.exp + ub.exp,
                          (fer_u128)ua.sig * ub.sig, false);
  }
  bool ps = ua.sign ^ ub.sign;
  fer_u128 p = (fer_u128)ua.sig * ub.sig;
  uint64_t p1 = (uint64_t)(p >> 64), p0 = (uint64_t)p, cs = uc.sig;
  int32_t pe = ua.exp + ub.exp;
  /* The window's words x1:x0:0 (X) and y1:y0 * 2^pos (Y), in units of
   * 2^wexp: case A x = p, y = c * 2^64, pos = s - 64; case B x = c * 2^64,
   * y = p, pos = p's bit 0 (< 64).  pos <= 64 in both.  The selects as
   * masks: compilers tend to make one branch of them, which mispredicts
   * half the time on random operands. */
  int64_t s = (int64_t)uc.exp - pe + 64; /* c's bit 0 in case A */
  bool caseA = s <= 128;
  uint64_t am = 0 - (uint64_t)caseA;
  uint64_t x1 = (p1 & am) | (cs & ~am), x0 = p0 & am;
  uint64_t y1 = (cs & am) | (p1 & ~am), y0 = p0 & ~am;
  int64_t pos =
      (int64_t)(((uint64_t)(s - 64) & am) | ((uint64_t)(192 - s) & ~am));
  int32_t wexp = (int32_t)(((uint64_t)(pe - 64) & am) |
                           ((uint64_t)(uc.exp - 128) & ~am));
  bool xs = ps ^ ((ps ^ uc.sign) & !caseA), ys = xs ^ ps ^ uc.sign;
  /* Y's words: w2:w1:w0 = y * 2^pos (x >> 1 >> (63 - q) is x >> (64 - q),
   * and 0 for q == 0), bits below the window folded into sticky */
  uint64_t v2, v1, v0;
  bool sticky = false;
  if (__builtin_expect(pos >= 0 && pos < 64, 1)) {
    unsigned q = (unsigned)pos;
    v2 = y1 >> 1 >> (63 - q);
    v1 = y1 << q | y0 >> 1 >> (63 - q);
    v0 = y0 << q;
  } else if (pos == 64) { /* case A: y0 == 0 */
    v2 = y1, v1 = 0, v0 = 0;
  } else {
    fer_u128 y = (fer_u128)y1 << 64 | y0;
    uint64_t k = (uint64_t)-pos;
    v2 = 0;
    if (k < 64) {
      /* No test can see this sticky bit: y0 == 0 in case A, and in case
       * B it could change a result only if p's significand were
       * 2^127 + 1, whose divisors are 1, 3, (2^127+1)/3 and itself, not
       * two factors below 2^64.  Kept for exactness without that fact. */
      v1 = y1 >> k, v0 = (uint64_t)(y >> k);
      sticky = (y0 << (64 - k)) != 0;
    } else if (k < 128) {
      v1 = 0, v0 = (uint64_t)(y >> k);
      sticky = (y << (128 - k)) != 0;
    } else {
      v1 = 0, v0 = 0, sticky = true;
    }
  }
  /* X + Y, or X + ~Y + !sticky = X - Y - sticky (mod 2^192); the carry
   * out of the subtraction says X - Y - sticky >= 0 */
  bool sub = xs != ys;
  uint64_t m = 0 - (uint64_t)sub;
  uint64_t cin = sub & !sticky;
  uint64_t w0 = (v0 ^ m) + cin;
  fer_u128 t1 = (fer_u128)x0 + (v1 ^ m) + (w0 < cin);
  fer_u128 t2 = (fer_u128)x1 + (v2 ^ m) + (uint64_t)(t1 >> 64);
  uint64_t w1 = (uint64_t)t1, w2 = (uint64_t)t2;
  bool cout = (bool)(t2 >> 64);
  bool sign = xs;
  if (__builtin_expect(cout != sub, 0)) {
    if (!sub) /* carry out of bit 191: keep bits 192..65 */
      return fma_round(f, rm, sign, wexp + 65,
                       (fer_u128)(w2 >> 1 | 1ULL << 63) << 64 | (w1 >> 1 | w2 << 63),
                       sticky | (w0 != 0) | (w1 & 1));
    fer_u128 h = ~((fer_u128)w2 << 64 | w1); /* Y > X, exact: negate */
    w0 = 0 - w0;
    h += w0 == 0;
    w2 = (uint64_t)(h >> 64), w1 = (uint64_t)h;
    sign = ys;
  }
  if (__builtin_expect(!w2, 0)) { /* exact (see above) */
    if (!w1 && !w0) return fer_fp_zero(f, rm == FER_RTN);
    return fer_fp_round(f, rm, sign, wexp, (fer_u128)w1 << 64 | w0, sticky);
  }
  /* shift the three words left by z < 64; bits left in word 0 are sticky */
  int z = __builtin_clzll(w2);
  uint64_t nh = w2 << z | w1 >> 1 >> (63 - z);
  uint64_t nl = w1 << z | w0 >> 1 >> (63 - z);
  sticky |= (w0 << z) != 0;
  return fma_round(f, rm, sign, wexp + 64 - z, (fer_u128)nh << 64 | nl, sticky);
}

/* fma_w64 instances: the hot formats with the format a constant, the
 * others with it a variable.  Not inlined into their callers, whose other
 * paths need a bigger stack frame. */
static __attribute__((noinline)) fer_u128 fma_x87(fer_rm rm, fer_u128 a,
                                                 fer_u128 b, fer_u128 c) {
  return fma_w64((fer_fmt){15, 64}, rm, a, b, c);
}
static __attribute__((noinline)) fer_u128 fma_f64(fer_rm rm, fer_u128 a,
                                                 fer_u128 b, fer_u128 c) {
  return fma_w64((fer_fmt){11, 53}, rm, a, b, c);
}
static __attribute__((noinline)) fer_u128 fma_f32(fer_rm rm, fer_u128 a,
                                                 fer_u128 b, fer_u128 c) {
  return fma_w64((fer_fmt){8, 24}, rm, a, b, c);
}
static __attribute__((noinline)) fer_u128 fma_other64(fer_fmt f, fer_rm rm,
                                                     fer_u128 a, fer_u128 b,
                                                     fer_u128 c) {
  return fma_w64(f, rm, a, b, c);
}
/* Every format with sb <= 64. */
static inline fer_u128 fma_sb64(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b,
                                fer_u128 c) {
  if (f.eb == 15 && f.sb == 64) return fma_x87(rm, a, b, c);
  if (f.eb == 11 && f.sb == 53) return fma_f64(rm, a, b, c);
  if (f.eb == 8 && f.sb == 24) return fma_f32(rm, a, b, c);
  return fma_other64(f, rm, a, b, c);
}

/* 256-bit window for the wide formats. */
static fer_u128 sum256(fer_fmt f, fer_rm rm, term big, term small) {
  const int top = 253;
  int32_t wexp = big.exp + big.bits - 1 - top;
  fer_u256 bw = fer_u256_shl(big.sig, top + 1 - big.bits);
  int64_t sh = (int64_t)small.exp - wexp;
  bool sticky = false;
  fer_u256 sw = sh >= 0 ? fer_u256_shl(small.sig, (int)sh)
                        : fer_u256_shr_sticky(small.sig, -sh, &sticky);
  fer_u256 r;
  bool sign = big.sign;
  if (big.sign == small.sign) {
    r = fer_u256_add(bw, sw);
  } else {
    if (!sticky && fer_u256_cmp(sw, bw) > 0) {
      fer_u256 t = bw;
      bw = sw;
      sw = t;
      sign = small.sign;
    }
    r = fer_u256_sub(fer_u256_sub(bw, sw), fer_u256_make(0, sticky));
    if (fer_u256_is_zero(r) && !sticky) return fer_fp_zero(f, rm == FER_RTN);
  }
  fer_u128 s = fer_u256_squeeze(r, &wexp, &sticky);
  return fer_fp_round(f, rm, sign, wexp, s, sticky);
}

/* The hardware path uses the FMA instruction (fp/hw.h): with
 * fer_hw_nearest() and the same normal-in/normal-out guards as add (then
 * neither DAZ nor FTZ can act) its result is fer_fp_fma's under RNE. */

fer_u128 fer_fp_fma(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b,
                    fer_u128 c) {
#if FER_FP_HW && defined(FER_FMA_HW)
  fer_u128 r;
  if (fer_hw_f64(f, rm) && fer_hw_in64(a, b) && fer_hw_in64(c, c) &&
      fer_hw_has_fma() && fer_hw_nearest() &&
      fer_hw_out64(fer_hw_fma64(fer_hw_to_d(a), fer_hw_to_d(b), fer_hw_to_d(c)), &r))
    return r;
  if (fer_hw_f32(f, rm) && fer_hw_in32(a, b) && fer_hw_in32(c, c) &&
      fer_hw_has_fma() && fer_hw_nearest() &&
      fer_hw_out32(fer_hw_fma32(fer_hw_to_f(a), fer_hw_to_f(b), fer_hw_to_f(c)), &r))
    return r;
#endif
  /* not through fer_fp_fma_soft, whose frame is made for 256 bits */
  if (f.sb <= 64) return fma_sb64(f, rm, a, b, c);
  return fer_fp_fma_soft(f, rm, a, b, c);
}

/* The generic path alone (the tests compare it with the hardware). */
fer_u128 fer_fp_fma_soft(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b,
                         fer_u128 c) {
  if (f.sb <= 64) return fma_sb64(f, rm, a, b, c);
  fer_fp_unpacked ua = fer_fp_unpack(f, a), ub = fer_fp_unpack(f, b);
  fer_fp_unpacked uc = fer_fp_unpack(f, c);
  bool ps = ua.sign ^ ub.sign; /* sign of the product */
  if (fma_is_special(ua.cls, ub.cls, uc.cls))
    return fma_special(f, rm, ua.cls, ub.cls, uc.cls, ps, uc.sign, c);
  term p, t;
  p.sign = ps;
  p.exp = ua.exp + ub.exp;
  p.sig = fer_mul128(ua.sig, ub.sig);
  p.bits = fer_u256_bits(p.sig);
  if (uc.cls == FER_FP_CZERO) { /* round the product alone */
    bool sticky = false;
    fer_u128 s = fer_u256_squeeze(p.sig, &p.exp, &sticky);
    return fer_fp_round(f, rm, ps, p.exp, s, sticky);
  }
  t.sign = uc.sign;
  t.exp = uc.exp;
  t.sig = fer_u256_make(0, uc.sig);
  t.bits = (int)f.sb;
  int64_t ptop = (int64_t)p.exp + p.bits, ctop = (int64_t)t.exp + t.bits;
  return ptop >= ctop ? sum256(f, rm, p, t) : sum256(f, rm, t, p);
}
