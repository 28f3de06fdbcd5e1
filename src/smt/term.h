/* The term store: a hash-consed DAG owned by a context (rule 4).
 *
 * Terms and sorts are uint32_t ids; 0 means "none" (and is what a failing
 * constructor returns, with the reason in the context's error record).
 * Structurally equal terms have equal ids, so equality of ids is equality
 * of terms.  Nothing is ever removed: a store lives as long as its context
 * (or until reset). */
#ifndef FER_TERM_H
#define FER_TERM_H

#include <stdbool.h>
#include <stdint.h>

#include "base/map.h"
#include "base/ops.h"
#include "base/stack.h"
#include "base/u128.h"

struct ferret;

typedef uint32_t fer_term;
typedef uint32_t fer_sort;

typedef enum fer_sort_kind {
  FER_SORT_BOOL = 1,
  FER_SORT_BV,   /* a = width >= 1 */
  FER_SORT_FP,   /* a = eb >= 2, b = sb >= 2 */
  FER_SORT_RM,
  FER_SORT_REAL, /* only for literals, the argument of to_fp */
  FER_SORT_ARRAY, /* a = index sort, b = element sort */
  FER_SORT_UNINT  /* declare-sort of arity 0: a = name (offset into the
                     name pool); values are abstract elements with equality
                     only, held as CONST terms whose bits number them */
} fer_sort_kind;

typedef struct fer_sort_info {
  uint32_t kind, a, b;
} fer_sort_info;

typedef struct fer_node {
  uint16_t op;     /* fer_op */
  uint16_t pad;
  uint32_t nargs;
  fer_sort sort;
  uint32_t idx[2]; /* indices; CONST: offset into limbs; VAR: var number;
                      REAL: offset into reals; PARAM: parameter number */
  uint32_t args;   /* offset into the argument pool */
  uint32_t hash;
} fer_node;

typedef struct fer_var {
  uint32_t name;   /* offset into the name pool */
  fer_term term;
  uint32_t arity;  /* 0: a constant; else an uninterpreted function of that
                      many arguments, whose sort is the curried array sort
                      (Array A1 (Array A2 ... R)) and which occurs only as
                      the first argument of APPLY */
} fer_var;

typedef struct fer_store {
  FER_STACK(fer_sort_info) sorts; /* sorts.data[0] unused */
  FER_STACK(fer_node) nodes;      /* nodes.data[0] unused */
  FER_STACK(fer_term) argpool;
  FER_STACK(uint64_t) limbs;      /* constant values, little-endian */
  FER_STACK(uint32_t) reals;      /* [neg, nlen, dlen, num..., den...] */
  FER_STACK(fer_var) vars;
  FER_STACK(char) names;
  fer_index table;                /* the nodes by hash (hash-consing) */
  fer_sort bool_sort, rm_sort, real_sort;
  fer_term t_true, t_false;
  bool has_theory;                /* an array or uninterpreted sort exists */
} fer_store;

int fer_store_init(struct ferret *);
void fer_store_release(struct ferret *);

/* A point in the store's history, and the way back to it: every term made
 * since is dropped (their ids become invalid; the caller must hold none).
 * For loops that make values they do not keep (the sample job's judge
 * makes a few constants per sample), so the store stays bounded.  Sorts
 * and variables made since are not dropped: then nothing is. */
typedef struct fer_store_mark {
  uint32_t nodes, argpool, limbs, reals, sorts, vars;
} fer_store_mark;
fer_store_mark fer_store_mark_now(const struct ferret *);
void fer_store_rollback(struct ferret *, const fer_store_mark *);

/* ---- sorts ---- */
fer_sort fer_sort_bool(struct ferret *);
fer_sort fer_sort_rm(struct ferret *);
fer_sort fer_sort_real(struct ferret *);
fer_sort fer_sort_bv(struct ferret *, uint32_t width);          /* 0 if width 0 */
fer_sort fer_sort_fp(struct ferret *, uint32_t eb, uint32_t sb); /* 0 if eb<2||sb<2 */
fer_sort fer_sort_array(struct ferret *, fer_sort index, fer_sort element);
/* A new uninterpreted sort (each call: a different sort); the name is
 * copied. */
fer_sort fer_sort_unint(struct ferret *, const char *name);
const char *fer_sort_name(const struct ferret *, fer_sort); /* UNINT only */
/* Does the sort contain an array or an uninterpreted sort? */
bool fer_sort_is_theory(const struct ferret *, fer_sort);
const fer_sort_info *fer_sort_get(const struct ferret *, fer_sort);
bool fer_sort_is_bv(const struct ferret *, fer_sort);
bool fer_sort_is_fp(const struct ferret *, fer_sort);
/* BV width, FP eb+sb, 1 for Bool, 3 for RM, 32 for an uninterpreted sort
 * (its values are numbered), 0 for an array. */
uint32_t fer_sort_bits(const struct ferret *, fer_sort);
/* "(_ BitVec 8)", "(_ FloatingPoint 8 24)", "Bool", "RoundingMode", "Real". */
int fer_sort_print(const struct ferret *, fer_sort, char *buf, size_t size);

/* ---- terms ---- */
const fer_node *fer_node_of(const struct ferret *, fer_term);
fer_term fer_true(struct ferret *);
fer_term fer_false(struct ferret *);
fer_term fer_mk_bool(struct ferret *, bool);
/* A constant of a BV or FP sort from little-endian 64-bit limbs (bits above
 * the width are ignored); an FP NaN is made canonical. */
fer_term fer_mk_const(struct ferret *, fer_sort, const uint64_t *limbs);
fer_term fer_mk_const_u128(struct ferret *, fer_sort, fer_u128 bits);
fer_term fer_mk_rm(struct ferret *, fer_rm);
/* A new variable; the name is copied.  Never hash-consed with another. */
fer_term fer_mk_var(struct ferret *, const char *name, fer_sort);
fer_term fer_mk_param(struct ferret *, uint32_t number, fer_sort);
/* An uninterpreted function of arity >= 1: a variable of the curried sort
 * (see fer_var) with that arity.  Applied only through APPLY. */
fer_term fer_mk_fun(struct ferret *, const char *name, uint32_t arity,
                    fer_sort curried);
/* VAR: 0 for a constant, else the function's arity. */
uint32_t fer_var_arity(const struct ferret *, fer_term);
/* An exact rational (-1)^neg * num / den from 32-bit little-endian limbs;
 * normalised (reduced, no leading zero limbs, 0 is 0/1).  0 if den == 0. */
fer_term fer_mk_real(struct ferret *, bool neg, const uint32_t *num,
                     uint32_t nlen, const uint32_t *den, uint32_t dlen);

/* The sort-checked constructor for every non-leaf operator with the exact
 * stored arity (binary for LEFT/RIGHT/CHAIN ops).  On a sort error returns 0
 * and sets FERRET_ERROR_SORT with a message naming the operator.  For
 * TO_FP_* idx = (eb, sb); FP_TO_*BV idx[0] = width; EXTRACT (hi, lo). */
fer_term fer_mk(struct ferret *, fer_op, uint32_t nargs, const fer_term *args,
                uint32_t idx0, uint32_t idx1);
/* As SMT-LIB applies an operator: expands LEFT/RIGHT/CHAIN applications with
 * more arguments, flattens nothing else.  and/or of one argument is that
 * argument, of zero is true/false. */
fer_term fer_mk_smt(struct ferret *, fer_op, uint32_t nargs,
                    const fer_term *args, uint32_t idx0, uint32_t idx1);

/* (_ to_fp eb sb) and (_ to_fp_unsigned eb sb): picks the TO_FP_* variant
 * from the arguments' sorts, then as fer_mk. */
fer_term fer_mk_to_fp(struct ferret *, uint32_t eb, uint32_t sb, uint32_t nargs,
                      const fer_term *args, bool is_unsigned);
/* ((as const S) v): the array of sort S (an array sort) whose every
 * element is v. */
fer_term fer_mk_const_array(struct ferret *, fer_sort array, fer_term v);
/* Low level: find or add a node (no checks).  For check.c. */
fer_term fer_store_intern(struct ferret *, fer_node, const fer_term *args);

/* Accessors. */
fer_op fer_term_op(const struct ferret *, fer_term);
fer_sort fer_term_sort(const struct ferret *, fer_term);
uint32_t fer_term_nargs(const struct ferret *, fer_term);
fer_term fer_term_arg(const struct ferret *, fer_term, uint32_t i);
const fer_term *fer_term_args(const struct ferret *, fer_term);
uint32_t fer_term_idx(const struct ferret *, fer_term, int which);
/* CONST: limbs (ceil(bits/64) of them). */
const uint64_t *fer_const_limbs(const struct ferret *, fer_term);
/* CONST of at most 128 bits. */
fer_u128 fer_const_u128(const struct ferret *, fer_term);
/* VAR: its name. */
const char *fer_var_name(const struct ferret *, fer_term);
uint32_t fer_var_count(const struct ferret *);
fer_term fer_var_term(const struct ferret *, uint32_t number);
/* REAL: sign and limbs. */
void fer_real_get(const struct ferret *, fer_term, bool *neg,
                  const uint32_t **num, uint32_t *nlen, const uint32_t **den,
                  uint32_t *dlen);
uint32_t fer_term_count(const struct ferret *);

#endif
