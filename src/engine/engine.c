/* The engine's driver: one run of a request (contract in engine.h): the
 * request checked, the workers on threads, the candidates to the judge.
 * Seeds are made in seeds.c, the queue of sampling on threads is
 * queue.c.
 *
 *   check the request -> seeds -> workers, or enumeration when the input
 *   space is small -> each candidate to the judge (judge.c) -> stop, go on
 *   (the candidate joins the corpus of the worker that found it, so the
 *   search goes on around it), or a limit.
 *
 * Threads: with jobs > 1 the workers run in parallel on the shared
 * read-only program until one finds a candidate or a limit is reached;
 * the judge runs here, on the calling thread, after they stopped.
 * Sampling does not stop them: they queue their solutions for the judge
 * here (with one worker too, option judge_thread). */
#include <pthread.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/engine.h"
#include "engine/judge.h"
#include "engine/search.h"

fer_layout fer_layout_of(const fer_prog *p) {
  fer_layout l = {FER_LAYOUT_SLOTS, p->slots.data, p->nslots, NULL};
  return l;
}

static bool same_slots(const fer_layout *l, const fer_prog *p) {
  if (l->nslots != p->nslots) return false;
  for (uint32_t s = 0; s < p->nslots; s++) {
    const fer_slot *a = &l->slots[s], *b = &p->slots.data[s];
    if (a->kind != b->kind || a->bits != b->bits || a->eb != b->eb ||
        a->sb != b->sb)
      return false;
  }
  return true;
}

/* NULL if the engine can serve the request, else the reason
 * (FER_WHY_UNSUPPORTED). */
static const char *unsupported(const fer_engine_request *r) {
  if (r->layout.kind == FER_LAYOUT_BYTES) return "unsupported: byte layout";
  if (r->layout.kind != FER_LAYOUT_SLOTS || !same_slots(&r->layout, r->prog))
    return "unsupported: layout differs from the program's slots";
  if (r->objective.kind == FER_OBJ_NEAR && !r->objective.near)
    return "unsupported: NEAR without an input";
  return NULL;
}

/* ----------------------------------------------------------- workers */

typedef struct job {
  fer_worker *w;
  fer_run_result r;
} job;

static void *thread_main(void *arg) {
  job *j = arg;
  fer_search *s = j->w->s;
  j->r = fer_worker_run(j->w);
  if (j->r == FER_RUN_FOUND) {
    int none = 0;
    atomic_compare_exchange_strong(&s->winner, &none, (int)j->w->id + 1);
    atomic_store(&s->stop, 1);
  }
  atomic_fetch_sub(&s->running, 1);
  return NULL;
}

void fer_search_progress(fer_search *s) {
  double now = fer_now();
  if (now < s->next_progress) return;
  s->next_progress = now + 1;
  double t = now - s->t_start;
  uint64_t n = atomic_load(&s->execs);
  fer_diag(s->f,
           "ferret: progress: %s %.1f s, %llu execs, %.0f execs/s, depth %u of %u "
           "constraints, corpus %llu\n",
           s->phase, t, (unsigned long long)n, t > 0 ? (double)n / t : 0.0,
           (unsigned)atomic_load(&s->best_nsat), (unsigned)s->p->cons.size,
           (unsigned long long)atomic_load(&s->corpus_total));
}

/* Run the workers until one finds a candidate (its index) or a limit
 * (-1).  Threads only when jobs > 1. */
static int run_workers(fer_search *s, fer_worker *w, uint32_t jobs) {
  if (jobs == 1) return fer_worker_run(&w[0]) == FER_RUN_FOUND ? 0 : -1;
  pthread_t th[FER_JOBS_MAX];
  job jb[FER_JOBS_MAX];
  uint32_t started = 0;
  atomic_store(&s->running, jobs);
  for (uint32_t i = 0; i < jobs; i++) {
    jb[i].w = &w[i], jb[i].r = FER_RUN_LIMIT;
    if (pthread_create(&th[i], NULL, thread_main, &jb[i])) break;
    started++;
  }
  atomic_fetch_sub(&s->running, jobs - started);
  if (!started) { /* no thread at all: run one worker here */
    atomic_store(&s->running, 1);
    job one = {&w[0], FER_RUN_LIMIT};
    thread_main(&one);
  }
  /* progress: this thread writes the lines while the workers search */
  while (s->progress && started && atomic_load(&s->running)) {
    struct timespec nap = {0, 20000000};
    nanosleep(&nap, NULL);
    fer_search_progress(s);
  }
  for (uint32_t i = 0; i < started; i++) pthread_join(th[i], NULL);
  int win = atomic_load(&s->winner);
  return win ? win - 1 : -1;
}

fer_why fer_search_limit(const fer_search *s) {
  if (atomic_load(s->interrupt)) return FER_WHY_INTERRUPTED;
  if (atomic_load(s->partner)) return FER_WHY_PORTFOLIO;
  if (s->deadline > 0 && fer_now() >= s->deadline) return FER_WHY_TIMEOUT;
  return FER_WHY_BUDGET;
}

static bool judge_refutes(void *user, const fer_u128 *in) {
  return fer_judge_refutes(user, in);
}

/* ------------------------------------------------------------- a run */

typedef struct run {
  fer_search s;
  fer_worker *w;
  uint32_t jobs, ready;
  uint64_t next;      /* enumeration: next input index */
  bool unspec_seen;   /* enumeration: an evaluation was unspecified */
  bool near_first;    /* enumeration: try NEAR's input before it */
} run;

static uint64_t execs_so_far(const run *x) {
  uint64_t n = 0;
  for (uint32_t i = 0; i < x->ready; i++) n += x->w[i].execs;
  return n;
}

/* The next candidate: the index of the worker holding it in `solution`,
 * or -1 when the search is over (*end says how; st->reason why). */
static int next_candidate(run *x, fer_engine_stats *st, fer_engine_status *end) {
  *end = FER_ENGINE_UNKNOWN;
  if (!x->s.enumerate) {
    int win = run_workers(&x->s, x->w, x->jobs);
    if (win < 0) fer_engine_end(st, fer_search_limit(&x->s), NULL);
    return win;
  }
  if (x->near_first) {
    x->near_first = false;
    if (x->s.nseeds && fer_worker_try(&x->w[0], x->s.seeds, FER_FROM_SEED))
      return 0;
  }
  switch (fer_enumerate(&x->w[0], &x->next, &x->unspec_seen)) {
  case FER_ENUM_FOUND: return 0;
  case FER_ENUM_EXHAUSTED:
    /* a candidate skipped as unspecified may have been a solution */
    if (!st->unspecified) {
      *end = FER_ENGINE_EXHAUSTED;
      return -1;
    }
    fer_engine_end(st, FER_WHY_UNSPECIFIED, NULL);
    return -1;
  case FER_ENUM_UNSPEC: fer_engine_end(st, FER_WHY_UNSPECIFIED, NULL); return -1;
  case FER_ENUM_LIMIT: break;
  }
  fer_engine_end(st, fer_search_limit(&x->s), NULL);
  return -1;
}

/* Sampling on threads (above), or every step on this one?  With one
 * worker, option judge_thread decides (auto: when a second CPU is
 * online). */
static bool queued(const run *x) {
  if (!x->s.sampling || x->s.enumerate) return false;
  if (x->jobs > 1) return true;
  int64_t o = x->s.opt->judge_thread;
  return o == 2 || (o == 0 && sysconf(_SC_NPROCESSORS_ONLN) > 1);
}

/* The search loop: candidates to the judge until it or the search ends. */
static fer_engine_status search(run *x, fer_judge *j, fer_engine_stats *st) {
  const fer_prog *p = x->s.p;
  if (queued(x)) {
    bool ok;
    fer_engine_status r = fer_search_queued(&x->s, x->w, x->jobs, j, st, &ok);
    if (ok) return r; /* else no thread could start: the loop below */
  }
  for (;;) {
    fer_engine_status end;
    int win = next_candidate(x, st, &end);
    if (win < 0) return end;
    fer_worker *w = &x->w[win];
    /* sampling: into the pool before the verdict, as on threads */
    if (x->s.sampling && !x->s.enumerate) fer_worker_pool_add(w, w->solution);
    switch (fer_judge_offer(j, w->solution, fer_origin_name[w->found_by],
                            execs_so_far(x))) {
    case FER_JUDGE_STOP: return FER_ENGINE_STOPPED;
    case FER_JUDGE_FAIL: return FER_ENGINE_UNKNOWN;
    case FER_JUDGE_SKIP: break;
    case FER_JUDGE_GO_ON: /* search on around the solution */
      /* sampling: the corpus learnt it by its features (fer_worker_try) */
      if (!x->s.sampling && !x->s.enumerate && !x->s.opt->pure_random) {
        fer_entry e = {(uint32_t)p->cons.size, UINT32_MAX, 0};
        fer_corpus_add(&w->corpus, &w->rng, w->solution, e);
      }
      break;
    }
    atomic_store(&x->s.stop, 0); /* resume */
    atomic_store(&x->s.winner, 0);
  }
}

fer_engine_status fer_engine_run(ferret *f, const fer_engine_request *r,
                                 fer_engine_stats *st) {
  memset(st, 0, sizeof *st);
  st->reason = "", st->found_by = "";
  const char *why = unsupported(r);
  if (why) {
    fer_engine_end(st, FER_WHY_UNSUPPORTED, why);
    return FER_ENGINE_UNKNOWN;
  }
  volatile _Atomic int never = 0;
  run x;
  memset(&x, 0, sizeof x);
  fer_search *s = &x.s;
  s->p = r->prog, s->opt = r->opt ? r->opt : &f->opt;
  s->interrupt = r->budget.interrupt ? r->budget.interrupt : &never;
  s->partner = r->budget.partner ? r->budget.partner : &never;
  s->deadline = r->budget.deadline, s->max_execs = r->budget.max_execs;
  s->ranges = r->layout.ranges;
  s->enumerate = fer_input_space(r->prog, s->ranges) <=
                 ((uint64_t)1 << s->opt->enum_bits);
  x.jobs = s->enumerate ? 1 : (uint32_t)s->opt->jobs;
  if (r->sampling) {
    s->sampling = true;
    s->de = r->sampling->diversity, s->sm = r->sampling->mutator;
    s->nb = r->sampling->neighbours;
    s->narrow = true;
    for (uint32_t i = 0; i < s->p->nslots; i++) s->narrow &= s->p->slots.data[i].bits <= 64;
  }
  x.near_first = s->enumerate && r->objective.kind == FER_OBJ_NEAR;
  s->f = f;
  s->progress = s->opt->verbose >= 1 && !r->sampling;
  s->progress_here = x.jobs == 1;
  s->phase = r->phase ? r->phase : s->enumerate ? "enumeration" : "search";
  s->t_start = fer_now(), s->next_progress = s->t_start + 1;
  fer_judge j;
  bool judged = fer_judge_init(f, &j, r, st) == NULL; /* else st says why */
  s->refutes = judge_refutes, s->refutes_user = &j;
  x.w = fer_calloc(f, x.jobs * sizeof *x.w);
  if (s->sampling) s->returned = fer_calloc(f, FER_RETURNED_SLOTS * sizeof *s->returned);
  int ok = judged && x.w && (!s->sampling || s->returned) && fer_seeds_for(f, s, r);
  for (; ok && x.ready < x.jobs; x.ready++)
    ok = fer_worker_init(f, &x.w[x.ready], s, x.ready);
  if (!ok && judged) fer_engine_end(st, FER_WHY_MEMORY, NULL);
  fer_engine_status res = FER_ENGINE_UNKNOWN;
  double t = fer_now();
  if (ok) res = search(&x, &j, st);
  st->time_search = fer_now() - t;
  for (uint32_t i = 0; i < x.ready; i++) {
    fer_worker *w = &x.w[i];
    st->execs += w->execs;
    st->corpus += w->corpus.size;
    st->local_search_runs += w->ls_runs;
    st->local_search_execs += w->ls_execs;
    st->restarts += w->restarts;
    if (s->enumerate) st->enumerated += w->execs;
    st->sm_mutations += w->sm_mutations;
    st->nb_mutations += w->nb_mutations;
    st->de_features += w->de_features;
    st->candidates += w->local_dups, st->duplicates += w->local_dups;
    fer_worker_release(f, w);
  }
  fer_seeds_release(f, s);
  if (x.w) fer_free(f, x.w, x.jobs * sizeof *x.w);
  fer_judge_release(&j);
  if (s->returned) fer_free(f, (void *)s->returned, FER_RETURNED_SLOTS * sizeof *s->returned);
  return res;
}
