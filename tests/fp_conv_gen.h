/* Input generators and the integer-conversion oracle of the FP conversion
 * tests, shared by tests/test_fp_conv.c (MPFR, where they are defined) and
 * tests/test_fp_conv_z3.c (z3).  Test code only. */
#ifndef FER_FP_CONV_GEN_H
#define FER_FP_CONV_GEN_H

#include <stdio.h>

#include <gmp.h>
#include <mpfr.h>

#include "fp/fp.h"

typedef struct fcv_rng {
  uint64_t s;
} fcv_rng;

uint64_t fcv_next(fcv_rng *);                 /* splitmix64 */
uint32_t fcv_below(fcv_rng *, uint32_t n);    /* uniform in [0, n) */
fer_u128 fcv_128(fcv_rng *);
/* A stream from FERRET_SEED (default fixed) and a per-test salt. */
fcv_rng fcv_seed(uint64_t salt);

/* Float16, BFloat16, Float32, Float64, Float128 and odd formats. */
extern const fer_fmt fcv_fmts[];
extern const unsigned fcv_nfmts;

/* An operand of `from` that stresses rounding into `to`: specials, random
 * bits, or values near `to`'s overflow / normal-subnormal / underflow
 * thresholds whose bits below `to`'s precision are a half, half +- 1,
 * all ones, zero or random. */
fer_u128 fcv_gen_src(fcv_rng *, fer_fmt from, fer_fmt to);
/* A w-bit integer stressing rounding to p bits (edges, patterns). */
fer_u128 fcv_gen_int(fcv_rng *, uint32_t w, uint32_t p);
/* A rational for format f: q = num/den (canonical), num/den as ferret gets
 * them (maybe unreduced); t is scratch. */
void fcv_gen_rational(fcv_rng *, fer_fmt f, mpq_t q, mpz_t num, mpz_t den, mpz_t t);
/* An operand of f near where fp.to_ubv / fp.to_sbv of width w change. */
fer_u128 fcv_gen_to_int(fcv_rng *, fer_fmt f, uint32_t w);
/* MPFR/GMP reference of fp.to_ubv (sgn false) / fp.to_sbv, with ferret's
 * documented values where SMT-LIB leaves the result unspecified. */
fer_u128 fcv_oracle_to_bv(fer_fmt f, fer_rm rm, fer_u128 a, uint32_t w, bool sgn,
                          bool *defined);

/* Helpers. */
uint32_t *fcv_limbs(const mpz_t z, uint32_t *n); /* |z| as malloc'd 32-bit limbs */
void fcv_z_set_u128(mpz_t z, fer_u128 v);
int fcv_set_q(mpfr_ptr r, void *q, mpfr_rnd_t rnd);  /* fer_oracle_fn */
int fcv_set_fr(mpfr_ptr r, void *x, mpfr_rnd_t rnd);
int fcv_set_z(mpfr_ptr r, void *z, mpfr_rnd_t rnd);
char *fcv_hex(char *buf, fer_u128 v); /* 32 hex digits; buf >= 40 bytes */

#endif
