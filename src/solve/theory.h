/* Arrays, uninterpreted functions and uninterpreted sorts, reduced to the
 * search's theories (Bool, BV, FP, RM) before a solve, and their model
 * built back from the reduced formula's model.
 *
 *   uninterpreted sort U  -> bit-vectors of width ceil(log2(n+1)), n the
 *                            number of U-sorted terms and fresh U-sorted
 *                            values the encoding adds (enough room for n
 *                            distinct elements; counted again after the
 *                            reduction, and `exact` is cleared if short);
 *   a read of an array or function variable
 *                         -> Ackermann's table.  A chain of selects and an
 *                            application read to the scalar at the bottom,
 *                            (select (select A i) j) or (select (f x) j),
 *                            is ONE application of the variable to the key
 *                            tuple (i, j) or (x, j): arrays of arrays and
 *                            functions returning arrays are functions of
 *                            more arguments (the curried sort, term.h).
 *                            The i-th distinct key tuple gets a fresh
 *                            variable w_i and the read is ite(keys =
 *                            keys_1, w_1, ite(.., w_i)), so every
 *                            assignment is a consistent function; constant
 *                            keys that differ skip each other, so KLEE's
 *                            constant-index reads become plain variables;
 *   a read through store / const / ite -> read-over-write, level by level:
 *                            (select (store A i X) i') at keys (i', j) is
 *                            ite(i' = i, X at (j), A at (i', j));
 *   (= A B) on arrays     -> the reads at every key tuple of a grid agree;
 *                            the grid is the product over the levels of a
 *                            set per index sort: the sort's keys (every
 *                            index term of the sort in the formula and one
 *                            fresh witness per equality and level) and
 *                            ANY, or every value of a sort of at most 256
 *                            values when that set is no smaller.
 *                            The key ANY (FER_THEORY_ANY) stands for
 *                            one index outside every key: it equals only
 *                            itself, stores never hit it, and the entries
 *                            read at ANY become the defaults of the model's
 *                            arrays (the element every unnamed index holds).
 *                            Inner arrays, (= (select A i) (select B k)),
 *                            are compared the same way below their keys.
 *                            Every key of the sort, not only those the two
 *                            arrays read: equal arrays then hold entries at
 *                            the same indices and their models come out as
 *                            the same value.  At most 8192 key tuples per
 *                            equality of arrays of arrays.
 *
 * Satisfiable reduced formula -> model of the original (fer_theory_model):
 * each variable's table becomes a trie of nested store chains, the ANY
 * entries its defaults; the caller validates it on the original formula as
 * always.  `exact` says whether unsat of the reduced formula is unsat of
 * the original: it is false when an index sort compared with ANY has no
 * more values than its keys (then ANY may name no index), or when an
 * uninterpreted sort's width turns out too small.
 *
 * An array equality inside an index of its own index sort, (select A
 * (ite (= A B) i j)), is a fresh Bool defined once that sort's keys are
 * all made.
 *
 * Unsupported (FERRET_ERROR_UNSUPPORTED, the error says which): arrays
 * indexed by arrays and functions of array arguments, nesting deeper than
 * 64 levels, an equality of arrays of arrays over more key tuples than the
 * limit. */
#ifndef FER_THEORY_H
#define FER_THEORY_H

#include "engine/pre.h"
#include "smt/model.h"

#define FER_THEORY_ANY UINT32_MAX /* the key "an index outside every key" */

typedef struct fer_theory_fun {
  fer_term var;  /* the array or function variable */
  uint32_t last; /* its latest table entry + 1, 0 if none */
} fer_theory_fun;

typedef struct fer_theory_entry {
  uint32_t fun;    /* index into funs */
  uint32_t prev;   /* the function's previous entry + 1, 0 if none */
  uint32_t keys;   /* offset of its key terms in keys: one per level of the
                      variable's sort, reduced terms or FER_THEORY_ANY */
  fer_term val;    /* its fresh value variable (a scalar) */
  fer_term result; /* the ite chain that stands for the read */
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
/* Reduce a[0..n) into t.  FERRET_OK, FERRET_ERROR_UNSUPPORTED (see above;
 * the error says which) or FERRET_ERROR_LIMIT (memory). */
ferret_status fer_theory_reduce(ferret *, const fer_term *a, size_t n,
                                fer_theory *t);
/* m holds a model of t's reduced formula: add the values of the original
 * formula's arrays, functions and U-sorted variables.  NULL on success,
 * else a reason for an unknown answer. */
const char *fer_theory_model(ferret *, const fer_theory *t, fer_model *m);

#endif
