/* Arrays, uninterpreted functions and uninterpreted sorts, reduced to the
 * search's theories (Bool, BV, FP, RM) before a solve, and their model
 * built back from the reduced formula's model.
 *
 *   uninterpreted sort U  -> bit-vectors of width ceil(log2(n+1)), n the
 *                            number of U-sorted terms (enough room for n
 *                            distinct elements: exact);
 *   (f a1 .. an), (select A j) of a declared array or function
 *                         -> Ackermann's table: the i-th distinct argument
 *                            tuple gets a fresh variable w_i, and the term
 *                            is ite(args = args_1, w_1, ite(.., w_i)), so
 *                            every assignment is a consistent function;
 *                            constant indices that differ skip each other,
 *                            so KLEE's constant-index reads of an input
 *                            array become plain variables;
 *   select over store / const / ite  -> read-over-write (ite on the index);
 *   (= A B) on arrays     -> for a small index sort (at most 256 values)
 *                            every index; otherwise every index term of
 *                            that sort in the formula, a fresh witness
 *                            index per equality, and the defaults equal.
 *
 * Satisfiable reduced formula -> model of the original (fer_theory_model),
 * which the caller validates on the original formula as always.  `exact`
 * says whether unsat of the reduced formula is unsat of the original: it
 * is false when an array equality's index sort (over 256 values) has no
 * more values than the index terms compared (then "the defaults equal" is
 * stronger than equality). */
#ifndef FER_THEORY_H
#define FER_THEORY_H

#include "engine/pre.h"
#include "smt/model.h"

typedef struct fer_theory_fun {
  fer_term var;  /* the array or function variable */
  fer_term dflt; /* its fresh default variable (array equalities), or 0 */
  uint32_t last; /* its latest table entry + 1, 0 if none */
} fer_theory_fun;

typedef struct fer_theory_entry {
  uint32_t fun;    /* index into funs */
  uint32_t prev;   /* the function's previous entry + 1, 0 if none */
  uint32_t keys;   /* offset of its arity reduced key terms in keys */
  fer_term val;    /* its fresh value variable */
  fer_term result; /* the ite chain that stands for the application */
} fer_theory_entry;

typedef struct fer_theory {
  fer_term_stack assertions; /* the reduced formula */
  bool exact;
  FER_STACK(fer_theory_fun) funs;
  FER_STACK(fer_theory_entry) entries;
  fer_term_stack keys;
  fer_term_stack unint_var;  /* original U-sorted variables ... */
  fer_term_stack unint_bv;   /* ... and their bit-vector stand-ins */
} fer_theory;

/* Does any of a[0..n) contain an array, a function or an uninterpreted
 * sort? */
bool fer_theory_needed(ferret *, const fer_term *a, size_t n);

void fer_theory_init(fer_theory *);
void fer_theory_release(ferret *, fer_theory *);
/* Reduce a[0..n) into t.  FERRET_OK, FERRET_ERROR_UNSUPPORTED (nested
 * arrays, arrays indexed by arrays; the error says which) or
 * FERRET_ERROR_LIMIT (memory). */
ferret_status fer_theory_reduce(ferret *, const fer_term *a, size_t n,
                                fer_theory *t);
/* m holds a model of t's reduced formula: add the values of the original
 * formula's arrays, functions and U-sorted variables.  NULL on success,
 * else a reason for an unknown answer. */
const char *fer_theory_model(ferret *, const fer_theory *t, fer_model *m);

#endif
