/* FP conversions (src/fp/convert.c, from_int.c, from_real.c, to_int.c)
 * against hand-derived facts and against MPFR with exact format emulation
 * (tests/fp_oracle.h: precision sb, the format's exponent range,
 * mpfr_subnormalize, RNA decided on an exact sb+2-bit toward-zero value).
 * The integer conversions have their own MPFR oracle below (mpfr_rint /
 * mpfr_round, then an exact range check with GMP).
 *
 * Inputs are biased toward what conversions get wrong: values near the
 * target's overflow threshold, its normal/subnormal boundary and half its
 * smallest subnormal; significands whose bits below the target precision
 * are exactly a half, a half plus or minus one source unit, or all ones;
 * rationals that are exact midpoints, written unreduced; huge and tiny
 * decimals.
 *
 * Sizes: FERRET_FP_CASES = cases per (conversion class, format pair or
 * width, rounding mode) unit; the default keeps each test near 10-20 s in
 * the sanitizer build (see fp_cases()); FERRET_QUICK=1 divides by 10.
 * FERRET_SEED changes the random stream (default fixed). */
#include <stdio.h> /* before gmp.h: gmp_fprintf */
#include <stdlib.h>

#include <gmp.h>
#include <mpfr.h>

#include "bv/bv.h"
#include "fp/fp.h"
#include "fp_conv_gen.h"
#include "fp_oracle.h"
#include "test.h"

/* ---- helpers ---------------------------------------------------------- */

const fer_fmt fcv_fmts[] = {
    {5, 11}, {8, 8},  {8, 24},  {11, 53}, {15, 113}, /* IEEE + bfloat16 */
    {3, 5},  {11, 64}, {15, 64}, {2, 2},  {2, 126},  {30, 3}, {4, 12},
};
const unsigned fcv_nfmts = sizeof fcv_fmts / sizeof fcv_fmts[0];
#define N_CONV_FMTS fcv_nfmts

uint64_t fcv_next(fcv_rng *r) { /* splitmix64 */
  uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
uint32_t fcv_below(fcv_rng *r, uint32_t n) { return (uint32_t)(fcv_next(r) % n); }
fer_u128 fcv_128(fcv_rng *r) { return ((fer_u128)fcv_next(r) << 64) | fcv_next(r); }

fcv_rng fcv_seed(uint64_t salt) {
  const char *e = getenv("FERRET_SEED");
  fcv_rng r = {(e ? strtoull(e, NULL, 0) : 0x5eed) * 0x100000001b3ull + salt};
  return r;
}

/* Cases per unit: FERRET_FP_CASES, else `dflt` (a tenth under QUICK). */
static long fp_cases(long dflt) {
  const char *e = getenv("FERRET_FP_CASES");
  if (e) return atol(e);
  return fer_test_quick ? dflt / 10 + 1 : dflt;
}

static long fmt_bias(fer_fmt f) { return (1L << (f.eb - 1)) - 1; }
static long fmt_emin(fer_fmt f) { return 1 - fmt_bias(f); }            /* min normal 2^emin */
static long fmt_qmin(fer_fmt f) { return fmt_emin(f) - (long)(f.sb - 1); } /* min subnormal */
static fer_u128 fmt_mask(fer_fmt f) { return fer_bv_mask(f.eb + f.sb); }

void fcv_z_set_u128(mpz_t z, fer_u128 v) {
  uint64_t l[2] = {(uint64_t)v, (uint64_t)(v >> 64)};
  mpz_import(z, 2, -1, sizeof(uint64_t), 0, 0, l);
}

static fer_u128 z_get_u128(const mpz_t z) { /* low 128 bits of |z| */
  uint64_t l[4] = {0, 0, 0, 0};
  mpz_t t;
  mpz_init(t);
  mpz_abs(t, z);
  mpz_fdiv_r_2exp(t, t, 128);
  mpz_export(l, NULL, -1, sizeof(uint64_t), 0, 0, t);
  mpz_clear(t);
  return ((fer_u128)l[1] << 64) | l[0];
}

int fcv_set_q(mpfr_ptr r, void *arg, mpfr_rnd_t rnd) {
  return mpfr_set_q(r, (mpq_srcptr)arg, rnd);
}
int fcv_set_fr(mpfr_ptr r, void *arg, mpfr_rnd_t rnd) {
  return mpfr_set(r, (mpfr_srcptr)arg, rnd);
}
int fcv_set_z(mpfr_ptr r, void *arg, mpfr_rnd_t rnd) {
  return mpfr_set_z(r, (mpz_srcptr)arg, rnd);
}

char *fcv_hex(char *buf, fer_u128 v) {
  snprintf(buf, 40, "%016llx%016llx", (unsigned long long)(v >> 64), (unsigned long long)v);
  return buf;
}

/* The value sign * m * 2^e, rounded toward zero into format f: a valid
 * operand near the intended value (exact whenever f can hold it). */
static fer_u128 make_value(fer_fmt f, bool neg, fer_u128 m, long e) {
  mpz_t z;
  mpfr_t x; /* MPFR, not mpq: e may be near +-2^29 for eb = 30 */
  mpz_init(z);
  mpfr_init2(x, FER_ORACLE_PREC);
  fcv_z_set_u128(z, m);
  if (neg) mpz_neg(z, z);
  fer_oracle_wide_range();
  mpfr_set_z_2exp(x, z, e, MPFR_RNDN); /* exact: m has <= 128 bits */
  fer_u128 r = fer_oracle_round(f, FER_RTZ, fcv_set_fr, x);
  if (!m && neg) r |= (fer_u128)1 << (f.eb + f.sb - 1);
  mpfr_clear(x);
  mpz_clear(z);
  return r;
}

/* Low `d` bits of a significand replaced by a rounding-sensitive pattern:
 * exactly half, half +- 1, all ones, zero, or left random. */
static fer_u128 pattern_low(fcv_rng *r, fer_u128 m, uint32_t d) {
  if (d == 0 || d >= 128) return m;
  fer_u128 half = (fer_u128)1 << (d - 1), low = fer_bv_mask(d);
  m &= ~low;
  switch (fcv_below(r, 6)) {
  case 0: return m | half;
  case 1: return m | (half + 1);
  case 2: return m | (half - 1);
  case 3: return m | low;
  case 4: return m;
  default: return m | (fcv_128(r) & low);
  }
}

/* An operand of format `from` chosen to stress rounding into `to`. */
fer_u128 fcv_gen_src(fcv_rng *r, fer_fmt from, fer_fmt to) {
  bool neg = fcv_below(r, 2);
  fer_u128 sgn = neg ? (fer_u128)1 << (from.eb + from.sb - 1) : 0;
  fer_u128 inf = fer_fp_inf(from, false);
  switch (fcv_below(r, 12)) {
  case 0:
    switch (fcv_below(r, 7)) {
    case 0: return sgn;                      /* zero */
    case 1: return sgn | inf;                /* infinity */
    case 2: return inf | 1 | (fcv_128(r) & fer_bv_mask(from.sb - 1)); /* NaN */
    case 3: return sgn | 1;                  /* min subnormal */
    case 4: return sgn | (inf - 1);          /* max finite */
    case 5: return sgn | ((fer_u128)1 << (from.sb - 1)); /* min normal */
    default: return sgn | fer_bv_mask(from.sb - 1); /* max subnormal */
    }
  case 1:
  case 2: return fcv_128(r) & fmt_mask(from);
  default: break;
  }
  /* exponent of the leading bit, near one of the target's thresholds */
  long lead;
  switch (fcv_below(r, 5)) {
  case 0: lead = fmt_bias(to) - 1 + (long)fcv_below(r, 3); break;       /* overflow */
  case 1: lead = fmt_emin(to) - 2 + (long)fcv_below(r, 4); break;       /* normal edge */
  case 2: lead = fmt_qmin(to) - 2 + (long)fcv_below(r, 4); break;       /* underflow */
  case 3: lead = fmt_qmin(to) + (long)fcv_below(r, to.sb + 1); break;   /* subnormal */
  default: lead = fmt_emin(to) + (long)(fcv_next(r) % (uint64_t)(2 * fmt_bias(to) + 1));
  }
  fer_u128 m = (fcv_128(r) & fer_bv_mask(from.sb - 1)) | ((fer_u128)1 << (from.sb - 1));
  long unit_src = lead - (long)(from.sb - 1);
  long unit_dst = lead - (long)(to.sb - 1);
  if (unit_dst < fmt_qmin(to)) unit_dst = fmt_qmin(to);
  if (unit_dst > unit_src && unit_dst - unit_src < (long)from.sb)
    m = pattern_low(r, m, (uint32_t)(unit_dst - unit_src));
  return make_value(from, neg, m, unit_src);
}

#define MAX_REPORTS 12

/* ---- hand-derived facts ---------------------------------------------- */

static const fer_fmt H = {5, 11}, S = {8, 24}, D = {11, 53}, Q = {15, 113};

TEST(fp_conv_facts_fp_fp) {
  /* 0.1 in binary64 is 0x3fb999999999999a; binary32 neighbours 0x3dcccccc,
   * 0x3dcccccd, the nearer being ...cd (0.1 = 0.000110011..b). */
  fer_u128 tenth = 0x3fb999999999999aull;
  CHECK(fer_fp_convert(S, FER_RNE, D, tenth) == 0x3dcccccd);
  CHECK(fer_fp_convert(S, FER_RNA, D, tenth) == 0x3dcccccd);
  CHECK(fer_fp_convert(S, FER_RTP, D, tenth) == 0x3dcccccd);
  CHECK(fer_fp_convert(S, FER_RTZ, D, tenth) == 0x3dcccccc);
  CHECK(fer_fp_convert(S, FER_RTN, D, tenth) == 0x3dcccccc);
  CHECK(fer_fp_convert(S, FER_RTN, D, tenth | (fer_u128)1 << 63) == 0xbdcccccd);
  CHECK(fer_fp_convert(D, FER_RNE, S, 0x3f800000) == 0x3ff0000000000000ull);
  CHECK(fer_fp_convert(D, FER_RTZ, S, 0x00000001) == 0x36a0000000000000ull); /* 2^-149 */
  CHECK(fer_fp_convert(S, FER_RNE, S, 0x7f800001) == 0x7fc00000); /* NaN canonical */
  CHECK(fer_fp_convert(D, FER_RNE, S, 0xffc00123) == 0x7ff8000000000000ull);
  CHECK(fer_fp_convert(S, FER_RNE, D, 0x8000000000000000ull) == 0x80000000);
  CHECK(fer_fp_convert(S, FER_RTZ, D, 0xfff0000000000000ull) == 0xff800000);
  /* binary64 max to binary32: overflow */
  fer_u128 dmax = 0x7fefffffffffffffull;
  CHECK(fer_fp_convert(S, FER_RNE, D, dmax) == 0x7f800000);
  CHECK(fer_fp_convert(S, FER_RNA, D, dmax) == 0x7f800000);
  CHECK(fer_fp_convert(S, FER_RTZ, D, dmax) == 0x7f7fffff);
  CHECK(fer_fp_convert(S, FER_RTN, D, dmax) == 0x7f7fffff);
  CHECK(fer_fp_convert(S, FER_RTP, D, dmax | (fer_u128)1 << 63) == 0xff7fffff);
  /* binary64 min subnormal to binary32: underflow */
  CHECK(fer_fp_convert(S, FER_RNE, D, 1) == 0 && fer_fp_convert(S, FER_RTP, D, 1) == 1);
  CHECK(fer_fp_convert(S, FER_RTN, D, (fer_u128)1 << 63 | 1) == 0x80000001);
  CHECK(fer_fp_convert(S, FER_RTZ, D, (fer_u128)1 << 63 | 1) == 0x80000000);
  /* 65520 = 0x477ff000 (binary32) is the binary16 overflow tie; 65519 not */
  CHECK(fer_fp_convert(H, FER_RNE, S, 0x477ff000) == 0x7c00);
  CHECK(fer_fp_convert(H, FER_RNA, S, 0x477ff000) == 0x7c00);
  CHECK(fer_fp_convert(H, FER_RTZ, S, 0x477ff000) == 0x7bff);
  CHECK(fer_fp_convert(H, FER_RNE, S, 0x477fef00) == 0x7bff);
  /* 2^-25 (binary32 0x33000000) is half of binary16's least subnormal */
  CHECK(fer_fp_convert(H, FER_RNE, S, 0x33000000) == 0x0000);
  CHECK(fer_fp_convert(H, FER_RNA, S, 0x33000000) == 0x0001);
  CHECK(fer_fp_convert(H, FER_RNE, S, 0x33000001) == 0x0001);
  /* 1 + 2^-11 (binary32 0x3f801000) ties between binary16 1 and 1+2^-10 */
  CHECK(fer_fp_convert(H, FER_RNE, S, 0x3f801000) == 0x3c00);
  CHECK(fer_fp_convert(H, FER_RNA, S, 0x3f801000) == 0x3c01);
  CHECK(fer_fp_convert(H, FER_RNE, S, 0x3f803000) == 0x3c02); /* 1+3*2^-11 */
  /* widening to binary128: 1.5 = 0x3fff8 << 108 */
  CHECK(fer_fp_convert(Q, FER_RNE, S, 0x3fc00000) == (fer_u128)0x3fff8 << 108);
}

TEST(fp_conv_facts_from_int) {
  CHECK(fer_fp_from_ubv(S, FER_RNE, 0, 32) == 0);
  CHECK(fer_fp_from_sbv(S, FER_RTN, 0, 32) == 0); /* +0, never -0 */
  CHECK(fer_fp_from_ubv(S, FER_RNE, 1, 1) == 0x3f800000);
  CHECK(fer_fp_from_sbv(S, FER_RNE, 1, 1) == 0xbf800000); /* -1 */
  CHECK(fer_fp_from_sbv(S, FER_RNE, 0x80, 8) == 0xc3000000); /* -128 */
  CHECK(fer_fp_from_ubv(S, FER_RNE, 0x80, 8) == 0x43000000);
  /* 2^24 + 1: a tie between 2^24 (even) and 2^24 + 2 */
  CHECK(fer_fp_from_ubv(S, FER_RNE, 0x1000001, 32) == 0x4b800000);
  CHECK(fer_fp_from_ubv(S, FER_RNA, 0x1000001, 32) == 0x4b800001);
  CHECK(fer_fp_from_ubv(S, FER_RTP, 0x1000001, 32) == 0x4b800001);
  CHECK(fer_fp_from_sbv(S, FER_RTN, 0xfeffffff, 32) == 0xcb800001); /* -(2^24+1) */
  CHECK(fer_fp_from_sbv(S, FER_RTZ, 0xfeffffff, 32) == 0xcb800000);
  /* 2^128 - 1 to binary32 rounds to 2^128: overflow; toward zero: max */
  CHECK(fer_fp_from_ubv(S, FER_RNE, ~(fer_u128)0, 128) == 0x7f800000);
  CHECK(fer_fp_from_ubv(S, FER_RTZ, ~(fer_u128)0, 128) == 0x7f7fffff);
  CHECK(fer_fp_from_sbv(S, FER_RNE, (fer_u128)1 << 127, 128) == 0xff000000); /* -2^127 */
  CHECK(fer_fp_from_sbv(D, FER_RNE, ~(fer_u128)0, 128) == 0xbff0000000000000ull);
  CHECK(fer_fp_from_ubv(H, FER_RNE, 65520, 32) == 0x7c00);
  CHECK(fer_fp_from_ubv(H, FER_RTZ, 65520, 32) == 0x7bff);
  CHECK(fer_fp_from_ubv(Q, FER_RNE, ~(fer_u128)0, 128) == (fer_u128)(0x3fff + 128) << 112);
}

static fer_u128 from_q(fer_fmt f, fer_rm rm, bool neg, uint64_t n, uint64_t d) {
  uint32_t nn[2] = {(uint32_t)n, (uint32_t)(n >> 32)};
  uint32_t dd[2] = {(uint32_t)d, (uint32_t)(d >> 32)};
  return fer_fp_from_rational(f, rm, neg, nn, 2, dd, 2);
}

/* 10^k in 32-bit limbs (k <= 600), little-endian; returns the length. */
static uint32_t pow10_limbs(uint32_t *out, uint32_t k) {
  uint32_t n = 1;
  out[0] = 1;
  while (k--) {
    uint64_t c = 0;
    for (uint32_t i = 0; i < n; i++) {
      c += (uint64_t)out[i] * 10;
      out[i] = (uint32_t)c;
      c >>= 32;
    }
    if (c) out[n++] = (uint32_t)c;
  }
  return n;
}

TEST(fp_conv_facts_from_real) {
  CHECK(from_q(D, FER_RNE, false, 1, 10) == 0x3fb999999999999aull);
  CHECK(from_q(D, FER_RNA, false, 1, 10) == 0x3fb999999999999aull);
  CHECK(from_q(D, FER_RTZ, false, 1, 10) == 0x3fb9999999999999ull);
  CHECK(from_q(D, FER_RTN, true, 1, 10) == 0xbfb999999999999aull);
  CHECK(from_q(S, FER_RNE, false, 1, 3) == 0x3eaaaaab);
  CHECK(from_q(S, FER_RTZ, false, 1, 3) == 0x3eaaaaaa);
  CHECK(from_q(S, FER_RNE, true, 1, 2) == 0xbf000000);
  CHECK(from_q(S, FER_RNE, true, 0, 5) == 0); /* the real 0 gives +0 */
  CHECK(from_q(S, FER_RTN, false, 0, 1) == 0);
  /* 1 + 2^-24 ties in binary32; unreduced 3*(2^24+1) / (3*2^24) too */
  CHECK(from_q(S, FER_RNE, false, 0x1000001, 0x1000000) == 0x3f800000);
  CHECK(from_q(S, FER_RNA, false, 0x1000001, 0x1000000) == 0x3f800001);
  CHECK(from_q(S, FER_RNA, false, 3 * 0x1000001ull, 3 * 0x1000000ull) == 0x3f800001);
  CHECK(from_q(S, FER_RNA, true, 3 * 0x1000001ull, 3 * 0x1000000ull) == 0xbf800001);
  CHECK(from_q(H, FER_RNE, false, 65520, 1) == 0x7c00);
  CHECK(from_q(H, FER_RTP, false, 65505, 1) == 0x7c00);
  CHECK(from_q(H, FER_RNE, false, 1, 1ull << 25) == 0 && from_q(H, FER_RNA, false, 1, 1ull << 25) == 1);
  CHECK(from_q(H, FER_RNE, false, 3, 1ull << 26) == 1);
  /* 1e-400 and 1e400 in binary64: below the least subnormal, above max */
  uint32_t big[64];
  uint32_t n = pow10_limbs(big, 400), one = 1;
  CHECK(n > 40 && n < 64);
  CHECK(fer_fp_from_rational(D, FER_RNE, false, &one, 1, big, n) == 0);
  CHECK(fer_fp_from_rational(D, FER_RTP, false, &one, 1, big, n) == 1);
  CHECK(fer_fp_from_rational(D, FER_RTN, true, &one, 1, big, n) == 0x8000000000000001ull);
  CHECK(fer_fp_from_rational(D, FER_RNE, false, big, n, &one, 1) == 0x7ff0000000000000ull);
  CHECK(fer_fp_from_rational(D, FER_RTZ, true, big, n, &one, 1) == 0xffefffffffffffffull);
  /* 1e-320 is subnormal in binary64: 1e-320 / 2^-1074 = 2024.02.. units */
  n = pow10_limbs(big, 320);
  CHECK(fer_fp_from_rational(D, FER_RNE, false, &one, 1, big, n) == 2024);
  CHECK(fer_fp_from_rational(D, FER_RTP, false, &one, 1, big, n) == 2025);
  /* 2^300 + 2^165 over 1: the 2^165 lies in the partial limb of the 173
   * bits that the quotient drops; RTP must see it */
  uint32_t sp[10] = {0};
  sp[300 / 32] = 1u << (300 % 32), sp[165 / 32] = 1u << (165 % 32);
  CHECK(fer_fp_from_rational(D, FER_RTP, false, sp, 10, &one, 1) == 0x52b0000000000001ull);
  CHECK(fer_fp_from_rational(D, FER_RTZ, false, sp, 10, &one, 1) == 0x52b0000000000000ull);
  /* leading zero limbs are allowed */
  uint32_t ten_z[3] = {10, 0, 0}, one_z[2] = {1, 0};
  CHECK(fer_fp_from_rational(D, FER_RNE, false, one_z, 2, ten_z, 3) == 0x3fb999999999999aull);
}

typedef struct {
  fer_u128 x;
  fer_rm rm;
  uint32_t w;
  fer_u128 want;
  bool defined;
} to_int_fact;

TEST(fp_conv_facts_to_int) {
  /* binary32: 2.5 = 0x40200000, -2.5 = 0xc0200000, -0.4 = 0xbecccccd,
   * -0.6 = 0xbf19999a, 255.5 = 0x437f8000, 127.5 = 0x42ff0000,
   * -128.5 = 0xc3008000, 1.5 = 0x3fc00000, 0.5 = 0x3f000000 */
  static const to_int_fact u[] = {
      {0x40200000, FER_RNE, 8, 2, 1},    {0x40200000, FER_RNA, 8, 3, 1},
      {0x40200000, FER_RTP, 8, 3, 1},    {0x40200000, FER_RTN, 8, 2, 1},
      {0x40200000, FER_RTZ, 8, 2, 1},    {0xbecccccd, FER_RTZ, 8, 0, 1},
      {0xbecccccd, FER_RNE, 8, 0, 1},    {0xbecccccd, FER_RTN, 8, 0, 0},
      {0xbf19999a, FER_RNE, 8, 0, 0},    {0xbf19999a, FER_RTZ, 8, 0, 1},
      {0xbf19999a, FER_RTP, 8, 0, 1},    {0x437f8000, FER_RTZ, 8, 255, 1},
      {0x437f8000, FER_RNE, 8, 0xff, 0}, {0x437f8000, FER_RNA, 8, 0xff, 0},
      {0x3fc00000, FER_RNE, 1, 1, 0},    {0x3fc00000, FER_RTZ, 1, 1, 1},
      {0x7fc00000, FER_RNE, 8, 0, 0},    {0x7f800000, FER_RTZ, 8, 0xff, 0},
      {0xff800000, FER_RTZ, 8, 0, 0},    {0x80000000, FER_RTN, 8, 0, 1},
      {0x00000001, FER_RTP, 8, 1, 1},    {0x80000001, FER_RTP, 8, 0, 1},
      {0x80000001, FER_RTN, 8, 0, 0},
  };
  static const to_int_fact s[] = {
      {0xc0200000, FER_RNE, 8, 0xfe, 1}, {0xc0200000, FER_RNA, 8, 0xfd, 1},
      {0xc0200000, FER_RTP, 8, 0xfe, 1}, {0xc0200000, FER_RTN, 8, 0xfd, 1},
      {0xc0200000, FER_RTZ, 8, 0xfe, 1}, {0x42ff0000, FER_RNE, 8, 0x7f, 0},
      {0x42ff0000, FER_RTZ, 8, 0x7f, 1}, {0xc3008000, FER_RTZ, 8, 0x80, 1},
      {0xc3008000, FER_RNE, 8, 0x80, 1}, {0xc3008000, FER_RNA, 8, 0x80, 0},
      {0xc3008000, FER_RTN, 8, 0x80, 0}, {0x7fc00000, FER_RNE, 8, 0, 0},
      {0x7f800000, FER_RNE, 8, 0x7f, 0}, {0xff800000, FER_RNE, 8, 0x80, 0},
      {0xbf800000, FER_RNE, 1, 1, 1},    {0x3f000000, FER_RNA, 1, 0, 0},
      {0x3f000000, FER_RNE, 1, 0, 1},    {0xbf000000, FER_RNA, 1, 1, 1},
  };
  for (unsigned i = 0; i < sizeof u / sizeof u[0]; i++) {
    bool def = !u[i].defined;
    fer_u128 got = fer_fp_to_ubv(S, u[i].rm, u[i].x, u[i].w, &def);
    CHECK_MSG(got == u[i].want && def == u[i].defined, "to_ubv fact %u", i);
  }
  for (unsigned i = 0; i < sizeof s / sizeof s[0]; i++) {
    bool def = !s[i].defined;
    fer_u128 got = fer_fp_to_sbv(S, s[i].rm, s[i].x, s[i].w, &def);
    CHECK_MSG(got == s[i].want && def == s[i].defined, "to_sbv fact %u", i);
  }
  /* 128 bits: binary64 2^127 = 0x47e0..., 2^128 = 0x47f0... */
  bool def;
  fer_u128 top = (fer_u128)1 << 127;
  CHECK(fer_fp_to_ubv(D, FER_RNE, 0x47e0000000000000ull, 128, &def) == top && def);
  CHECK(fer_fp_to_sbv(D, FER_RNE, 0x47e0000000000000ull, 128, &def) == top - 1 && !def);
  CHECK(fer_fp_to_sbv(D, FER_RNE, 0xc7e0000000000000ull, 128, &def) == top && def);
  CHECK(fer_fp_to_ubv(D, FER_RNE, 0x47f0000000000000ull, 128, &def) == ~(fer_u128)0 && !def);
  CHECK(fer_fp_to_ubv(D, FER_RNE, 1, 64, &def) == 0 && def);
  CHECK(fer_fp_to_ubv(D, FER_RTP, 1, 64, &def) == 1 && def);
  /* binary128 (2^113 - 1) * 2^15 < 2^128 fits 128 bits unsigned */
  fer_u128 qbig = ((fer_u128)(0x3fff + 127) << 112) | fer_bv_mask(112);
  CHECK(fer_fp_to_ubv(Q, FER_RNE, qbig, 128, &def) == fer_bv_mask(113) << 15 && def);
  CHECK(fer_fp_to_ubv(Q, FER_RNE, qbig, 127, &def) == fer_bv_mask(127) && !def);
}

/* ---- FP -> FP against MPFR -------------------------------------------- */

TEST(fp_conv_fp_fp_mpfr) {
  long per = fp_cases(2000); /* per (from, to, rm) */
  fcv_rng r = fcv_seed(1);
  long done = 0, bad = 0;
  mpfr_t x;
  mpfr_init2(x, FER_ORACLE_PREC);
  for (unsigned i = 0; i < N_CONV_FMTS; i++)
    for (unsigned j = 0; j < N_CONV_FMTS; j++)
      for (int rm = 0; rm < 5; rm++)
        for (long k = 0; k < per; k++) {
          fer_fmt from = fcv_fmts[i], to = fcv_fmts[j];
          fer_u128 a = fcv_gen_src(&r, from, to);
          fer_u128 ours = fer_fp_convert(to, (fer_rm)rm, from, a);
          fer_oracle_get(x, from, a);
          fer_u128 want = fer_oracle_round(to, (fer_rm)rm, fcv_set_fr, x);
          done++;
          if (ours != want && bad++ < MAX_REPORTS) {
            char h1[40], h2[40], h3[40];
            CHECK_MSG(0, "to_fp (%u %u) -> (%u %u) %s x=%s: ours %s mpfr %s", from.eb, from.sb,
                      to.eb, to.sb, fer_oracle_rm_name((fer_rm)rm), fcv_hex(h1, a), fcv_hex(h2, ours),
                      fcv_hex(h3, want));
          }
        }
  mpfr_clear(x);
  CHECK(bad == 0);
  fprintf(stderr, "fp_conv_fp_fp_mpfr: %ld cases, %ld mismatches\n", done, bad);
}

/* ---- signed/unsigned bit-vector -> FP against MPFR -------------------- */

/* A w-bit value stressing rounding to precision p: random length, then
 * the bits below the precision set to a pattern. */
fer_u128 fcv_gen_int(fcv_rng *r, uint32_t w, uint32_t p) {
  fer_u128 v = fcv_128(r) & fer_bv_mask(w);
  switch (fcv_below(r, 6)) {
  case 0: return fcv_below(r, 3) ? v >> fcv_below(r, w) : (fer_u128)fcv_below(r, 4) & fer_bv_mask(w);
  case 1: return (fer_bv_mask(w) - fcv_below(r, 3)) & fer_bv_mask(w); /* -1, -2 .. */
  case 2: return (((fer_u128)1 << (w - 1)) + fcv_below(r, 3)) & fer_bv_mask(w); /* min */
  default: {
    uint32_t len = 1 + fcv_below(r, w);
    v &= fer_bv_mask(len);
    v |= (fer_u128)1 << (len - 1);
    if (len > p) v = pattern_low(r, v, len - p);
    if (fcv_below(r, 2)) v = fer_bv_neg(v, w);
    return v;
  }
  }
}

TEST(fp_conv_from_int_mpfr) {
  static const uint32_t widths[] = {1, 8, 32, 64, 128, 7, 65, 100};
  long per = fp_cases(2000); /* per (width, signedness, format, rm) */
  fcv_rng r = fcv_seed(2);
  long done = 0, bad = 0;
  mpz_t z;
  mpz_init(z);
  for (unsigned wi = 0; wi < sizeof widths / sizeof widths[0]; wi++)
    for (int sgn = 0; sgn < 2; sgn++)
      for (unsigned fi = 0; fi < N_CONV_FMTS; fi++)
        for (int rm = 0; rm < 5; rm++)
          for (long k = 0; k < per; k++) {
            uint32_t w = widths[wi];
            fer_fmt f = fcv_fmts[fi];
            fer_u128 v = fcv_gen_int(&r, w, f.sb);
            fer_u128 ours = sgn ? fer_fp_from_sbv(f, (fer_rm)rm, v, w)
                                : fer_fp_from_ubv(f, (fer_rm)rm, v, w);
            fcv_z_set_u128(z, v);
            if (sgn && (v >> (w - 1))) { /* two's complement: v - 2^w */
              mpz_t t;
              mpz_init(t);
              mpz_setbit(t, w);
              mpz_sub(z, z, t);
              mpz_clear(t);
            }
            fer_u128 want = fer_oracle_round(f, (fer_rm)rm, fcv_set_z, z);
            done++;
            if (ours != want && bad++ < MAX_REPORTS) {
              char h1[40], h2[40], h3[40];
              CHECK_MSG(0, "%s w=%u -> (%u %u) %s v=%s: ours %s mpfr %s",
                        sgn ? "to_fp(sbv)" : "to_fp_unsigned", w, f.eb, f.sb,
                        fer_oracle_rm_name((fer_rm)rm), fcv_hex(h1, v), fcv_hex(h2, ours), fcv_hex(h3, want));
            }
          }
  mpz_clear(z);
  CHECK(bad == 0);
  fprintf(stderr, "fp_conv_from_int_mpfr: %ld cases, %ld mismatches\n", done, bad);
}

/* ---- Real -> FP against MPFR ------------------------------------------ */

/* Builds a rational in q; `num`/`den` get the limbs ferret sees (possibly
 * unreduced, with a common factor, as the contract allows). */
void fcv_gen_rational(fcv_rng *r, fer_fmt f, mpq_t q, mpz_t num, mpz_t den, mpz_t t) {
  switch (fcv_below(r, 8)) {
  case 0: /* random sizes */
    mpz_set_ui(num, 0), mpz_set_ui(den, 0);
    for (uint32_t i = fcv_below(r, fcv_below(r, 2) ? 4 : 70) + 1; i--;) {
      mpz_mul_2exp(num, num, 32), mpz_add_ui(num, num, (uint32_t)fcv_next(r));
    }
    for (uint32_t i = fcv_below(r, fcv_below(r, 2) ? 4 : 70) + 1; i--;) {
      mpz_mul_2exp(den, den, 32), mpz_add_ui(den, den, (uint32_t)fcv_next(r));
    }
    if (fcv_below(r, 3) == 0) mpz_tdiv_q_2exp(num, num, fcv_below(r, 64));
    if (!mpz_sgn(den)) mpz_set_ui(den, 1);
    break;
  case 1: /* decimals d / 10^k or d * 10^k: 0.1, 1e-400, 1e4000 */
  case 2: {
    mpz_set_ui(num, fcv_next(r) >> fcv_below(r, 64));
    if (fcv_below(r, 2)) mpz_mul_ui(num, num, fcv_next(r));
    unsigned long k = fcv_below(r, 4) ? fcv_below(r, 40) : fcv_below(r, f.eb > 11 ? 5100 : 700);
    mpz_ui_pow_ui(t, 10, k);
    if (fcv_below(r, 3)) mpz_set(den, t);
    else mpz_set_ui(den, 1), mpz_mul(num, num, t);
    break;
  }
  case 3: { /* a value of f (or a midpoint) times big/big, +-1/big: the
             * quotient's estimate from the divisor's top bits is off */
    fer_u128 a = fcv_128(r) & (fmt_mask(f) >> 1);
    if (a >= fer_fp_inf(f, false)) a = fer_fp_inf(f, false) - 1;
    long e = (long)(a >> (f.sb - 1));
    if (fmt_bias(f) > 20000 && (e > fmt_bias(f) + 20000 || e < fmt_bias(f) - 20000))
      e = fmt_bias(f) + (long)fcv_below(r, 200) - 100;
    fer_u128 m = (a & fer_bv_mask(f.sb - 1)) | (e ? (fer_u128)1 << (f.sb - 1) : 0);
    long unit = (e ? e : 1) - fmt_bias(f) - (long)(f.sb - 1) - 1;
    fcv_z_set_u128(num, m);
    mpz_mul_2exp(num, num, 1);
    if (fcv_below(r, 2)) mpz_add_ui(num, num, 1); /* midpoint */
    mpz_set_ui(t, 0);
    for (uint32_t i = 6 + fcv_below(r, 60); i--;) /* > 160 bits */
      mpz_mul_2exp(t, t, 32), mpz_add_ui(t, t, (uint32_t)fcv_next(r));
    mpz_setbit(t, 200);
    mpz_mul(num, num, t);
    mpz_set(den, t);
    if (unit >= 0) mpz_mul_2exp(num, num, (mp_bitcnt_t)unit);
    else mpz_mul_2exp(den, den, (mp_bitcnt_t)-unit);
    switch (fcv_below(r, 3)) {
    case 0: mpz_add_ui(num, num, 1); break;
    case 1: if (mpz_cmp_ui(num, 1) > 0) mpz_sub_ui(num, num, 1); break;
    default: break;
    }
    break;
  }
  case 4: /* sparse: a few bits far apart over a small denominator */
    mpz_set_ui(num, 0);
    for (uint32_t i = 1 + fcv_below(r, 3); i--;) mpz_setbit(num, fcv_below(r, 3000));
    mpz_set_ui(den, fcv_below(r, 2) ? 1 : (fcv_next(r) >> fcv_below(r, 64)) | 1);
    if (fcv_below(r, 2)) mpz_mul_2exp(den, den, fcv_below(r, 3000));
    break;
  default: { /* a midpoint of two neighbours in f, maybe nudged */
    fer_u128 a = fcv_128(r) & (fmt_mask(f) >> 1);
    if (a >= fer_fp_inf(f, false)) a = fer_fp_inf(f, false) - 1 - fcv_below(r, 3);
    if (fcv_below(r, 4) == 0) a = fcv_below(r, 3); /* subnormal ties */
    if (fcv_below(r, 4) == 0) a = fer_fp_inf(f, false) - 1; /* overflow tie */
    /* midpoint = (2m+1) * 2^(unit-1) with m, unit of a */
    long e = (long)(a >> (f.sb - 1));
    if (fmt_bias(f) > 20000 && (e > fmt_bias(f) + 20000 || e < fmt_bias(f) - 20000))
      e = fmt_bias(f) + (long)fcv_below(r, 200) - 100; /* keep the mpq small */
    fer_u128 m = (a & fer_bv_mask(f.sb - 1)) | (e ? (fer_u128)1 << (f.sb - 1) : 0);
    long unit = (e ? e : 1) - fmt_bias(f) - (long)(f.sb - 1) - 1;
    fcv_z_set_u128(num, m);
    mpz_mul_2exp(num, num, 1), mpz_add_ui(num, num, 1);
    mpz_set_ui(den, 1);
    if (unit >= 0) mpz_mul_2exp(num, num, (mp_bitcnt_t)unit);
    else mpz_mul_2exp(den, den, (mp_bitcnt_t)-unit);
    if (fcv_below(r, 3) == 0) { /* nudge by +-1/(den * big): near, not on */
      unsigned long bigk = 1 + fcv_below(r, 300);
      mpz_mul_2exp(num, num, bigk), mpz_mul_2exp(den, den, bigk);
      if (fcv_below(r, 2)) mpz_add_ui(num, num, 1);
      else mpz_sub_ui(num, num, 1);
    }
    if (fcv_below(r, 2)) { /* unreduced: common odd factor */
      mpz_set_ui(t, (fcv_next(r) >> fcv_below(r, 60)) | 1);
      mpz_mul(num, num, t), mpz_mul(den, den, t);
    }
  }
  }
  mpq_set_num(q, num);
  mpq_set_den(q, den);
  mpq_canonicalize(q);
}

uint32_t *fcv_limbs(const mpz_t z, uint32_t *n) {
  size_t cnt = 0;
  uint32_t *p = malloc(4 * (mpz_sizeinbase(z, 2) / 32 + 2));
  mpz_export(p, &cnt, -1, 4, 0, 0, z);
  if (!cnt) p[0] = 0, cnt = 1;
  *n = (uint32_t)cnt;
  return p;
}

TEST(fp_conv_from_real_mpfr) {
  long per = fp_cases(10000); /* per (format, rm) */
  fcv_rng r = fcv_seed(3);
  long done = 0, bad = 0;
  mpq_t q;
  mpz_t num, den, t;
  mpq_init(q), mpz_inits(num, den, t, NULL);
  for (unsigned fi = 0; fi < N_CONV_FMTS; fi++)
    for (int rm = 0; rm < 5; rm++)
      for (long k = 0; k < per; k++) {
        fer_fmt f = fcv_fmts[fi];
        fcv_gen_rational(&r, f, q, num, den, t);
        bool neg = fcv_below(&r, 2);
        uint32_t nl, dl;
        uint32_t *nn = fcv_limbs(num, &nl), *dd = fcv_limbs(den, &dl);
        fer_u128 ours = fer_fp_from_rational(f, (fer_rm)rm, neg, nn, nl, dd, dl);
        if (neg) mpq_neg(q, q);
        fer_u128 want = fer_oracle_round(f, (fer_rm)rm, fcv_set_q, q);
        done++;
        if (ours != want && bad++ < MAX_REPORTS) {
          char h2[40], h3[40];
          gmp_fprintf(stderr, "  value %s%Zd / %Zd\n", neg ? "-" : "", num, den);
          CHECK_MSG(0, "to_fp(real) -> (%u %u) %s (value above): ours %s mpfr %s", f.eb, f.sb,
                    fer_oracle_rm_name((fer_rm)rm), fcv_hex(h2, ours), fcv_hex(h3, want));
        }
        free(nn), free(dd);
      }
  mpq_clear(q), mpz_clears(num, den, t, NULL);
  CHECK(bad == 0);
  fprintf(stderr, "fp_conv_from_real_mpfr: %ld cases, %ld mismatches\n", done, bad);
}

/* Numerator and denominator of at most 64 bits (fp.div or one division for
 * formats of at most 64 bits, the 64-bit-digit division for wider ones):
 * random lengths, all-ones and power-of-two edges, every format and mode. */
TEST(fp_conv_from_small_rational_mpfr) {
  long per = fp_cases(10000); /* per (format, rm) */
  fcv_rng r = fcv_seed(11);
  long done = 0, bad = 0;
  mpq_t q;
  mpz_t num, den;
  mpq_init(q), mpz_inits(num, den, NULL);
  for (unsigned fi = 0; fi < N_CONV_FMTS; fi++)
    for (int rm = 0; rm < 5; rm++)
      for (long k = 0; k < per; k++) {
        fer_fmt f = fcv_fmts[fi];
        uint64_t nd[2];
        for (int j = 0; j < 2; j++) {
          uint64_t v = fcv_next(&r) >> fcv_below(&r, 64);
          switch (fcv_below(&r, 6)) {
          case 0: v = ~0ULL >> fcv_below(&r, 64); break;        /* all ones */
          case 1: v = 1ULL << fcv_below(&r, 64); break;          /* a power of 2 */
          case 2: v = (1ULL << fcv_below(&r, 64)) + fcv_below(&r, 3) - 1; break;
          default: break;
          }
          nd[j] = v ? v : 1;
        }
        /* limb counts: trimmed, or padded with zero limbs up to 4 */
        uint32_t nn[4] = {(uint32_t)nd[0], (uint32_t)(nd[0] >> 32), 0, 0};
        uint32_t dd[4] = {(uint32_t)nd[1], (uint32_t)(nd[1] >> 32), 0, 0};
        uint32_t nl = 1 + (uint32_t)fcv_below(&r, 4), dl = 1 + (uint32_t)fcv_below(&r, 4);
        if (nl == 1 && nn[1]) nl = 2;
        if (dl == 1 && dd[1]) dl = 2;
        bool neg = fcv_below(&r, 2);
        fer_u128 ours = fer_fp_from_rational(f, (fer_rm)rm, neg, nn, nl, dd, dl);
        fcv_z_set_u128(num, nd[0]), fcv_z_set_u128(den, nd[1]);
        mpq_set_num(q, num), mpq_set_den(q, den), mpq_canonicalize(q);
        if (neg) mpq_neg(q, q);
        fer_u128 want = fer_oracle_round(f, (fer_rm)rm, fcv_set_q, q);
        done++;
        if (ours != want && bad++ < MAX_REPORTS) {
          char h2[40], h3[40];
          CHECK_MSG(0, "to_fp(real) -> (%u %u) %s %s%llu / %llu: ours %s mpfr %s", f.eb, f.sb,
                    fer_oracle_rm_name((fer_rm)rm), neg ? "-" : "", (unsigned long long)nd[0],
                    (unsigned long long)nd[1], fcv_hex(h2, ours), fcv_hex(h3, want));
        }
      }
  mpq_clear(q), mpz_clears(num, den, NULL);
  CHECK(bad == 0);
  fprintf(stderr, "fp_conv_from_small_rational_mpfr: %ld cases, %ld mismatches\n", done, bad);
}

/* ---- FP -> signed/unsigned bit-vector against MPFR -------------------- */

/* The expected fp.to_ubv/fp.to_sbv and whether SMT-LIB defines it:
 * mpfr_rint (mpfr_round for RNA) makes the integer, GMP checks the range;
 * the undefined results are ferret's documented choices. */
fer_u128 fcv_oracle_to_bv(fer_fmt f, fer_rm rm, fer_u128 a, uint32_t w, bool sgn,
                             bool *defined) {
  fer_u128 ones = fer_bv_mask(w), smin = (fer_u128)1 << (w - 1);
  fer_u128 hi = sgn ? smin - 1 : ones, lo = sgn ? smin : 0; /* saturation */
  mpfr_t x, y;
  mpfr_inits2(FER_ORACLE_PREC + 8, x, y, (mpfr_ptr)0);
  fer_oracle_get(x, f, a);
  *defined = false;
  fer_u128 res;
  if (mpfr_nan_p(x)) res = 0;
  else if (mpfr_inf_p(x)) res = mpfr_sgn(x) > 0 ? hi : lo;
  else if (mpfr_zero_p(x)) *defined = true, res = 0;
  else if (mpfr_get_exp(x) > (mpfr_exp_t)w + 2) /* |x| >= 2^(w+1): out of range */
    res = mpfr_sgn(x) > 0 ? hi : lo;
  else {
    if (rm == FER_RNA) mpfr_round(y, x);
    else mpfr_rint(y, x, fer_oracle_rnd(rm));
    mpz_t z, bound;
    mpz_inits(z, bound, NULL);
    mpfr_get_z(z, y, MPFR_RNDN); /* exact: y is an integer */
    if (sgn) {
      mpz_setbit(bound, w - 1); /* -2^(w-1) <= z < 2^(w-1) */
      mpz_neg(bound, bound);
      bool low = mpz_cmp(z, bound) < 0;
      mpz_neg(bound, bound);
      bool high = mpz_cmp(z, bound) >= 0;
      *defined = !low && !high;
      res = low ? lo : high ? hi : (mpz_sgn(z) < 0 ? (0 - z_get_u128(z)) & ones : z_get_u128(z));
    } else {
      mpz_setbit(bound, w);
      bool low = mpz_sgn(z) < 0, high = mpz_cmp(z, bound) >= 0;
      *defined = !low && !high;
      res = low ? lo : high ? hi : z_get_u128(z);
    }
    mpz_clears(z, bound, NULL);
  }
  mpfr_clears(x, y, (mpfr_ptr)0);
  return res;
}

/* An operand near the integers where to_ubv/to_sbv of width w change:
 * 0, +-1, +-2^(w-1), 2^w, plus offsets of exactly +-1/2, +-1/4, +-3/4, or
 * one unit of f; else random. */
fer_u128 fcv_gen_to_int(fcv_rng *r, fer_fmt f, uint32_t w) {
  if (fcv_below(r, 8) == 0) return fcv_gen_src(r, f, f);
  mpz_t z;
  mpq_t q, o;
  mpz_init(z), mpq_inits(q, o, NULL);
  switch (fcv_below(r, 7)) {
  case 0: mpz_set_ui(z, fcv_below(r, 3)); break;
  case 1: mpz_setbit(z, w - 1); break;
  case 2: mpz_setbit(z, w); break;
  case 3: mpz_setbit(z, w - 1), mpz_neg(z, z); break;
  case 4: mpz_set_si(z, -(long)fcv_below(r, 3)); break;
  default: { /* random magnitude below about 2^(w+1) */
    fer_u128 v = fcv_128(r) >> (127 - fcv_below(r, w));
    fcv_z_set_u128(z, v);
    if (fcv_below(r, 2)) mpz_neg(z, z);
  }
  }
  mpq_set_z(q, z);
  static const long offs[][2] = {{0, 1}, {1, 2}, {-1, 2}, {1, 4}, {-1, 4}, {3, 4}, {-3, 4}, {-1, 1}, {1, 1}};
  unsigned oi = fcv_below(r, 9);
  mpq_set_si(o, offs[oi][0], (unsigned long)offs[oi][1]);
  mpq_add(q, q, o);
  fer_u128 a = fer_oracle_round(f, (fer_rm)fcv_below(r, 5), fcv_set_q, q);
  if (fcv_below(r, 4) == 0 && !fer_fp_is_nan(f, a) && !fer_fp_is_inf(f, a)) /* one unit off */
    a = fcv_below(r, 2) ? a + 1 : a - (a & fer_bv_mask(f.eb + f.sb - 1) ? 1 : 0);
  mpz_clear(z), mpq_clears(q, o, NULL);
  return a & fmt_mask(f);
}

TEST(fp_conv_to_int_mpfr) {
  static const uint32_t widths[] = {1, 8, 32, 64, 128, 7, 65};
  static const fer_fmt fmts[] = {{5, 11}, {8, 8}, {8, 24}, {11, 53}, {15, 113}, {3, 5}, {11, 64}, {15, 64}, {4, 60}};
  long per = fp_cases(2000); /* per (width, signedness, format, rm) */
  fcv_rng r = fcv_seed(4);
  long done = 0, bad = 0, undef = 0;
  for (unsigned wi = 0; wi < sizeof widths / sizeof widths[0]; wi++)
    for (int sgn = 0; sgn < 2; sgn++)
      for (unsigned fi = 0; fi < sizeof fmts / sizeof fmts[0]; fi++)
        for (int rm = 0; rm < 5; rm++)
          for (long k = 0; k < per; k++) {
            uint32_t w = widths[wi];
            fer_fmt f = fmts[fi];
            fer_u128 a = fcv_gen_to_int(&r, f, w);
            bool def = false, wdef = false;
            fer_u128 ours = sgn ? fer_fp_to_sbv(f, (fer_rm)rm, a, w, &def)
                                : fer_fp_to_ubv(f, (fer_rm)rm, a, w, &def);
            fer_u128 want = fcv_oracle_to_bv(f, (fer_rm)rm, a, w, sgn, &wdef);
            done++, undef += !wdef;
            if ((ours != want || def != wdef) && bad++ < MAX_REPORTS) {
              char h1[40], h2[40], h3[40];
              CHECK_MSG(0, "%s %u (%u %u) %s x=%s: ours %s%s mpfr %s%s", sgn ? "fp.to_sbv" : "fp.to_ubv",
                        w, f.eb, f.sb, fer_oracle_rm_name((fer_rm)rm), fcv_hex(h1, a), fcv_hex(h2, ours),
                        def ? "" : " (undef)", fcv_hex(h3, want), wdef ? "" : " (undef)");
            }
          }
  CHECK(bad == 0);
  CHECK(undef > done / 20 && undef < done * 3 / 4); /* both kinds exercised */
  fprintf(stderr, "fp_conv_to_int_mpfr: %ld cases (%ld unspecified), %ld mismatches\n", done,
          undef, bad);
}
