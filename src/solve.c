/* The solver entry point (contract in solve.h).
 *
 * First it decides what evaluation alone decides: a formula whose
 * assertions are all ground is folded by the reference evaluator, and a
 * ground assertion that is false proves unsat whatever the rest says.
 * Everything else goes to the search engine at the marked seam in
 * fer_solve; whatever it finds must pass fer_model_validate before
 * fer_solve may answer sat. */
#include <string.h>

#include "engine.h"
#include "eval.h"
#include "smt2c.h" /* fer_libfuzzer_solve */
#include "solve.h"

int fer_model_validate(ferret *f, const fer_term *a, size_t n,
                       const fer_model *model) {
  bool unspecified_seen = false;
  for (size_t i = 0; i < n; i++) {
    bool unspecified = false;
    fer_term v = fer_eval(f, a[i], model, &unspecified);
    if (!v) return 0;
    if (unspecified)
      unspecified_seen = true;
    else if (v != fer_true(f))
      return 0;
  }
  return unspecified_seen ? -1 : 1;
}

/* Outcome of trying to decide the assertions by evaluation alone. */
typedef enum ground_outcome {
  GROUND_DECIDED,    /* *result and *reason are final */
  GROUND_NEED_SEARCH /* some assertion has variables; none is false */
} ground_outcome;

static ground_outcome solve_by_evaluation(ferret *f, const fer_term *a,
                                          size_t n, ferret_result *result,
                                          const char **reason) {
  bool non_ground = false, unspecified_seen = false;
  const char *failed = NULL;
  for (size_t i = 0; i < n; i++) {
    if (a[i] == fer_false(f)) { /* the cheapest proof of all */
      *result = FERRET_UNSAT;
      return GROUND_DECIDED;
    }
    if (a[i] == fer_true(f)) continue;
    if (!fer_term_is_ground(f, a[i])) {
      non_ground = true;
      continue;
    }
    bool unspecified = false;
    fer_term v = fer_eval(f, a[i], NULL, &unspecified);
    if (!v) {
      if (!failed)
        failed = ferret_error(f)->status == FERRET_ERROR_UNSUPPORTED
                     ? "unsupported"
                     : "error";
    } else if (unspecified) {
      unspecified_seen = true;
    } else if (v == fer_false(f)) {
      *result = FERRET_UNSAT; /* sound whatever the other assertions are */
      return GROUND_DECIDED;
    }
  }
  *result = FERRET_UNKNOWN;
  if (failed) {
    *reason = failed;
    return GROUND_DECIDED;
  }
  if (non_ground) {
    *reason = "incomplete";
    return GROUND_NEED_SEARCH;
  }
  if (unspecified_seen) {
    *reason = "unspecified";
    return GROUND_DECIDED;
  }
  *result = FERRET_SAT;
  return GROUND_DECIDED;
}

ferret_result fer_solve(ferret *f, const fer_term *a, size_t n,
                        fer_model *model, const char **reason) {
  ferret_result result = FERRET_UNKNOWN;
  *reason = "";
  ground_outcome g = solve_by_evaluation(f, a, n, &result, reason);
  if (g == GROUND_DECIDED) {
    /* the engine fills the statistics when it runs; here, say at least
     * what was answered, how, and with which seed */
    fer_stats *st = &f->stats;
    memset(st, 0, sizeof *st);
    st->seed = (uint64_t)f->opt.seed;
    st->jobs = (uint32_t)f->opt.jobs;
    st->result = result == FERRET_SAT     ? "sat"
                 : result == FERRET_UNSAT ? "unsat"
                                          : "unknown";
    st->reason = result == FERRET_UNKNOWN ? *reason : "";
    st->found_by = "evaluation";
    st->assertions_in = (uint32_t)n;
    if (result == FERRET_SAT && model) {
      /* Ground: no variable occurs, so the empty model is a model. */
      if (!fer_model_reserve(f, model)) {
        *reason = "memory";
        return FERRET_UNKNOWN;
      }
      for (uint32_t i = 0; i < model->size; i++) model->value[i] = 0;
    }
    return result;
  }
  /* Seam: the search engine goes here.  It may answer FERRET_SAT only with
   * a model for which fer_model_validate(f, a, n, model) == 1. */
  if (f->opt.backend == 1) /* JFS's architecture, for comparison */
    return fer_libfuzzer_solve(f, a, n, model, reason);
  return fer_engine_solve(f, a, n, model, reason);
}
