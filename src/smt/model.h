/* A model: a value (a constant term) for each variable, by variable number
 * (see fer_var_count / fer_var_term).  value[i] == 0 means unassigned. */
#ifndef FER_MODEL_H
#define FER_MODEL_H

#include "base/context.h"
#include "base/outcome.h"
#include "smt/term.h"

typedef struct fer_model {
  fer_term *value; /* indexed by variable number; fer_malloc'ed */
  uint32_t size;
} fer_model;

void fer_model_init(fer_model *);
/* Make room for every variable that exists now (new entries 0). */
int fer_model_reserve(ferret *, fer_model *);
void fer_model_release(ferret *, fer_model *);

/* The term for a value of `sort` given as bits (Bool: v != 0; RoundingMode:
 * v as fer_rm, out-of-range values as RNE).  0 on allocation failure. */
fer_term fer_value_term(ferret *, fer_sort, fer_u128 bits);

/* Make a model total on a formula: every unassigned variable of
 * vars[0..nvars) (the formula's variables) gets the default value (zero,
 * false, RNE), then each eliminated variable elim_var[i] gets the value of
 * its definition elim_def[i] (definitions mention only variables that were
 * not eliminated, see pre.h).  vars == NULL: every variable of the store,
 * which costs time in the size of the store; a per-query caller passes its
 * formula's variables.  FER_WHY_NONE on success, else the reason for an
 * unknown answer (MEMORY, UNSUPPORTED, ELIMINATED: a bug). */
fer_why fer_model_complete(ferret *, fer_model *, const fer_term *vars,
                           size_t nvars, const fer_term *elim_var,
                           const fer_term *elim_def, size_t n);

/* Check a model against assertions a[0..n) with the reference evaluator
 * (eval.h): 1 = every assertion is true; 0 = some assertion is false
 * whatever the unspecified choices, or could not be evaluated (unassigned
 * variable, unsupported width: the context's error says which); -1 =
 * otherwise, when some assertion's value depends on a choice SMT-LIB
 * leaves unspecified.  This is THE soundness check: no job answers sat, and
 * the engine gives no solution to a job, without a 1 here on the formula. */
int fer_model_validate(ferret *, const fer_term *a, size_t n,
                       const fer_model *);

/* What a result v of fer_model_validate means for the answer: NONE (1,
 * the model holds), UNSPECIFIED (-1), UNSUPPORTED (0 because the evaluator
 * cannot evaluate a construct: the context's error says so), REJECTED (0:
 * a model the job took for one is not, a bug).  The one place that reads
 * a validation's failure. */
fer_why fer_model_verdict(ferret *, int v);

#endif
