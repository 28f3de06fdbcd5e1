/* Natural numbers of any size as little-endian arrays of 32-bit limbs: the
 * one home of multi-limb arithmetic.  Users: the term store's rationals
 * (term.c reduces them with gcd and division), the reader's literals
 * (parse_num.c: BV constants from binary, hex and decimal text, exact
 * Real arithmetic), the printer (print_value.c: decimals) and the exact
 * Real -> FP conversion (fp/from_real.c).
 *
 * Nothing here allocates: the caller owns every array and says how many
 * limbs it has (`n`); inputs may carry leading zero limbs, and functions
 * that produce a number return its length without them (trimmed).  So the
 * module depends on no context and can be tested on its own.  Costs are
 * linear in the limbs, except mul, divmod and gcd (quadratic, which is
 * plenty for literals: parse.h bounds their size). */
#ifndef FER_NAT_H
#define FER_NAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/u128.h" /* fer_nat_cmp_mul's multiplier */

/* ---- reading ---- */

/* Number of limbs without the leading zero limbs (0 for the number 0). */
uint32_t fer_nat_trim(const uint32_t *a, uint32_t n);
/* Number of significant bits (0 for 0). */
uint64_t fer_nat_bitlen(const uint32_t *a, uint32_t n);
/* Bits [pos, pos+32) of a, for any pos (bits outside the number read as 0):
 * limb i of floor(a * 2^-pos) when pos = 32i + p. */
uint32_t fer_nat_bits32(const uint32_t *a, uint32_t n, int64_t pos);
/* True iff the low `count` bits of a are all zero. */
bool fer_nat_low_zero(const uint32_t *a, uint32_t n, uint64_t count);
/* -1, 0 or 1 as a <, = or > b. */
int fer_nat_cmp(const uint32_t *a, uint32_t an, const uint32_t *b,
                uint32_t bn);
/* The sign (-1, 0, 1) of  q*b - floor(a * 2^k)  for a 128-bit q and any
 * shift k (negative k shifts a right, dropping bits).  Cost: one pass over
 * the limbs of b and of the shifted a, no memory. */
int fer_nat_cmp_mul(fer_u128 q, const uint32_t *b, uint32_t bn,
                    const uint32_t *a, uint32_t an, int64_t k);

/* ---- arithmetic (each returns the trimmed length of its result) ---- */

/* r = a + b; r has room for max(an, bn) + 1 limbs and may be a or b. */
uint32_t fer_nat_add(uint32_t *r, const uint32_t *a, uint32_t an,
                     const uint32_t *b, uint32_t bn);
/* r = a - b, for a >= b; r has room for an limbs and may be a. */
uint32_t fer_nat_sub(uint32_t *r, const uint32_t *a, uint32_t an,
                     const uint32_t *b, uint32_t bn);
/* r = a * b; r has room for an + bn limbs and is neither a nor b. */
uint32_t fer_nat_mul(uint32_t *r, const uint32_t *a, uint32_t an,
                     const uint32_t *b, uint32_t bn);
/* a = (a * m + c) mod 2^(32n), in place.  Returns the carry out: the limb
 * a caller with room stores at a[n] to keep the exact product. */
uint32_t fer_nat_mul_add_small(uint32_t *a, uint32_t n, uint32_t m,
                               uint32_t c);
/* a = floor(a / d), in place, for d != 0.  Returns a mod d. */
uint32_t fer_nat_div_small(uint32_t *a, uint32_t n, uint32_t d);
/* q = floor(a / d) and r = a mod d, for d != 0; q has room for an limbs,
 * r for dn + 1 (neither may be an input).  The trimmed length of q is
 * returned. */
uint32_t fer_nat_divmod(uint32_t *q, uint32_t *r, const uint32_t *a,
                        uint32_t an, const uint32_t *d, uint32_t dn);
/* a = floor(a / 2^k) and a = (a * 2^k) mod 2^(32n), in place, any k. */
void fer_nat_shr(uint32_t *a, uint32_t n, uint64_t k);
void fer_nat_shl(uint32_t *a, uint32_t n, uint64_t k);
/* gcd(a, b) into a, both of n limbs; b is destroyed.  gcd(0, b) = b. */
uint32_t fer_nat_gcd(uint32_t *a, uint32_t *b, uint32_t n);

/* ---- text and other representations ---- */

/* The digits s[0..len) in base 2, 10 or 16 (a '.' is skipped, so a
 * decimal's digits read as its numerator) into a, modulo 2^(32n).  The
 * digits must be valid (the lexer checked them). */
uint32_t fer_nat_from_text(uint32_t *a, uint32_t n, const char *s,
                           uint32_t len, unsigned base);
/* Limbs enough for any number of `digits` decimal digits (log2(10) <
 * 10/3 bits per digit, plus one limb of slack). */
static inline uint32_t fer_nat_decimal_limbs(uint32_t digits) {
  return (uint32_t)(((uint64_t)digits * 10 / 3) / 32 + 2);
}
/* The decimal digits of a, most significant first, into out (room for
 * 10 * n digits, at least 1; no NUL); a is destroyed (left 0).  Returns
 * the number of digits ("0" for 0). */
size_t fer_nat_to_decimal(char *out, uint32_t *a, uint32_t n);
/* The same number on 64-bit limbs (the term store's constants): out has
 * room for (n + 1) / 2 limbs. */
void fer_nat_to_u64(uint64_t *out, const uint32_t *a, uint32_t n);

#endif
