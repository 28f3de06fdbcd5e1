/* The reference evaluator: a term under a model to a constant, using the
 * exact semantics (src/fp, src/bv).  It is the judge of every answer:
 * constant folding, get-value and model validation all go through it, so
 * it favours obviousness over speed (the search engine has its own
 * compiled evaluator).
 *
 * Result: fer_true/fer_false for Bool, a FER_OP_CONST term otherwise; 0 on
 * failure with the context's error set (an unassigned variable, an FP
 * format over 128 bits, a PARAM, ...).  Bit-vectors of every width.  *unspecified (may be NULL) is set true if
 * the value depends on a choice SMT-LIB leaves open (fp.min/fp.max of
 * zeros of different signs, fp.to_ubv/fp.to_sbv out of range or NaN,
 * fp.roundToIntegral to an integer past the largest finite). */
#ifndef FER_EVAL_H
#define FER_EVAL_H

#include "smt/model.h"

fer_term fer_eval(ferret *, fer_term, const fer_model *, bool *unspecified);

/* Evaluate a[0..n) under `model` as fer_eval does (lazily: a dead ite
 * branch or an argument after a decisive one of and/or/=> is not
 * evaluated), sharing the work between them, then call visit once for
 * every distinct term that was evaluated, with its value as bits (Bool
 * 0/1, RoundingMode a fer_rm, BV/FP the pattern), but the bit-vectors wider
 * than 128 bits (not visited).  Creates no term.
 * Returns 1, or 0 on failure with the context's error set. */
typedef void (*fer_eval_visit_fn)(void *user, fer_term t, fer_u128 value);
int fer_eval_visit(ferret *, const fer_term *a, size_t n, const fer_model *,
                   fer_eval_visit_fn visit, void *user);

/* Do assertions a[0..n) hold under `model`?  As fer_model_validate
 * (model.h) defines it, evaluated with one memo for all of them (shared
 * subterms once), creating no term: 1, 0 (some assertion false whatever
 * the unspecified choices, or an error, then set in the context) or -1. */
int fer_eval_holds(ferret *, const fer_term *a, size_t n, const fer_model *);

/* The same with the evaluator's memo and stack kept in `kept` between
 * calls (zero-initialised before the first; fer_eval_memo_release after
 * the last), for a caller that checks many models of one formula (the
 * search's judge): once grown, a check allocates nothing and clears
 * nothing (entries are stamped with the call they belong to). */
typedef struct fer_eval_memo {
  void *table, *frames, *pool;
  uint32_t cap, gen;
  size_t frames_cap, pool_cap;
} fer_eval_memo;
int fer_eval_holds_memo(ferret *, fer_eval_memo *kept, const fer_term *a,
                        size_t n, const fer_model *);
void fer_eval_memo_release(ferret *, fer_eval_memo *);

/* A plan: the reference evaluator laid out once for a caller that checks
 * many models of one formula (the sample job's judge).  The same
 * per-operation code and the same taints as fer_eval_holds, but the DAG is
 * walked once at build time: a check evaluates the nodes in a fixed order
 * into an array, with no memo lookup, no stack and no term made.
 *
 * It checks exactly what fer_model_complete then fer_eval_holds do on a
 * model giving vars[i] the value vals[i] (bits, as fer_eval_visit gives
 * them): the eliminated variables elim_var[k] (each among vars) get the
 * value of elim_def[k] in that order, each definition evaluated on the
 * values so far; then assertions a[0..n) are checked.  The plan evaluates
 * every node, where fer_eval skips dead ite branches and arguments after a
 * decisive one; every operation is total on values, so the values and
 * taints are the same.  A check recomputes only the nodes some argument of
 * which changed since the last completed check (samples differ from the
 * one before in a few variables); each node's value and taint being a
 * function of its arguments', the results are those of a full check.
 *
 * fer_eval_plan_new returns NULL with the context's error set when the
 * formula has what a plan does not take (arrays, functions, Real
 * variables, to_fp of a Real that is not a literal, define-fun
 * parameters, an operation or width the evaluator does not take, a
 * variable not among vars) or memory is short: use fer_eval_holds then. */
typedef struct fer_eval_plan fer_eval_plan;
fer_eval_plan *fer_eval_plan_new(ferret *, const fer_term *vars, size_t nvars,
                                 const fer_term *elim_var, const fer_term *elim_def,
                                 size_t nelim, const fer_term *a, size_t n);
/* 1, 0 or -1 as fer_eval_holds answers on that model.  Makes vals what
 * the model's constants would be (an FP NaN the canonical one, as
 * fer_mk_const makes it) and writes the eliminated variables' values. */
int fer_eval_plan_holds(ferret *, fer_eval_plan *, fer_u128 *vals);
/* After fer_eval_plan_holds: assertion i's value (as fer_eval_visit gives
 * it) and whether it is unspecified (as fer_eval says). */
fer_u128 fer_eval_plan_value(const fer_eval_plan *, size_t i, bool *unspecified);
void fer_eval_plan_free(ferret *, fer_eval_plan *);

/* Does `t` contain no variable (so fer_eval with no model can fold it)? */
bool fer_term_is_ground(ferret *, fer_term);

#endif
