/* The solve job: is the formula satisfiable?  Used by check-sat (smt_cmd.c)
 * and the C API.  A client of the search interface (engine.h) and of the
 * libFuzzer backend (libfuzzer.h, option backend=1).
 *
 * Contract: FERRET_SAT only with a model of every variable on which every
 * assertion was checked true by the reference evaluator (fer_model_validate
 * on a[0..n), model.h); FERRET_UNSAT only when proved (a ground assertion
 * is false, preprocessing reduced the formula to false, or a component's
 * whole input space was enumerated without a solution); otherwise
 * FERRET_UNKNOWN with *reason set to a static string: "timeout", "budget",
 * "interrupted", "unspecified" (only models depending on a value SMT-LIB
 * leaves open were found), "unsupported...", "memory", "libfuzzer: ...",
 * "internal: ..." (a bug).
 * Limits: options timeout (seconds, from the call's start), max_execs (all
 * components together); ferret_interrupt.
 * `model` may be NULL.  `stats` (may be NULL) is overwritten with the
 * statistics of the call: the caller decides where they go. */
#ifndef FER_SOLVE_H
#define FER_SOLVE_H

#include "smt/model.h"

ferret_result fer_solve(ferret *, const fer_term *assertions, size_t n,
                        fer_model *model, const char **reason,
                        fer_stats *stats);

#endif
