/* Floating-point operations on formats of any width (fpw.h): the exact
 * slow path for formats wider than 128 bits.
 *
 * Same shape as the fer_u128 code: a finite nonzero value is unpacked to
 * (sign, exp, sig) with value = (-1)^sign * sig * 2^exp and sig's leading
 * one at bit sb-1 (subnormals normalised too); each operation computes its
 * exact result as an integer significand (several limbs) with a sticky
 * bit and rounds it once, in fpw_round.  The integers are fixed arrays of
 * 64-bit limbs on the stack, long enough for the widest intermediate
 * (a product, the dividend of a division, the radicand of a square root:
 * about 2 sb bits).  The arithmetic is schoolbook (bit-serial division
 * and square root): the path is taken only by the wide formats.
 *
 *   add/sub: the smaller operand aligned to the larger with two spare bits
 *            and a sticky bit (the argument of add.c: a lost bit means the
 *            operands are far apart, so the difference keeps sb+1 bits);
 *   mul:     the full product, exact;
 *   div:     floor(A * 2^(sb+2) / B), at least sb+2 bits, remainder as
 *            the sticky bit;
 *   sqrt:    the integer square root of a radicand of >= 2 sb + 4 bits,
 *            the remainder as the sticky bit;
 *   fma:     the exact product (2 sb bits) added to the addend as in add;
 *   rem:     A * 2^(ea-eb) mod 2B by square-and-multiply on 2^(ea-eb)
 *            (any exponent difference in ~30 steps); the quotient's parity
 *            is whether that residue reaches B;
 *   rti, conversions: the integer or the source significand rounded once.
 */
#include <string.h>

#include "bv/bvw.h"
#include "fp/fpw.h"

enum { CZERO, CFINITE, CINF, CNAN };

/* Limbs of a significand (sb <= FER_FPW_MAX_BITS bits, one spare limb),
 * and of the work integers (products, dividends, radicands). */
#define SL (FER_FPW_MAX_BITS / 64 + 1)
#define WL (2 * SL + 3)

/* ------------------------------------------------------------ integers */

static uint32_t limbs_for(int64_t bits) { return (uint32_t)((bits + 63) / 64); }

static int64_t bn_bits(const uint64_t *a, uint32_t n) {
  for (uint32_t i = n; i-- > 0;)
    if (a[i]) return (int64_t)i * 64 + 64 - __builtin_clzll(a[i]);
  return 0;
}

static bool bn_is_zero(const uint64_t *a, uint32_t n) {
  for (uint32_t i = 0; i < n; i++)
    if (a[i]) return false;
  return true;
}

static bool bn_bit(const uint64_t *a, uint32_t n, int64_t i) {
  if (i < 0 || i >= (int64_t)n * 64) return false;
  return (a[i / 64] >> (i % 64)) & 1;
}

static void bn_setbit(uint64_t *a, int64_t i) { a[i / 64] |= (uint64_t)1 << (i % 64); }

/* Is any bit below bit i set? */
static bool bn_any_below(const uint64_t *a, uint32_t n, int64_t i) {
  if (i <= 0) return false;
  if (i >= (int64_t)n * 64) return !bn_is_zero(a, n);
  for (int64_t j = 0; j < i / 64; j++)
    if (a[j]) return true;
  return i % 64 && (a[i / 64] & (((uint64_t)1 << (i % 64)) - 1)) != 0;
}

/* Bits pos .. pos+63 of a (zeros outside it; pos may be negative). */
static uint64_t get64(const uint64_t *a, uint32_t n, int64_t pos) {
  if (pos <= -64 || pos >= (int64_t)n * 64) return 0;
  if (pos < 0) return a[0] << -pos;
  uint64_t li = (uint64_t)pos / 64, bo = (uint64_t)pos % 64;
  uint64_t v = a[li] >> bo;
  if (bo && li + 1 < n) v |= a[li + 1] << (64 - bo);
  return v;
}

/* Clear the bits of a from bit `bits` up. */
static void mask_to(uint64_t *a, uint32_t n, int64_t bits) {
  for (uint32_t i = 0; i < n; i++) {
    int64_t lo = (int64_t)i * 64;
    if (lo >= bits)
      a[i] = 0;
    else if (bits - lo < 64)
      a[i] &= ((uint64_t)1 << (bits - lo)) - 1;
  }
}

/* r (rn limbs) := a >> sh (a left shift when sh < 0), truncated. */
static void bn_extract(uint64_t *r, uint32_t rn, const uint64_t *a, uint32_t an,
                       int64_t sh) {
  for (uint32_t j = 0; j < rn; j++) r[j] = get64(a, an, sh + 64 * (int64_t)j);
}

static uint64_t bn_add(uint64_t *r, const uint64_t *a, const uint64_t *b, uint32_t n) {
  uint64_t c = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint64_t s = a[i] + c;
    c = s < c;
    r[i] = s + b[i];
    c += r[i] < s;
  }
  return c;
}

static uint64_t bn_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, uint32_t n) {
  uint64_t br = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint64_t x = a[i], y = b[i];
    uint64_t d = x - y - br;
    br = (x < y) || (x == y && br);
    r[i] = d;
  }
  return br;
}

static void bn_inc(uint64_t *a, uint32_t n) {
  for (uint32_t i = 0; i < n && !++a[i]; i++) {
  }
}

static int bn_cmp(const uint64_t *a, const uint64_t *b, uint32_t n) {
  for (uint32_t i = n; i-- > 0;)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

/* r (2n limbs, not overlapping) := a * b (n limbs each). */
static void bn_mul(uint64_t *r, const uint64_t *a, const uint64_t *b, uint32_t n) {
  memset(r, 0, 2 * n * sizeof *r);
  for (uint32_t i = 0; i < n; i++) {
    if (!a[i]) continue;
    uint64_t c = 0;
    for (uint32_t j = 0; j < n; j++) {
      fer_u128 p = (fer_u128)a[i] * b[j] + r[i + j] + c;
      r[i + j] = (uint64_t)p;
      c = (uint64_t)(p >> 64);
    }
    r[i + n] = c;
  }
}

/* a := a * 2 + bit, in place. */
static void bn_shl1(uint64_t *a, uint32_t n, unsigned bit) {
  uint64_t c = bit;
  for (uint32_t i = 0; i < n; i++) {
    uint64_t t = a[i] >> 63;
    a[i] = a[i] << 1 | c;
    c = t;
  }
}

/* q := floor(u / d), r := u mod d (all n limbs, d != 0, 2d < 2^(64n));
 * q may be NULL.  Bit-serial restoring division. */
static void bn_divmod(uint64_t *q, uint64_t *r, const uint64_t *u,
                      const uint64_t *d, uint32_t n) {
  memset(r, 0, n * sizeof *r);
  if (q) memset(q, 0, n * sizeof *q);
  for (int64_t i = bn_bits(u, n) - 1; i >= 0; i--) {
    bn_shl1(r, n, bn_bit(u, n, i));
    if (bn_cmp(r, d, n) >= 0) {
      bn_sub(r, r, d, n);
      if (q) bn_setbit(q, i);
    }
  }
}

/* root := floor(sqrt(x)), rem := x - root^2 (n limbs each). */
static void bn_isqrt(uint64_t *root, uint64_t *rem, const uint64_t *x, uint32_t n) {
  uint64_t t[WL];
  memset(root, 0, n * sizeof *root);
  memset(rem, 0, n * sizeof *rem);
  int64_t top = (bn_bits(x, n) + 1) & ~(int64_t)1;
  for (int64_t i = top - 2; i >= 0; i -= 2) {
    bn_shl1(rem, n, bn_bit(x, n, i + 1));
    bn_shl1(rem, n, bn_bit(x, n, i));
    memcpy(t, root, n * sizeof *t); /* t = 4 root + 1 */
    bn_shl1(t, n, 0);
    bn_shl1(t, n, 1);
    bn_shl1(root, n, 0);
    if (bn_cmp(rem, t, n) >= 0) {
      bn_sub(rem, rem, t, n);
      root[0] |= 1;
    }
  }
}

/* ------------------------------------------------------------ patterns */

static int64_t bias_of(fer_fmt f) { return ((int64_t)1 << (f.eb - 1)) - 1; }
/* Unit exponent of the smallest subnormal. */
static int64_t qmin_of(fer_fmt f) { return 1 - bias_of(f) - ((int64_t)f.sb - 1); }
static uint32_t ones_of(fer_fmt f) { return (uint32_t)(((uint64_t)1 << f.eb) - 1); }

static uint32_t get_field(const uint64_t *x, uint32_t n, uint32_t pos, uint32_t len) {
  return (uint32_t)(get64(x, n, pos) & (((uint64_t)1 << len) - 1));
}

static void set_field(uint64_t *x, uint32_t pos, uint64_t v, uint32_t len) {
  x[pos / 64] |= v << (pos % 64);
  if (pos % 64 && pos % 64 + len > 64) x[pos / 64 + 1] |= v >> (64 - pos % 64);
}

static bool sign_of(fer_fmt f, const uint64_t *x) {
  return bn_bit(x, fer_fpw_limbs(f), f.eb + f.sb - 1);
}

void fer_fpw_zero(fer_fmt f, uint64_t *r, bool negative) {
  memset(r, 0, fer_fpw_limbs(f) * sizeof *r);
  if (negative) bn_setbit(r, f.eb + f.sb - 1);
}

void fer_fpw_inf(fer_fmt f, uint64_t *r, bool negative) {
  fer_fpw_zero(f, r, negative);
  set_field(r, f.sb - 1, ones_of(f), f.eb);
}

void fer_fpw_nan(fer_fmt f, uint64_t *r) {
  fer_fpw_inf(f, r, false);
  bn_setbit(r, f.sb - 2);
}

/* The largest finite value of that sign. */
static void max_finite(fer_fmt f, uint64_t *r, bool negative) {
  fer_fpw_zero(f, r, negative);
  set_field(r, f.sb - 1, ones_of(f) - 1, f.eb);
  for (uint32_t i = 0; i + 1 < f.sb; i++) bn_setbit(r, i);
}

static void copy(fer_fmt f, uint64_t *r, const uint64_t *a) {
  memcpy(r, a, fer_fpw_limbs(f) * sizeof *r);
}

typedef struct unpacked {
  int cls;
  bool sign;
  int64_t exp;      /* finite: value = sig * 2^exp */
  uint64_t sig[SL]; /* finite: bit sb-1 is the leading one */
} unpacked;

static void unpack(fer_fmt f, const uint64_t *x, unpacked *u) {
  uint32_t n = fer_fpw_limbs(f);
  uint32_t e = get_field(x, n, f.sb - 1, f.eb);
  memset(u->sig, 0, sizeof u->sig);
  bn_extract(u->sig, limbs_for(f.sb), x, n, 0);
  mask_to(u->sig, SL, f.sb - 1); /* keep the fraction */
  u->sign = sign_of(f, x);
  u->exp = 0;
  bool frac = !bn_is_zero(u->sig, SL);
  if (e == ones_of(f)) {
    u->cls = frac ? CNAN : CINF;
  } else if (e) {
    u->cls = CFINITE;
    bn_setbit(u->sig, f.sb - 1);
    u->exp = (int64_t)e + qmin_of(f) - 1;
  } else if (frac) {
    int64_t sh = (int64_t)f.sb - bn_bits(u->sig, SL);
    uint64_t t[SL];
    bn_extract(t, SL, u->sig, SL, -sh);
    memcpy(u->sig, t, sizeof t);
    u->cls = CFINITE;
    u->exp = qmin_of(f) - sh;
  } else {
    u->cls = CZERO;
  }
}

static bool is_nan(fer_fmt f, const uint64_t *x) {
  unpacked u;
  unpack(f, x, &u);
  return u.cls == CNAN;
}

/* Whether to go one unit up (fp_internal.h's fer_round_up). */
static bool round_up(fer_rm rm, bool sign, bool odd, bool guard, bool rest) {
  switch (rm) {
  case FER_RNE: return guard && (rest || odd);
  case FER_RNA: return guard;
  case FER_RTP: return !sign && (guard || rest);
  case FER_RTN: return sign && (guard || rest);
  default: return false;
  }
}

/* r := (-1)^sign * (sig + sticky*eps) * 2^exp rounded to f under rm (the
 * contract of fer_fp_round: with sticky set, sig has a bit below the
 * result's rounding position).  sig has n limbs, any n. */
static void fpw_round(fer_fmt f, fer_rm rm, bool sign, int64_t exp,
                      const uint64_t *sig, uint32_t n, bool sticky, uint64_t *r) {
  static const uint64_t one[1] = {1};
  int64_t bits = bn_bits(sig, n);
  if (!bits) {
    if (!sticky) {
      fer_fpw_zero(f, r, sign);
      return;
    }
    sig = one, n = 1, bits = 1, exp -= 2; /* a stand-in far below 2^exp */
  }
  const int64_t sb = f.sb, qmin = qmin_of(f);
  int64_t q = exp + bits - 1 - (sb - 1); /* unit of the result */
  if (q < qmin) q = qmin;
  int64_t sh = q - exp;
  uint64_t m[SL + 1];
  bn_extract(m, SL + 1, sig, n, sh);
  bool guard = bn_bit(sig, n, sh - 1);
  bool rest = sticky || bn_any_below(sig, n, sh - 1);
  if (round_up(rm, sign, m[0] & 1, guard, rest)) bn_inc(m, SL + 1);
  if (bn_bit(m, SL + 1, sb)) { /* carried out: 1.11..1 -> 10.0 */
    uint64_t t[SL + 1];
    bn_extract(t, SL + 1, m, SL + 1, 1);
    memcpy(m, t, sizeof t);
    q++;
  }
  fer_fpw_zero(f, r, sign);
  if (bn_is_zero(m, SL + 1)) return;
  uint32_t rn = fer_fpw_limbs(f);
  if (!bn_bit(m, SL + 1, sb - 1)) { /* subnormal (q == qmin) */
    for (uint32_t i = 0; i < rn; i++) r[i] |= m[i];
    return;
  }
  int64_t e = q - qmin + 1; /* biased exponent */
  if (e >= (int64_t)ones_of(f)) {
    bool to_inf = rm == FER_RNE || rm == FER_RNA || (rm == FER_RTP && !sign) ||
                  (rm == FER_RTN && sign);
    if (to_inf)
      fer_fpw_inf(f, r, sign);
    else
      max_finite(f, r, sign);
    return;
  }
  m[(sb - 1) / 64] &= ~((uint64_t)1 << ((sb - 1) % 64));
  for (uint32_t i = 0; i < rn; i++) r[i] |= m[i];
  set_field(r, f.sb - 1, (uint64_t)e, f.eb);
}

/* ------------------------------------------------------------ arithmetic */

/* (-1)^sa A 2^ea + (-1)^sb B 2^eb, A and B nonzero integers of at most
 * (WL - 1) * 64 - 3 bits in n limbs, rounded once. */
static void add_exact(fer_fmt f, fer_rm rm, bool sa, int64_t ea, const uint64_t *A,
                      bool sb, int64_t eb, const uint64_t *B, uint32_t n, uint64_t *r) {
  uint64_t x[WL], y[WL], t[WL];
  int64_t la = bn_bits(A, n), lb = bn_bits(B, n), w = la > lb ? la : lb;
  uint32_t wn = limbs_for(w + 3);
  /* both with their leading one at bit w-1 (+2 spare bits below) */
  bn_extract(x, wn, A, n, la - w - 2);
  ea -= w - la + 2;
  bn_extract(y, wn, B, n, lb - w - 2);
  eb -= w - lb + 2;
  if (ea < eb || (ea == eb && bn_cmp(x, y, wn) < 0)) {
    bool s = sa;
    sa = sb, sb = s;
    int64_t e = ea;
    ea = eb, eb = e;
    memcpy(t, x, wn * sizeof *t);
    memcpy(x, y, wn * sizeof *x);
    memcpy(y, t, wn * sizeof *y);
  }
  int64_t d = ea - eb;
  bool sticky = bn_any_below(y, wn, d);
  bn_extract(t, wn, y, wn, d);
  if (sa == sb) {
    bn_add(x, x, t, wn); /* < 2^(w+3) */
    fpw_round(f, rm, sa, ea, x, wn, sticky, r);
    return;
  }
  /* A - (B' + eps): (A - B' - 1) + (1 - eps) with the sticky part */
  bn_sub(x, x, t, wn);
  if (sticky) {
    memset(t, 0, wn * sizeof *t);
    t[0] = 1;
    bn_sub(x, x, t, wn);
  }
  if (!sticky && bn_is_zero(x, wn)) {
    fer_fpw_zero(f, r, rm == FER_RTN);
    return;
  }
  fpw_round(f, rm, sa, ea, x, wn, sticky, r);
}

/* Every case of a + b with a or b not finite-nonzero. */
static void add_special(fer_fmt f, fer_rm rm, const unpacked *ua, const unpacked *ub,
                        const uint64_t *a, const uint64_t *b, bool flip, uint64_t *r) {
  if (ua->cls == CNAN || ub->cls == CNAN) {
    fer_fpw_nan(f, r);
  } else if (ua->cls == CINF) {
    if (ub->cls == CINF && ua->sign != ub->sign)
      fer_fpw_nan(f, r);
    else
      fer_fpw_inf(f, r, ua->sign);
  } else if (ub->cls == CINF) {
    fer_fpw_inf(f, r, ub->sign);
  } else if (ub->cls == CZERO) {
    if (ua->cls == CZERO && ua->sign != ub->sign)
      fer_fpw_zero(f, r, rm == FER_RTN);
    else
      copy(f, r, a);
  } else { /* a is zero */
    copy(f, r, b);
    if (flip) r[(f.eb + f.sb - 1) / 64] ^= (uint64_t)1 << ((f.eb + f.sb - 1) % 64);
  }
}

static void add_sub(fer_fmt f, fer_rm rm, uint64_t *r, const uint64_t *a,
                    const uint64_t *b, bool flip) {
  unpacked ua, ub;
  unpack(f, a, &ua);
  unpack(f, b, &ub);
  ub.sign ^= flip;
  if (ua.cls == CFINITE && ub.cls == CFINITE)
    add_exact(f, rm, ua.sign, ua.exp, ua.sig, ub.sign, ub.exp, ub.sig, SL, r);
  else
    add_special(f, rm, &ua, &ub, a, b, flip, r);
}

void fer_fpw_add(fer_fmt f, fer_rm rm, uint64_t *r, const uint64_t *a, const uint64_t *b) {
  add_sub(f, rm, r, a, b, false);
}

void fer_fpw_sub(fer_fmt f, fer_rm rm, uint64_t *r, const uint64_t *a, const uint64_t *b) {
  add_sub(f, rm, r, a, b, true);
}

/* The special cases of a product; false when both are finite nonzero. */
static bool mul_special(fer_fmt f, const unpacked *ua, const unpacked *ub, uint64_t *r) {
  bool s = ua->sign != ub->sign;
  if (ua->cls == CNAN || ub->cls == CNAN) {
    fer_fpw_nan(f, r);
  } else if (ua->cls == CINF || ub->cls == CINF) {
    if (ua->cls == CZERO || ub->cls == CZERO)
      fer_fpw_nan(f, r);
    else
      fer_fpw_inf(f, r, s);
  } else if (ua->cls == CZERO || ub->cls == CZERO) {
    fer_fpw_zero(f, r, s);
  } else {
    return false;
  }
  return true;
}

void fer_fpw_mul(fer_fmt f, fer_rm rm, uint64_t *r, const uint64_t *a, const uint64_t *b) {
  unpacked ua, ub;
  unpack(f, a, &ua);
  unpack(f, b, &ub);
  if (mul_special(f, &ua, &ub, r)) return;
  uint64_t p[2 * SL];
  bn_mul(p, ua.sig, ub.sig, SL);
  fpw_round(f, rm, ua.sign != ub.sign, ua.exp + ub.exp, p, 2 * SL, false, r);
}

void fer_fpw_div(fer_fmt f, fer_rm rm, uint64_t *r, const uint64_t *a, const uint64_t *b) {
  unpacked ua, ub;
  unpack(f, a, &ua);
  unpack(f, b, &ub);
  bool s = ua.sign != ub.sign;
  if (ua.cls == CNAN || ub.cls == CNAN || (ua.cls == CINF && ub.cls == CINF) ||
      (ua.cls == CZERO && ub.cls == CZERO)) {
    fer_fpw_nan(f, r);
    return;
  }
  if (ua.cls == CINF || ub.cls == CZERO) {
    fer_fpw_inf(f, r, s);
    return;
  }
  if (ua.cls == CZERO || ub.cls == CINF) {
    fer_fpw_zero(f, r, s);
    return;
  }
  /* A * 2^(sb+2) / B lies in (2^(sb+1), 2^(sb+3)): >= sb+2 quotient bits */
  uint32_t n = limbs_for(2 * (int64_t)f.sb + 4);
  uint64_t u[WL], d[WL], q[WL], rem[WL];
  bn_extract(u, n, ua.sig, SL, -((int64_t)f.sb + 2));
  bn_extract(d, n, ub.sig, SL, 0);
  bn_divmod(q, rem, u, d, n);
  fpw_round(f, rm, s, ua.exp - ub.exp - ((int64_t)f.sb + 2), q, n,
            !bn_is_zero(rem, n), r);
}

void fer_fpw_sqrt(fer_fmt f, fer_rm rm, uint64_t *r, const uint64_t *a) {
  unpacked u;
  unpack(f, a, &u);
  if (u.cls == CNAN || (u.sign && u.cls != CZERO)) {
    fer_fpw_nan(f, r);
    return;
  }
  if (u.cls != CFINITE) {
    copy(f, r, a);
    return;
  }
  /* radicand sig * 2^(2k) with an even exponent: >= 2 sb + 4 bits, so
   * the root has >= sb + 2 */
  int64_t k = ((int64_t)f.sb + 5) / 2, exp = u.exp;
  int64_t sh = 2 * k + (exp & 1);
  exp -= sh;
  uint32_t n = limbs_for(2 * (int64_t)f.sb + 8);
  uint64_t x[WL], root[WL], rem[WL];
  bn_extract(x, n, u.sig, SL, -sh);
  bn_isqrt(root, rem, x, n);
  fpw_round(f, rm, false, exp / 2, root, n, !bn_is_zero(rem, n), r);
}

void fer_fpw_fma(fer_fmt f, fer_rm rm, uint64_t *r, const uint64_t *a, const uint64_t *b,
                 const uint64_t *c) {
  unpacked ua, ub, uc;
  unpack(f, a, &ua);
  unpack(f, b, &ub);
  unpack(f, c, &uc);
  bool ps = ua.sign != ub.sign;
  if (uc.cls == CNAN) {
    fer_fpw_nan(f, r);
    return;
  }
  uint64_t prod[WL];
  if (mul_special(f, &ua, &ub, prod)) { /* the product is exact: NaN, inf or 0 */
    unpacked up;
    unpack(f, prod, &up);
    add_special(f, rm, &up, &uc, prod, c, false, r);
    if (up.cls == CZERO && uc.cls == CFINITE) copy(f, r, c);
    return;
  }
  if (uc.cls == CINF) {
    fer_fpw_inf(f, r, uc.sign);
    return;
  }
  uint64_t p[WL], z[WL];
  memset(p, 0, sizeof p);
  memset(z, 0, sizeof z);
  bn_mul(p, ua.sig, ub.sig, SL);
  if (uc.cls == CZERO) {
    fpw_round(f, rm, ps, ua.exp + ub.exp, p, 2 * SL, false, r);
    return;
  }
  memcpy(z, uc.sig, sizeof uc.sig);
  add_exact(f, rm, ps, ua.exp + ub.exp, p, uc.sign, uc.exp, z, 2 * SL, r);
}

/* r := a * b mod m (n limbs each, a, b < m, 2m < 2^(64n)). */
static void mulmod(uint64_t *r, const uint64_t *a, const uint64_t *b,
                   const uint64_t *m, uint32_t n) {
  uint64_t p[2 * WL], mm[2 * WL];
  bn_mul(p, a, b, n);
  memset(mm, 0, sizeof mm);
  memcpy(mm, m, n * sizeof *m);
  uint64_t rr[2 * WL];
  bn_divmod(NULL, rr, p, mm, 2 * n);
  memcpy(r, rr, n * sizeof *r);
}

void fer_fpw_rem(fer_fmt f, uint64_t *r, const uint64_t *a, const uint64_t *b) {
  unpacked ua, ub;
  unpack(f, a, &ua);
  unpack(f, b, &ub);
  if (ua.cls == CNAN || ub.cls == CNAN || ua.cls == CINF || ub.cls == CZERO) {
    fer_fpw_nan(f, r);
    return;
  }
  if (ua.cls == CZERO || ub.cls == CINF) {
    copy(f, r, a);
    return;
  }
  /* x = A 2^ea, y = B 2^eb.  With e0 = min(ea, eb): x/y = A'/B' where
   * A' = A 2^(ea-e0), B' = B 2^(eb-e0); R = A' mod 2B' gives the residue
   * (R mod B') and the quotient's parity (R >= B'). */
  int64_t e0 = ua.exp < ub.exp ? ua.exp : ub.exp;
  if (ub.exp - ua.exp > (int64_t)f.sb + 1) { /* |x| < |y| / 2 */
    copy(f, r, a);
    return;
  }
  uint32_t n = limbs_for(2 * (int64_t)f.sb + 8);
  uint64_t m[WL], R[WL], bp[WL], t[WL];
  bn_extract(bp, n, ub.sig, SL, -(ub.exp - e0)); /* B' */
  bn_extract(m, n, bp, n, -1);                   /* 2B' */
  bn_extract(t, n, ua.sig, SL, 0);
  if (ua.exp > e0) {
    /* R = A * (2^k mod 2B') mod 2B' */
    uint64_t pw[WL], base[WL];
    uint64_t k = (uint64_t)(ua.exp - e0);
    memset(pw, 0, sizeof pw);
    pw[0] = 1; /* 2B' >= 4 */
    for (int i = 63 - __builtin_clzll(k); i >= 0; i--) {
      memcpy(base, pw, n * sizeof *pw);
      mulmod(pw, base, base, m, n);
      if ((k >> i) & 1) {
        bn_shl1(pw, n, 0);
        if (bn_cmp(pw, m, n) >= 0) bn_sub(pw, pw, m, n);
      }
    }
    uint64_t am[WL];
    bn_divmod(NULL, am, t, m, n);
    mulmod(R, am, pw, m, n);
  } else {
    bn_divmod(NULL, R, t, m, n);
  }
  bool odd = bn_cmp(R, bp, n) >= 0;
  if (odd) bn_sub(R, R, bp, n);
  /* n = q or q + 1: 2R > B', or 2R == B' with q odd, rounds up */
  uint64_t twice[WL];
  bn_extract(twice, n, R, n, -1);
  int c = bn_cmp(twice, bp, n);
  bool sign = ua.sign;
  if (c > 0 || (c == 0 && odd)) {
    bn_sub(R, bp, R, n);
    sign = !sign;
  }
  if (bn_is_zero(R, n)) {
    fer_fpw_zero(f, r, ua.sign);
    return;
  }
  fpw_round(f, FER_RNE, sign, e0, R, n, false, r);
}

void fer_fpw_rti(fer_fmt f, fer_rm rm, uint64_t *r, const uint64_t *a) {
  unpacked u;
  unpack(f, a, &u);
  if (u.cls == CNAN) {
    fer_fpw_nan(f, r);
    return;
  }
  if (u.cls != CFINITE || u.exp >= 0) {
    copy(f, r, a);
    return;
  }
  int64_t sh = -u.exp;
  uint64_t m[SL + 1];
  bn_extract(m, SL + 1, u.sig, SL, sh);
  bool guard = bn_bit(u.sig, SL, sh - 1);
  bool rest = bn_any_below(u.sig, SL, sh - 1);
  if (round_up(rm, u.sign, m[0] & 1, guard, rest)) bn_inc(m, SL + 1);
  fpw_round(f, rm, u.sign, 0, m, SL + 1, false, r); /* exact; 0 keeps the sign */
}

/* ------------------------------------------------------------ order */

typedef struct order {
  bool unordered, zeros;
  int cmp;
} order;

static order order_of(fer_fmt f, const uint64_t *a, const uint64_t *b) {
  order o = {false, false, 0};
  unpacked ua, ub;
  unpack(f, a, &ua);
  unpack(f, b, &ub);
  o.unordered = ua.cls == CNAN || ub.cls == CNAN;
  o.zeros = ua.cls == CZERO && ub.cls == CZERO;
  if (ua.sign != ub.sign) {
    o.cmp = ua.sign ? -1 : 1;
    return o;
  }
  uint32_t n = fer_fpw_limbs(f), s = f.eb + f.sb - 1;
  uint64_t x[SL + 1], y[SL + 1];
  memcpy(x, a, n * sizeof *x);
  memcpy(y, b, n * sizeof *y);
  x[s / 64] &= ~((uint64_t)1 << (s % 64));
  y[s / 64] &= ~((uint64_t)1 << (s % 64));
  o.cmp = bn_cmp(x, y, n);
  if (ua.sign) o.cmp = -o.cmp;
  return o;
}

bool fer_fpw_leq(fer_fmt f, const uint64_t *a, const uint64_t *b) {
  order o = order_of(f, a, b);
  return !o.unordered && (o.zeros || o.cmp <= 0);
}

bool fer_fpw_lt(fer_fmt f, const uint64_t *a, const uint64_t *b) {
  order o = order_of(f, a, b);
  return !o.unordered && !o.zeros && o.cmp < 0;
}

bool fer_fpw_eq(fer_fmt f, const uint64_t *a, const uint64_t *b) {
  order o = order_of(f, a, b);
  return !o.unordered && (o.zeros || o.cmp == 0);
}

bool fer_fpw_smt_eq(fer_fmt f, const uint64_t *a, const uint64_t *b) {
  bool na = is_nan(f, a), nb = is_nan(f, b);
  if (na || nb) return na && nb;
  return bn_cmp(a, b, fer_fpw_limbs(f)) == 0;
}

/* fp.min/fp.max: fp/minmax.c's choices (one NaN: the other operand;
 * min(+0, -0) = -0, max(+0, -0) = +0 in either order). */
static void min_max(fer_fmt f, uint64_t *r, const uint64_t *a, const uint64_t *b,
                    bool want_max) {
  order o = order_of(f, a, b);
  if (o.unordered) {
    if (is_nan(f, a)) {
      if (is_nan(f, b))
        fer_fpw_nan(f, r);
      else
        copy(f, r, b);
    } else {
      copy(f, r, a);
    }
    return;
  }
  if (o.zeros) {
    fer_fpw_zero(f, r, want_max ? sign_of(f, a) && sign_of(f, b)
                                : sign_of(f, a) || sign_of(f, b));
    return;
  }
  copy(f, r, (o.cmp > 0) == want_max ? a : b);
}

void fer_fpw_min(fer_fmt f, uint64_t *r, const uint64_t *a, const uint64_t *b) {
  min_max(f, r, a, b, false);
}

void fer_fpw_max(fer_fmt f, uint64_t *r, const uint64_t *a, const uint64_t *b) {
  min_max(f, r, a, b, true);
}

/* a with its sign cleared (abs) or flipped (neg); NaN canonical. */
static void sign_op(fer_fmt f, uint64_t *r, const uint64_t *a, bool flip) {
  if (is_nan(f, a)) {
    fer_fpw_nan(f, r);
    return;
  }
  copy(f, r, a);
  uint32_t s = f.eb + f.sb - 1;
  uint64_t bit = (uint64_t)1 << (s % 64);
  r[s / 64] = flip ? r[s / 64] ^ bit : r[s / 64] & ~bit;
}

void fer_fpw_abs(fer_fmt f, uint64_t *r, const uint64_t *a) { sign_op(f, r, a, false); }

void fer_fpw_neg(fer_fmt f, uint64_t *r, const uint64_t *a) { sign_op(f, r, a, true); }

bool fer_fpw_test(fer_fmt f, fer_op op, const uint64_t *a) {
  unpacked u;
  unpack(f, a, &u);
  uint32_t e = get_field(a, fer_fpw_limbs(f), f.sb - 1, f.eb);
  switch (op) {
  case FER_OP_FP_IS_NORMAL: return u.cls == CFINITE && e != 0;
  case FER_OP_FP_IS_SUBNORMAL: return u.cls == CFINITE && e == 0;
  case FER_OP_FP_IS_ZERO: return u.cls == CZERO;
  case FER_OP_FP_IS_INF: return u.cls == CINF;
  case FER_OP_FP_IS_NAN: return u.cls == CNAN;
  case FER_OP_FP_IS_NEG: return u.cls != CNAN && u.sign;
  case FER_OP_FP_IS_POS: return u.cls != CNAN && !u.sign;
  default: return false;
  }
}

/* ------------------------------------------------------------ conversions */

void fer_fpw_convert(fer_fmt to, fer_rm rm, uint64_t *r, fer_fmt from, const uint64_t *x) {
  unpacked u;
  unpack(from, x, &u);
  switch (u.cls) {
  case CNAN: fer_fpw_nan(to, r); return;
  case CINF: fer_fpw_inf(to, r, u.sign); return;
  case CZERO: fer_fpw_zero(to, r, u.sign); return;
  default: fpw_round(to, rm, u.sign, u.exp, u.sig, SL, false, r);
  }
}

/* Two's complement negation of a w-bit value, in place. */
static void negate(uint64_t *a, uint32_t w) {
  uint32_t n = fer_bvw_limbs(w);
  for (uint32_t i = 0; i < n; i++) a[i] = ~a[i];
  bn_inc(a, n);
  if (w % 64) a[n - 1] &= ((uint64_t)1 << (w % 64)) - 1;
}

void fer_fpw_from_bv(fer_fmt f, fer_rm rm, uint64_t *r, const uint64_t *bv,
                     uint32_t width, bool is_signed) {
  uint32_t n = fer_bvw_limbs(width);
  if (!is_signed || !bn_bit(bv, n, width - 1)) {
    fpw_round(f, rm, false, 0, bv, n, false, r); /* 0 gives +0 */
    return;
  }
  /* |bv| = ~bv + 1 (w bits).  h = bit length of ~bv; its top bits are
   * kept (at least sb + 3 of them), the rest goes into the sticky bit:
   * ~bv = top 2^low + L, so |bv| = top 2^low + (L + 1), where L + 1 is
   * 2^low exactly when L is all ones (bv's low bits all zero), else a
   * nonzero part below 2^low. */
  int64_t h = 0;
  for (uint32_t i = n; i-- > 0 && !h;) {
    uint64_t x = ~bv[i];
    if (i == n - 1 && width % 64) x &= ((uint64_t)1 << (width % 64)) - 1;
    if (x) h = (int64_t)i * 64 + 64 - __builtin_clzll(x);
  }
  int64_t keep = (int64_t)f.sb + 3;
  int64_t low = h > keep ? h - keep : 0;
  uint32_t mn = limbs_for(h - low + 1);
  uint64_t m[SL + 1];
  for (uint32_t j = 0; j < mn; j++) m[j] = ~get64(bv, n, low + 64 * (int64_t)j);
  mask_to(m, mn, h - low);
  bool sticky = bn_any_below(bv, n, low);
  if (!sticky) bn_inc(m, mn);
  fpw_round(f, rm, true, low, m, mn, sticky, r);
}

void fer_fpw_to_bv(fer_fmt f, fer_rm rm, const uint64_t *x, uint32_t width,
                   bool is_signed, uint64_t *out, bool *defined) {
  uint32_t n = fer_bvw_limbs(width);
  unpacked u;
  unpack(f, x, &u);
  memset(out, 0, n * sizeof *out);
  *defined = false;
  if (u.cls == CNAN) return;
  if (u.cls == CZERO) {
    *defined = true;
    return;
  }
  int64_t len; /* bit length of the rounded magnitude */
  uint64_t m[SL + 1];
  memset(m, 0, sizeof m);
  if (u.cls == CINF) {
    len = (int64_t)width + 1;
  } else if (u.exp >= 0) {
    len = u.exp + f.sb;
  } else {
    int64_t sh = -u.exp;
    bn_extract(m, SL + 1, u.sig, SL, sh);
    bool guard = bn_bit(u.sig, SL, sh - 1);
    bool rest = bn_any_below(u.sig, SL, sh - 1);
    if (round_up(rm, u.sign, m[0] & 1, guard, rest)) bn_inc(m, SL + 1);
    len = bn_bits(m, SL + 1);
  }
  bool fits_u = len <= (int64_t)width;
  if (fits_u && len) {
    if (u.exp >= 0)
      bn_extract(out, n, u.sig, SL, -u.exp);
    else
      bn_extract(out, n, m, SL + 1, 0);
  }
  if (is_signed) {
    /* in range: len <= w - 1, or the magnitude 2^(w-1) when negative */
    bool pow = len == (int64_t)width && bn_bits(out, n) == len &&
               !bn_any_below(out, n, width - 1);
    if (!len || len + 1 <= (int64_t)width || (u.sign && pow)) {
      *defined = true;
      if (u.sign && len) negate(out, width);
      return;
    }
    memset(out, 0, n * sizeof *out);
    if (u.sign) {
      bn_setbit(out, width - 1); /* the smallest signed value */
    } else {
      for (uint32_t i = 0; i + 1 < width; i++) bn_setbit(out, i);
    }
    return;
  }
  if (u.sign) { /* only a result that rounded to zero is in range */
    memset(out, 0, n * sizeof *out);
    *defined = !len;
    return;
  }
  if (!fits_u) { /* all ones */
    for (uint32_t i = 0; i < width; i++) bn_setbit(out, i);
    return;
  }
  *defined = true;
}

/* Bit i of the natural number a (32-bit limbs). */
static unsigned nat_bit(const uint32_t *a, uint32_t n, int64_t i) {
  if (i < 0 || i >= (int64_t)n * 32) return 0;
  return (a[i / 32] >> (i % 32)) & 1;
}

static int64_t nat_bits(const uint32_t *a, uint32_t n) {
  for (uint32_t i = n; i-- > 0;)
    if (a[i]) return (int64_t)i * 32 + 32 - __builtin_clz(a[i]);
  return 0;
}

void fer_fpw_from_rational(fer_fmt f, fer_rm rm, uint64_t *r, bool neg,
                           const uint32_t *num, uint32_t nlen,
                           const uint32_t *den, uint32_t dlen, uint32_t *tmp) {
  int64_t ln = nat_bits(num, nlen), ld = nat_bits(den, dlen);
  if (!ld) {
    fer_fpw_nan(f, r); /* outside the contract */
    return;
  }
  if (!ln) { /* the real 0 has no sign: +0 */
    fer_fpw_zero(f, r, false);
    return;
  }
  /* Y = floor(N 2^k) / D with k = sb + 3 - ln + ld has sb+3 or sb+4 bits;
   * bit i of Y is bit i - k of N.  Restoring division, one bit a step,
   * the remainder (< 2D) in tmp. */
  int64_t k = (int64_t)f.sb + 3 - ln + ld;
  uint32_t rn = (uint32_t)((ld + 1 + 31) / 32);
  uint64_t q[SL + 1];
  memset(q, 0, sizeof q);
  memset(tmp, 0, rn * sizeof *tmp);
  for (int64_t i = ln + k - 1; i >= 0; i--) {
    unsigned c = nat_bit(num, nlen, i - k);
    for (uint32_t j = 0; j < rn; j++) { /* tmp = 2 tmp + c */
      unsigned t = tmp[j] >> 31;
      tmp[j] = tmp[j] << 1 | c;
      c = t;
    }
    int cmp = 0; /* tmp vs den */
    for (uint32_t j = rn; j-- > 0 && !cmp;) {
      uint32_t d = j < dlen ? den[j] : 0;
      if (tmp[j] != d) cmp = tmp[j] < d ? -1 : 1;
    }
    if (cmp >= 0) {
      uint64_t br = 0;
      for (uint32_t j = 0; j < rn; j++) {
        uint64_t d = j < dlen ? den[j] : 0;
        uint64_t s = (uint64_t)tmp[j] - d - br;
        tmp[j] = (uint32_t)s;
        br = (s >> 32) & 1;
      }
      if (i < (int64_t)(SL + 1) * 64) bn_setbit(q, i);
    }
  }
  bool sticky = false;
  for (uint32_t j = 0; j < rn; j++) sticky |= tmp[j] != 0;
  for (int64_t i = 0; k < 0 && i < -k && !sticky; i++) sticky = nat_bit(num, nlen, i);
  fpw_round(f, rm, neg, -k, q, SL + 1, sticky, r);
}
