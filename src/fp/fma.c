/* fp.fma (IEEE 754-2008 §5.4.1): a*b + c with a single rounding.
 *
 * Special cases: NaN in -> NaN; inf*0 -> NaN (whatever c is); inf*x + c is
 * NaN if c is an infinity of the other sign.  A zero product plus c is c,
 * and when both are zeros the sign rule of addition applies (+0 unless both
 * are -0, -0 under RTN).  An exact zero sum of nonzero terms is +0 (-0
 * under RTN).
 *
 * The exact product (up to 2*sb <= 252 bits) and c are aligned in one
 * window W bits wide (128 for formats of at most 64 bits, else 256): the
 * operand with the higher leading bit goes to bit W-3 (two bits of
 * headroom for a carry), the other one is shifted to match.  The smaller operand can lose bits
 * only if its leading bit is at least 3 places lower, so a difference then
 * cancels at most one bit and keeps far more than sb+1 bits; when nothing
 * is lost the sum is exact however much cancels. */
#include "fp/fp_internal.h"

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

/* 128-bit window for formats of at most 64 bits (sb <= 62): the product
 * has at most 124 bits, c at most 62.  The big term's leading bit goes to
 * bit 125; the small one loses bits only if its leading bit is more than
 * 126 - 124 = 2 places lower, and then at most one bit cancels, leaving far
 * more than sb+1 bits.  The result is cut to 64 bits (>= sb+1) with a
 * sticky bit for fer_fp_round64. */
typedef struct term128 {
  bool sign;
  int32_t exp;  /* value = sig * 2^exp */
  fer_u128 sig; /* nonzero */
  int bits;
} term128;

static fer_u128 sum128(fer_fmt f, fer_rm rm, term128 big, term128 small) {
  const int top = 125;
  int32_t wexp = big.exp + big.bits - 1 - top; /* unit of the window */
  fer_u128 bw = big.sig << (top + 1 - big.bits);
  int64_t sh = (int64_t)small.exp - wexp;
  bool sticky = false;
  fer_u128 sw = sh >= 0 ? small.sig << sh : fer_shr_sticky(small.sig, -sh, &sticky);
  fer_u128 r;
  bool sign = big.sign;
  if (big.sign == small.sign) {
    r = bw + sw;
  } else {
    if (!sticky && sw > bw) { /* equal leading bits, small is larger */
      fer_u128 t = bw;
      bw = sw;
      sw = t;
      sign = small.sign;
    }
    r = bw - sw - sticky;
    if (!r && !sticky) return fer_fp_zero(f, rm == FER_RTN);
  }
  uint64_t hi = (uint64_t)(r >> 64);
  if (hi) { /* keep 64 bits */
    int cut = 64 - __builtin_clzll(hi);
    sticky |= (r & ((FER_U128_1 << cut) - 1)) != 0;
    r >>= cut;
    wexp += cut;
  }
  return fer_fp_round64(f, rm, sign, wexp, (uint64_t)r, sticky);
}

static fer_u128 fma64(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b,
                      fer_u128 c) {
  fer_fp_unpacked64 ua = fer_fp_unpack64(f, (uint64_t)a);
  fer_fp_unpacked64 ub = fer_fp_unpack64(f, (uint64_t)b);
  fer_fp_unpacked64 uc = fer_fp_unpack64(f, (uint64_t)c);
  bool ps = ua.sign ^ ub.sign;
  if (fma_is_special(ua.cls, ub.cls, uc.cls))
    return fma_special(f, rm, ua.cls, ub.cls, uc.cls, ps, uc.sign, c);
  term128 p, t;
  p.sign = ps;
  p.exp = ua.exp + ub.exp;
  p.sig = (fer_u128)ua.sig * ub.sig;
  p.bits = fer_bits128(p.sig);
  if (uc.cls == FER_FP_CZERO) /* round the product alone: exact in 124 bits */
    return fer_fp_round(f, rm, ps, p.exp, p.sig, false);
  t.sign = uc.sign;
  t.exp = uc.exp;
  t.sig = uc.sig;
  t.bits = (int)f.sb;
  int64_t ptop = (int64_t)p.exp + p.bits, ctop = (int64_t)t.exp + t.bits;
  return ptop >= ctop ? sum128(f, rm, p, t) : sum128(f, rm, t, p);
}

/* ---- significands of at most 64 bits in a wider format ----
 * Formats with sb <= 64 but eb + sb > 64, above all (15,64) (x87 double
 * extended, which has no FMA instruction); also (11,64), (4,63).  Here
 * sb >= 35 (eb <= 30).  Significands go to 64-bit words with their
 * leading one at bit 63, so the exact product p is a 128-bit word in
 * [2^126, 2^128).  The sum is formed in a 192-bit window (three words)
 * that holds one term unshifted in its top two words (low word zero):
 *   A. c's leading bit at or below window bit 191 with p in words 2:1:
 *      c is shifted to its place, its bits below the window folded into
 *      the sticky bit; c can lose bits only if its leading bit is below
 *      bit 63, and then |p| >= 2^190 dwarfs it;
 *   B. c higher: c in word 2 (leading bit 191), p at least 65 places
 *      lower, so p's leading bit is at most bit 190 and p loses bits only
 *      below bit 0, when c >= 2^191 dwarfs it.
 * A difference X - Y - sticky (sticky: Y's shifted-out part, strictly
 * between 0 and 1 unit) is the exact value less a fraction of a unit, as
 * in sum128.  It can be negative only in case A with nothing shifted out
 * (then it is exact and is negated), and when sticky is set it is above
 * 2^189, so the top word is nonzero.  The result goes to fer_fp_round as
 * the top two words plus sticky (>= 65 significant bits, enough for
 * sb <= 64) or, when the top word is zero (exact), as the low two. */

/* x unpacked with its significand's leading one at bit 63. */
static inline fer_fp_unpacked64 unpack_top64(fer_fmt f, fer_u128 x) {
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

static fer_u128 fma_w64(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b,
                        fer_u128 c) {
  fer_fp_unpacked64 ua = unpack_top64(f, a), ub = unpack_top64(f, b);
  fer_fp_unpacked64 uc = unpack_top64(f, c);
  bool ps = ua.sign ^ ub.sign;
  if (fma_is_special(ua.cls, ub.cls, uc.cls))
    return fma_special(f, rm, ua.cls, ub.cls, uc.cls, ps, uc.sign, c);
  fer_u128 p = (fer_u128)ua.sig * ub.sig;
  int32_t pe = ua.exp + ub.exp;
  if (uc.cls == FER_FP_CZERO) /* the product alone, exact in 128 bits */
    return fer_fp_round(f, rm, ps, pe, p, false);
  /* X = xh * 2^64 (the unshifted term), Y = yh * 2^64 + yl (+ sticky),
   * in units of 2^wexp */
  fer_u128 xh, yh;
  uint64_t yl;
  bool xs, ys, sticky = false;
  int32_t wexp;
  int64_t s = (int64_t)uc.exp - pe + 64; /* c's bit 0 in case A */
  if (s <= 128) { /* A: p in words 2:1 */
    wexp = pe - 64;
    xh = p, xs = ps, ys = uc.sign;
    if (s >= 64) {
      yh = (fer_u128)uc.sig << (s - 64), yl = 0;
    } else if (s >= 0) {
      fer_u128 t = (fer_u128)uc.sig << s;
      yh = t >> 64, yl = (uint64_t)t;
    } else if (s > -64) {
      yh = 0, yl = uc.sig >> -s;
      sticky = (uc.sig << (64 + s)) != 0;
    } else {
      yh = 0, yl = 0, sticky = true;
    }
  } else { /* B: c in word 2 */
    wexp = uc.exp - 128;
    xh = (fer_u128)uc.sig << 64, xs = uc.sign, ys = ps;
    int64_t t = (int64_t)pe - wexp; /* p's bit 0; < 64 */
    if (t >= 0) {
      yh = p >> (64 - t), yl = (uint64_t)p << t;
    } else if (t > -64) {
      yh = p >> (64 - t), yl = (uint64_t)(p >> -t);
      sticky = ((uint64_t)p << (64 + t)) != 0;
    } else if (t > -128) {
      yh = 0, yl = (uint64_t)(p >> -t);
      sticky = (p << (128 + t)) != 0;
    } else {
      yh = 0, yl = 0, sticky = true;
    }
  }
  bool sign = xs;
  fer_u128 rh;
  uint64_t rl;
  if (xs == ys) {
    rh = xh + yh, rl = yl;
    if (rh < xh) { /* carry out of bit 191: keep bits 192..65 */
      sticky |= (rl != 0) | (bool)(rh & 1);
      return fer_fp_round(f, rm, sign, wexp + 65, (rh >> 1) | FER_U128_1 << 127,
                          sticky);
    }
  } else {
    bool borrow = yl != 0 || sticky;
    rl = (uint64_t)0 - yl - sticky;
    rh = xh - yh - borrow;
    if (xh < yh || (xh == yh && borrow)) { /* Y > X: exact, negate */
      rl = (uint64_t)0 - rl;
      rh = ~rh + (rl == 0);
      sign = ys;
    }
    if (!rh && !rl && !sticky) return fer_fp_zero(f, rm == FER_RTN);
  }
  if (rh >> 64) {
    sticky |= rl != 0;
    return fer_fp_round(f, rm, sign, wexp + 64, rh, sticky);
  }
  return fer_fp_round(f, rm, sign, wexp, rh << 64 | rl, sticky);
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

/* The hardware path uses the FMA instruction (fp_internal.h): with
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
  return fer_fp_fma_soft(f, rm, a, b, c);
}

/* The generic path alone (the tests compare it with the hardware). */
fer_u128 fer_fp_fma_soft(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b,
                         fer_u128 c) {
  if (fer_fp_fits64(f)) return fma64(f, rm, a, b, c);
  if (f.sb <= 64) return fma_w64(f, rm, a, b, c);
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
