/* The solver entry point used by check-sat (smt.c) and the C API.
 *
 * Contract: FERRET_SAT only with a model on which every assertion was
 * checked true by the reference evaluator (eval.h); FERRET_UNSAT only when
 * proved; otherwise FERRET_UNKNOWN with *reason set to a static string
 * ("timeout", "incomplete", "unsupported: ..."). */
#ifndef FER_SOLVE_H
#define FER_SOLVE_H

#include "model.h"

ferret_result fer_solve(ferret *, const fer_term *assertions, size_t n,
                        fer_model *model, const char **reason);

/* Check a model against the assertions with the reference evaluator:
 * 1 = every assertion is true; 0 = some assertion is false whatever the
 * unspecified choices, or could not be evaluated (unassigned variable,
 * unsupported width: the context's error says which); -1 = otherwise, when
 * some assertion's value depends on a choice SMT-LIB leaves unspecified
 * (see eval.h). */
int fer_model_validate(ferret *, const fer_term *assertions, size_t n,
                       const fer_model *model);

#endif
