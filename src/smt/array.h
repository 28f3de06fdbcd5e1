/* Array and function values: the ground terms that stand for them in
 * models and in the reference evaluator.
 *
 * A value of sort (Array I E) is a canonical ground term: a constant array
 * ((as const (Array I E)) d) under a chain of stores with constant indices
 * in increasing order of their bits, no index twice and no element equal to
 * the default d.  Two array values are equal iff their terms are the same
 * id (the store hash-conses), which is what SMT-LIB's extensional = asks,
 * with one exception: an index sort of at most 2^16 values (Bool,
 * RoundingMode, BV up to 16 bits) whose every index is stored takes as its
 * default the most frequent element (ties: the lowest term id), so a fully
 * written small array has one form too; a floating-point index sort is
 * always treated as large (two fully written Float16-indexed arrays with
 * different defaults compare unequal: noted in the README).
 *
 * An uninterpreted function of arity n is held as its curried array
 * (Array A1 (Array A2 .. R)): (f a b) is (select (select F a) b).
 *
 * Element values are the evaluator's constants: true/false, CONST terms
 * (BV, FP with the canonical NaN, RM, abstract elements) or array values. */
#ifndef FER_ARRAY_H
#define FER_ARRAY_H

#include "smt/term.h"

/* The element of array value a at constant index i; 0 on a bad argument. */
fer_term fer_array_select(struct ferret *, fer_term a, fer_term i);
/* The canonical array value of (store a i v); 0 on failure (memory). */
fer_term fer_array_store(struct ferret *, fer_term a, fer_term i, fer_term v);
/* The canonical constant array of `sort` with every element v. */
fer_term fer_array_const(struct ferret *, fer_sort sort, fer_term v);
/* Put any ground store chain over a constant array (constant indices and
 * elements) into canonical form. */
fer_term fer_array_canon(struct ferret *, fer_term a);

/* The bits of a constant (true 1, false 0, CONST its pattern); of an array
 * value its term id. */
fer_u128 fer_value_bits(const struct ferret *, fer_term c);

#endif
