/* The fuzzing solver (pipeline steps 4-7): preprocess, split into
 * independent components, compile each, search each with the coverage-
 * guided engine (search.h), join the component models, extend them to the
 * eliminated variables and validate the result on the ORIGINAL assertions
 * with the reference evaluator.
 *
 * Answers (the contract of solve.h):
 *  - FERRET_SAT only if fer_model_validate(original assertions, model) == 1;
 *    a model the program accepted but the evaluator rejects is a bug and is
 *    answered FERRET_UNKNOWN with reason "internal: model rejected";
 *  - FERRET_UNSAT only with a proof: preprocessing reduced the formula to
 *    false, or a component's whole input space (at most 2^enum_bits
 *    inputs) was enumerated without a solution and without any evaluation
 *    depending on an unspecified value;
 *  - otherwise FERRET_UNKNOWN with a static reason: "timeout", "budget",
 *    "interrupted", "unspecified" (only models depending on a value SMT-LIB
 *    leaves open were found), "unsupported: ..." or "memory".
 * Limits: options timeout (seconds), max_execs; ferret_interrupt.
 * Statistics of the run are left in f->stats (stats.h). */
#ifndef FER_ENGINE_H
#define FER_ENGINE_H

#include "model.h"
#include "print.h"

/* Seeds given by the user: (variable, value) pairs; var 0 separates two
 * seeds.  Values are bit patterns (Bool 0/1, RoundingMode fer_rm). */
typedef struct fer_user_seeds {
  FER_STACK(fer_term) var;
  FER_STACK(fer_u128) val;
} fer_user_seeds;

void fer_user_seeds_init(fer_user_seeds *);
void fer_user_seeds_release(ferret *, fer_user_seeds *);
/* Read (define-fun x () S v) commands (e.g. a printed model); a variable
 * already set in the current seed starts a new seed.  Names are looked up
 * among the declared variables; unknown names are skipped. */
ferret_status fer_user_seeds_parse(ferret *, const char *text, size_t len,
                                   fer_user_seeds *);

ferret_result fer_engine_solve(ferret *, const fer_term *assertions, size_t n,
                               fer_model *model, const char **reason);
/* Same, with user seeds (may be NULL). */
ferret_result fer_engine_solve_seeded(ferret *, const fer_term *assertions,
                                      size_t n, fer_model *model,
                                      const char **reason,
                                      const fer_user_seeds *seeds);

/* f->stats as one JSON object (no newline). */
int fer_stats_json(ferret *, fer_buf *);

#endif
