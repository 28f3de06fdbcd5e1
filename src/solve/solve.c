/* The solve job (contract in solve.h).
 *
 *   ground assertions: decided by the reference evaluator alone;
 *   otherwise preprocess, then by backend:
 *   engine     split into independent components; per component compile
 *              and one engine run (engine.h) whose callback takes the first
 *              solution; the last component's solutions are validated on
 *              the ORIGINAL assertions (its request's base holds the earlier
 *              components' values), so the model answered has passed
 *              fer_model_validate on the original formula;
 *   libfuzzer  one program for the whole formula, one libFuzzer run
 *              (libfuzzer.h), its solution validated the same way.
 * With a portfolio (ferret_add_portfolio) the partners (partner.h) start
 * before the backend and run beside it; a definite answer of one raises a
 * flag the engine polls (its reason is then "portfolio").  After the
 * backend: its sat or unsat stands; otherwise a partner's unsat is taken,
 * and its sat only with a model that passes fer_model_validate on the
 * query (a rejected model and an engine stopped by it: the backend runs
 * again without that partner).  The partners are then stopped.
 * Statistics: this file owns the fer_stats it returns; the runs' own
 * figures come from their fer_engine_stats. */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "engine/engine.h"
#include "smt/eval.h"
#include "backends/libfuzzer.h"
#include "backends/partner.h"
#include "engine/interval.h"
#include "engine/relate.h"
#include "engine/pre.h"
#include "solve/solve.h"
#include "solve/theory.h"

enum { FER_MAX_PARTNERS = 4 };

typedef struct solve {
  ferret *f;
  const fer_term *a;
  size_t n;
  fer_model *model;        /* the answer */
  fer_stats *st;
  fer_pre pre;             /* engine backend */
  fer_intervals iv;        /* domains after preprocessing (option intervals) */
  bool have_iv;
  fer_user_seeds seeds;    /* ferret_set_seeds, read for this call */
  bool have_seeds, copy_failed;
  double t0, deadline;
  uint64_t execs_used;
  uint64_t best_execs;     /* of the run that took most executions */
  /* the portfolio */
  fer_partner partner[FER_MAX_PARTNERS];
  uint32_t npartners;
  bool looked[FER_MAX_PARTNERS], rejected[FER_MAX_PARTNERS];
  fer_buf script;
  volatile _Atomic int partner_flag;
} solve;

static double since(double t) { return fer_now() - t; }

/* ------------------------------------------------- decided by evaluation */

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

/* Ground assertions that evaluation leaves open because a value SMT-LIB
 * does not specify decides them (fp.max of +0 and -0 said equal to both):
 * interval propagation covers every choice of such a value, so an empty
 * domain proves that no choice satisfies them.  FERRET_UNKNOWN otherwise. */
static ferret_result ground_by_intervals(ferret *f, const fer_term *a,
                                         size_t n, fer_stats *st) {
  fer_intervals iv;
  fer_intervals_init(&iv);
  double t = fer_now();
  bool unsat = fer_intervals_run(f, a, n, &iv) == FERRET_OK && iv.empty;
  st->time_intervals = since(t);
  st->interval_rounds = iv.rounds;
  fer_intervals_release(f, &iv);
  if (!unsat) return FERRET_UNKNOWN;
  st->found_by = "intervals";
  return FERRET_UNSAT;
}

/* ------------------------------------------------------ engine requests */

/* The callback: the first validated solution is the answer. */
static fer_engine_verdict take_first(void *user, const fer_engine_solution *s) {
  solve *x = user;
  fer_model *m = x->model;
  if (!fer_model_reserve(x->f, m)) {
    x->copy_failed = true;
    return FER_ENGINE_STOP;
  }
  for (size_t k = 0; k < s->nvars; k++) { /* the query's variables only */
    uint32_t i = fer_term_idx(x->f, s->vars[k], 0);
    m->value[i] = s->model->value[i];
  }
  return FER_ENGINE_STOP;
}

/* A SATISFY request for program p, validated on c[0..cn) completed with
 * the eliminated variables of the preprocessing `pre` and the values of
 * base; *over is set when the execution budget is spent already. */
static fer_engine_request request(solve *x, const fer_prog *p,
                                  const fer_term *c, size_t cn,
                                  const fer_pre *pre, const fer_model *base,
                                  bool *over) {
  ferret *f = x->f;
  fer_engine_request r;
  memset(&r, 0, sizeof r);
  r.prog = p, r.layout = fer_layout_of(p);
  r.check.assertions = c, r.check.n = cn;
  r.check.elim_var = pre->elim_var.data, r.check.elim_def = pre->elim_def.data;
  r.check.nelim = pre->elim_var.size, r.check.base = base;
  r.objective.kind = FER_OBJ_SATISFY;
  r.accept = take_first, r.accept_user = x;
  uint64_t max = (uint64_t)f->opt.max_execs;
  *over = max && x->execs_used >= max;
  r.budget.max_execs = max && !*over ? max - x->execs_used : 0;
  r.budget.deadline = x->deadline;
  r.budget.interrupt = &f->interrupt;
  r.budget.partner = &x->partner_flag;
  r.user_seeds = x->have_seeds ? &x->seeds : NULL;
  r.opt = &f->opt;
  return r;
}

/* Add a run's figures to the job's statistics. */
static void add_run(solve *x, const fer_engine_stats *r, fer_engine_status s) {
  fer_stats *st = x->st;
  st->execs += r->execs;
  st->corpus += r->corpus;
  st->local_search_runs += r->local_search_runs;
  st->local_search_execs += r->local_search_execs;
  st->enumerated += r->enumerated;
  st->time_compile += r->time_prepare;
  st->time_search += r->time_search;
  st->time_validate += r->time_validate;
  x->execs_used += r->execs;
  if (s == FER_ENGINE_STOPPED && r->execs >= x->best_execs) {
    x->best_execs = r->execs; /* the hardest component names the strategy */
    st->found_by = r->found_by;
  }
}

/* The answer of one run, for a job that stops at the first solution. */
static ferret_result answer(solve *x, fer_engine_status s,
                            const fer_engine_stats *r, const char **why) {
  if (s == FER_ENGINE_EXHAUSTED) {
    x->st->found_by = "enumeration";
    return FERRET_UNSAT;
  }
  if (s == FER_ENGINE_STOPPED && !x->copy_failed) return FERRET_SAT;
  *why = s == FER_ENGINE_STOPPED ? "memory" : r->reason;
  return FERRET_UNKNOWN;
}

/* ------------------------------------------------------------ backends */

/* The in-process engine, one run per independent component. */
static ferret_result with_engine(solve *x, const char **why) {
  ferret *f = x->f;
  fer_stats *st = x->st;
  ferret_result r = FERRET_UNKNOWN;
  fer_components comp = {0, NULL, 0};
  fer_term_stack ca = {0};
  FER_STACK(fer_slot_range) ranges = {0};
  *why = "memory";
  double t = fer_now();
  ferret_status ps = fer_preprocess(f, x->a, x->n, &x->pre, NULL, NULL);
  st->time_preprocess = since(t);
  if (ps != FERRET_OK) goto done;
  st->assertions_out = (uint32_t)x->pre.assertions.size;
  st->eliminated = (uint32_t)x->pre.elim_var.size;
  if (x->pre.unsat) {
    st->found_by = "preprocess";
    r = FERRET_UNSAT;
    goto done;
  }
  const fer_term *pa = x->pre.assertions.data;
  size_t pn = x->pre.assertions.size;
  if (f->opt.intervals && pn) {
    t = fer_now();
    ferret_status is = fer_intervals_run(f, pa, pn, &x->iv);
    st->time_intervals = since(t);
    st->interval_rounds = x->iv.rounds;
    if (is != FERRET_OK) goto done;
    if (x->iv.empty) {
      st->found_by = "intervals";
      r = FERRET_UNSAT;
      goto done;
    }
    x->have_iv = true;
  }
  if (f->opt.relations && pn) {
    bool contradiction;
    t = fer_now();
    bool rok = fer_relations_run(f, pa, pn, &contradiction);
    st->time_intervals += since(t);
    if (!rok) goto done;
    if (contradiction) {
      st->found_by = "relations";
      r = FERRET_UNSAT;
      goto done;
    }
  }
  if (!fer_split(f, pa, pn, f->opt.pp_split != 0, &comp)) goto done;
  st->components = comp.count;
  for (uint32_t k = 0; k < comp.count; k++) {
    FER_CLEAR(ca);
    for (size_t i = 0; i < pn; i++)
      if (comp.of[i] == k && !FER_PUSH(f, ca, pa[i])) goto done;
    fer_prog p;
    t = fer_now();
    ferret_status cs = fer_compile(f, ca.data, ca.size, &p);
    st->time_compile += since(t);
    if (cs != FERRET_OK) {
      *why = cs == FERRET_ERROR_UNSUPPORTED ? "unsupported" : "memory";
      goto done;
    }
    st->slots += p.nslots;
    st->slot_bits += p.total_bits;
    st->instructions += (uint32_t)p.code.size;
    /* The last component sees every other value: its solutions can be
     * validated on the original formula. */
    bool last = k + 1 == comp.count, over;
    fer_engine_request q =
        last ? request(x, &p, x->a, x->n, &x->pre, x->model, &over)
             : request(x, &p, ca.data, ca.size, &x->pre, x->model, &over);
    if (x->have_iv && !FER_RESERVE(f, ranges, p.nslots)) {
      fer_prog_release(f, &p);
      goto done;
    }
    if (x->have_iv) q.layout.ranges = fer_intervals_slot_ranges(&x->iv, &p, ranges.data);
    char phase[64]; /* for --verbose progress lines */
    snprintf(phase, sizeof phase, "search, component %u of %u,", k + 1, comp.count);
    q.phase = phase;
    fer_engine_stats rs;
    fer_engine_status s = FER_ENGINE_UNKNOWN;
    if (over) {
      *why = "budget";
    } else {
      s = fer_engine_run(f, &q, &rs);
      add_run(x, &rs, s);
      r = answer(x, s, &rs, why);
    }
    fer_prog_release(f, &p);
    if (r != FERRET_SAT) goto done;
  }
  if (!comp.count) { /* nothing to search: check the model made here */
    st->found_by = "preprocess";
    fer_term_stack vars = {0};
    *why = fer_collect_vars(f, x->a, x->n, &vars) &&
                   fer_collect_vars(f, x->pre.elim_def.data,
                                    x->pre.elim_def.size, &vars)
               ? fer_model_complete(f, x->model, vars.data, vars.size,
                                    x->pre.elim_var.data, x->pre.elim_def.data,
                                    x->pre.elim_var.size)
               : "memory";
    FER_RELEASE(f, vars);
    if (*why) goto done;
    t = fer_now();
    fer_error_clear(f);
    int v = fer_model_validate(f, x->a, x->n, x->model);
    st->time_validate += since(t);
    r = v == 1 ? FERRET_SAT : FERRET_UNKNOWN;
    if (v < 0) *why = "unspecified";
    else if (!v) *why = f->error.status == FERRET_ERROR_UNSUPPORTED
                            ? "unsupported"
                            : "internal: model rejected";
  }
done:
  /* the parts of split wide variables are not the user's (pre.h) */
  for (size_t i = 0; i < x->pre.parts.size; i++) {
    uint32_t k = fer_term_idx(f, x->pre.parts.data[i], 0);
    if (k < x->model->size) x->model->value[k] = 0;
  }
  FER_RELEASE(f, ca);
  FER_RELEASE(f, ranges);
  fer_components_release(f, &comp);
  return r;
}

/* JFS's architecture: one program under libFuzzer. */
static ferret_result with_libfuzzer(solve *x, const char **why) {
  ferret *f = x->f;
  fer_stats *st = x->st;
  ferret_result r = FERRET_UNKNOWN;
  st->jobs = 1;
  fer_smt2c_unit u;
  fer_smt2c_init(&u);
  u.layout = (int)f->opt.layout;
  double t = fer_now();
  ferret_status ps = fer_smt2c_prepare(f, x->a, x->n, &u);
  st->time_preprocess = since(t); /* preprocessing and compiling */
  if (ps != FERRET_OK) {
    *why = ps == FERRET_ERROR_UNSUPPORTED ? "unsupported" : "memory";
  } else if (u.pre.unsat) {
    st->found_by = "preprocess";
    r = FERRET_UNSAT;
  } else {
    st->assertions_out = (uint32_t)u.pre.assertions.size;
    st->eliminated = (uint32_t)u.pre.elim_var.size;
    st->slots = u.prog.nslots, st->slot_bits = u.prog.total_bits;
    st->instructions = (uint32_t)u.prog.code.size;
    bool over;
    fer_engine_request q = request(x, &u.prog, x->a, x->n, &u.pre, NULL, &over);
    fer_engine_stats rs;
    fer_engine_status s = fer_libfuzzer_run(f, &u, &q, &rs);
    add_run(x, &rs, s);
    r = answer(x, s, &rs, why);
  }
  fer_smt2c_release(f, &u);
  return r;
}

/* ------------------------------------------------------------ portfolio */

/* Start every partner on the query (a partner that cannot start is
 * reported on the diagnostic sink and left out). */
static void start_partners(solve *x) {
  ferret *f = x->f;
  if (!f->portfolio.size) return;
  if (!fer_buf_str(f, &x->script, "(set-option :produce-models true)\n") ||
      !fer_print_script(f, &x->script, NULL, x->a, x->n) ||
      !fer_buf_str(f, &x->script, "(check-sat)\n(get-model)\n(exit)\n"))
    return;
  for (size_t at = 0; at < f->portfolio.size && x->npartners < FER_MAX_PARTNERS;
       at += strlen(f->portfolio.data + at) + 1) {
    fer_partner *p = &x->partner[x->npartners];
    if (fer_partner_start(f, p, f->portfolio.data + at, x->script.data,
                          x->script.size, (double)f->opt.portfolio_delay_ms / 1000,
                          &x->partner_flag))
      x->npartners++;
    else
      fer_diag(f, "ferret: warning: %s\n", f->error.message);
  }
}

/* The model a partner printed after its sat, completed with zero values
 * for the query's variables it left out, into x->model if it passes the
 * evaluator on the query (fer_partner_model): 1, else 0. */
static int partner_model(solve *x, fer_partner *p) {
  ferret *f = x->f;
  fer_buf text = {0};
  double wait = x->deadline > 0 ? x->deadline : fer_now() + 10;
  int ok = fer_partner_rest(f, p, &text, wait) &&
           fer_partner_model(f, text.data, text.size - 1, x->a, x->n, x->model);
  FER_RELEASE(f, text);
  return ok;
}

/* After the backend answered r: the partners' answers (see the top of the
 * file).  *again: run the backend again (it was stopped by a partner whose
 * model was rejected). */
static ferret_result take_partners(solve *x, ferret_result r, const char **why,
                                   bool *again) {
  ferret *f = x->f;
  *again = false;
  if (r != FERRET_UNKNOWN) return r;
  bool stopped_by_partner = !strcmp(*why, "portfolio");
  for (;;) {
    uint32_t pending = 0;
    for (uint32_t k = 0; k < x->npartners; k++) {
      fer_partner *p = &x->partner[k];
      if (x->looked[k]) continue;
      int a = atomic_load(&p->answer);
      if (!a) {
        pending++;
        continue;
      }
      x->looked[k] = true;
      if (a == FER_PARTNER_UNSAT || (a == FER_PARTNER_SAT && partner_model(x, p))) {
        x->st->found_by = "portfolio";
        return a == FER_PARTNER_SAT ? FERRET_SAT : FERRET_UNSAT;
      }
      x->rejected[k] = a == FER_PARTNER_SAT;
    }
    bool any_rejected = false;
    for (uint32_t k = 0; k < x->npartners; k++) any_rejected |= x->rejected[k];
    if (stopped_by_partner && any_rejected) { /* the engine lost its run */
      atomic_store(&x->partner_flag, 0);
      *again = true;
      return r;
    }
    if (!pending || atomic_load(&f->interrupt) ||
        (x->deadline > 0 && fer_now() >= x->deadline))
      break;
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
  for (uint32_t k = 0; k < x->npartners; k++)
    if (x->rejected[k]) *why = "portfolio: a partner's model was rejected by the evaluator";
  if (!strcmp(*why, "portfolio")) *why = "incomplete";
  return r;
}

/* Stop every partner; their answers into the statistics. */
static void stop_partners(solve *x) {
  fer_stats *st = x->st;
  size_t n = 0;
  for (uint32_t k = 0; k < x->npartners; k++) {
    fer_partner *p = &x->partner[k];
    int a = atomic_load(&p->answer);
    const char *ans = x->rejected[k]              ? "rejected"
                      : a == FER_PARTNER_SAT     ? "sat"
                      : a == FER_PARTNER_UNSAT   ? "unsat"
                      : a == FER_PARTNER_UNKNOWN ? "unknown"
                      : a == FER_PARTNER_ERROR   ? "error"
                                                 : "stopped";
    fer_partner_stop(p);
    if (a == FER_PARTNER_ERROR) /* else silent: only --stats would say */
      fer_diag(x->f, "warning: portfolio partner '%s' gave no answer%s%s%s (a solver must "
                     "read SMT-LIB on stdin, e.g. 'z3 -in', 'cvc5 --lang smt2')\n",
               p->cmd, p->line[0] ? " (it printed '" : "", p->line, p->line[0] ? "')" : "");
    char cmd[64];
    size_t c = 0;
    for (const char *s = p->cmd; *s && c + 1 < sizeof cmd; s++)
      cmd[c++] = *s == '"' || *s == '\\' ? '\'' : *s; /* stays valid JSON */
    cmd[c] = 0;
    if (n < sizeof st->portfolio)
      n += (size_t)snprintf(st->portfolio + n, sizeof st->portfolio - n,
                            "%s%s=%s@%.3f", k ? ";" : "", cmd, ans,
                            a ? p->answered - x->t0 : fer_now() - x->t0);
  }
  x->npartners = 0;
}

/* ------------------------------------------- arrays, functions, sorts */

/* The answer is unknown because of a construct ferret does not support:
 * name it (what = the error that said so) in the statistics, for
 * (get-info :reason-unknown), and once on the diagnostic sink. */
static void say_unsupported(ferret *f, fer_stats *st, const char *what) {
  if (st->unsupported[0]) return; /* said already for this check-sat */
  snprintf(st->unsupported, sizeof st->unsupported, "%s", what);
  fer_diag(f, "ferret: warning: unknown: %s\n", st->unsupported);
}

/* A formula with arrays, functions or uninterpreted sorts: solve its
 * reduction (theory.h), build the original's model back and validate it
 * on the original formula; an unsat stands only if the reduction is
 * exact. */
static ferret_result solve_theory(ferret *f, const fer_term *a, size_t n,
                                  fer_model *model, const char **reason,
                                  fer_stats *st) {
  fer_theory t;
  fer_theory_init(&t);
  double t0 = fer_now();
  ferret_result r = FERRET_UNKNOWN;
  ferret_status rs = fer_theory_reduce(f, a, n, &t);
  if (rs != FERRET_OK) {
    memset(st, 0, sizeof *st);
    if (rs == FERRET_ERROR_UNSUPPORTED) /* say what, not only "unsupported" */
      say_unsupported(f, st, f->error.message);
    *reason = rs == FERRET_ERROR_UNSUPPORTED ? "unsupported" : "memory";
    st->found_by = "", st->result = "unknown", st->reason = *reason;
    goto done;
  }
  r = fer_solve(f, t.assertions.data, t.assertions.size, model, reason, st);
  st->assertions_in = (uint32_t)n;
  if (r == FERRET_UNSAT && !t.exact) {
    r = FERRET_UNKNOWN;
    *reason = "incomplete";
  } else if (r == FERRET_SAT) {
    fer_term_stack vars = {0};
    const char *why = fer_theory_model(f, &t, model);
    if (!why)
      why = fer_collect_vars(f, a, n, &vars)
                ? fer_model_complete(f, model, vars.data, vars.size, NULL, NULL, 0)
                : "memory";
    FER_RELEASE(f, vars);
    int v = 0;
    if (!why) {
      fer_error_clear(f);
      v = fer_model_validate(f, a, n, model);
      if (v < 0) why = "unspecified";
      else if (!v) why = f->error.status == FERRET_ERROR_UNSUPPORTED
                             ? "unsupported"
                             : "internal: model rejected";
    }
    if (why) r = FERRET_UNKNOWN, *reason = why;
  }
  st->result = r == FERRET_SAT ? "sat" : r == FERRET_UNSAT ? "unsat" : "unknown";
  st->reason = r == FERRET_UNKNOWN ? *reason : "";
done:
  st->time_total = fer_now() - t0;
  fer_theory_release(f, &t);
  return r;
}

/* ------------------------------------------------------------- the job */

ferret_result fer_solve(ferret *f, const fer_term *a, size_t n,
                        fer_model *model, const char **reason,
                        fer_stats *stats) {
  fer_stats local_stats;
  fer_model local_model;
  fer_model_init(&local_model);
  solve x;
  memset(&x, 0, sizeof x);
  x.f = f, x.a = a, x.n = n;
  x.model = model ? model : &local_model;
  x.st = stats ? stats : &local_stats;
  x.t0 = fer_now();
  x.deadline = f->opt.timeout_ms ? x.t0 + (double)f->opt.timeout_ms / 1000
               : f->opt.timeout  ? x.t0 + (double)f->opt.timeout
                                 : 0;
  fer_stats *st = x.st;
  memset(st, 0, sizeof *st);
  st->seed = (uint64_t)f->opt.seed;
  st->jobs = (uint32_t)f->opt.jobs;
  st->found_by = "";
  st->assertions_in = (uint32_t)n;
  ferret_result r = FERRET_UNKNOWN;
  const char *why = "memory";
  uint32_t had = x.model->size; /* new entries of a reserve are 0 */
  if (!fer_model_reserve(f, x.model)) goto done;
  for (uint32_t i = 0; i < had; i++) x.model->value[i] = 0;
  if (solve_by_evaluation(f, a, n, &r, &why) == GROUND_DECIDED) {
    st->found_by = "evaluation";
    if (r == FERRET_UNKNOWN && !strcmp(why, "unspecified") && f->opt.intervals)
      r = ground_by_intervals(f, a, n, st); /* one value, used twice */
    goto done; /* ground: no variable occurs, the empty model is a model */
  }
  if (fer_theory_needed(f, a, n)) { /* x.model may be local_model */
    r = solve_theory(f, a, n, x.model, reason, st);
    fer_model_release(f, &local_model);
    return r;
  }
  fer_user_seeds_init(&x.seeds);
  if (f->seed_text.size) {
    x.have_seeds = fer_user_seeds_parse(f, f->seed_text.data,
                                        f->seed_text.size, &x.seeds) == FERRET_OK;
    if (!x.have_seeds)
      fer_diag(f, "ferret: warning: seeds ignored: %s\n", f->error.message);
  }
  start_partners(&x);
  for (bool again = true; again;) {
    fer_pre_init(&x.pre);
    fer_intervals_init(&x.iv);
    x.have_iv = false;
    r = f->opt.backend == 1 ? with_libfuzzer(&x, &why) : with_engine(&x, &why);
    fer_intervals_release(f, &x.iv);
    fer_pre_release(f, &x.pre);
    again = false;
    if (x.npartners) r = take_partners(&x, r, &why, &again);
  }
  stop_partners(&x);
  FER_RELEASE(f, x.script);
  fer_user_seeds_release(f, &x.seeds);
done:
  /* an unsupported construct: the error that said so names it */
  if (r == FERRET_UNKNOWN && !strncmp(why, "unsupported", 11) &&
      f->error.status == FERRET_ERROR_UNSUPPORTED)
    say_unsupported(f, st, f->error.message);
  *reason = r == FERRET_UNKNOWN ? why : "";
  st->result = r == FERRET_SAT ? "sat" : r == FERRET_UNSAT ? "unsat" : "unknown";
  st->reason = *reason;
  st->time_total = since(x.t0);
  st->execs_per_sec = st->time_search > 0 ? (double)st->execs / st->time_search : 0;
  fer_model_release(f, &local_model);
  return r;
}
