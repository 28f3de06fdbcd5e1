/* Floating-point formats of any width (src/fp/fpw.c):
 *   - against MPFR on formats wider than 128 bits (and one at 128), every
 *     operation and rounding mode, on random operands biased towards the
 *     hard cases (edge exponents, short and full significands, operands
 *     close to each other) and on the special values;
 *   - against the fer_u128 code of fp.h (itself checked against MPFR and
 *     z3) on formats of at most 128 bits routed through the wide path.
 * FERRET_FPW_CASES sets the number of random cases per op x format x rm. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>
#include <mpfr.h>

#include "bv/bvw.h"
#include "fp/fp.h"
#include "fp/fpw.h"
#include "test.h"
#include "fp_conv_gen.h"

#define ML 20 /* limbs of a pattern or a bit-vector here */

typedef fcv_rng rng; /* the tests' splitmix64, tests/fp_conv_gen.h */

static uint64_t rnd64(rng *r) { return fcv_next(r); }
static uint64_t below(rng *r, uint64_t n) { return n ? rnd64(r) % n : 0; }

static uint64_t cases(uint64_t n) {
  const char *s = getenv("FERRET_FPW_CASES");
  if (s) return strtoull(s, NULL, 10);
  return fer_test_quick ? n / 4 : n;
}

static void setbit(uint64_t *a, uint64_t i) { a[i / 64] |= (uint64_t)1 << (i % 64); }
static bool getbit(const uint64_t *a, uint64_t i) { return (a[i / 64] >> (i % 64)) & 1; }

/* A random pattern: sign, an exponent field from the edges or random, a
 * fraction that is random, short, all ones or a single bit. */
static void rnd_fp(rng *r, fer_fmt f, uint64_t *x) {
  memset(x, 0, ML * 8);
  uint64_t ones = ((uint64_t)1 << f.eb) - 1, bias = ones >> 1;
  uint64_t edge[] = {0, 1, 2, bias - 1, bias, bias + 1, ones - 2, ones - 1, ones,
                     bias + f.sb, bias - f.sb};
  uint64_t e = below(r, 3) ? below(r, ones + 1) : edge[below(r, 11)] & ones;
  if (below(r, 4) == 0) e = bias + below(r, 8) - 4; /* near 1: cancellations */
  switch (below(r, 5)) {
  case 0: break;
  case 1:
    for (uint32_t i = 0; i + 1 < f.sb; i++) setbit(x, i);
    break;
  case 2: setbit(x, below(r, f.sb - 1)); break;
  case 3: /* short: a few top bits */
    for (uint32_t i = 0; i < 6 && i + 1 < f.sb; i++)
      if (rnd64(r) & 1) setbit(x, f.sb - 2 - i);
    break;
  default:
    for (uint32_t i = 0; i + 1 < f.sb; i++)
      if (rnd64(r) & 1) setbit(x, i);
  }
  for (uint32_t i = 0; i < f.eb; i++)
    if ((e >> i) & 1) setbit(x, f.sb - 1 + i);
  if (rnd64(r) & 1) setbit(x, f.eb + f.sb - 1);
}

/* b close to a: a's pattern plus a small signed offset in the fraction. */
static void near(rng *r, fer_fmt f, const uint64_t *a, uint64_t *b) {
  memcpy(b, a, ML * 8);
  uint64_t d = below(r, 5);
  for (uint32_t i = 0; i < ML; i++) {
    uint64_t old = b[i];
    b[i] += d;
    d = b[i] < old;
  }
  if (rnd64(r) & 1) b[(f.eb + f.sb - 1) / 64] ^= (uint64_t)1 << ((f.eb + f.sb - 1) % 64);
  uint32_t w = f.eb + f.sb;
  if (w % 64) b[(w - 1) / 64] &= ((uint64_t)1 << (w % 64)) - 1;
  for (uint32_t i = (w + 63) / 64; i < ML; i++) b[i] = 0;
}

/* x random, y close to it one time in three, else random too. */
static void operands(rng *r, fer_fmt f, uint64_t i, uint64_t *x, uint64_t *y) {
  rnd_fp(r, f, x);
  if (i % 3 == 0)
    near(r, f, x, y);
  else
    rnd_fp(r, f, y);
}

/* ---------------------------------------------------- the MPFR oracle */

static void wide_range(void) {
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
}

static long bias_of(fer_fmt f) { return (1L << (f.eb - 1)) - 1; }

/* x := the value of the pattern p of format f (x's precision >= sb). */
static void get(mpfr_ptr x, fer_fmt f, const uint64_t *p) {
  wide_range();
  uint32_t w = f.eb + f.sb;
  bool sign = getbit(p, w - 1);
  unsigned long e = 0, ones = (1UL << f.eb) - 1;
  for (uint32_t i = 0; i < f.eb; i++) e |= (unsigned long)getbit(p, f.sb - 1 + i) << i;
  mpz_t z;
  mpz_init(z);
  mpz_import(z, ML, -1, 8, 0, 0, p);
  mpz_fdiv_r_2exp(z, z, f.sb - 1);
  if (e == ones) {
    if (mpz_sgn(z))
      mpfr_set_nan(x);
    else
      mpfr_set_inf(x, sign ? -1 : 1);
  } else if (!e && !mpz_sgn(z)) {
    mpfr_set_zero(x, sign ? -1 : 1);
  } else {
    if (e) mpz_setbit(z, f.sb - 1);
    long unit = (long)(e ? e : 1) - bias_of(f) - (long)(f.sb - 1);
    if (sign) mpz_neg(z, z);
    CHECK(mpfr_set_z_2exp(x, z, unit, MPFR_RNDN) == 0);
  }
  mpz_clear(z);
}

/* The pattern of x, which must be representable in f. */
static void put(uint64_t *p, fer_fmt f, mpfr_srcptr x) {
  wide_range();
  memset(p, 0, ML * 8);
  uint32_t w = f.eb + f.sb;
  unsigned long ones = (1UL << f.eb) - 1;
  if (mpfr_nan_p(x)) {
    for (uint32_t i = 0; i < f.eb; i++) setbit(p, f.sb - 1 + i);
    setbit(p, f.sb - 2);
    return;
  }
  if (mpfr_signbit(x)) setbit(p, w - 1);
  if (mpfr_inf_p(x)) {
    for (uint32_t i = 0; i < f.eb; i++) setbit(p, f.sb - 1 + i);
    return;
  }
  if (mpfr_zero_p(x)) return;
  long bias = bias_of(f), lead = (long)mpfr_get_exp(x) - 1;
  long qmin = 1 - bias - (long)(f.sb - 1);
  bool normal = lead >= 1 - bias;
  long unit = normal ? lead - (long)(f.sb - 1) : qmin;
  mpz_t z;
  mpz_init(z);
  long ze = (long)mpfr_get_z_2exp(z, x);
  mpz_abs(z, z);
  bool ok = lead <= bias;
  if (ze >= unit) {
    mpz_mul_2exp(z, z, (unsigned long)(ze - unit));
  } else {
    ok = ok && mpz_scan1(z, 0) >= (mp_bitcnt_t)(unit - ze);
    mpz_tdiv_q_2exp(z, z, (unsigned long)(unit - ze));
  }
  ok = ok && mpz_sizeinbase(z, 2) <= f.sb;
  CHECK_MSG(ok, "oracle value not in format %u/%u", f.eb, f.sb);
  if (ok) {
    if (normal) mpz_clrbit(z, f.sb - 1);
    uint64_t m[ML] = {0};
    size_t cnt = 0;
    mpz_export(m, &cnt, -1, 8, 0, 0, z);
    for (uint32_t i = 0; i < ML; i++) p[i] |= m[i];
    if (normal) {
      unsigned long be = (unsigned long)(lead + bias);
      for (uint32_t i = 0; i < f.eb; i++)
        if ((be >> i) & 1) setbit(p, f.sb - 1 + i);
    }
  }
  mpz_clear(z);
  (void)ones;
}

typedef int (*oracle_fn)(mpfr_ptr r, void *arg, mpfr_rnd_t rnd);

/* fn's value rounded once to f under rm (MPFR's emulation of a format:
 * precision, exponent range, subnormalize; RNA by rounding the value
 * toward zero at sb+2 bits to nearest-away at the target unit). */
static void oracle(uint64_t *p, fer_fmt f, fer_rm rm, oracle_fn fn, void *arg) {
  long bias = bias_of(f);
  if (rm == FER_RNA) {
    mpfr_t z;
    mpfr_init2(z, (mpfr_prec_t)f.sb + 2);
    wide_range();
    fn(z, arg, MPFR_RNDZ);
    if (mpfr_regular_p(z)) {
      long qmin = 1 - bias - (long)(f.sb - 1);
      long unit = (long)mpfr_get_exp(z) - (long)f.sb;
      if (unit < qmin) unit = qmin;
      mpfr_mul_2si(z, z, -unit, MPFR_RNDN);
      mpfr_round(z, z);
      mpfr_mul_2si(z, z, unit, MPFR_RNDN);
      if (mpfr_regular_p(z) && mpfr_get_exp(z) > bias + 1)
        mpfr_set_inf(z, mpfr_signbit(z) ? -1 : 1);
    }
    put(p, f, z);
    mpfr_clear(z);
    return;
  }
  mpfr_rnd_t rnd = rm == FER_RNE ? MPFR_RNDN
                   : rm == FER_RTP ? MPFR_RNDU
                   : rm == FER_RTN ? MPFR_RNDD
                                   : MPFR_RNDZ;
  mpfr_t r;
  mpfr_init2(r, (mpfr_prec_t)f.sb);
  mpfr_set_emax(bias + 1);
  mpfr_set_emin(3 - bias - (long)f.sb);
  int t = fn(r, arg, rnd);
  t = mpfr_check_range(r, t, rnd);
  mpfr_subnormalize(r, t, rnd);
  put(p, f, r);
  mpfr_clear(r);
}

static mpfr_ptr A[3];
static int o_add(mpfr_ptr r, void *a, mpfr_rnd_t d) { (void)a; return mpfr_add(r, A[0], A[1], d); }
static int o_sub(mpfr_ptr r, void *a, mpfr_rnd_t d) { (void)a; return mpfr_sub(r, A[0], A[1], d); }
static int o_mul(mpfr_ptr r, void *a, mpfr_rnd_t d) { (void)a; return mpfr_mul(r, A[0], A[1], d); }
static int o_div(mpfr_ptr r, void *a, mpfr_rnd_t d) { (void)a; return mpfr_div(r, A[0], A[1], d); }
static int o_fma(mpfr_ptr r, void *a, mpfr_rnd_t d) { (void)a; return mpfr_fma(r, A[0], A[1], A[2], d); }
static int o_sqrt(mpfr_ptr r, void *a, mpfr_rnd_t d) { (void)a; return mpfr_sqrt(r, A[0], d); }
static int o_set(mpfr_ptr r, void *a, mpfr_rnd_t d) { (void)a; return mpfr_set(r, A[0], d); }
static int o_set_z(mpfr_ptr r, void *a, mpfr_rnd_t d) { return mpfr_set_z(r, (mpz_ptr)a, d); }
static int o_set_q(mpfr_ptr r, void *a, mpfr_rnd_t d) { return mpfr_set_q(r, (mpq_ptr)a, d); }

/* t := a rounded to an integer under rm (exact at t's precision). */
static void integral(mpfr_ptr t, mpfr_srcptr a, fer_rm rm) {
  switch (rm) {
  case FER_RNE: mpfr_rint(t, a, MPFR_RNDN); break;
  case FER_RNA: mpfr_round(t, a); break;
  case FER_RTP: mpfr_ceil(t, a); break;
  case FER_RTN: mpfr_floor(t, a); break;
  default: mpfr_trunc(t, a); break;
  }
}

static char *hexs(char *buf, const uint64_t *p, uint32_t w) {
  uint32_t digits = (w + 3) / 4;
  for (uint32_t i = 0; i < digits; i++) {
    uint32_t bit = 4 * (digits - 1 - i);
    buf[i] = "0123456789abcdef"[(p[bit / 64] >> (bit % 64)) & 15];
  }
  buf[digits] = '\0';
  return buf;
}

static bool same(const uint64_t *a, const uint64_t *b, uint32_t w) {
  return !memcmp(a, b, fer_bvw_limbs(w) * 8);
}

static int report(const char *what, fer_fmt f, fer_rm rm, const uint64_t *x,
                  const uint64_t *y, const uint64_t *got, const uint64_t *want) {
  char b1[300], b2[300], b3[300], b4[300];
  uint32_t w = f.eb + f.sb;
  fprintf(stderr, "fpw %s (%u,%u) rm %d: %s %s: got %s want %s\n", what, f.eb, f.sb,
          (int)rm, hexs(b1, x, w), hexs(b2, y, w), hexs(b3, got, w), hexs(b4, want, w));
  return 1;
}

static const fer_fmt WIDE[] = {{19, 237}, {11, 200}, {15, 113}, {5, 300}, {3, 140}};

TEST(fpw_arith_mpfr) {
  rng r = {0x5eed39};
  uint64_t n = cases(400);
  mpfr_t a, b, c;
  mpfr_inits2(1100, a, b, c, (mpfr_ptr)0);
  A[0] = a, A[1] = b, A[2] = c;
  int bad = 0;
  for (size_t fi = 0; fi < sizeof WIDE / sizeof *WIDE; fi++) {
    fer_fmt f = WIDE[fi];
    uint32_t w = f.eb + f.sb;
    for (int rm = 0; rm < 5; rm++)
      for (uint64_t i = 0; i < n && bad < 20; i++) {
        uint64_t x[ML], y[ML], z[ML], got[ML], want[ML];
        operands(&r, f, i, x, y);
        rnd_fp(&r, f, z);
        get(a, f, x), get(b, f, y), get(c, f, z);
        static const oracle_fn fn[] = {o_add, o_sub, o_mul, o_div, o_fma, o_sqrt};
        static const char *name[] = {"add", "sub", "mul", "div", "fma", "sqrt"};
        for (int op = 0; op < 6; op++) {
          memset(got, 0, sizeof got);
          switch (op) {
          case 0: fer_fpw_add(f, (fer_rm)rm, got, x, y); break;
          case 1: fer_fpw_sub(f, (fer_rm)rm, got, x, y); break;
          case 2: fer_fpw_mul(f, (fer_rm)rm, got, x, y); break;
          case 3: fer_fpw_div(f, (fer_rm)rm, got, x, y); break;
          case 4: fer_fpw_fma(f, (fer_rm)rm, got, x, y, z); break;
          default: fer_fpw_sqrt(f, (fer_rm)rm, got, x); break;
          }
          oracle(want, f, (fer_rm)rm, fn[op], NULL);
          if (!same(got, want, w)) bad += report(name[op], f, (fer_rm)rm, x, y, got, want);
        }
      }
  }
  mpfr_clears(a, b, c, (mpfr_ptr)0);
  CHECK_EQ_U(bad, 0);
}

/* remainder, roundToIntegral, min/max, the predicates, conversions. */
TEST(fpw_misc_mpfr) {
  rng r = {0xfeed39};
  uint64_t n = cases(400);
  mpfr_t a, b, t;
  mpfr_inits2(1100, a, b, t, (mpfr_ptr)0);
  A[0] = a, A[1] = b;
  int bad = 0;
  for (size_t fi = 0; fi < sizeof WIDE / sizeof *WIDE; fi++) {
    fer_fmt f = WIDE[fi];
    uint32_t w = f.eb + f.sb;
    for (uint64_t i = 0; i < 5 * n && bad < 20; i++) {
      fer_rm rm = (fer_rm)(i % 5);
      uint64_t x[ML], y[ML], got[ML], want[ML];
      operands(&r, f, i, x, y);
      get(a, f, x), get(b, f, y);
      /* fp.rem: exact, so computed at a precision that holds it */
      memset(got, 0, sizeof got);
      fer_fpw_rem(f, got, x, y);
      wide_range();
      mpfr_set_prec(t, (mpfr_prec_t)f.sb);
      mpfr_remainder(t, a, b, MPFR_RNDN);
      put(want, f, t);
      if (!same(got, want, w)) bad += report("rem", f, rm, x, y, got, want);
      /* roundToIntegral */
      memset(got, 0, sizeof got);
      fer_fpw_rti(f, rm, got, x);
      integral(t, a, rm);
      /* an integer beyond the largest finite (formats with emax < sb-1) */
      if (mpfr_regular_p(t) && mpfr_get_exp(t) > bias_of(f) + 1)
        mpfr_set_inf(t, mpfr_signbit(t) ? -1 : 1);
      put(want, f, t);
      if (!same(got, want, w)) bad += report("rti", f, rm, x, y, got, want);
      /* min, max (MPFR's choice on zeros is ferret's) */
      memset(got, 0, sizeof got);
      fer_fpw_min(f, got, x, y);
      mpfr_min(t, a, b, MPFR_RNDN);
      put(want, f, t);
      if (!same(got, want, w)) bad += report("min", f, rm, x, y, got, want);
      memset(got, 0, sizeof got);
      fer_fpw_max(f, got, x, y);
      mpfr_max(t, a, b, MPFR_RNDN);
      put(want, f, t);
      if (!same(got, want, w)) bad += report("max", f, rm, x, y, got, want);
      /* predicates */
      bool ok = fer_fpw_leq(f, x, y) == (mpfr_lessequal_p(a, b) != 0) &&
                fer_fpw_lt(f, x, y) == (mpfr_less_p(a, b) != 0) &&
                fer_fpw_eq(f, x, y) == (mpfr_equal_p(a, b) != 0) &&
                fer_fpw_test(f, FER_OP_FP_IS_NAN, x) == (mpfr_nan_p(a) != 0) &&
                fer_fpw_test(f, FER_OP_FP_IS_INF, x) == (mpfr_inf_p(a) != 0) &&
                fer_fpw_test(f, FER_OP_FP_IS_ZERO, x) == (mpfr_zero_p(a) != 0) &&
                fer_fpw_test(f, FER_OP_FP_IS_NEG, x) == (!mpfr_nan_p(a) && mpfr_signbit(a)) &&
                fer_fpw_test(f, FER_OP_FP_IS_POS, x) == (!mpfr_nan_p(a) && !mpfr_signbit(a));
      bool sub = mpfr_regular_p(a) && mpfr_get_exp(a) - 1 < 1 - bias_of(f);
      ok = ok && fer_fpw_test(f, FER_OP_FP_IS_SUBNORMAL, x) == sub &&
           fer_fpw_test(f, FER_OP_FP_IS_NORMAL, x) == (mpfr_regular_p(a) && !sub);
      ok = ok && fer_fpw_smt_eq(f, x, y) == ((mpfr_nan_p(a) && mpfr_nan_p(b)) ||
                                             (!mpfr_nan_p(a) && !mpfr_nan_p(b) &&
                                              mpfr_equal_p(a, b) &&
                                              !mpfr_signbit(a) == !mpfr_signbit(b)));
      if (!ok) bad += report("predicate", f, rm, x, y, x, y);
      /* to every other format of the list, and Float32/Float64 */
      fer_fmt to = WIDE[(fi + 1 + i) % (sizeof WIDE / sizeof *WIDE)];
      if (i % 4 == 0) to = (fer_fmt){11, 53};
      if (i % 4 == 1) to = (fer_fmt){8, 24};
      memset(got, 0, sizeof got);
      fer_fpw_convert(to, rm, got, f, x);
      oracle(want, to, rm, o_set, NULL);
      if (!same(got, want, to.eb + to.sb)) bad += report("convert", f, rm, x, x, got, want);
    }
  }
  mpfr_clears(a, b, t, (mpfr_ptr)0);
  CHECK_EQ_U(bad, 0);
}

/* bit-vectors of any width <-> FP, and Real constants. */
TEST(fpw_int_mpfr) {
  rng r = {0xb17539};
  uint64_t n = cases(400);
  mpfr_t a, t;
  mpfr_inits2(1100, a, t, (mpfr_ptr)0);
  A[0] = a;
  int bad = 0;
  mpz_t z;
  mpz_init(z);
  mpq_t q;
  mpq_init(q);
  for (size_t fi = 0; fi < sizeof WIDE / sizeof *WIDE; fi++) {
    fer_fmt f = WIDE[fi];
    uint32_t w = f.eb + f.sb;
    for (uint64_t i = 0; i < 5 * n && bad < 20; i++) {
      fer_rm rm = (fer_rm)(i % 5);
      static const uint32_t widths[] = {1, 8, 64, 128, 129, 200, 256, 300, 512, 1000};
      uint32_t bw = widths[below(&r, 10)];
      bool sgn = rnd64(&r) & 1;
      uint64_t bv[ML], got[ML], want[ML], x[ML];
      memset(bv, 0, sizeof bv);
      uint32_t len = (uint32_t)below(&r, bw) + 1; /* value of len bits */
      for (uint32_t k = 0; k < len; k++)
        if (k + 1 == len || (i % 7 ? rnd64(&r) & 1 : k < 3 || below(&r, 50) == 0))
          setbit(bv, k);
      if (sgn && rnd64(&r) & 1) /* negative: all ones above */
        for (uint32_t k = len; k < bw; k++) setbit(bv, k);
      /* from bit-vector */
      mpz_import(z, ML, -1, 8, 0, 0, bv);
      if (sgn && getbit(bv, bw - 1)) {
        mpz_t m;
        mpz_init(m);
        mpz_setbit(m, bw);
        mpz_sub(z, z, m);
        mpz_clear(m);
      }
      memset(got, 0, sizeof got);
      fer_fpw_from_bv(f, rm, got, bv, bw, sgn);
      oracle(want, f, rm, o_set_z, z);
      if (!same(got, want, w)) bad += report("from_bv", f, rm, bv, bv, got, want);
      /* to bit-vector: defined results only (rint, then the range) */
      rnd_fp(&r, f, x);
      get(a, f, x);
      uint64_t out[ML];
      bool defined;
      fer_fpw_to_bv(f, rm, x, bw, sgn, out, &defined);
      if (mpfr_number_p(a)) {
        integral(t, a, rm);
        mpfr_get_z(z, t, MPFR_RNDN);
        bool in = sgn ? mpz_sizeinbase(z, 2) < bw || (mpz_sgn(z) < 0 && mpz_sizeinbase(z, 2) <= bw &&
                                                     mpz_scan1(z, 0) == bw - 1)
                      : mpz_sgn(z) >= 0 && mpz_sizeinbase(z, 2) <= bw;
        if (mpz_sgn(z) == 0) in = true;
        if (defined != in) bad += report("to_bv defined", f, rm, x, x, x, x);
        if (in) {
          if (mpz_sgn(z) < 0) {
            mpz_t m;
            mpz_init(m);
            mpz_setbit(m, bw);
            mpz_add(z, z, m);
            mpz_clear(m);
          }
          uint64_t e[ML] = {0};
          mpz_export(e, NULL, -1, 8, 0, 0, z);
          if (memcmp(e, out, fer_bvw_limbs(bw) * 8)) bad += report("to_bv", f, rm, x, x, out, e);
        }
      } else if (defined) {
        bad += report("to_bv of nan/inf defined", f, rm, x, x, out, out);
      }
      /* Real constants: num/den of up to 700 bits each */
      uint32_t num[24] = {0}, den[24] = {0}, tmp[26];
      uint32_t nl = (uint32_t)below(&r, 22) + 1, dl = (uint32_t)below(&r, 22) + 1;
      for (uint32_t k = 0; k < nl; k++) num[k] = (uint32_t)rnd64(&r);
      for (uint32_t k = 0; k < dl; k++) den[k] = (uint32_t)rnd64(&r);
      if (i % 3 == 0) nl = 1, num[0] = (uint32_t)below(&r, 100);
      if (i % 5 == 0) dl = 1, den[0] = 1u << below(&r, 31);
      den[0] |= !den[0];
      bool neg = rnd64(&r) & 1;
      mpz_import(mpq_numref(q), nl, -1, 4, 0, 0, num);
      mpz_import(mpq_denref(q), dl, -1, 4, 0, 0, den);
      mpq_canonicalize(q);
      if (neg) mpq_neg(q, q);
      memset(got, 0, sizeof got);
      fer_fpw_from_rational(f, rm, got, neg, num, nl, den, dl, tmp);
      oracle(want, f, rm, o_set_q, q);
      if (!neg || mpq_sgn(q)) /* the real -0 is +0 */
        if (!same(got, want, w)) bad += report("from_rational", f, rm, got, got, got, want);
    }
  }
  mpq_clear(q);
  mpz_clear(z);
  mpfr_clears(a, t, (mpfr_ptr)0);
  CHECK_EQ_U(bad, 0);
}

/* ------------------------------------ agreement with fp.h at <= 128 bits */

static fer_u128 to128(const uint64_t *p) { return (fer_u128)p[1] << 64 | p[0]; }
static void from128(uint64_t *p, fer_u128 v) {
  memset(p, 0, ML * 8);
  p[0] = (uint64_t)v, p[1] = (uint64_t)(v >> 64);
}

TEST(fpw_agrees_with_fp128) {
  static const fer_fmt N[] = {{2, 3}, {3, 5}, {5, 11}, {8, 24}, {11, 53},
                              {15, 64}, {15, 113}, {7, 100}, {4, 60}};
  rng r = {0xa9ee39};
  uint64_t n = cases(2000);
  int bad = 0;
  for (size_t fi = 0; fi < sizeof N / sizeof *N; fi++) {
    fer_fmt f = N[fi];
    for (uint64_t i = 0; i < 5 * n && bad < 20; i++) {
      fer_rm rm = (fer_rm)(i % 5);
      uint64_t x[ML], y[ML], z[ML], got[ML];
      operands(&r, f, i, x, y);
      rnd_fp(&r, f, z);
      fer_u128 a = to128(x), b = to128(y), c = to128(z);
      fer_u128 want[12];
      want[0] = fer_fp_add(f, rm, a, b);
      want[1] = fer_fp_sub(f, rm, a, b);
      want[2] = fer_fp_mul(f, rm, a, b);
      want[3] = fer_fp_div(f, rm, a, b);
      want[4] = fer_fp_fma(f, rm, a, b, c);
      want[5] = fer_fp_sqrt(f, rm, a);
      want[6] = fer_fp_rem(f, a, b);
      want[7] = fer_fp_rti(f, rm, a);
      want[8] = fer_fp_min(f, a, b);
      want[9] = fer_fp_max(f, a, b);
      want[10] = fer_fp_convert((fer_fmt){15, 113}, rm, f, a);
      want[11] = fer_fp_canon(f, a);
      for (int op = 0; op < 12; op++) {
        memset(got, 0, sizeof got);
        switch (op) {
        case 0: fer_fpw_add(f, rm, got, x, y); break;
        case 1: fer_fpw_sub(f, rm, got, x, y); break;
        case 2: fer_fpw_mul(f, rm, got, x, y); break;
        case 3: fer_fpw_div(f, rm, got, x, y); break;
        case 4: fer_fpw_fma(f, rm, got, x, y, z); break;
        case 5: fer_fpw_sqrt(f, rm, got, x); break;
        case 6: fer_fpw_rem(f, got, x, y); break;
        case 7: fer_fpw_rti(f, rm, got, x); break;
        case 8: fer_fpw_min(f, got, x, y); break;
        case 9: fer_fpw_max(f, got, x, y); break;
        case 10: fer_fpw_convert((fer_fmt){15, 113}, rm, got, f, x); break;
        default: { /* widen (exact) and narrow back: x itself */
          uint64_t wide[ML] = {0};
          fer_fpw_convert((fer_fmt){19, 237}, rm, wide, f, x);
          fer_fpw_convert(f, rm, got, (fer_fmt){19, 237}, wide);
        }
        }
        if (to128(got) != want[op]) {
          uint64_t wp[ML];
          from128(wp, want[op]);
          bad += report("vs fp.h", f, rm, x, y, got, wp);
          fprintf(stderr, "  op %d\n", op);
        }
      }
      bool ok = fer_fpw_leq(f, x, y) == fer_fp_leq(f, a, b) &&
                fer_fpw_lt(f, x, y) == fer_fp_lt(f, a, b) &&
                fer_fpw_eq(f, x, y) == fer_fp_eq(f, a, b) &&
                fer_fpw_smt_eq(f, x, y) == fer_fp_smt_eq(f, a, b) &&
                fer_fpw_test(f, FER_OP_FP_IS_SUBNORMAL, x) == fer_fp_is_subnormal(f, a) &&
                fer_fpw_test(f, FER_OP_FP_IS_NORMAL, x) == fer_fp_is_normal(f, a);
      if (!ok) bad += report("predicates vs fp.h", f, rm, x, y, x, y);
      /* bit-vectors of up to 128 bits both ways */
      uint32_t bw = (uint32_t)below(&r, 128) + 1;
      bool sgn = rnd64(&r) & 1;
      fer_u128 v = ((fer_u128)rnd64(&r) << 64 | rnd64(&r));
      if (bw < 128) v &= ((fer_u128)1 << bw) - 1;
      if (i % 4 == 0) v >>= below(&r, bw);
      uint64_t bv[ML], out[ML];
      from128(bv, v);
      memset(got, 0, sizeof got);
      fer_fpw_from_bv(f, rm, got, bv, bw, sgn);
      fer_u128 wv = sgn ? fer_fp_from_sbv(f, rm, v, bw) : fer_fp_from_ubv(f, rm, v, bw);
      if (to128(got) != wv) bad += report("from_bv vs fp.h", f, rm, bv, bv, got, got);
      bool d1 = false, d2 = false;
      fer_fpw_to_bv(f, rm, x, bw, sgn, out, &d1);
      fer_u128 tv = sgn ? fer_fp_to_sbv(f, rm, a, bw, &d2) : fer_fp_to_ubv(f, rm, a, bw, &d2);
      memset(out + fer_bvw_limbs(bw), 0, (ML - fer_bvw_limbs(bw)) * 8);
      if (d1 != d2 || to128(out) != tv) bad += report("to_bv vs fp.h", f, rm, x, x, out, out);
    }
  }
  CHECK_EQ_U(bad, 0);
}

/* Hand-checked values: a rounding that needs the sticky bit of a far
 * addend, RNA against RNE on a tie, and the remainder across a huge
 * exponent difference. */
TEST(fpw_known_values) {
  fer_fmt f = {19, 237};
  uint64_t one[ML] = {0}, tiny[ML] = {0}, r[ML], want[ML];
  /* 1.0: biased exponent 2^18 - 1 */
  for (uint32_t i = 0; i < 18; i++) setbit(one, 236 + i);
  /* 2^-300 */
  uint64_t e = (1u << 18) - 1 - 300;
  for (uint32_t i = 0; i < 19; i++)
    if ((e >> i) & 1) setbit(tiny, 236 + i);
  /* 1 + 2^-300 rounds to 1 under RNE/RTZ/RTN and to 1 + ulp under RTP */
  fer_fpw_add(f, FER_RNE, r, one, tiny);
  CHECK(same(r, one, 256));
  fer_fpw_add(f, FER_RTP, r, one, tiny);
  memcpy(want, one, sizeof want);
  want[0] |= 1;
  CHECK(same(r, want, 256));
  /* 1 - 2^-300 under RTZ is the largest value below 1 */
  fer_fpw_sub(f, FER_RTZ, r, one, tiny);
  memset(want, 0, sizeof want);
  for (uint32_t i = 0; i < 236; i++) setbit(want, i);
  for (uint32_t i = 0; i < 19; i++)
    if ((((1u << 18) - 2) >> i) & 1) setbit(want, 236 + i);
  CHECK(same(r, want, 256));
  /* 2^200000 rem 3 = 2^200000 mod 3 = 1 (even power), rem 1 */
  uint64_t big[ML] = {0}, three[ML] = {0};
  e = (1u << 18) - 1 + 200000;
  for (uint32_t i = 0; i < 19; i++)
    if ((e >> i) & 1) setbit(big, 236 + i);
  setbit(three, 236 + 18); /* biased exponent 2^18: 2.0 */
  setbit(three, 235);      /* 1.5 * 2 = 3 */
  fer_fpw_rem(f, r, big, three);
  CHECK(same(r, one, 256));
}
