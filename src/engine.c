/* The fuzzing solver's driver (contract in engine.h).
 *
 *   preprocess -> split -> per component: compile, seeds, search
 *   (enumeration when the input space is small, else workers) -> join the
 *   slot values into one model -> defaults for untouched variables ->
 *   eliminated variables from their definitions -> validate on the
 *   original assertions.
 *
 * Threads: with jobs > 1 the workers of a component run in parallel on the
 * shared read-only program; everything that touches the term store or the
 * allocator (compilation, seeds, validation, model building) happens here,
 * on the calling thread, before the workers start or after they stopped. */
#include <pthread.h>
#include <string.h>

#include "bv.h"
#include "engine.h"
#include "eval.h"
#include "pre.h"
#include "search.h"
#include "solve.h"

/* Candidates that the evaluator finds to depend on an unspecified value
 * are skipped; after this many the component gives up ("unspecified"). */
#define MAX_UNSPEC_REJECTS 16

typedef struct engine {
  ferret *f;
  const fer_term *a;
  size_t n;
  fer_model *model;
  fer_pre pre;
  const fer_user_seeds *useeds;
  double t0, deadline;
  uint64_t execs_used;
  uint64_t best_execs; /* of the component that took most executions */
} engine;

static double seconds_since(double t) { return fer_now() - t; }

/* ------------------------------------------------------------ values */

/* Assign the slots of a program in the model.  0 on failure. */
static int assign_slots(ferret *f, fer_model *m, const fer_prog *p,
                        const fer_u128 *in) {
  for (uint32_t s = 0; s < p->nslots; s++) {
    fer_term v = p->slots.data[s].var;
    fer_term c = fer_value_term(f, fer_term_sort(f, v), in[s]);
    if (!c) return 0;
    m->value[fer_term_idx(f, v, 0)] = c;
  }
  return 1;
}

/* --------------------------------------------------------- one component */

typedef struct job {
  fer_worker *w;
  fer_run_result r;
} job;

static void *thread_main(void *arg) {
  job *j = arg;
  j->r = fer_worker_run(j->w);
  if (j->r == FER_RUN_FOUND) {
    fer_search *s = j->w->s;
    int none = 0;
    atomic_compare_exchange_strong(&s->winner, &none, (int)j->w->id + 1);
    atomic_store(&s->stop, 1);
  }
  return NULL;
}

/* Run the workers until one finds a candidate (its index) or a limit
 * (-1).  Threads only when jobs > 1. */
static int run_workers(fer_search *s, fer_worker *w, uint32_t jobs) {
  if (jobs == 1) return fer_worker_run(&w[0]) == FER_RUN_FOUND ? 0 : -1;
  pthread_t th[256];
  job jb[256];
  uint32_t started = 0;
  for (uint32_t i = 0; i < jobs; i++) {
    jb[i].w = &w[i], jb[i].r = FER_RUN_LIMIT;
    if (pthread_create(&th[i], NULL, thread_main, &jb[i])) break;
    started++;
  }
  if (!started) { /* no thread at all: run one worker here */
    thread_main(&jb[0]);
  }
  for (uint32_t i = 0; i < started; i++) pthread_join(th[i], NULL);
  int win = atomic_load(&s->winner);
  return win ? win - 1 : -1;
}

static const char *limit_reason(engine *e, fer_search *s) {
  if (atomic_load(&e->f->interrupt)) return "interrupted";
  if (s->deadline > 0 && fer_now() >= s->deadline) return "timeout";
  return "budget";
}

/* Search one compiled component.  SAT: the slot values are in the model. */
static ferret_result search(engine *e, const fer_prog *p, const fer_term *ca,
                            size_t cn, const char **reason) {
  ferret *f = e->f;
  fer_stats *st = &f->stats;
  uint32_t jobs = (uint32_t)f->opt.jobs;
  fer_search s;
  memset(&s, 0, sizeof s);
  s.p = p, s.opt = &f->opt, s.interrupt = &f->interrupt;
  s.deadline = e->deadline;
  if (f->opt.max_execs) {
    uint64_t max = (uint64_t)f->opt.max_execs;
    if (e->execs_used >= max) {
      *reason = "budget";
      return FERRET_UNKNOWN;
    }
    s.max_execs = max - e->execs_used;
  }
  uint64_t space = fer_input_space(p);
  bool enumerate = space <= ((uint64_t)1 << f->opt.enum_bits);
  if (enumerate) jobs = 1;
  s.enumerate = enumerate;
  fer_worker *w = fer_calloc(f, jobs * sizeof *w);
  uint32_t ready = 0;
  ferret_result res = FERRET_UNKNOWN;
  *reason = "memory";
  int ok = w && fer_seeds_make(f, &s, (uint64_t)f->opt.seed) &&
           fer_seeds_add_user(f, &s, e->useeds, e->pre.elim_var.data,
                              e->pre.elim_def.data, e->pre.elim_var.size);
  for (uint32_t i = 0; ok && i < jobs; i++, ready++)
    ok = fer_worker_init(f, &w[i], &s, i);
  double t = fer_now();
  uint64_t next = 0;
  bool unspec_seen = false;
  const char *found_by = "";
  for (uint32_t rejects = 0; ok;) {
    int win;
    if (enumerate) {
      fer_enum_result er = fer_enumerate(&w[0], &next, &unspec_seen);
      if (er == FER_ENUM_EXHAUSTED) {
        res = FERRET_UNSAT;
        break;
      }
      if (er == FER_ENUM_UNSPEC) {
        *reason = "unspecified";
        break;
      }
      win = er == FER_ENUM_FOUND ? 0 : -1;
    } else {
      win = run_workers(&s, w, jobs);
    }
    if (win < 0) {
      *reason = limit_reason(e, &s);
      break;
    }
    double tv = fer_now();
    fer_error_clear(f);
    int v = assign_slots(f, e->model, p, w[win].solution)
                ? fer_model_validate(f, ca, cn, e->model)
                : -2;
    st->time_validate += seconds_since(tv);
    if (v == 1) {
      res = FERRET_SAT;
      found_by = fer_origin_name[w[win].found_by];
      break;
    }
    if (v == -2) break; /* memory */
    if (v == 0 && f->error.status == FERRET_ERROR_UNSUPPORTED) {
      *reason = "unsupported";
      break;
    }
    if (v == 0) {
      *reason = "internal: model rejected";
      fer_diag(f, "ferret: internal error: the search engine's candidate is "
                  "rejected by the evaluator (please report)\n");
      break;
    }
    if (++rejects >= MAX_UNSPEC_REJECTS) {
      *reason = "unspecified";
      break;
    }
    atomic_store(&s.stop, 0); /* skip it and resume */
    atomic_store(&s.winner, 0);
  }
  st->time_search += seconds_since(t);
  uint64_t execs = 0;
  for (uint32_t i = 0; i < ready; i++) {
    execs += w[i].execs;
    st->corpus += w[i].corpus.size;
    st->local_search_runs += w[i].ls_runs;
    st->local_search_execs += w[i].ls_execs;
    if (enumerate) st->enumerated += w[i].execs;
    fer_worker_release(f, &w[i]);
  }
  st->execs += execs;
  e->execs_used += execs;
  if (res == FERRET_SAT && execs >= e->best_execs) {
    e->best_execs = execs; /* the hardest component names the strategy */
    st->found_by = found_by;
  }
  fer_seeds_release(f, &s);
  fer_free(f, w, jobs * sizeof *w);
  if (!ok) {
    *reason = "memory";
    return FERRET_UNKNOWN;
  }
  return res;
}

/* ---------------------------------------------------------- the driver */

static ferret_result finish(engine *e, ferret_result r, const char **reason,
                            const char *why) {
  fer_stats *st = &e->f->stats;
  if (r == FERRET_UNKNOWN) *reason = why;
  st->result = r == FERRET_SAT ? "sat" : r == FERRET_UNSAT ? "unsat" : "unknown";
  st->reason = r == FERRET_UNKNOWN ? why : "";
  st->time_total = seconds_since(e->t0);
  st->execs_per_sec = st->time_search > 0 ? (double)st->execs / st->time_search : 0;
  return r;
}


ferret_result fer_engine_solve_seeded(ferret *f, const fer_term *a, size_t n,
                                      fer_model *model, const char **reason,
                                      const fer_user_seeds *useeds) {
  engine e;
  memset(&e, 0, sizeof e);
  fer_model local;
  fer_model_init(&local);
  e.f = f, e.a = a, e.n = n, e.model = model ? model : &local;
  e.useeds = useeds;
  e.t0 = fer_now();
  e.deadline = f->opt.timeout ? e.t0 + (double)f->opt.timeout : 0;
  fer_stats *st = &f->stats;
  memset(st, 0, sizeof *st);
  st->seed = (uint64_t)f->opt.seed;
  st->jobs = (uint32_t)f->opt.jobs;
  st->found_by = "";
  st->assertions_in = (uint32_t)n;
  fer_pre_init(&e.pre);
  ferret_result r = FERRET_UNKNOWN;
  const char *why = "memory";
  fer_components comp = {0, NULL, 0};
  fer_term_stack ca = {0};

  double t = fer_now();
  ferret_status ps = fer_preprocess(f, a, n, &e.pre, NULL, NULL);
  st->time_preprocess = seconds_since(t);
  if (ps != FERRET_OK) goto done;
  st->assertions_out = (uint32_t)e.pre.assertions.size;
  st->eliminated = (uint32_t)e.pre.elim_var.size;
  if (e.pre.unsat) {
    r = FERRET_UNSAT;
    st->found_by = "preprocess";
    goto done;
  }
  if (!fer_model_reserve(f, e.model)) goto done;
  for (uint32_t i = 0; i < e.model->size; i++) e.model->value[i] = 0;
  const fer_term *pa = e.pre.assertions.data;
  size_t pn = e.pre.assertions.size;
  if (!fer_split(f, pa, pn, f->opt.pp_split != 0, &comp)) goto done;
  st->components = comp.count;
  for (uint32_t k = 0; k < comp.count; k++) {
    FER_CLEAR(ca);
    for (size_t i = 0; i < pn; i++)
      if (comp.of[i] == k && !FER_PUSH(f, ca, pa[i])) goto done;
    fer_prog p;
    t = fer_now();
    ferret_status cs = fer_compile(f, ca.data, ca.size, &p);
    st->time_compile += seconds_since(t);
    if (cs != FERRET_OK) {
      why = cs == FERRET_ERROR_UNSUPPORTED ? "unsupported" : "memory";
      goto done;
    }
    st->slots += p.nslots;
    st->slot_bits += p.total_bits;
    st->instructions += (uint32_t)p.code.size;
    const char *cwhy = "";
    ferret_result cr = search(&e, &p, ca.data, ca.size, &cwhy);
    fer_prog_release(f, &p);
    if (cr == FERRET_UNSAT) { /* one unsat component: the formula is */
      r = FERRET_UNSAT;
      st->found_by = "enumeration";
      goto done;
    }
    if (cr == FERRET_UNKNOWN) {
      why = cwhy;
      goto done;
    }
  }
  if (!comp.count) st->found_by = "preprocess";
  why = fer_model_complete(f, e.model, e.pre.elim_var.data,
                             e.pre.elim_def.data, e.pre.elim_var.size);
  if (why) goto done;
  t = fer_now();
  fer_error_clear(f);
  int v = fer_model_validate(f, a, n, e.model);
  st->time_validate += seconds_since(t);
  if (v == 1) {
    r = FERRET_SAT;
  } else if (v < 0) {
    why = "unspecified";
  } else if (f->error.status == FERRET_ERROR_UNSUPPORTED) {
    why = "unsupported"; /* the evaluator cannot judge (e.g. eb > 30) */
  } else {
    why = "internal: model rejected";
    fer_diag(f, "ferret: internal error: the joined model is rejected by the "
                "evaluator (please report)\n");
  }
done:
  FER_RELEASE(f, ca);
  fer_components_release(f, &comp);
  fer_pre_release(f, &e.pre);
  fer_model_release(f, &local);
  return finish(&e, r, reason, why);
}

/* With the seeds of ferret_set_seeds, read now that the variables exist. */
ferret_result fer_engine_solve(ferret *f, const fer_term *a, size_t n,
                               fer_model *model, const char **reason) {
  if (!f->seed_text.size)
    return fer_engine_solve_seeded(f, a, n, model, reason, NULL);
  fer_user_seeds u;
  fer_user_seeds_init(&u);
  if (fer_user_seeds_parse(f, f->seed_text.data, f->seed_text.size, &u) !=
      FERRET_OK) {
    fer_diag(f, "ferret: warning: seeds ignored: %s\n", f->error.message);
    fer_user_seeds_release(f, &u);
    fer_user_seeds_init(&u);
  }
  ferret_result r = fer_engine_solve_seeded(f, a, n, model, reason, &u);
  fer_user_seeds_release(f, &u);
  return r;
}

/* ------------------------------------------------------------- stats */

int fer_stats_json(ferret *f, fer_buf *b) {
  const fer_stats *s = &f->stats;
  return fer_buf_printf(
      f, b,
      "{\"result\": \"%s\", \"reason\": \"%s\", \"found_by\": \"%s\", "
      "\"seed\": %llu, \"jobs\": %u, \"time\": %.6f, \"time_preprocess\": %.6f, "
      "\"time_compile\": %.6f, \"time_search\": %.6f, \"time_validate\": %.6f, "
      "\"execs\": %llu, \"execs_per_sec\": %.0f, \"corpus\": %llu, "
      "\"local_search_runs\": %llu, \"local_search_execs\": %llu, "
      "\"enumerated\": %llu, \"assertions_in\": %u, \"assertions_out\": %u, "
      "\"eliminated\": %u, \"components\": %u, \"slots\": %u, "
      "\"slot_bits\": %u, \"instructions\": %u}",
      s->result ? s->result : "", s->reason ? s->reason : "",
      s->found_by ? s->found_by : "", (unsigned long long)s->seed, s->jobs,
      s->time_total, s->time_preprocess, s->time_compile, s->time_search,
      s->time_validate, (unsigned long long)s->execs, s->execs_per_sec,
      (unsigned long long)s->corpus, (unsigned long long)s->local_search_runs,
      (unsigned long long)s->local_search_execs,
      (unsigned long long)s->enumerated, s->assertions_in, s->assertions_out,
      s->eliminated, s->components, s->slots, s->slot_bits, s->instructions);
}

/* ------------------------------------------------------- public API */

void ferret_interrupt(ferret *f) {
  if (f) atomic_store(&f->interrupt, 1);
}

ferret_status ferret_print_stats(ferret *f) {
  FER_REQUIRE(f, f, "NULL context");
  fer_buf b = {0};
  ferret_status st = FERRET_OK;
  if (fer_stats_json(f, &b) && fer_buf_add(f, &b, "\n", 1))
    f->diag(f->diag_user, b.data, b.size);
  else
    st = FERRET_ERROR_LIMIT;
  FER_RELEASE(f, b);
  return st;
}
