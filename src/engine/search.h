/* The search engine's internals (pipeline step 6), shared by its files:
 *   worker.c  the fuzzing loop of one worker (execution, features, scheduler)
 *   corpus.c  the corpus of inputs and the coverage-feature map
 *   mutate.c  the mutators (bit/byte, typed FP and BV moves, dictionary,
 *             crossover)
 *   seeds.c   naive, smart and user seeds
 *   local.c   distance-guided local search (alternating-variable method)
 *   enum.c    exhaustive enumeration of small input spaces
 *   judge.c   what happens to a candidate: model, validation, objective,
 *             the acceptance callback (judge.h: backends use it too)
 *   queue.c   sampling on threads: the bounded queue from the workers to
 *             the judge
 *   engine.c  the driver of one run of a request (engine.h, the search
 *             interface every job uses).
 *
 * An input is a vector of slot values (fer_u128 each, prog.h).  Workers
 * never allocate while searching (all their memory is taken before threads
 * start) and never touch the term store, so several run in parallel on one
 * shared, read-only program. */
#ifndef FER_SEARCH_H
#define FER_SEARCH_H

#include <stdatomic.h>

#include "engine/engine.h"
#include "engine/prog.h"
#include "base/rng.h"

/* How an input was made (statistics: "which strategy found the answer"). */
typedef enum fer_origin {
  FER_FROM_SEED,
  FER_FROM_MUTATION,
  FER_FROM_LOCAL,
  FER_FROM_RANDOM,
  FER_FROM_ENUM
} fer_origin;

extern const char *const fer_origin_name[];

/* ---- corpus.c ---- */
typedef struct fer_entry {
  uint32_t nsat;     /* constraints that held */
  uint32_t fail;     /* first false constraint (fail-fast), or UINT32_MAX */
  uint32_t picked;   /* times chosen as a parent */
} fer_entry;

typedef struct fer_corpus {
  uint32_t nslots, cap, size;
  fer_u128 *inputs;  /* cap * nslots */
  fer_entry *meta;   /* cap */
  uint32_t best;     /* index of the entry with most constraints true */
  uint32_t next_evict;
  uint64_t added;
} fer_corpus;

int fer_corpus_init(ferret *, fer_corpus *, uint32_t nslots, uint32_t cap);
void fer_corpus_release(ferret *, fer_corpus *);
static inline fer_u128 *fer_corpus_input(const fer_corpus *c, uint32_t i) {
  return c->inputs + (size_t)i * c->nslots;
}
/* Add (or, when full, replace an entry other than the best). */
uint32_t fer_corpus_add(fer_corpus *, fer_rng *, const fer_u128 *in,
                        fer_entry meta);
/* Keep only the k entries with most constraints true (k >= 1), at indices
 * 0..k-1, the best at 0. */
void fer_corpus_keep_best(fer_corpus *, uint32_t k);

/* Feature bitmap: constraint outcomes, number of constraints true, and per
 * atom the log2 bucket of its distance (like libFuzzer's value profile). */
typedef struct fer_features {
  uint8_t *bits;
  uint32_t nbits, count;
  uint32_t base_outcome, base_depth, base_atom;
} fer_features;

#define FER_BUCKETS 129 /* fer_dist_bucket is 0..128 */

int fer_features_init(ferret *, fer_features *, const fer_prog *);
void fer_features_release(ferret *, fer_features *);
/* Test-and-set; returns 1 if the feature is new. */
static inline int fer_feature_add(fer_features *ft, uint32_t i) {
  uint8_t m = (uint8_t)(1u << (i & 7));
  if (ft->bits[i >> 3] & m) return 0;
  ft->bits[i >> 3] |= m;
  ft->count++;
  return 1;
}

/* Smart seeds of moderate FP values when solving with an FP slot
 * (seeds.c); the first local searches of each worker start from them. */
#ifndef FER_MODERATE_SEEDS
#define FER_MODERATE_SEEDS 8
#endif

/* ---- the shared state of one search (one component) ---- */
typedef struct fer_search {
  ferret *f;                    /* for progress lines only */
  const fer_prog *p;
  const fer_options *opt;       /* read-only while workers run */
  volatile _Atomic int *interrupt;
  volatile _Atomic int *partner; /* fer_engine_budget.partner */
  double deadline;              /* monotonic seconds; 0 = none */
  uint64_t max_execs;           /* total over workers; 0 = none */
  _Atomic uint64_t execs;       /* published by workers in batches */
  _Atomic int stop;             /* 1: a worker found a candidate; 2: limit */
  _Atomic int winner;           /* worker id + 1 of the first candidate */
  /* Sampling: the hashes of the solutions the workers returned,
   * direct-mapped (FER_RETURNED_SLOTS): a solution met again is not
   * returned, the judge would skip it as a duplicate. */
  _Atomic uint64_t *returned;
  bool narrow;                  /* sampling: no slot is wider than 64 bits */
  bool enumerate;               /* the input space is enumerated (enum.c):
                                   workers get a batched evaluator */
  /* Sampling hooks (engine.h): `sampling` says there are hooks. */
  bool sampling, de, sm, nb;
  /* Seeds, prepared before the workers start: nseeds inputs. */
  fer_u128 *seeds;
  uint32_t nseeds;
  /* seeds[moderate_at .. moderate_at + nmoderate): the smart seeds of
   * moderate FP values (seeds.c), the first local searches' starts */
  uint32_t moderate_at, nmoderate;
  /* Enumeration: an input the program rejects but whose evaluation hit an
   * unspecified value is asked here whether the reference evaluator
   * rejects it whatever the choice (e.g. the value sits in an ite branch
   * not taken); true: it counts as refuted.  NULL: never.  Called on the
   * thread of the run (enumeration runs there). */
  bool (*refutes)(void *user, const fer_u128 *in);
  const fer_slot_range *ranges; /* the layout's (engine.h), or NULL */
  void *refutes_user;
  /* Progress (option verbose >= 1, a request without sampling hooks):
   * about once a second a line on the diagnostic sink, always written on
   * the thread of fer_engine_run (by worker 0 when it runs there, else by
   * that thread while it waits for the workers).  The workers publish
   * their best count of true constraints and their corpus growth at each
   * limit check. */
  bool progress, progress_here; /* here: worker 0 runs on the run's thread */
  const char *phase;
  double t_start, next_progress;
  _Atomic uint32_t best_nsat;
  _Atomic uint64_t corpus_total;
  _Atomic uint32_t running;     /* workers on threads still searching */
} fer_search;

/* The progress line if one is due (engine.c); on the run's thread only. */
void fer_search_progress(fer_search *);
/* Which limit ended the search: INTERRUPTED, PORTFOLIO, TIMEOUT or BUDGET
 * (engine.c). */
fer_why fer_search_limit(const fer_search *);
/* End a run's statistics with reason `why`, told by `msg` (NULL: the
 * reason's own text). */
static inline void fer_engine_end(fer_engine_stats *st, fer_why why, const char *msg) {
  st->why = why;
  st->reason = msg ? msg : fer_why_text[why];
}

/* ---- worker.c ---- */
typedef enum fer_run_result {
  FER_RUN_FOUND = 1,   /* w->solution holds an input satisfying every constraint */
  FER_RUN_LIMIT,       /* time, budget, interrupt or another worker won */
} fer_run_result;

typedef struct fer_worker {
  fer_search *s;
  const fer_prog *p;
  uint32_t id;
  fer_rng rng;
  fer_exec x;
  fer_batch batch;                 /* s->enumerate only: enumeration */
  fer_u128 *lanes_in;              /* its inputs: FER_LANES * nslots */
  fer_corpus corpus;
  fer_features feat;
  fer_u128 *cand, *tmp, *solution; /* nslots each */
  fer_u128 *from;                  /* nslots: local search scratch */
  fer_u128 *kept;                  /* nslots: local search's best optimum */
  double *scratch;                 /* 2 * max_dn (distances) */
  double *cdist;                   /* 2 * ncons: distances (local search) */
  double *grad;                    /* nslots: a gradient (local search) */
  uint32_t *order;                 /* fail-fast order of constraints */
  uint64_t *evals, *fails;         /* by constraint, for the order */
  uint32_t *vars;                  /* scratch list of slots */
  uint8_t *vmark;                  /* by slot */
  uint64_t execs, published;
  uint32_t best_nsat, corpus_published; /* progress: this worker's */
  uint64_t ls_runs, ls_execs;
  uint64_t next_reorder, next_local, next_check;
  bool seeded, solution_unspec;
  fer_origin found_by;
  uint32_t last_fail;              /* first false constraint of the last exec */
  uint32_t parent, stick;          /* current parent, mutations left on it */
  /* Restarts (solving only, option restart_unit): the executions at the
   * last new feature, the stagnation that triggers the next restart
   * (restart_unit times the Luby sequence's next term), restarts done. */
  uint64_t last_gain, restart_span, restarts;
  /* Sampling (s->sampling only): the pool of accepted solutions and the
   * diversity features, per internal node the bits seen 0 and seen 1. */
  fer_u128 *pool;                  /* FER_SAMPLING_POOL * nslots */
  uint32_t pool_size;
  fer_u128 *de_seen0, *de_seen1;   /* by node (prog.h node_reg); the bits
                                      past its width set in both */
  uint64_t sm_mutations, nb_mutations, de_features, local_dups;
  /* Comparison operands (solving, option cmp_snap; mutate.c): by
   * constraint the sides of its orders that are slots compared with a
   * term not reading them (bits 2k, 2k + 1: order k's left, right), and
   * the constraints with any. */
  uint64_t *snap_sides;
  uint32_t *snap_cons, nsnap;
} fer_worker;

int fer_worker_init(ferret *, fer_worker *, fer_search *, uint32_t id);
void fer_worker_release(ferret *, fer_worker *);
/* Search until a candidate is found or a limit is reached; may be called
 * again to resume after a rejected candidate.  Thread-safe for distinct
 * workers. */
fer_run_result fer_worker_run(fer_worker *);

/* Execute one input (fail-fast or try-all per options): returns the number
 * of constraints true (== ncons: a candidate).  Hot. */
uint32_t fer_worker_exec(fer_worker *, const fer_u128 *in);
/* Execute, record features, keep the input if it reached a new one, and
 * check for a solution.  Returns 1 if `in` satisfies every constraint. */
int fer_worker_try(fer_worker *, const fer_u128 *in, fer_origin);
/* Sampling: add an accepted solution to the worker's pool. */
void fer_worker_pool_add(fer_worker *, const fer_u128 *solution);
/* Must the worker stop?  Checks limits every few hundred executions. */
bool fer_worker_should_stop(fer_worker *);

/* The Luby sequence's term i >= 1 (1, 1, 2, 1, 1, 2, 4, ...): the
 * restart schedule. */
uint64_t fer_luby(uint64_t i);

/* ---- mutate.c ---- */
/* Mutate w->cand in place (a copy of a corpus entry), 1..8 stacked
 * mutations; `focus` is a constraint whose slots are preferred, or
 * UINT32_MAX. */
void fer_mutate(fer_worker *, uint32_t focus);
/* Input to state: set a slot that an order compares with a term (or
 * another slot) to that side's value for w->cand (the last input
 * executed) or a neighbour; 1 if w->cand changed.  fer_cmp_snap_init
 * lists the constraints with such an order (none: fer_cmp_snap never
 * runs and the search draws no random number for it); 0: memory. */
int fer_cmp_snap_init(ferret *, fer_worker *);
void fer_cmp_snap_release(ferret *, fer_worker *);
int fer_cmp_snap(fer_worker *);
/* A uniformly random value for slot s. */
fer_u128 fer_random_value(fer_rng *, const fer_slot *);
/* Special values of a slot's type: writes up to `max`, returns count. */
uint32_t fer_special_values(const fer_slot *, fer_u128 *out, uint32_t max);

/* ---- seeds.c ---- */
/* Build the seed inputs into s->seeds (naive / smart per options, then
 * user seeds given as (slot, value) pairs may be added by engine.c). */
int fer_seeds_make(ferret *, fer_search *, uint64_t seed);
/* Append the user seeds u to s->seeds as inputs of s->p; a
 * variable without a slot of its own takes the slot of the variable
 * preprocessing merged it with (elim_var[i] := elim_def[i], a variable).
 * Slots a seed does not set are 0.  Returns 0 on allocation failure. */
/* Three seeds from narrowed slot ranges (engine.h: fer_slot_range): every
 * narrowed slot at its lowest value, at its highest, and in the middle
 * (other slots 0).  Nothing when ranges is NULL.  0: memory. */
int fer_seeds_add_ranges(ferret *, fer_search *, const fer_slot_range *ranges);
int fer_seeds_add_user(ferret *, fer_search *, const fer_user_seeds *u,
                       const fer_term *elim_var, const fer_term *elim_def,
                       size_t nelim);
void fer_seeds_release(ferret *, fer_search *);
/* s->seeds for request r, in the order of fer_engine_seeds: NEAR's input,
 * else the option seeds, then the ranges' and the user seeds.  0: memory. */
int fer_seeds_for(ferret *, fer_search *, const fer_engine_request *r);

/* ---- local.c ---- */
/* Alternating-variable search from `start` with at most `budget`
 * executions; leaves the best input found in w->cand.  Returns 1 if it
 * satisfies every constraint. */
int fer_local_search(fer_worker *, const fer_u128 *start, uint64_t budget);

/* ---- enum.c ---- */
/* Number of distinct inputs of a program (saturates at UINT64_MAX). */
/* The number of inputs, narrowed by `ranges` (NULL: none); UINT64_MAX
 * when it does not fit. */
uint64_t fer_input_space(const fer_prog *, const fer_slot_range *ranges);
typedef enum fer_enum_result {
  FER_ENUM_FOUND = 1, /* w->solution holds a candidate; call again to go on */
  FER_ENUM_EXHAUSTED, /* no input satisfies every constraint */
  FER_ENUM_UNSPEC,    /* exhausted, but some evaluation was unspecified */
  FER_ENUM_LIMIT
} fer_enum_result;
/* Enumerate inputs from *next (an index into the input space, updated). */
fer_enum_result fer_enumerate(fer_worker *, uint64_t *next, bool *unspec_seen);

/* ---- queue.c ---- */
struct fer_judge;
/* Sampling on threads: the jobs workers w search and queue their
 * solutions, the judge j takes them here until it stops or every worker
 * reached a limit.  *ok = false when no thread could start (the caller
 * then samples on one thread). */
fer_engine_status fer_search_queued(fer_search *, fer_worker *w, uint32_t jobs,
                                    struct fer_judge *j, fer_engine_stats *st,
                                    bool *ok);

#endif
