/* The judge of one formula's runs (hunt_internal.h): a crash, an error on
 * valid input, a sat whose model ferret's evaluator rejects (even when
 * every solver agrees), an unsat where a model shows sat (another
 * solver's, or one ferret's own search finds within SEARCH_SECONDS; each
 * checked by the evaluator here).  A model whose truth rests on a value
 * SMT-LIB leaves open (fp.to_ubv out of range, fp.min of two zeros)
 * settles nothing.  A sat/unsat disagreement no model settles is
 * "disagree", logged but not a finding.  In performance mode a margin of
 * SLOW_MARGIN or more with a reference answering is a finding ("slow"). */
#include <string.h>

#include "engine/engine.h"
#include "engine/pre.h"
#include "engine/query.h"
#include "smt/eval.h"
#include "smt/model.h"
#include "smt/model_read.h"
#include "hunt/hunt_internal.h"

/* Performance mode: a finding when the target's PAR-2 time is at least
 * this many times the best reference's. */
#define SLOW_MARGIN 10.0
/* Bug mode: ferret's own search for a model after an unsat, at most this
 * many seconds (and at most the solvers' time limit). */
#define SEARCH_SECONDS 1.0

const char *const fer_hunt_find_name[FIND_KINDS] = {
    "none", "crash", "error", "wrong-model", "wrong-unsat", "disagree", "slow"};

/* Does the model printed after a sat in run r satisfy the formula?  1 yes,
 * 0 no, -1 undecided (no model printed, a variable of the formula missing
 * from it, or its truth depends on a value SMT-LIB leaves open). */
static int model_holds(fer_hunt_campaign *c, const fer_hunt_formula *x, const char *text) {
  ferret *f = c->f;
  const char *after = strstr(text, "sat");
  if (!after) return -1;
  after += 3;
  fer_user_seeds seeds;
  fer_user_seeds_init(&seeds);
  fer_model m;
  fer_model_init(&m);
  fer_term_stack vars = {0};
  int v = -1;
  size_t len = strlen(after);
  if (fer_user_seeds_parse(f, after, len, &seeds) != FERRET_OK || !seeds.var.size ||
      !fer_model_reserve(f, &m) || !fer_collect_vars(f, x->a.data, x->a.size, &vars))
    goto done;
  for (size_t i = 0; i < seeds.var.size; i++) {
    fer_term var = seeds.var.data[i];
    if (!var) break; /* a second model: the first one counts */
    fer_term k = fer_value_term(f, fer_term_sort(f, var), seeds.val.data[i]);
    if (!k) goto done;
    m.value[fer_term_idx(f, var, 0)] = k;
  }
  for (size_t i = 0; i < vars.size; i++) /* a variable left out: undecided */
    if (!m.value[fer_term_idx(f, vars.data[i], 0)]) goto done;
  v = fer_model_validate(f, x->a.data, x->a.size, &m);
  /* not evaluated (memory, a width ferret does not evaluate): undecided,
   * never a finding */
  if (v < 0 || f->error.status != FERRET_OK) v = -1;
done:
  fer_error_clear(f);
  fer_user_seeds_release(f, &seeds);
  fer_model_release(f, &m);
  FER_RELEASE(f, vars);
  return v;
}

/* PAR-2 seconds of run i: its time for a definite answer, else twice the
 * time limit. */
static double par2(const fer_hunt_campaign *c, uint32_t i) {
  int o = c->runs[i].outcome;
  return o == FER_RUN_SAT || o == FER_RUN_UNSAT ? c->runs[i].seconds : 2 * c->cfg->timeout;
}

/* The target's PAR-2 over the best reference's (Algorithm 1's margin). */
double fer_hunt_margin(const fer_hunt_campaign *c) {
  double best = 1e300;
  for (uint32_t i = 1; i < c->cfg->nsolvers; i++) {
    double t = par2(c, i);
    if (t < best) best = t;
  }
  return par2(c, 0) / (best > 0.001 ? best : 0.001);
}

/* The budget of ferret's own search: a deadline. */
static bool search_budget(void *user, fer_engine_request *r) {
  r->budget.deadline = *(const double *)user;
  return true;
}

/* Search for a model of x with ferret itself (the query's one-model
 * search, engine/query.h, under the default options with the campaign's
 * seed, a time limit of SEARCH_SECONDS) and check the model it finds once
 * more with the evaluator here: 1 a model that holds (x is sat: a proof),
 * 0 none found in time. */
static int own_search_finds_model(fer_hunt_campaign *c, const fer_hunt_formula *x) {
  ferret *f = c->f;
  double limit = c->cfg->timeout < SEARCH_SECONDS ? c->cfg->timeout : SEARCH_SECONDS;
  double deadline = fer_now() + limit;
  fer_options opt;
  fer_options_init(&opt);
  opt.seed = (int64_t)(c->cfg->seed % 1000000);
  c->st->searches++;
  fer_query q;
  fer_query_init(&q, f, x->a.data, x->a.size);
  q.opt = &opt;
  q.intervals = opt.intervals != 0, q.relations = opt.relations != 0;
  fer_model m;
  fer_model_init(&m);
  fer_outcome o = fer_query_find(&q, &m, search_budget, &deadline);
  int r = o.result == FERRET_SAT && fer_model_validate(f, x->a.data, x->a.size, &m) == 1 &&
          f->error.status == FERRET_OK;
  fer_error_clear(f);
  fer_model_release(f, &m);
  fer_query_release(&q);
  return r;
}

fer_hunt_verdict fer_hunt_check(fer_hunt_campaign *c, const fer_hunt_formula *x) {
  uint32_t n = c->cfg->nsolvers;
  if (c->cfg->mode == 2) { /* performance: a wide margin, a reference answering */
    bool answered = false;
    for (uint32_t i = 1; i < n; i++) answered |= par2(c, i) < c->cfg->timeout;
    bool slow = answered && fer_hunt_margin(c) >= SLOW_MARGIN;
    return (fer_hunt_verdict){slow ? FIND_SLOW : FIND_NONE, 0, 0};
  }
  int sat = -1, unsat = -1;
  bool model_ok = false;
  /* the first solver's crash, error or failing model is the verdict; the
   * models of the solvers after it are judged all the same (v.wrong), so
   * that two wrong models of one formula are two findings */
  fer_hunt_verdict v = {FIND_NONE, 0, 0};
  for (uint32_t i = 0; i < n; i++) {
    int o = c->runs[i].outcome, k = FIND_NONE;
    if (o == FER_RUN_CRASH) k = FIND_CRASH;
    if (o == FER_RUN_ERROR) k = FIND_ERROR;
    if (o == FER_RUN_SAT) {
      int h = model_holds(c, x, c->runs[i].out.data ? c->runs[i].out.data : "");
      if (h == 0) k = FIND_WRONG_MODEL, v.wrong |= i < 32 ? 1u << i : 0;
      model_ok |= h == 1;
      if (sat < 0) sat = (int)i;
    }
    if (o == FER_RUN_UNSAT && unsat < 0) unsat = (int)i;
    if (k != FIND_NONE && v.kind == FIND_NONE) v.kind = k, v.who = i;
  }
  if (v.kind != FIND_NONE) return v;
  /* an unsat is wrong when a model shows sat: another solver's, checked
   * here, or one ferret finds and this evaluator checks */
  if (unsat >= 0 && (model_ok || own_search_finds_model(c, x)))
    return (fer_hunt_verdict){FIND_WRONG_UNSAT, (uint32_t)unsat, 0};
  /* sat against unsat with no proof either way: logged, not a finding */
  if (sat >= 0 && unsat >= 0) return (fer_hunt_verdict){FIND_DISAGREE, (uint32_t)sat, 0};
  return (fer_hunt_verdict){FIND_NONE, 0, 0};
}

/* A finding to save and count (a disagreement nobody's model settles is
 * only logged). */
bool fer_hunt_counts(fer_hunt_verdict v) { return v.kind != FIND_NONE && v.kind != FIND_DISAGREE; }
