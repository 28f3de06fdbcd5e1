/* Relations between terms (pipeline step 4c, after intervals): proofs of
 * unsat that no single term's domain shows, because the contradiction is a
 * relation between terms:
 *
 *   x < y, y < z, z <= x            (a cycle of orders with a strict one)
 *   x1 - x0 == 0 and x0 < x1        (an exact IEEE fact turned relation)
 *   (to_fp (bvsub a b)) == 0 and a <s b
 *
 * The asserted conjuncts give equalities (a union-find of identical terms:
 * `=` on BV and FP, and the facts below) and order edges, strict or weak,
 * in three separate orders: the numeric order of FP values (fp.lt, fp.leq,
 * fp.gt, fp.geq, fp.eq as two weak edges; every one of them implies that
 * its operands are not NaN, so the order is a total preorder on them, with
 * -0 and +0 equal), the unsigned and the signed order of BV values.  A
 * strict edge inside a strongly connected component of one order is a
 * contradiction; so is `distinct` or (not (= x y)) within one class.
 *
 * Exact facts used (each holds for every rounding mode and format):
 *  - fp.sub(rm, x, y) is zero iff x and y are finite and numerically equal
 *    (with subnormals the exact difference of two distinct finite floats is
 *    a nonzero multiple of the smallest subnormal, which no rounding takes
 *    to zero; an infinite operand gives NaN or an infinity);
 *  - bvsub(a, b) and bvxor(a, b) are zero iff a = b;
 *  - to_fp of a signed or unsigned BV t is zero iff t is zero (a nonzero
 *    integer has magnitude at least 1, which every format holds, and
 *    rounding never crosses a representable value toward zero).
 * Negated FP orders give nothing (NaN), negated BV orders their complement.
 * Sound, not complete: a cycle is found only through asserted atoms.
 *
 * With intervals (fer_relations_fixpoint), the two feed each other: the
 * members of a class meet their domains; an edge x < y (or x <= y) raises
 * y's lower bound to above x's and lowers x's upper bound to below y's
 * (numeric order for FP, -0 equal to +0; NaN is excluded for the ends of
 * FP edges, and the operands of a zero difference are finite); an empty
 * class is unsat.  Bounds narrower than a term's domain become atoms
 * (fp.leq c t), (bvule t c), (bvsle c t) ... that hold in every model,
 * and interval propagation runs again over the assertions and these
 * atoms, at most FER_RELATE_MAX_ROUNDS times.  An order that the
 * intervals prove (disjoint domains) needs no edge of its own: the bounds
 * that prove it are the ones propagated.  Every step is an
 * over-approximation valid under every rounding mode, so an empty domain
 * is still a proof. */
#ifndef FER_RELATE_H
#define FER_RELATE_H

#include "base/context.h"
#include "engine/interval.h"
#include "smt/term.h"

/* Rounds of relations and intervals in fer_relations_fixpoint. */
#define FER_RELATE_MAX_ROUNDS 4

/* Is the conjunction of a[0..n) contradictory by its relations?  *unsat
 * set; false on allocation failure (error set). */
bool fer_relations_run(ferret *, const fer_term *a, size_t n, bool *unsat);

/* The same with the domains of an interval run over a[0..n) (iv), to a
 * fixpoint of both (above); iv then holds the last domains (narrower, as
 * sound as before) and *rounds the rounds that were run.  false on
 * allocation failure (error set; *unsat false). */
bool fer_relations_fixpoint(ferret *, const fer_term *a, size_t n, fer_intervals *iv,
                            bool *unsat, uint32_t *rounds);

#endif
