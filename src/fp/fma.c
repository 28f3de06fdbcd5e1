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
 * unit) is the exact value less a fraction of a unit, as in sum128; it is
 * computed as X + ~Y + !sticky, whose carry out says X - Y - sticky >= 0.
 * It can be negative only in case A with nothing shifted out (then it is
 * exact and is negated), and when sticky is set it is above 2^189, so the
 * top word is nonzero.  A nonzero top word means >= 65 significant bits:
 * the result, normalised to a 128-bit word plus sticky, is rounded here
 * when it is normal, by fer_fp_round otherwise (also when the top word is
 * zero: a deep cancellation, exact).
 *
 * Hot for (15,64): fma_w64 is always inlined, once with the format a
 * constant (all shifts by constants), once for the other formats; the
 * alignment is selects rather than branches where it is cheap (with
 * random operands the case and the signs are coin flips). */

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

/* Round (-1)^sign * (n + sticky*eps) * 2^ne, n's leading one at bit 127
 * (so n has >= sb+1 bits, fer_fp_round's contract).  A normal result whose
 * rounding cannot carry into the infinity exponent is packed here, as in
 * fer_fp_round's wide hot path: the significand plus (e-1) << (sb-1) packs
 * exponent and fraction, also after a carry to 2^sb. */
static inline __attribute__((always_inline)) fer_u128
round_top(fer_fmt f, fer_rm rm, bool sign, int32_t ne, fer_u128 n,
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
  if (__builtin_expect(ea - 1 < ones - 1 && eb - 1 < ones - 1 && ec - 1 < ones - 1, 1)) {
    /* all three normal: unpack_top64's normal case */
    const uint64_t lead = 1ULL << (f.sb - 1), fm = lead - 1;
    const int32_t e0 = fer_fp_qmin(f) - 1 - (int32_t)lz;
    ua.sign = fer_fp_sign_of(f, a), ub.sign = fer_fp_sign_of(f, b);
    uc.sign = fer_fp_sign_of(f, c);
    ua.sig = (((uint64_t)a & fm) | lead) << lz, ua.exp = (int32_t)ea + e0;
    ub.sig = (((uint64_t)b & fm) | lead) << lz, ub.exp = (int32_t)eb + e0;
    uc.sig = (((uint64_t)c & fm) | lead) << lz, uc.exp = (int32_t)ec + e0;
  } else {
    ua = unpack_top64(f, a), ub = unpack_top64(f, b), uc = unpack_top64(f, c);
    if (fma_is_special(ua.cls, ub.cls, uc.cls))
      return fma_special(f, rm, ua.cls, ub.cls, uc.cls, ua.sign ^ ub.sign,
                         uc.sign, c);
    if (uc.cls == FER_FP_CZERO) /* the product alone, exact in 128 bits */
      return fer_fp_round(f, rm, ua.sign ^ ub.sign, ua.exp + ub.exp,
                          (fer_u128)ua.sig * ub.sig, false);
  }
  bool ps = ua.sign ^ ub.sign;
  fer_u128 p = (fer_u128)ua.sig * ub.sig;
  int32_t pe = ua.exp + ub.exp;
  /* the window: X = xh * 2^64, Y = y * 2^pos, in units of 2^wexp */
  int64_t s = (int64_t)uc.exp - pe + 64; /* c's bit 0 in case A */
  bool caseA = s <= 128;
  /* Y = y * 2^pos with y a 128-bit word (c in its top half in case A),
   * pos <= 64; the selects as masks: compilers tend to make one branch
   * of them, which mispredicts half the time on random operands */
  uint64_t am = 0 - (uint64_t)caseA;
  fer_u128 am2 = (fer_u128)am << 64 | am, cw = (fer_u128)uc.sig << 64;
  fer_u128 xh = (p & am2) | (cw & ~am2), y = (cw & am2) | (p & ~am2);
  int64_t pos = (int64_t)(((uint64_t)(s - 64) & am) | ((uint64_t)(192 - s) & ~am));
  int32_t wexp = (int32_t)(((uint64_t)(pe - 64) & am) | ((uint64_t)(uc.exp - 128) & ~am));
  bool xs = ps ^ ((ps ^ uc.sign) & !caseA), ys = xs ^ ps ^ uc.sign;
  fer_u128 yh;
  uint64_t yl;
  bool sticky = false;
  if (__builtin_expect(pos >= 0, 1)) {
    /* pos == 64 only in case A, where y's low word is zero */
    yh = y >> (64 - pos), yl = (uint64_t)y << (pos & 63);
  } else if (pos > -64) {
    unsigned k = (unsigned)-pos;
    yh = y >> (64 + k), yl = (uint64_t)(y >> k);
    sticky = ((uint64_t)y << (64 - k)) != 0;
  } else if (pos > -128) {
    unsigned k = (unsigned)-pos;
    yh = 0, yl = (uint64_t)(y >> k);
    sticky = (y << (128 - k)) != 0;
  } else {
    yh = 0, yl = 0, sticky = true;
  }
  /* X + Y, or X + ~Y + !sticky = X - Y - sticky (mod 2^192) */
  bool sub = xs != ys;
  uint64_t m = 0 - (uint64_t)sub;
  fer_u128 mh = ((fer_u128)m << 64) | m;
  uint64_t cin = sub & !sticky;
  uint64_t rl = (yl ^ m) + cin;
  bool c0 = rl < cin;
  fer_u128 t = xh + (yh ^ mh);
  fer_u128 rh = t + c0;
  bool cout = (t < xh) | (rh < t);
  bool sign = xs;
  if (__builtin_expect(cout != sub, 0)) {
    if (!sub) /* carry out of bit 191: keep bits 192..65 */
      return round_top(f, rm, sign, wexp + 65, (rh >> 1) | FER_U128_1 << 127,
                       sticky | (rl != 0) | (bool)(rh & 1));
    rl = (uint64_t)0 - rl; /* Y > X, exact: negate */
    rh = ~rh + (rl == 0);
    sign = ys;
  }
  uint64_t w2 = (uint64_t)(rh >> 64), w1 = (uint64_t)rh, w0 = rl;
  if (__builtin_expect(!w2, 0)) { /* exact (see above) */
    if (!w1 && !w0) return fer_fp_zero(f, rm == FER_RTN);
    return fer_fp_round(f, rm, sign, wexp, rh << 64 | rl, sticky);
  }
  /* shift the three words left by z < 64 (x >> 1 >> (63 - z) is
   * x >> (64 - z), and 0 for z == 0); bits left in word 0 are sticky */
  int z = __builtin_clzll(w2);
  uint64_t nh = w2 << z | w1 >> 1 >> (63 - z);
  uint64_t nl = w1 << z | w0 >> 1 >> (63 - z);
  sticky |= (w0 << z) != 0;
  fer_u128 n = (fer_u128)nh << 64 | nl;
  return round_top(f, rm, sign, wexp + 64 - z, n, sticky);
}

/* fma_w64 for (15,64), the format a constant.  Not inlined into
 * fer_fp_fma_soft, whose other paths need a bigger stack frame. */
static __attribute__((noinline)) fer_u128 fma_x87(fer_rm rm, fer_u128 a,
                                                 fer_u128 b, fer_u128 c) {
  return fma_w64((fer_fmt){15, 64}, rm, a, b, c);
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
  if (f.eb == 15 && f.sb == 64) return fma_x87(rm, a, b, c); /* before the frame of fer_fp_fma_soft */
  return fer_fp_fma_soft(f, rm, a, b, c);
}

/* The generic path alone (the tests compare it with the hardware). */
fer_u128 fer_fp_fma_soft(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b,
                         fer_u128 c) {
  if (fer_fp_fits64(f)) return fma64(f, rm, a, b, c);
  if (f.eb == 15 && f.sb == 64) return fma_x87(rm, a, b, c);
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
