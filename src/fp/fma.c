/* fp.fma (IEEE 754-2008 §5.4.1): a*b + c with a single rounding.
 *
 * Special cases: NaN in -> NaN; inf*0 -> NaN (whatever c is); inf*x + c is
 * NaN if c is an infinity of the other sign.  A zero product plus c is c,
 * and when both are zeros the sign rule of addition applies (+0 unless both
 * are -0, -0 under RTN).  An exact zero sum of nonzero terms is +0 (-0
 * under RTN).
 *
 * The exact product (up to 2*sb <= 252 bits) and c are aligned in one
 * window W bits wide (128 when 2sb <= 122, else 256): the operand with the
 * higher leading bit goes to bit W-3 (two bits of headroom for a carry),
 * the other one is shifted to match.  The smaller operand can lose bits
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

/* 128-bit window: both terms fit in 122 bits. */
static fer_u128 sum128(fer_fmt f, fer_rm rm, term big, term small) {
  const int top = 125;
  int32_t wexp = big.exp + big.bits - 1 - top; /* unit of the window */
  fer_u128 bw = big.sig.lo << (top + 1 - big.bits);
  int64_t sh = (int64_t)small.exp - wexp;
  bool sticky = false;
  fer_u128 sw = sh >= 0 ? small.sig.lo << sh
                        : fer_shr_sticky(small.sig.lo, -sh, &sticky);
  if (big.sign == small.sign)
    return fer_fp_round(f, rm, big.sign, wexp, bw + sw, sticky);
  if (!sticky && sw > bw) { /* equal leading bits, small is larger */
    fer_u128 t = bw;
    bw = sw;
    sw = t;
    big.sign = small.sign;
  }
  fer_u128 d = bw - sw - sticky;
  if (!d && !sticky) return fer_fp_zero(f, rm == FER_RTN);
  return fer_fp_round(f, rm, big.sign, wexp, d, sticky);
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

fer_u128 fer_fp_fma(fer_fmt f, fer_rm rm, fer_u128 a, fer_u128 b,
                    fer_u128 c) {
  fer_fp_unpacked ua = fer_fp_unpack(f, a), ub = fer_fp_unpack(f, b);
  fer_fp_unpacked uc = fer_fp_unpack(f, c);
  if (ua.cls == FER_FP_CNAN || ub.cls == FER_FP_CNAN || uc.cls == FER_FP_CNAN)
    return fer_fp_nan(f);
  bool ps = ua.sign ^ ub.sign; /* sign of the product */
  if (ua.cls == FER_FP_CINF || ub.cls == FER_FP_CINF) {
    if (ua.cls == FER_FP_CZERO || ub.cls == FER_FP_CZERO) return fer_fp_nan(f);
    if (uc.cls == FER_FP_CINF && uc.sign != ps) return fer_fp_nan(f);
    return fer_fp_inf(f, ps);
  }
  if (uc.cls == FER_FP_CINF) return c;
  if (ua.cls == FER_FP_CZERO || ub.cls == FER_FP_CZERO) {
    if (uc.cls != FER_FP_CZERO) return c;
    return fer_fp_zero(f, ps == uc.sign ? ps : rm == FER_RTN);
  }
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
  term big = ptop >= ctop ? p : t, small = ptop >= ctop ? t : p;
  return f.sb <= 61 ? sum128(f, rm, big, small) : sum256(f, rm, big, small);
}
