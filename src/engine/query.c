/* The query (query.h): the pipeline's steps, each written once. */
#include <stdio.h>
#include <string.h>

#include "engine/query.h"
#include "engine/relate.h"
#include "smt/eval.h"

static double since(double t) { return fer_now() - t; }

void fer_query_init(fer_query *q, ferret *f, const fer_term *a, size_t n) {
  memset(q, 0, sizeof *q);
  q->f = f, q->opt = &f->opt;
  q->a = q->fa = a, q->n = q->fn = n;
  q->preprocess = true, q->narrow = true;
  q->intervals = f->opt.intervals != 0;
  q->found_by = "", q->run_found_by = "";
  q->total.reason = "", q->total.found_by = "";
  fer_pre_init(&q->pre);
  fer_intervals_init(&q->iv);
}

void fer_query_release(fer_query *q) {
  ferret *f = q->f;
  fer_intervals_release(f, &q->iv);
  fer_pre_release(f, &q->pre);
  FER_RELEASE(f, q->ranges);
}

static bool proved(fer_query *q, fer_outcome *out, const char *by) {
  q->found_by = by;
  *out = (fer_outcome){FERRET_UNSAT, FER_WHY_NONE, NULL};
  return false;
}

static bool failed(fer_outcome *out, fer_why why) {
  *out = fer_outcome_unknown(why, NULL);
  return false;
}

bool fer_query_prepare(fer_query *q, fer_outcome *out) {
  ferret *f = q->f;
  q->pa = q->fa, q->pn = q->fn;
  if (q->preprocess) {
    double t = fer_now();
    ferret_status ps = fer_preprocess(f, q->fa, q->fn, &q->pre, NULL, NULL);
    q->time_preprocess += since(t);
    if (ps != FERRET_OK) return failed(out, fer_why_of_status(ps));
    if (q->pre.unsat) return proved(q, out, "preprocess");
    q->pa = q->pre.assertions.data, q->pn = q->pre.assertions.size;
    q->assertions_out = (uint32_t)q->pre.assertions.size;
    q->eliminated = (uint32_t)q->pre.elim_var.size;
  }
  if (q->intervals && q->pn) {
    double t = fer_now();
    ferret_status is = fer_intervals_run(f, q->pa, q->pn, &q->iv);
    q->time_intervals += since(t);
    q->interval_rounds = q->iv.rounds;
    if (is != FERRET_OK) return failed(out, fer_why_of_status(is));
    if (q->iv.empty) return proved(q, out, "intervals");
    q->have_iv = true;
  }
  if (q->relations && q->pn) {
    bool contradiction;
    double t = fer_now();
    uint32_t rounds = 0;
    bool ok = q->have_iv ? fer_relations_fixpoint(f, q->pa, q->pn, &q->iv, &contradiction, &rounds)
                         : fer_relations_run(f, q->pa, q->pn, &contradiction);
    q->time_intervals += since(t);
    if (!ok) return failed(out, FER_WHY_MEMORY);
    if (contradiction) return proved(q, out, "relations");
  }
  return true;
}

fer_why fer_query_compile(fer_query *q, const fer_term *c, size_t cn,
                          fer_prog *p, const fer_slot_range **ranges) {
  ferret *f = q->f;
  *ranges = NULL;
  double t = fer_now();
  ferret_status cs = fer_compile(f, c, cn, p);
  q->time_compile += since(t);
  if (cs != FERRET_OK) return fer_why_of_status(cs);
  fer_why w = fer_query_ranges(q, p, ranges);
  if (w) fer_prog_release(f, p);
  return w;
}

fer_why fer_query_ranges(fer_query *q, const fer_prog *p,
                         const fer_slot_range **ranges) {
  *ranges = NULL;
  if (!q->have_iv || !q->narrow) return FER_WHY_NONE;
  if (!FER_RESERVE(q->f, q->ranges, p->nslots ? p->nslots : 1)) return FER_WHY_MEMORY;
  *ranges = fer_intervals_slot_ranges(&q->iv, p, q->ranges.data);
  return FER_WHY_NONE;
}

fer_engine_request fer_query_request(const fer_query *q, const fer_prog *p,
                                     const fer_slot_range *ranges,
                                     const fer_term *check, size_t ncheck,
                                     const fer_pre *pre, const fer_model *base) {
  fer_engine_request r;
  memset(&r, 0, sizeof r);
  r.prog = p, r.layout = fer_layout_of(p);
  r.layout.ranges = ranges;
  r.check.assertions = check, r.check.n = ncheck;
  if (pre) {
    r.check.elim_var = pre->elim_var.data, r.check.elim_def = pre->elim_def.data;
    r.check.nelim = pre->elim_var.size;
  }
  r.check.base = base;
  r.objective.kind = FER_OBJ_SATISFY;
  r.budget.interrupt = &q->f->interrupt;
  r.opt = q->opt;
  return r;
}

void fer_query_add(fer_query *q, const fer_engine_stats *rs) {
  fer_engine_stats *t = &q->total;
  t->execs += rs->execs, t->corpus += rs->corpus;
  t->local_search_runs += rs->local_search_runs;
  t->local_search_execs += rs->local_search_execs;
  t->restarts += rs->restarts;
  t->enumerated += rs->enumerated, t->candidates += rs->candidates;
  t->duplicates += rs->duplicates, t->unspecified += rs->unspecified;
  t->not_better += rs->not_better, t->solutions += rs->solutions;
  t->sm_mutations += rs->sm_mutations, t->nb_mutations += rs->nb_mutations;
  t->de_features += rs->de_features;
  t->time_prepare += rs->time_prepare, t->time_search += rs->time_search;
  t->time_validate += rs->time_validate, t->time_wait += rs->time_wait;
  t->judge_apart |= rs->judge_apart;
  t->why = rs->why, t->reason = rs->reason, t->found_by = rs->found_by;
}

fer_engine_status fer_query_run(fer_query *q, const fer_engine_request *r,
                                fer_engine_stats *rs) {
  fer_engine_status s = fer_engine_run(q->f, r, rs);
  fer_query_add(q, rs);
  return s;
}

fer_why fer_query_why(fer_engine_status s, const fer_engine_stats *rs) {
  if (s != FER_ENGINE_UNKNOWN) return FER_WHY_NONE;
  if (rs->why) return rs->why;
  fer_why w = fer_why_of_text(rs->reason);
  return w ? w : FER_WHY_OTHER;
}

fer_why fer_query_settle(ferret *f, fer_model *m, const fer_term *a, size_t n,
                         const fer_pre *pre, double *t_validate) {
  fer_term_stack vars = {0};
  const fer_term *ev = pre ? pre->elim_var.data : NULL;
  const fer_term *ed = pre ? pre->elim_def.data : NULL;
  size_t ne = pre ? pre->elim_var.size : 0;
  fer_why why = fer_collect_vars(f, a, n, &vars) && fer_collect_vars(f, ed, ne, &vars)
                    ? fer_model_complete(f, m, vars.data, vars.size, ev, ed, ne)
                    : FER_WHY_MEMORY;
  FER_RELEASE(f, vars);
  if (why) return why;
  double t = fer_now();
  fer_error_clear(f);
  int v = fer_model_validate(f, a, n, m);
  if (t_validate) *t_validate += since(t);
  return fer_model_verdict(f, v);
}

/* ------------------------------------------------ one model: find */

/* The callback: the first validated solution is the component's answer,
 * copied into q->model. */
static fer_engine_verdict take_first(void *user, const fer_engine_solution *s) {
  fer_query *q = user;
  ferret *f = q->f;
  fer_model *m = q->model;
  if (!fer_model_reserve(f, m)) {
    q->copy_failed = true;
    return FER_ENGINE_STOP;
  }
  for (size_t k = 0; k < s->nvars; k++) { /* the query's variables only */
    uint32_t i = fer_term_idx(f, s->vars[k], 0);
    m->value[i] = s->model->value[i];
  }
  return FER_ENGINE_STOP;
}

void fer_query_take_first(fer_query *q, fer_engine_request *r, fer_model *m) {
  q->model = m;
  r->accept = take_first, r->accept_user = q;
}

fer_outcome fer_query_end(fer_query *q, fer_engine_status s, const fer_engine_stats *rs) {
  fer_query_add(q, rs);
  if (s == FER_ENGINE_STOPPED && rs->execs >= q->best_execs) {
    q->best_execs = rs->execs; /* the hardest component names the strategy */
    q->run_found_by = rs->found_by;
  }
  if (s == FER_ENGINE_EXHAUSTED) {
    q->found_by = "enumeration";
    return (fer_outcome){FERRET_UNSAT, FER_WHY_NONE, NULL};
  }
  if (s == FER_ENGINE_STOPPED && !q->copy_failed)
    return (fer_outcome){FERRET_SAT, FER_WHY_NONE, NULL};
  if (s == FER_ENGINE_STOPPED) return fer_outcome_unknown(FER_WHY_MEMORY, NULL);
  return fer_outcome_unknown(fer_query_why(s, rs), rs->reason);
}

fer_outcome fer_query_find(fer_query *q, fer_model *m, fer_query_setup_fn setup,
                           void *user) {
  ferret *f = q->f;
  fer_outcome o = fer_outcome_unknown(FER_WHY_MEMORY, NULL);
  fer_components comp = {0, NULL, 0};
  fer_term_stack ca = {0};
  if (!fer_query_prepare(q, &o)) return o;
  const fer_term *pa = q->pa;
  size_t pn = q->pn;
  if (!fer_split(f, pa, pn, q->opt->pp_split != 0, &comp)) goto done;
  q->components = comp.count;
  for (uint32_t k = 0; k < comp.count; k++) {
    FER_CLEAR(ca);
    for (size_t i = 0; i < pn; i++)
      if (comp.of[i] == k && !FER_PUSH(f, ca, pa[i])) goto done;
    fer_prog p;
    const fer_slot_range *ranges;
    fer_why cw = fer_query_compile(q, ca.data, ca.size, &p, &ranges);
    if (cw) {
      o = fer_outcome_unknown(cw, NULL);
      goto done;
    }
    q->slots += p.nslots;
    q->slot_bits += p.total_bits;
    q->instructions += (uint32_t)p.code.size;
    /* The last component sees every other value: its solutions can be
     * validated on the original formula. */
    bool last = k + 1 == comp.count;
    fer_engine_request r = fer_query_request(q, &p, ranges, last ? q->a : ca.data,
                                             last ? q->n : ca.size, &q->pre, m);
    fer_query_take_first(q, &r, m);
    char phase[64]; /* for --verbose progress lines */
    snprintf(phase, sizeof phase, "search, component %u of %u,", k + 1, comp.count);
    r.phase = phase;
    if (setup && !setup(user, &r)) {
      o = fer_outcome_unknown(FER_WHY_BUDGET, NULL);
    } else {
      fer_engine_stats rs;
      fer_engine_status s = fer_engine_run(f, &r, &rs);
      o = fer_query_end(q, s, &rs);
    }
    fer_prog_release(f, &p);
    if (o.result != FERRET_SAT) goto done;
  }
  if (!comp.count) { /* nothing to search: check the model made here */
    q->run_found_by = "preprocess";
    fer_why w = fer_query_settle(f, m, q->a, q->n, &q->pre, &q->total.time_validate);
    o = w ? fer_outcome_unknown(w, NULL) : (fer_outcome){FERRET_SAT, FER_WHY_NONE, NULL};
  }
done:
  /* the parts of split wide variables are not the caller's (pre.h) */
  for (size_t i = 0; i < q->pre.parts.size; i++) {
    uint32_t k = fer_term_idx(f, q->pre.parts.data[i], 0);
    if (k < m->size) m->value[k] = 0;
  }
  FER_RELEASE(f, ca);
  fer_components_release(f, &comp);
  return o;
}
