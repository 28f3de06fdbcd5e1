/* Floating-point formats of any width: the multi-word slow path beside
 * fp.h's fer_u128 code, for formats whose eb + sb exceeds 128 bits
 * ((_ FloatingPoint 19 237), Float256, (_ FloatingPoint 11 200) ...).
 *
 * A value is its IEEE interchange bit pattern (sign, eb exponent bits,
 * sb-1 trailing significand bits) in fer_fpw_limbs(fmt) little-endian
 * 64-bit limbs (bv/bvw.h's layout: the pattern is the bit-vector
 * (_ BitVec eb+sb) of the same bits), the bits above eb+sb zero on input
 * and output.  Formats: eb >= 2, sb >= 2, eb <= 30, eb + sb <=
 * FER_FPW_MAX_BITS.  The functions also take every format fp.h takes, and
 * give the same bits there (tests/test_fpw.c checks it), so conversions
 * between a narrow and a wide format go through here too.
 *
 * The semantics are fp.h's: one canonical NaN returned, any NaN pattern
 * accepted; every rounding mode including RNA; exact results rounded once
 * with an exact sticky bit; ferret's documented choices where SMT-LIB
 * leaves a result unspecified (min/max of two zeros, fp.to_ubv/to_sbv out
 * of range) are the same.  Pure functions: no globals, no allocation (the
 * few that need space beyond fixed stack buffers take it from the
 * caller).  Results may not overlap the operands. */
#ifndef FER_FPW_H
#define FER_FPW_H

#include <stdbool.h>
#include <stdint.h>

#include "base/ops.h"
#include "fp/fp.h" /* fer_fmt */

#define FER_FPW_MAX_BITS 1024

static inline uint32_t fer_fpw_limbs(fer_fmt f) { return (f.eb + f.sb + 63) / 64; }

/* The formats this file takes (every fp.h format among them). */
static inline bool fer_fpw_fmt_ok(fer_fmt f) {
  return f.eb >= 2 && f.sb >= 2 && f.eb <= 30 &&
         (uint64_t)f.eb + f.sb <= FER_FPW_MAX_BITS;
}

/* ---- arithmetic (r := op(a, b ...)) ---- */
void fer_fpw_add(fer_fmt, fer_rm, uint64_t *r, const uint64_t *a, const uint64_t *b);
void fer_fpw_sub(fer_fmt, fer_rm, uint64_t *r, const uint64_t *a, const uint64_t *b);
void fer_fpw_mul(fer_fmt, fer_rm, uint64_t *r, const uint64_t *a, const uint64_t *b);
void fer_fpw_div(fer_fmt, fer_rm, uint64_t *r, const uint64_t *a, const uint64_t *b);
void fer_fpw_fma(fer_fmt, fer_rm, uint64_t *r, const uint64_t *a, const uint64_t *b,
                 const uint64_t *c);
void fer_fpw_sqrt(fer_fmt, fer_rm, uint64_t *r, const uint64_t *a);
/* IEEE remainder (quotient rounded to nearest even), exact. */
void fer_fpw_rem(fer_fmt, uint64_t *r, const uint64_t *a, const uint64_t *b);
void fer_fpw_rti(fer_fmt, fer_rm, uint64_t *r, const uint64_t *a);
void fer_fpw_min(fer_fmt, uint64_t *r, const uint64_t *a, const uint64_t *b);
void fer_fpw_max(fer_fmt, uint64_t *r, const uint64_t *a, const uint64_t *b);
void fer_fpw_abs(fer_fmt, uint64_t *r, const uint64_t *a);
void fer_fpw_neg(fer_fmt, uint64_t *r, const uint64_t *a);

/* ---- predicates ---- */
bool fer_fpw_leq(fer_fmt, const uint64_t *a, const uint64_t *b);
bool fer_fpw_lt(fer_fmt, const uint64_t *a, const uint64_t *b);
bool fer_fpw_eq(fer_fmt, const uint64_t *a, const uint64_t *b);     /* fp.eq */
bool fer_fpw_smt_eq(fer_fmt, const uint64_t *a, const uint64_t *b); /* = */
/* op is one of FER_OP_FP_IS_NORMAL .. FER_OP_FP_IS_POS. */
bool fer_fpw_test(fer_fmt, fer_op op, const uint64_t *a);

/* ---- special values ---- */
void fer_fpw_nan(fer_fmt, uint64_t *r);
void fer_fpw_inf(fer_fmt, uint64_t *r, bool negative);
void fer_fpw_zero(fer_fmt, uint64_t *r, bool negative);

/* ---- conversions ---- */
/* r (format `to`) := x (format `from`) rounded under rm; any two formats. */
void fer_fpw_convert(fer_fmt to, fer_rm, uint64_t *r, fer_fmt from, const uint64_t *x);
/* Bit-vector of `width` bits (fer_bvw_limbs(width) limbs) -> FP. */
void fer_fpw_from_bv(fer_fmt, fer_rm, uint64_t *r, const uint64_t *bv,
                     uint32_t width, bool is_signed);
/* FP -> bit-vector of `width` bits into out (fer_bvw_limbs(width) limbs);
 * *defined false where SMT-LIB leaves the result unspecified, the value
 * then being fp.h's choice (saturation, NaN at 0). */
void fer_fpw_to_bv(fer_fmt, fer_rm, const uint64_t *x, uint32_t width,
                   bool is_signed, uint64_t *out, bool *defined);
/* Exact rational (-1)^neg * num/den (32-bit little-endian limbs, den != 0)
 * correctly rounded; tmp holds dlen + 2 words. */
void fer_fpw_from_rational(fer_fmt, fer_rm, uint64_t *r, bool neg,
                           const uint32_t *num, uint32_t nlen,
                           const uint32_t *den, uint32_t dlen, uint32_t *tmp);

#endif
