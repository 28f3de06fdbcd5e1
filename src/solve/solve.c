/* The solve job (contract in solve.h).
 *
 *   ground assertions: decided by the reference evaluator alone;
 *   otherwise by backend:
 *   engine     the query's one-model search (engine/query.h,
 *              fer_query_find): preprocess, intervals, relations, split
 *              into independent components, one engine run per component
 *              whose callback takes the first solution, the last one
 *              validated on the ORIGINAL assertions; this job adds only
 *              its budget (solve_setup), user seeds and portfolio flag;
 *   libfuzzer  one program for the whole formula, one libFuzzer run
 *              (libfuzzer.h) over a request of the same query, its
 *              solution validated and classified the same way.
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
#include "engine/query.h"
#include "solve/solve.h"
#include "solve/theory.h"

enum { FER_MAX_PARTNERS = 4 };

typedef struct solve {
  ferret *f;
  const fer_term *a;
  size_t n;
  fer_model *model;        /* the answer */
  fer_stats *st;
  fer_query q;             /* the pipeline of this attempt (query.h) */
  fer_user_seeds seeds;    /* ferret_set_seeds, read for this call */
  bool have_seeds;
  double t0, deadline;
  uint64_t execs_used;     /* by the attempts before this one */
  /* the portfolio */
  fer_partner partner[FER_MAX_PARTNERS];
  uint32_t npartners;
  bool looked[FER_MAX_PARTNERS], rejected[FER_MAX_PARTNERS];
  fer_buf script;
  volatile _Atomic int partner_flag;
} solve;

static double since(double t) { return fer_now() - t; }

/* ------------------------------------------------- decided by evaluation */

/* Decide the assertions by evaluation alone: true when *o is final,
 * false when some assertion has variables and none is false (then the
 * search decides). */
static bool solve_by_evaluation(ferret *f, const fer_term *a, size_t n,
                                fer_outcome *o) {
  bool non_ground = false, unspecified_seen = false;
  fer_why failed = FER_WHY_NONE;
  *o = (fer_outcome){FERRET_UNSAT, FER_WHY_NONE, NULL};
  for (size_t i = 0; i < n; i++) {
    if (a[i] == fer_false(f)) return true; /* the cheapest proof of all */
    if (a[i] == fer_true(f)) continue;
    if (!fer_term_is_ground(f, a[i])) {
      non_ground = true;
      continue;
    }
    bool unspecified = false;
    fer_term v = fer_eval(f, a[i], NULL, &unspecified);
    if (!v) {
      if (!failed)
        failed = f->error.status == FERRET_ERROR_UNSUPPORTED ? FER_WHY_UNSUPPORTED
                                                             : FER_WHY_ERROR;
    } else if (unspecified) {
      unspecified_seen = true;
    } else if (v == fer_false(f)) {
      return true; /* unsat, sound whatever the other assertions are */
    }
  }
  if (failed) return *o = fer_outcome_unknown(failed, NULL), true;
  if (non_ground) return *o = fer_outcome_unknown(FER_WHY_INCOMPLETE, NULL), false;
  if (unspecified_seen) return *o = fer_outcome_unknown(FER_WHY_UNSPECIFIED, NULL), true;
  o->result = FERRET_SAT;
  return true;
}

/* Ground assertions that evaluation leaves open because a value SMT-LIB
 * does not specify decides them (fp.max of +0 and -0 said equal to both):
 * interval propagation covers every choice of such a value, so an empty
 * domain proves that no choice satisfies them.  FERRET_UNKNOWN otherwise. */
static ferret_result ground_by_intervals(ferret *f, const fer_term *a,
                                         size_t n, fer_stats *st) {
  fer_query q;
  fer_query_init(&q, f, a, n);
  q.preprocess = false; /* the query's front, intervals alone */
  fer_outcome o;
  bool open = fer_query_prepare(&q, &o);
  st->time_intervals = q.time_intervals;
  st->interval_rounds = q.interval_rounds;
  fer_query_release(&q);
  if (open || o.result != FERRET_UNSAT) return FERRET_UNKNOWN;
  st->found_by = "intervals";
  return FERRET_UNSAT;
}

/* ------------------------------------------------------ engine requests */

/* What the solve job puts into each request of its query: the budget
 * (what is left of max_execs over all runs of the call, the deadline, the
 * partners' flag) and the user seeds.  false when the execution budget
 * is spent already. */
static bool solve_setup(void *user, fer_engine_request *r) {
  solve *x = user;
  uint64_t max = (uint64_t)x->f->opt.max_execs;
  uint64_t used = x->execs_used + x->q.total.execs;
  bool over = max && used >= max;
  r->budget.max_execs = max && !over ? max - used : 0;
  r->budget.deadline = x->deadline;
  r->budget.partner = &x->partner_flag;
  r->user_seeds = x->have_seeds ? &x->seeds : NULL;
  return !over;
}

/* The query's figures into the job's statistics (after each attempt). */
static void add_query(solve *x) {
  const fer_query *q = &x->q;
  fer_stats *st = x->st;
  const fer_engine_stats *t = &q->total;
  st->assertions_out = q->assertions_out;
  st->eliminated = q->eliminated;
  st->components = q->components;
  st->slots += q->slots, st->slot_bits += q->slot_bits;
  st->instructions += q->instructions;
  if (*q->found_by) st->found_by = q->found_by;
  else if (*q->run_found_by) st->found_by = q->run_found_by;
  x->execs_used += t->execs;
  st->time_preprocess = q->time_preprocess;
  if (q->intervals || q->relations) st->time_intervals = q->time_intervals;
  if (q->iv.rounds) st->interval_rounds = q->interval_rounds;
  st->time_compile += q->time_compile + t->time_prepare;
  st->execs += t->execs;
  st->corpus += t->corpus;
  st->local_search_runs += t->local_search_runs;
  st->local_search_execs += t->local_search_execs;
  st->restarts += t->restarts;
  st->enumerated += t->enumerated;
  st->time_search += t->time_search;
  st->time_validate += t->time_validate;
}

/* ------------------------------------------------------------ backends */

/* The in-process engine: the query's one-model search (query.h). */
static fer_outcome with_engine(solve *x) {
  x->q.relations = x->f->opt.relations != 0;
  return fer_query_find(&x->q, x->model, solve_setup, x);
}

/* JFS's architecture: one program under libFuzzer. */
static fer_outcome with_libfuzzer(solve *x) {
  ferret *f = x->f;
  fer_stats *st = x->st;
  fer_outcome o = fer_outcome_unknown(FER_WHY_MEMORY, NULL);
  st->jobs = 1;
  fer_smt2c_unit u;
  fer_smt2c_init(&u);
  u.layout = (int)f->opt.layout;
  double t = fer_now();
  ferret_status ps = fer_smt2c_prepare(f, x->a, x->n, &u);
  x->q.time_preprocess = fer_now() - t; /* preprocessing and compiling */
  if (ps != FERRET_OK) {
    o = fer_outcome_unknown(fer_why_of_status(ps), NULL);
  } else if (u.pre.unsat) {
    x->q.found_by = "preprocess";
    o = (fer_outcome){FERRET_UNSAT, FER_WHY_NONE, NULL};
  } else {
    x->q.assertions_out = (uint32_t)u.pre.assertions.size;
    x->q.eliminated = (uint32_t)u.pre.elim_var.size;
    x->q.slots = u.prog.nslots, x->q.slot_bits = u.prog.total_bits;
    x->q.instructions = (uint32_t)u.prog.code.size;
    fer_engine_request r = fer_query_request(&x->q, &u.prog, NULL, x->a, x->n, &u.pre, NULL);
    fer_query_take_first(&x->q, &r, x->model);
    (void)solve_setup(x, &r);
    fer_engine_stats rs;
    fer_engine_status s = fer_libfuzzer_run(f, &u, &r, &rs);
    o = fer_query_end(&x->q, s, &rs);
  }
  fer_smt2c_release(f, &u);
  return o;
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
static fer_outcome take_partners(solve *x, fer_outcome o, bool *again) {
  ferret *f = x->f;
  *again = false;
  if (o.result != FERRET_UNKNOWN) return o;
  bool stopped_by_partner = o.why == FER_WHY_PORTFOLIO;
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
        o.result = a == FER_PARTNER_SAT ? FERRET_SAT : FERRET_UNSAT;
        o.why = FER_WHY_NONE, o.msg = NULL;
        return o;
      }
      x->rejected[k] = a == FER_PARTNER_SAT;
    }
    bool any_rejected = false;
    for (uint32_t k = 0; k < x->npartners; k++) any_rejected |= x->rejected[k];
    if (stopped_by_partner && any_rejected) { /* the engine lost its run */
      atomic_store(&x->partner_flag, 0);
      *again = true;
      return o;
    }
    if (!pending || atomic_load(&f->interrupt) ||
        (x->deadline > 0 && fer_now() >= x->deadline))
      break;
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
  for (uint32_t k = 0; k < x->npartners; k++)
    if (x->rejected[k])
      o = fer_outcome_unknown(FER_WHY_OTHER,
                              "portfolio: a partner's model was rejected by the evaluator");
  if (o.why == FER_WHY_PORTFOLIO) o = fer_outcome_unknown(FER_WHY_INCOMPLETE, NULL);
  return o;
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

static fer_outcome solve_formula(ferret *, const fer_term *a, size_t n,
                                 fer_model *, fer_stats *);

static const char *result_name(ferret_result r) {
  return r == FERRET_SAT ? "sat" : r == FERRET_UNSAT ? "unsat" : "unknown";
}

/* A formula with arrays, functions or uninterpreted sorts: solve its
 * reduction (theory.h), build the original's model back and validate it
 * on the original formula; an unsat stands only if the reduction is
 * exact. */
static fer_outcome solve_theory(ferret *f, const fer_term *a, size_t n,
                                fer_model *model, fer_stats *st) {
  fer_theory t;
  fer_theory_init(&t);
  double t0 = fer_now();
  fer_outcome o;
  ferret_status rs = fer_theory_reduce(f, a, n, &t);
  if (rs != FERRET_OK) {
    memset(st, 0, sizeof *st);
    if (rs == FERRET_ERROR_UNSUPPORTED) /* say what, not only "unsupported" */
      say_unsupported(f, st, f->error.message);
    o = fer_outcome_unknown(fer_why_of_status(rs), NULL);
    st->found_by = "";
  } else {
    o = solve_formula(f, t.assertions.data, t.assertions.size, model, st);
    st->assertions_in = (uint32_t)n;
    if (o.result == FERRET_UNSAT && !t.exact) {
      o = fer_outcome_unknown(FER_WHY_INCOMPLETE, NULL);
    } else if (o.result == FERRET_SAT) {
      const char *tw = fer_theory_model(f, &t, model); /* a text: classify it */
      fer_why w = tw ? fer_why_of_text(tw) : fer_query_settle(f, model, a, n, NULL, NULL);
      if (w) o = fer_outcome_unknown(w, tw);
    }
  }
  st->result = result_name(o.result);
  st->reason = fer_outcome_reason(&o);
  st->time_total = fer_now() - t0;
  fer_theory_release(f, &t);
  return o;
}

/* ------------------------------------------------------------- the job */

static fer_outcome solve_formula(ferret *f, const fer_term *a, size_t n,
                                 fer_model *model, fer_stats *st) {
  solve x;
  memset(&x, 0, sizeof x);
  x.f = f, x.a = a, x.n = n;
  x.model = model, x.st = st;
  x.t0 = fer_now();
  x.deadline = f->opt.timeout_ms ? x.t0 + (double)f->opt.timeout_ms / 1000
               : f->opt.timeout  ? x.t0 + (double)f->opt.timeout
                                 : 0;
  memset(st, 0, sizeof *st);
  st->seed = (uint64_t)f->opt.seed;
  st->jobs = (uint32_t)f->opt.jobs;
  st->found_by = "";
  st->assertions_in = (uint32_t)n;
  fer_outcome o = fer_outcome_unknown(FER_WHY_MEMORY, NULL);
  uint32_t had = model->size; /* new entries of a reserve are 0 */
  if (!fer_model_reserve(f, model)) goto done;
  for (uint32_t i = 0; i < had; i++) model->value[i] = 0;
  if (solve_by_evaluation(f, a, n, &o)) {
    st->found_by = "evaluation";
    if (o.why == FER_WHY_UNSPECIFIED && f->opt.intervals &&
        ground_by_intervals(f, a, n, st) == FERRET_UNSAT) /* one value, used twice */
      o = (fer_outcome){FERRET_UNSAT, FER_WHY_NONE, NULL};
    goto done; /* ground: no variable occurs, the empty model is a model */
  }
  if (fer_theory_needed(f, a, n)) return solve_theory(f, a, n, model, st);
  fer_user_seeds_init(&x.seeds);
  if (f->seed_text.size) {
    x.have_seeds = fer_user_seeds_parse(f, f->seed_text.data,
                                        f->seed_text.size, &x.seeds) == FERRET_OK;
    if (!x.have_seeds)
      fer_diag(f, "ferret: warning: seeds ignored: %s\n", f->error.message);
  }
  start_partners(&x);
  for (bool again = true; again;) {
    fer_query_init(&x.q, f, a, n);
    o = f->opt.backend == 1 ? with_libfuzzer(&x) : with_engine(&x);
    add_query(&x);
    fer_query_release(&x.q);
    again = false;
    if (x.npartners) o = take_partners(&x, o, &again);
  }
  stop_partners(&x);
  FER_RELEASE(f, x.script);
  fer_user_seeds_release(f, &x.seeds);
done:
  /* an unsupported construct: the error that said so names it */
  if (o.why == FER_WHY_UNSUPPORTED && f->error.status == FERRET_ERROR_UNSUPPORTED)
    say_unsupported(f, st, f->error.message);
  st->result = result_name(o.result);
  st->reason = fer_outcome_reason(&o);
  st->time_total = since(x.t0);
  st->execs_per_sec = st->time_search > 0 ? (double)st->execs / st->time_search : 0;
  return o;
}

ferret_result fer_solve(ferret *f, const fer_term *a, size_t n,
                        fer_model *model, const char **reason,
                        fer_stats *stats) {
  fer_stats local_stats;
  fer_model local_model;
  fer_model_init(&local_model);
  fer_outcome o = solve_formula(f, a, n, model ? model : &local_model,
                                stats ? stats : &local_stats);
  fer_model_release(f, &local_model);
  *reason = fer_outcome_reason(&o);
  return o.result;
}
