/* Preprocessing (pipeline step 4): the JFS simplification passes (Table 1
 * of the paper: and-hoisting, constant propagation, duplicate elimination,
 * expression simplification, e /\ not e -> false, true elimination),
 * equality extraction (paper §4.2), elimination of variables defined by an
 * equation, and splitting into independent components.
 *
 * Every pass builds new terms in the context's store and never changes the
 * meaning of the formula: the result is equisatisfiable with the input, and
 * every model of the result extends (through `elim_var := elim_def`) to a
 * model of the input.  Each pass is switched by an option (pp_* in
 * options.h).
 *
 * Soundness notes that every pass relies on:
 *  - SMT-LIB `=` on FloatingPoint is structural (one NaN; +0 and -0 are
 *    different), so `(= x t)` may be used to substitute t for x.  fp.eq is
 *    IEEE equality (NaN != NaN, -0 == +0) and is never used to substitute,
 *    except `(fp.eq x c)` for a constant c that is neither zero nor NaN,
 *    which holds exactly when `(= x c)` does.
 *  - Ground terms are folded with the reference evaluator (eval.h); a term
 *    whose value SMT-LIB leaves unspecified is never folded, so no proof of
 *    unsat depends on ferret's choice for it. */
#ifndef FER_PRE_H
#define FER_PRE_H

#include "base/context.h"
#include "smt/rewrite.h"
#include "smt/term.h"

typedef FER_STACK(fer_term) fer_term_stack;

typedef struct fer_pre {
  fer_term_stack assertions; /* the simplified constraints */
  /* Variables removed by equality extraction / constant propagation /
   * solving: elim_var[i] = elim_def[i], and every definition mentions only
   * variables that were not removed. */
  fer_term_stack elim_var;
  fer_term_stack elim_def;
  /* The variables fer_pre_split_wide made (parts of wide variables): not
   * the user's, so a job clears their values from the model it returns. */
  fer_term_stack parts;
  bool unsat;      /* the formula simplified to false: a proof of unsat */
  uint32_t rounds; /* fixpoint rounds that were run */
} fer_pre;

/* Called after every pass that changed something, with the pass's name
 * and the current assertion list (for `ferret opt`).  May be NULL. */
typedef void (*fer_pre_trace_fn)(void *user, const char *pass,
                                 const fer_term *assertions, size_t n);

void fer_pre_init(fer_pre *);
void fer_pre_release(ferret *, fer_pre *);

/* Run the enabled passes on `in[0..n)` (Bool terms without parameters).
 * Returns FERRET_OK, or an error status (out of memory) with the context's
 * error set; `out` is then incomplete and must only be released.
 * Cost: a few linear sweeps over the DAG per fixpoint round (at most
 * FER_PRE_MAX_ROUNDS rounds). */
ferret_status fer_preprocess(ferret *, const fer_term *in, size_t n,
                             fer_pre *out, fer_pre_trace_fn trace, void *user);

#define FER_PRE_MAX_ROUNDS 16

/* ---- wide.c: the last step of fer_preprocess ---- */
/* Replace every bit-vector variable of more than 128 bits in a[] by the
 * concat of new variables of at most 128 bits, eliminated as
 * out->elim_var/elim_def (earlier definitions rewritten too), so that the
 * search's slots stay within 128 bits.  0 on allocation failure. */
int fer_pre_split_wide(ferret *, fer_term_stack *a, fer_pre *out);
/* The definition of a variable x wider than 128 bits (BV, or FP then
 * to_fp of the bit pattern): the concat of fresh variables x[hi:lo] of at
 * most 128 bits, pushed on parts from the highest (lo = 128 k) down to
 * lo = 0.  0 on failure (engine/wide.c). */
fer_term fer_wide_split_var(ferret *, fer_term x, fer_term_stack *parts);

/* ---- simp.c: local rewriting ---- */
/* Build op(args) like fer_mk, applying the enabled local rewrite rules
 * (pp_simplify) and folding ground terms (also pp_simplify).  Returns 0 on
 * failure (allocation). */
fer_term fer_simp_mk(ferret *, fer_op, uint32_t n, const fer_term *args,
                     uint32_t idx0, uint32_t idx1);
/* Is t a value: true, false, a BV/FP/RM constant or a Real literal? */
bool fer_term_is_value(const ferret *, fer_term);

/* ---- subst.c: rewriting a DAG bottom-up with a substitution (on the
 * rewriting walker of smt/rewrite.h; memory sized by the query) ---- */
typedef struct fer_subst {
  fer_map map;       /* variable term -> replacement */
  fer_rewriter walk;  /* the walker (smt/rewrite.h) and its memo */
} fer_subst;

void fer_subst_init(fer_subst *);
void fer_subst_release(ferret *, fer_subst *);
/* Set var := t (replaces an earlier entry).  The memo is NOT cleared:
 * call fer_subst_reset_memo before the next fer_subst_apply. */
int fer_subst_set(ferret *, fer_subst *, fer_term var, fer_term t);
/* Forget memoised results (after the map changed). */
void fer_subst_reset_memo(fer_subst *);
/* Rewrite t: variables by the map (the replacement itself is not
 * rewritten again), every rebuilt node through fer_simp_mk.  Iterative, so
 * deep terms do not overflow the C stack.  0 on failure. */
fer_term fer_subst_apply(ferret *, fer_subst *, fer_term t);

/* ---- split.c: independent components ---- */
typedef struct fer_components {
  uint32_t count;
  uint32_t *of;  /* component of each assertion, 0..count-1 */
  size_t n;      /* number of assertions */
} fer_components;

/* Group assertions whose variable sets are connected; each ground
 * assertion is a component of its own.  Components are numbered in order
 * of their first assertion.  `enabled` false puts everything in component
 * 0.  Returns 0 on allocation failure. */
int fer_split(ferret *, const fer_term *a, size_t n, bool enabled,
              fer_components *out);
void fer_components_release(ferret *, fer_components *);

/* Collect the distinct variables of terms a[0..n) in order of first
 * occurrence (depth first, left to right) into *vars.  0 on failure. */
int fer_collect_vars(ferret *, const fer_term *a, size_t n,
                     fer_term_stack *vars);

#endif
