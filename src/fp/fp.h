/* Exact IEEE-754 / SMT-LIB FloatingPoint semantics on bit patterns.
 *
 * Every value is its IEEE interchange bit pattern in the low eb+sb bits of
 * a fer_u128 (sign, then eb exponent bits, then sb-1 trailing significand
 * bits); higher bits are zero.  Formats: eb >= 2, sb >= 2, eb + sb <= 128
 * (eb <= 30 so exponents fit in int32_t arithmetic).
 *
 * NaN: SMT-LIB has exactly one NaN.  Every function returns the canonical
 * NaN (sign 0, exponent all ones, significand 10...0) and accepts any NaN
 * pattern as input.
 *
 * The rounding mode is always a parameter (SoftFloat's global mode is the
 * part not copied).  All functions are pure: no globals, no allocation,
 * thread-safe.  Unspecified cases of SMT-LIB are resolved as documented at
 * each function and in docs/semantics.md.
 */
#ifndef FER_FP_H
#define FER_FP_H

#include <stdbool.h>
#include <stdint.h>

#include "base/ops.h"  /* fer_rm */
#include "base/u128.h"

typedef struct fer_fmt {
  uint32_t eb, sb;
} fer_fmt;

#define FER_FMT_MAX_BITS 128

/* ---- classification (class.c) ---- */
bool fer_fp_is_nan(fer_fmt, fer_u128);
bool fer_fp_is_inf(fer_fmt, fer_u128);
bool fer_fp_is_zero(fer_fmt, fer_u128);
bool fer_fp_is_normal(fer_fmt, fer_u128);
bool fer_fp_is_subnormal(fer_fmt, fer_u128);
bool fer_fp_is_negative(fer_fmt, fer_u128); /* false for NaN */
bool fer_fp_is_positive(fer_fmt, fer_u128); /* false for NaN */
fer_u128 fer_fp_nan(fer_fmt);
fer_u128 fer_fp_inf(fer_fmt, bool negative);
fer_u128 fer_fp_zero(fer_fmt, bool negative);
/* NaN made canonical, everything else unchanged. */
fer_u128 fer_fp_canon(fer_fmt, fer_u128);
/* The total order -NaNs < -oo < ... < -0 < +0 < ... < +oo < +NaNs as
 * integers: a bijection of the patterns onto 0 .. 2^(eb+sb) - 1 (negative
 * patterns reversed), so an interval of keys without the NaN ends is an
 * interval of values with -0 just below +0. */
fer_u128 fer_fp_order_key(fer_fmt, fer_u128);
fer_u128 fer_fp_from_order_key(fer_fmt, fer_u128 key);
/* (fp s e m) from its three fields. */
fer_u128 fer_fp_make(fer_fmt, unsigned sign, fer_u128 exp, fer_u128 sig);

/* ---- rounding core (round.c) ----
 * The value (-1)^sign * (sig + sticky*eps) * 2^exp, rounded to `fmt` under
 * `rm`, where 0 < eps < 1 is an unknown tiny amount (sticky says the exact
 * value lies strictly between sig*2^exp and (sig+1)*2^exp).  sig may use all
 * 128 bits; if sig == 0 and !sticky the result is a zero of that sign.
 * Handles overflow to infinity/max-finite and gradual underflow, per
 * IEEE 754-2008 (tininess after rounding is irrelevant: SMT-LIB has no
 * flags). */
fer_u128 fer_fp_round(fer_fmt, fer_rm, bool sign, int32_t exp, fer_u128 sig,
                      bool sticky);

/* ---- arithmetic ---- */
fer_u128 fer_fp_abs(fer_fmt, fer_u128);
fer_u128 fer_fp_neg(fer_fmt, fer_u128);
fer_u128 fer_fp_add(fer_fmt, fer_rm, fer_u128, fer_u128);
fer_u128 fer_fp_sub(fer_fmt, fer_rm, fer_u128, fer_u128);
fer_u128 fer_fp_mul(fer_fmt, fer_rm, fer_u128, fer_u128);
fer_u128 fer_fp_div(fer_fmt, fer_rm, fer_u128, fer_u128);
fer_u128 fer_fp_fma(fer_fmt, fer_rm, fer_u128, fer_u128, fer_u128);
fer_u128 fer_fp_sqrt(fer_fmt, fer_rm, fer_u128);
fer_u128 fer_fp_rem(fer_fmt, fer_u128, fer_u128);  /* IEEE remainder (RNE quotient) */
fer_u128 fer_fp_rti(fer_fmt, fer_rm, fer_u128);    /* roundToIntegral */
/* min/max of +0 and -0 (either order) is unspecified in SMT-LIB; the
 * choice ferret makes is documented in minmax.c and docs/semantics.md. */
fer_u128 fer_fp_min(fer_fmt, fer_u128, fer_u128);
fer_u128 fer_fp_max(fer_fmt, fer_u128, fer_u128);

/* ---- comparisons (IEEE: NaN compares false; -0 == +0) ---- */
bool fer_fp_leq(fer_fmt, fer_u128, fer_u128);
bool fer_fp_lt(fer_fmt, fer_u128, fer_u128);
bool fer_fp_eq(fer_fmt, fer_u128, fer_u128);  /* fp.eq */
/* SMT-LIB `=` on FP: all NaNs equal, +0 and -0 distinct. */
bool fer_fp_smt_eq(fer_fmt, fer_u128, fer_u128);

/* ---- conversions ---- */
/* FP -> FP of another format. */
fer_u128 fer_fp_convert(fer_fmt to, fer_rm, fer_fmt from, fer_u128);
/* Signed / unsigned bit-vector of `width` bits (1..128) -> FP. */
fer_u128 fer_fp_from_sbv(fer_fmt, fer_rm, fer_u128 bv, uint32_t width);
fer_u128 fer_fp_from_ubv(fer_fmt, fer_rm, fer_u128 bv, uint32_t width);
/* Exact rational (-1)^neg * num/den (32-bit little-endian limbs, den != 0,
 * any size) -> FP, correctly rounded. */
fer_u128 fer_fp_from_rational(fer_fmt, fer_rm, bool neg, const uint32_t *num,
                              uint32_t nlen, const uint32_t *den,
                              uint32_t dlen);
/* FP -> bit-vector of `width` bits (1..128), rounding with rm.  *defined is
 * set false when SMT-LIB leaves the result unspecified (NaN, infinity, out
 * of range); the value returned then is ferret's documented choice. */
fer_u128 fer_fp_to_ubv(fer_fmt, fer_rm, fer_u128, uint32_t width, bool *defined);
fer_u128 fer_fp_to_sbv(fer_fmt, fer_rm, fer_u128, uint32_t width, bool *defined);
/* The same two conversions at any width (bit-vectors wider than 128
 * bits), the bit-vector in fer_bvw_limbs(width) little-endian limbs
 * (bv/bvw.h).  from: tmp holds fer_bvw_limbs(width) limbs.  to: out holds
 * fer_bvw_limbs(width) limbs, tmp 2 * fer_bvw_scratch(width); the unspecified
 * cases give the values fer_fp_to_ubv/fer_fp_to_sbv give at their widths
 * (saturation, NaN at 0). */
fer_u128 fer_fp_from_bvw(fer_fmt, fer_rm, const uint64_t *bv, uint32_t width,
                         bool is_signed, uint64_t *tmp);
void fer_fp_to_bvw(fer_fmt, fer_rm, fer_u128, uint32_t width, bool is_signed,
                   uint64_t *out, bool *defined, uint64_t *tmp);

#endif
