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
