/* The MPFR oracle of the FP tests: exact emulation of any IEEE format
 * (eb, sb) and all five rounding modes, RNA included, independent of
 * ferret's own rounding code.  Implemented in tests/test_fp_oracle.c (the
 * name makes the Makefile link it; that file also tests the oracle itself
 * against hand-derived facts).
 *
 * Usage by a test of a correctly rounded operation:
 *
 *   static int my_op(mpfr_ptr r, void *arg, mpfr_rnd_t rnd) {
 *     return mpfr_add(r, ((mpfr_ptr *)arg)[0], ((mpfr_ptr *)arg)[1], rnd);
 *   }
 *   mpfr_t a, b;  mpfr_inits2(FER_ORACLE_PREC, a, b, (mpfr_ptr)0);
 *   fer_oracle_get(a, fmt, abits); fer_oracle_get(b, fmt, bbits);
 *   mpfr_ptr args[2] = {a, b};
 *   fer_u128 want = fer_oracle_round(fmt, rm, my_op, args);
 *
 * The callback must compute its value correctly rounded to the precision
 * of r under rnd and return MPFR's ternary value (every MPFR function
 * does); it runs inside the exponent range the oracle sets and must not
 * change it.  Outside fer_oracle_round the MPFR exponent range is the
 * widest MPFR allows (fer_oracle_get/put rely on it and restore it).  Not
 * thread-safe (MPFR's exponent range is per-thread state). */
#ifndef FER_FP_ORACLE_H
#define FER_FP_ORACLE_H

#include <stdint.h> /* before mpfr.h: enables the _uj functions */
#include <mpfr.h>

#include "fp/fp.h"

/* A precision that holds any format value exactly (sb <= 126). */
#define FER_ORACLE_PREC 128

/* Widest MPFR exponent range (the oracle's resting state). */
void fer_oracle_wide_range(void);
/* x (precision >= sb) := the value of `bits` in format f, exactly.  Any NaN
 * pattern gives NaN. */
void fer_oracle_get(mpfr_ptr x, fer_fmt f, fer_u128 bits);
/* The bit pattern of x, which must be NaN, an infinity, a zero or a value
 * representable in f (otherwise the oracle reports and aborts: that is a
 * bug in the test).  NaN gives the canonical NaN. */
fer_u128 fer_oracle_put(fer_fmt f, mpfr_srcptr x);

typedef int (*fer_oracle_fn)(mpfr_ptr r, void *arg, mpfr_rnd_t rnd);
/* The value computed by fn, rounded once to format f under rm.
 * RNE/RTP/RTN/RTZ: MPFR's own emulation (precision sb, emin/emax of the
 * format, mpfr_check_range, mpfr_subnormalize with the ternary value).
 * RNA (which MPFR arithmetic does not offer): fn computes toward zero at
 * precision sb+2 in the widest exponent range; the exact value then lies in
 * [z, z+ulp) and, because ties of the target precision are representable at
 * sb+2 bits, rounding z to nearest-ties-away at the target's unit (taking
 * subnormals into account) gives the correctly rounded result; overflow goes
 * to infinity. */
fer_u128 fer_oracle_round(fer_fmt f, fer_rm rm, fer_oracle_fn fn, void *arg);

/* MPFR rounding mode for rm (RNA maps to MPFR_RNDNA, usable only with
 * mpfr_round-like functions; do not pass it to arithmetic). */
mpfr_rnd_t fer_oracle_rnd(fer_rm rm);

/* Helpers for printing mismatches. */
const char *fer_oracle_rm_name(fer_rm rm);
/* Hex of the low eb+sb bits of x into buf (>= 35 bytes); returns buf. */
char *fer_oracle_hex(char *buf, fer_fmt f, fer_u128 x);

#endif
