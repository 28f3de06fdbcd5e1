/* Bit-vector semantics of SMT-LIB 2.6 (FixedSizeBitVectors and QF_BV),
 * on values of 1..128 bits held in the low bits of a fer_u128 (higher bits
 * zero on input and output).  Division by zero as SMT-LIB 2.6 defines it:
 * bvudiv x 0 = all ones, bvurem x 0 = x, bvsdiv/bvsrem/bvsmod follow from
 * their definitions.  Shifts by >= width give 0 (or all sign bits).
 * Pure functions, no state. */
#ifndef FER_BV_H
#define FER_BV_H

#include <stdbool.h>
#include <stdint.h>

#include "base/u128.h"

#define FER_BV_MAX_WIDTH 128

static inline fer_u128 fer_bv_mask(uint32_t w) {
  return w >= 128 ? ~(fer_u128)0 : (((fer_u128)1 << w) - 1);
}

fer_u128 fer_bv_not(fer_u128 a, uint32_t w);
fer_u128 fer_bv_neg(fer_u128 a, uint32_t w);
fer_u128 fer_bv_add(fer_u128 a, fer_u128 b, uint32_t w);
fer_u128 fer_bv_sub(fer_u128 a, fer_u128 b, uint32_t w);
fer_u128 fer_bv_mul(fer_u128 a, fer_u128 b, uint32_t w);
fer_u128 fer_bv_udiv(fer_u128 a, fer_u128 b, uint32_t w);
fer_u128 fer_bv_urem(fer_u128 a, fer_u128 b, uint32_t w);
fer_u128 fer_bv_sdiv(fer_u128 a, fer_u128 b, uint32_t w);
fer_u128 fer_bv_srem(fer_u128 a, fer_u128 b, uint32_t w);
fer_u128 fer_bv_smod(fer_u128 a, fer_u128 b, uint32_t w);
fer_u128 fer_bv_shl(fer_u128 a, fer_u128 b, uint32_t w);
fer_u128 fer_bv_lshr(fer_u128 a, fer_u128 b, uint32_t w);
fer_u128 fer_bv_ashr(fer_u128 a, fer_u128 b, uint32_t w);
fer_u128 fer_bv_rotl(fer_u128 a, uint32_t n, uint32_t w);
fer_u128 fer_bv_rotr(fer_u128 a, uint32_t n, uint32_t w);
/* Two's complement value as signed: sign-extends bit w-1. */
__extension__ typedef __int128 fer_i128;
fer_i128 fer_bv_signed(fer_u128 a, uint32_t w);
bool fer_bv_ult(fer_u128 a, fer_u128 b, uint32_t w);
bool fer_bv_slt(fer_u128 a, fer_u128 b, uint32_t w);
/* extract [hi:lo], concat (a is the high part), repeat, extensions: the
 * caller guarantees the result width is <= 128. */
fer_u128 fer_bv_extract(fer_u128 a, uint32_t hi, uint32_t lo);
fer_u128 fer_bv_concat(fer_u128 a, fer_u128 b, uint32_t wb);
fer_u128 fer_bv_repeat(fer_u128 a, uint32_t n, uint32_t w);
fer_u128 fer_bv_sign_extend(fer_u128 a, uint32_t n, uint32_t w);
/* Overflow predicates (SMT-LIB 2.7). */
bool fer_bv_nego(fer_u128 a, uint32_t w);
bool fer_bv_uaddo(fer_u128 a, fer_u128 b, uint32_t w);
bool fer_bv_saddo(fer_u128 a, fer_u128 b, uint32_t w);
bool fer_bv_umulo(fer_u128 a, fer_u128 b, uint32_t w);
bool fer_bv_smulo(fer_u128 a, fer_u128 b, uint32_t w);
bool fer_bv_usubo(fer_u128 a, fer_u128 b, uint32_t w);
bool fer_bv_ssubo(fer_u128 a, fer_u128 b, uint32_t w);
bool fer_bv_sdivo(fer_u128 a, fer_u128 b, uint32_t w);

#endif
