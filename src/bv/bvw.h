/* Bit-vector semantics at every width: the multi-word slow path beside
 * bv.h's fer_u128 fast path.  A value of w bits is held in
 * fer_bvw_limbs(w) little-endian 64-bit limbs (limb 0 holds bits 0..63),
 * the bits above w zero on input and output.  The operations are those of
 * bv.h, with the same SMT-LIB 2.6/2.7 meaning (division by zero, shifts by
 * >= w, overflow predicates); the two agree on every width up to 128
 * (tests/test_bv.c checks it).
 *
 * Pure functions, no allocation: scratch space comes from the caller. */
#ifndef FER_BVW_H
#define FER_BVW_H

#include <stdbool.h>
#include <stdint.h>

#include "base/ops.h"

static inline uint32_t fer_bvw_limbs(uint32_t w) { return (w + 63) / 64; }

/* Limbs of scratch fer_bvw_apply needs for operands of width w. */
static inline uint32_t fer_bvw_scratch(uint32_t w) {
  return 6 * fer_bvw_limbs(w) + 2;
}

/* The width of op's result (wa, wb the operands' widths, i0/i1 the term's
 * indices); 1 for predicates and bvcomp.  0 if op is not a bit-vector
 * operation fer_bvw_apply takes. */
uint32_t fer_bvw_result_width(fer_op op, uint32_t wa, uint32_t wb,
                              uint32_t i0, uint32_t i1);

/* r := op(a, b) for every QF_BV operator but ite, = and distinct (compare
 * with fer_bvw_cmp): unary ops ignore b; predicates (bvult ..., the
 * overflow predicates, bvredand/bvredor) and bvcomp write 0 or 1 in r[0].
 * wa/wb are the operands' widths, i0/i1 the indices (extract hi lo; the
 * count of repeat, the extensions and the rotations).  r holds
 * fer_bvw_limbs(result width) limbs and may not overlap a or b; tmp holds
 * fer_bvw_scratch(max(wa, wb, result width)) limbs.  Returns false if op
 * is not one of them. */
bool fer_bvw_apply(fer_op op, uint64_t *r, const uint64_t *a,
                   const uint64_t *b, uint32_t wa, uint32_t wb, uint32_t i0,
                   uint32_t i1, uint64_t *tmp);

/* Unsigned comparison of two w-bit values: -1, 0, 1. */
int fer_bvw_cmp(const uint64_t *a, const uint64_t *b, uint32_t w);

#endif
