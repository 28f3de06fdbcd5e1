/* fp.rem: the IEEE 754-2008 remainder (§5.3.1): x - y*n where n is x/y
 * rounded to the nearest integer, ties to even.  The result is always
 * exact; a zero result has the sign of x.  x infinite or y zero -> NaN;
 * y infinite and x finite -> x.
 *
 * With x = X*2^ex, y = Y*2^ey (significands normalised), the quotient can
 * be astronomically large (exponent differences up to 2^30), so instead of
 * long division we compute X*2^(ex-ey) mod 2Y by modular exponentiation:
 * the remainder modulo 2Y gives both X*2^d mod Y and the parity of the
 * integer quotient, which decides ties. */
#include "fp/fp_internal.h"
#include "fp/wide.h"

/* a*b mod m for a, b < m. */
static fer_u128 mulmod(fer_u128 a, fer_u128 b, fer_u128 m) {
  if (!(m >> 64)) return ((fer_u128)(uint64_t)a * (uint64_t)b) % m;
  fer_u128 r;
  fer_div256(fer_mul128(a, b), m, &r); /* a*b < m*2^128 */
  return r;
}

/* 2*a mod m for a < m <= 2^127. */
static fer_u128 dblmod(fer_u128 a, fer_u128 m) {
  a <<= 1;
  return a >= m ? a - m : a;
}

/* x * 2^d mod m for x < m < 2^127. */
static fer_u128 shlmod(fer_u128 x, uint32_t d, fer_u128 m) {
  if (d < 128 && fer_bits128(x) + (int)d <= 128) return (x << d) % m;
  fer_u128 p = 1; /* 2^d mod m, left to right over the bits of d */
  for (int i = 31 - __builtin_clz(d); i >= 0; i--) {
    p = mulmod(p, p, m);
    if ((d >> i) & 1) p = dblmod(p, m);
  }
  return mulmod(x, p, m);
}

fer_u128 fer_fp_rem(fer_fmt f, fer_u128 x, fer_u128 y) {
  fer_fp_unpacked ux = fer_fp_unpack(f, x), uy = fer_fp_unpack(f, y);
  if (ux.cls == FER_FP_CNAN || uy.cls == FER_FP_CNAN ||
      ux.cls == FER_FP_CINF || uy.cls == FER_FP_CZERO)
    return fer_fp_nan(f);
  if (uy.cls == FER_FP_CINF || ux.cls == FER_FP_CZERO) return x;
  bool sign = ux.sign;
  fer_u128 mag;
  int32_t unit;
  if (ux.exp < uy.exp - 1) return x; /* |x| < |y|/2: n = 0 */
  if (ux.exp == uy.exp - 1) {
    /* |y|/2 <= ... : 2|x| vs |y| is X vs Y; |x| < |y| so n is 0 or 1 and a
     * tie goes to n = 0 (even). */
    if (ux.sig <= uy.sig) return x;
    mag = (uy.sig << 1) - ux.sig; /* |x| - |y| = (X - 2Y) 2^ex < 0 */
    unit = ux.exp;
    sign = !sign;
  } else {
    /* x/|y| = X*2^d / Y in units of 2^ey. */
    fer_u128 y2 = uy.sig << 1; /* <= 2^127 */
    fer_u128 r2 = shlmod(ux.sig, (uint32_t)(ux.exp - uy.exp), y2);
    bool odd = r2 >= uy.sig; /* parity of floor(X*2^d / Y) */
    fer_u128 r = odd ? r2 - uy.sig : r2;
    fer_u128 twice = r << 1;
    unit = uy.exp;
    if (twice > uy.sig || (twice == uy.sig && odd)) {
      mag = uy.sig - r; /* n rounded up: x - n*y = r - Y */
      sign = !sign;
    } else {
      mag = r;
    }
    if (!mag) return fer_fp_zero(f, ux.sign);
  }
  return fer_fp_round(f, FER_RNE, sign, unit, mag, false); /* exact */
}
