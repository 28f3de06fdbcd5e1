/* The MPFR oracle (see fp_oracle.h) and tests of the oracle itself against
 * hand-derived facts, so that a wrong oracle cannot silently bless wrong
 * semantics. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <gmp.h>
#include <mpfr.h>

#include "fp_oracle.h"
#include "test.h"

void fer_oracle_wide_range(void) {
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
}

static long fmt_bias(fer_fmt f) { return (1L << (f.eb - 1)) - 1; }

static void z_from_u128(mpz_t z, fer_u128 v) {
  uint64_t limbs[2] = {(uint64_t)v, (uint64_t)(v >> 64)};
  mpz_import(z, 2, -1, sizeof(uint64_t), 0, 0, limbs);
}

static fer_u128 z_to_u128(const mpz_t z) {
  uint64_t limbs[2] = {0, 0};
  size_t n = 0;
  if (mpz_sizeinbase(z, 2) > 128) {
    fprintf(stderr, "fp_oracle: integer wider than 128 bits\n");
    abort();
  }
  mpz_export(limbs, &n, -1, sizeof(uint64_t), 0, 0, z);
  return ((fer_u128)limbs[1] << 64) | limbs[0];
}

void fer_oracle_get(mpfr_ptr x, fer_fmt f, fer_u128 bits) {
  fer_oracle_wide_range();
  unsigned sign = (unsigned)(bits >> (f.eb + f.sb - 1)) & 1;
  unsigned long emask = (1UL << f.eb) - 1;
  unsigned long e = (unsigned long)(bits >> (f.sb - 1)) & emask;
  fer_u128 frac = bits & (((fer_u128)1 << (f.sb - 1)) - 1);
  if (e == emask) {
    if (frac)
      mpfr_set_nan(x);
    else
      mpfr_set_inf(x, sign ? -1 : 1);
    return;
  }
  if (!e && !frac) {
    mpfr_set_zero(x, sign ? -1 : 1);
    return;
  }
  fer_u128 m = e ? frac | ((fer_u128)1 << (f.sb - 1)) : frac;
  long unit = (long)(e ? e : 1) - fmt_bias(f) - (long)(f.sb - 1);
  int t;
  if (!(m >> 64)) { /* common case without GMP integers */
    t = mpfr_set_uj_2exp(x, (uintmax_t)m, unit, MPFR_RNDN);
    if (sign) mpfr_neg(x, x, MPFR_RNDN);
  } else {
    mpz_t z;
    mpz_init(z);
    z_from_u128(z, m);
    if (sign) mpz_neg(z, z);
    t = mpfr_set_z_2exp(x, z, unit, MPFR_RNDN);
    mpz_clear(z);
  }
  if (t) {
    fprintf(stderr, "fp_oracle_get: precision too small\n");
    abort();
  }
}

fer_u128 fer_oracle_put(fer_fmt f, mpfr_srcptr x) {
  fer_oracle_wide_range();
  fer_u128 signbit = (fer_u128)1 << (f.eb + f.sb - 1);
  fer_u128 expones = ((fer_u128)1 << f.eb) - 1;
  if (mpfr_nan_p(x))
    return (expones << (f.sb - 1)) | ((fer_u128)1 << (f.sb - 2));
  fer_u128 s = mpfr_signbit(x) ? signbit : 0;
  if (mpfr_inf_p(x)) return s | (expones << (f.sb - 1));
  if (mpfr_zero_p(x)) return s;
  long bias = fmt_bias(f);
  long lead = (long)mpfr_get_exp(x) - 1; /* x in [2^lead, 2^(lead+1)) */
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
  fer_u128 m = ok ? z_to_u128(z) : 0;
  mpz_clear(z);
  if (!ok) {
    fprintf(stderr, "fp_oracle_put: value not in format %u/%u\n", f.eb, f.sb);
    mpfr_fprintf(stderr, "  value %Ra\n", x);
    abort();
  }
  if (!normal) return s | m;
  fer_u128 be = (fer_u128)(lead + bias);
  return s | (be << (f.sb - 1)) | (m & (((fer_u128)1 << (f.sb - 1)) - 1));
}

mpfr_rnd_t fer_oracle_rnd(fer_rm rm) {
  switch (rm) {
  case FER_RNE: return MPFR_RNDN;
  case FER_RNA: return MPFR_RNDNA;
  case FER_RTP: return MPFR_RNDU;
  case FER_RTN: return MPFR_RNDD;
  default: return MPFR_RNDZ;
  }
}

const char *fer_oracle_rm_name(fer_rm rm) {
  static const char *names[] = {"RNE", "RNA", "RTP", "RTN", "RTZ"};
  return (unsigned)rm < 5 ? names[rm] : "?";
}

char *fer_oracle_hex(char *buf, fer_fmt f, fer_u128 x) {
  unsigned digits = (f.eb + f.sb + 3) / 4;
  buf[0] = '#';
  buf[1] = 'x';
  for (unsigned i = 0; i < digits; i++)
    buf[2 + i] = "0123456789abcdef"[(unsigned)(x >> (4 * (digits - 1 - i))) & 15];
  buf[2 + digits] = '\0';
  return buf;
}

/* RNA: see fp_oracle.h for why rounding the toward-zero value at sb+2
 * bits to nearest-away at the target unit is exact. */
static fer_u128 round_rna(fer_fmt f, fer_oracle_fn fn, void *arg) {
  mpfr_t z;
  mpfr_init2(z, (mpfr_prec_t)f.sb + 2);
  fer_oracle_wide_range();
  fn(z, arg, MPFR_RNDZ);
  if (!mpfr_regular_p(z)) { /* NaN, infinity, exact zero: nothing to round */
    fer_u128 r = fer_oracle_put(f, z);
    mpfr_clear(z);
    return r;
  }
  long bias = fmt_bias(f);
  long qmin = 1 - bias - (long)(f.sb - 1);
  long unit = (long)mpfr_get_exp(z) - (long)f.sb;
  if (unit < qmin) unit = qmin;
  mpfr_mul_2si(z, z, -unit, MPFR_RNDN); /* exact */
  mpfr_round(z, z);                      /* nearest integer, ties away */
  mpfr_mul_2si(z, z, unit, MPFR_RNDN);   /* exact */
  if (mpfr_regular_p(z) && mpfr_get_exp(z) > bias + 1)
    mpfr_set_inf(z, mpfr_signbit(z) ? -1 : 1);
  fer_u128 r = fer_oracle_put(f, z);
  mpfr_clear(z);
  return r;
}

fer_u128 fer_oracle_round(fer_fmt f, fer_rm rm, fer_oracle_fn fn, void *arg) {
  if (rm == FER_RNA) return round_rna(f, fn, arg);
  mpfr_rnd_t rnd = fer_oracle_rnd(rm);
  mpfr_t r;
  mpfr_init2(r, (mpfr_prec_t)f.sb);
  long bias = fmt_bias(f);
  /* MPFR: x = m * 2^E, 1/2 <= m < 1.  Largest finite (2 - 2^(1-sb)) 2^bias
   * has E = bias + 1; smallest subnormal 2^(1-bias-(sb-1)) has
   * E = 3 - bias - sb. */
  mpfr_set_emax(bias + 1);
  mpfr_set_emin(3 - bias - (long)f.sb);
  int t = fn(r, arg, rnd);
  t = mpfr_check_range(r, t, rnd);
  mpfr_subnormalize(r, t, rnd);
  fer_u128 out = fer_oracle_put(f, r);
  mpfr_clear(r);
  return out;
}

/* ---- tests of the oracle ---- */

static const fer_fmt F16 = {5, 11};

static int set_q(mpfr_ptr r, void *arg, mpfr_rnd_t rnd) {
  return mpfr_set_q(r, (mpq_srcptr)arg, rnd);
}

/* Round the rational n/d (d > 0) to Float16. */
static fer_u128 round_q16(fer_rm rm, long n, unsigned long d) {
  mpq_t q;
  mpq_init(q);
  mpq_set_si(q, n, d);
  mpq_canonicalize(q);
  fer_u128 r = fer_oracle_round(F16, rm, set_q, q);
  mpq_clear(q);
  return r;
}

/* Float16 facts, derived by hand from the encoding (bias 15, 10 fraction
 * bits): 1 = 0x3c00, 1+2^-10 = 0x3c01, max 65504 = 0x7bff, min subnormal
 * 2^-24 = 0x0001, min normal 2^-14 = 0x0400. */
TEST(fp_oracle_float16_facts) {
  /* 1 + 2^-11 is the tie between 1 and 1+2^-10. */
  long n = 2049;
  unsigned long d = 2048;
  CHECK(round_q16(FER_RNE, n, d) == 0x3c00);
  CHECK(round_q16(FER_RNA, n, d) == 0x3c01);
  CHECK(round_q16(FER_RTP, n, d) == 0x3c01);
  CHECK(round_q16(FER_RTN, n, d) == 0x3c00);
  CHECK(round_q16(FER_RTZ, n, d) == 0x3c00);
  CHECK(round_q16(FER_RNE, -n, d) == 0xbc00);
  CHECK(round_q16(FER_RNA, -n, d) == 0xbc01);
  CHECK(round_q16(FER_RTN, -n, d) == 0xbc01);
  /* 1 + 3*2^-11 ties between 1+2^-10 (odd) and 1+2^-9 (even). */
  CHECK(round_q16(FER_RNE, 2051, 2048) == 0x3c02);
  CHECK(round_q16(FER_RNA, 2051, 2048) == 0x3c02);
  /* 65520 = 65504 + 16 is the tie between max and 2^16: overflow. */
  CHECK(round_q16(FER_RNE, 65520, 1) == 0x7c00);
  CHECK(round_q16(FER_RNA, 65520, 1) == 0x7c00);
  CHECK(round_q16(FER_RTZ, 65520, 1) == 0x7bff);
  CHECK(round_q16(FER_RTN, 65520, 1) == 0x7bff);
  CHECK(round_q16(FER_RTP, 65519, 1) == 0x7c00);
  CHECK(round_q16(FER_RNE, 65519, 1) == 0x7bff);
  CHECK(round_q16(FER_RTN, -65519, 1) == 0xfc00);
  CHECK(round_q16(FER_RTP, -65519, 1) == 0xfbff);
  /* 2^-25 is half the smallest subnormal: tie to 0 (even) or away. */
  CHECK(round_q16(FER_RNE, 1, 1UL << 25) == 0x0000);
  CHECK(round_q16(FER_RNA, 1, 1UL << 25) == 0x0001);
  CHECK(round_q16(FER_RNA, -1, 1UL << 25) == 0x8001);
  CHECK(round_q16(FER_RNE, -1, 1UL << 25) == 0x8000);
  CHECK(round_q16(FER_RTP, 1, 1UL << 40) == 0x0001);
  CHECK(round_q16(FER_RTN, 1, 1UL << 40) == 0x0000);
  CHECK(round_q16(FER_RNE, 3, 1UL << 26) == 0x0001);
  /* 3 * 2^-25 ties between 1 and 2 subnormal units: even is 2. */
  CHECK(round_q16(FER_RNE, 3, 1UL << 25) == 0x0002);
  CHECK(round_q16(FER_RNA, 5, 1UL << 25) == 0x0003);
  CHECK(round_q16(FER_RNE, 5, 1UL << 25) == 0x0002);
  /* The largest subnormal rounds up into the smallest normal. */
  CHECK(round_q16(FER_RNE, 2047, 1UL << 25) == 0x0400);
  CHECK(round_q16(FER_RTZ, 2047, 1UL << 25) == 0x03ff);
  /* 1/3 rounded: 0x3555 (nearest, 1/3 = 0.0101..b), up is 0x3556. */
  CHECK(round_q16(FER_RNE, 1, 3) == 0x3555);
  CHECK(round_q16(FER_RTP, 1, 3) == 0x3556);
  CHECK(round_q16(FER_RNA, 1, 3) == 0x3555);
}

TEST(fp_oracle_get_put_roundtrip) {
  const fer_fmt fmts[] = {{2, 2}, {3, 5}, {5, 11}, {8, 24}, {11, 53}, {15, 113}, {2, 126}};
  mpfr_t x;
  mpfr_init2(x, FER_ORACLE_PREC);
  for (unsigned i = 0; i < sizeof fmts / sizeof fmts[0]; i++) {
    fer_fmt f = fmts[i];
    uint64_t s = 0x9e3779b97f4a7c15ULL * (i + 1);
    for (int k = 0; k < 2000; k++) {
      s ^= s << 13, s ^= s >> 7, s ^= s << 17;
      fer_u128 bits = ((fer_u128)s << 64 | (s * 0x2545F4914F6CDD1DULL));
      if (f.eb + f.sb < 128) bits &= ((fer_u128)1 << (f.eb + f.sb)) - 1;
      if (k < 4) bits = (fer_u128)k;
      fer_oracle_get(x, f, bits);
      fer_u128 back = fer_oracle_put(f, x);
      if (mpfr_nan_p(x)) CHECK(fer_fp_is_nan(f, back));
      else CHECK(back == bits);
    }
  }
  mpfr_clear(x);
  /* Float16 value facts. */
  mpfr_init2(x, 11);
  fer_oracle_get(x, F16, 0x3c00);
  CHECK(mpfr_cmp_ui(x, 1) == 0);
  fer_oracle_get(x, F16, 0x0001);
  CHECK(mpfr_cmp_ui_2exp(x, 1, -24) == 0);
  fer_oracle_get(x, F16, 0x7bff);
  CHECK(mpfr_cmp_ui(x, 65504) == 0);
  fer_oracle_get(x, F16, 0xc000);
  CHECK(mpfr_cmp_si(x, -2) == 0);
  mpfr_clear(x);
}
