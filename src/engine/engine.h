/* The search interface: the one way every job (solve, sample, concolic,
 * hunt) and every backend drives ferret's search engine.
 *
 * A job hands fer_engine_run a request:
 *   (i)   a compiled program (prog.h, what fer_compile produces) and the
 *         formula its solutions are validated on;
 *   (ii)  an input layout (the slots of the program);
 *   (iii) an objective (satisfy; satisfy near a given input; minimise or
 *         maximise a term);
 *   (iv)  an acceptance callback, which receives each solution AFTER it was
 *         validated on the request's formula by the reference evaluator
 *         and answers stop or go on (solve stops at the first; sample goes
 *         on: "keep going after solutions" is the callback's answer, not an
 *         objective);
 *   (v)   a budget (executions, deadline, interrupt flag);
 * and gets back a status and one statistics struct for the run.
 *
 * What the engine guarantees:
 *  - the callback only ever sees a model m with fer_model_validate(
 *    check.assertions, m) == 1 (model.h), complete for every variable
 *    (see fer_engine_formula); a candidate the program accepts but the
 *    evaluator rejects is a bug and ends the run ("internal: model
 *    rejected"); candidates whose truth depends on a value SMT-LIB leaves
 *    unspecified are skipped (after FER_ENGINE_MAX_UNSPEC of them the run
 *    gives up, "unspecified");
 *  - the callback never sees the same input twice in one run (with
 *    sampling hooks: within a window of FER_SAMPLING_SEEN inputs, so the
 *    judge's memory stays bounded; the sample job dedups on its own);
 *  - FER_ENGINE_EXHAUSTED only when every input of the layout was
 *    evaluated (enumeration, option enum_bits) and no evaluation depended
 *    on an unspecified value: a proof that no solution exists other than
 *    those the callback received;
 *  - with one worker (option jobs=1) a run is deterministic: the same
 *    request and options give the same solutions in the same order (up
 *    to where a deadline or the interrupt flag ends it).
 *
 * Threads: the workers may run in parallel (option jobs), on the shared
 * read-only program; the callback, validation and everything that touches
 * the term store or the allocator run on the thread that called
 * fer_engine_run, while the workers are stopped.
 *
 * Tuning (mutators, seeds, corpus, local search, enumeration, encoding,
 * jobs, random seed) comes from the options of the request (options.h).
 *
 * Backends (libfuzzer.h) that search the same request by other means use
 * the engine's seed set (fer_engine_seeds) and its judge (judge.h), so the
 * validation and acceptance rules above hold for them too.
 *
 * (vi) Sampling hooks (fer_engine_sampling, for the sample job) change
 * what the workers do around solutions; without them (solve) the search
 * is exactly the solving search.
 *
 * Not in this interface yet (the jobs that need them will add them):
 * concolic's byte layout and staged mutations, an objective that steers
 * the search (MINIMIZE / MAXIMIZE only filter, see below). */
#ifndef FER_ENGINE_H
#define FER_ENGINE_H

#include "smt/model.h"
#include "smt/model_read.h"
#include "engine/prog.h"

/* Seconds on a monotonic clock: the unit of deadlines. */
double fer_now(void);

/* ------------------------------------------------------------ the request */

/* (ii) The input layout.  FER_LAYOUT_SLOTS: one value per slot of the
 * program, in slot order, each a bit pattern of its sort (fer_slot: Bool
 * 0/1, BV/FP low `bits` bits, RoundingMode a fer_rm).  FER_LAYOUT_BYTES is
 * reserved for concolic's byte inputs (a byte string mapped onto the
 * slots); it is not implemented: a request with it ends "unsupported:
 * byte layout". */
typedef enum fer_layout_kind { FER_LAYOUT_SLOTS, FER_LAYOUT_BYTES } fer_layout_kind;

/* A slot's values when the input space is narrowed (e.g. by interval
 * propagation, interval.h): the count values v(0) .. v(count - 1), where
 * v(i) = base + i for BV and Bool slots and, for FP slots, the pattern whose
 * order key (fp.h: fer_fp_order_key) is base + i; for a BV slot with free
 * != 0 (known bits), v(i) = base | i's bits deposited into the free bits,
 * count = 2^popcount(free).  count 0: every value of the slot.
 * Enumeration walks it (the space it proves empty is the narrowed one, so
 * the narrowing must be sound: no model outside it), seeds take its ends
 * and one slot mutation in 8 draws a value from it (mutate.c). */
typedef struct fer_slot_range {
  fer_u128 base, count, free;
} fer_slot_range;

/* v(i) of the range above (i < count) for a slot of that kind. */
fer_u128 fer_slot_range_value(const fer_slot *, const fer_slot_range *,
                              fer_u128 i);

typedef struct fer_layout {
  fer_layout_kind kind;
  const fer_slot *slots; /* nslots entries: must equal the program's */
  uint32_t nslots;
  const fer_slot_range *ranges; /* nslots entries, or NULL: all full */
} fer_layout;

/* The slot layout of a program (what every job uses today). */
fer_layout fer_layout_of(const fer_prog *);

/* The number of inputs of program p's slots, each narrowed by ranges (may
 * be NULL), or UINT64_MAX when it is 2^64 or more.  A run enumerates every
 * input (and can end FER_ENGINE_EXHAUSTED) when it is at most
 * 2^(option enum_bits).  (enum.c) */
uint64_t fer_input_space(const fer_prog *, const fer_slot_range *ranges);

/* (iii) The objective.
 *  SATISFY   any solution.
 *  NEAR      a solution close to `near` (an input in the layout): `near`
 *            is the first candidate (so if it satisfies, it is the first
 *            solution, after one execution and no mutation), it is the
 *            only seed, and mutations and local search start from it.
 *            Closeness is what a search starting there gives; no distance
 *            is minimised.  When the input space is enumerated (small),
 *            `near` is tried first, then inputs in enumeration order.
 *  MINIMIZE, MAXIMIZE  the value of `term` (over the formula's variables,
 *            evaluated on each validated model): only solutions strictly
 *            better than every earlier one of the run reach the callback,
 *            so with "go on" the last one it received is the best found.
 *            The search itself is not steered by the term (no fitness):
 *            it finds solutions as SATISFY does and filters them.  An
 *            EXHAUSTED run proves the last solution optimal.  Order: BV
 *            unsigned (to minimise a signed value, minimise it with the
 *            sign bit flipped), FP by value with -0 below +0 (a NaN value
 *            is never better), Bool false < true; a value that depends on
 *            a choice SMT-LIB leaves unspecified is never better; other
 *            sorts end the run "unsupported: objective sort". */
typedef enum fer_objective_kind {
  FER_OBJ_SATISFY,
  FER_OBJ_NEAR,
  FER_OBJ_MINIMIZE,
  FER_OBJ_MAXIMIZE
} fer_objective_kind;

typedef struct fer_objective {
  fer_objective_kind kind;
  const fer_u128 *near; /* NEAR: an input in the layout (copied) */
  fer_term term;        /* MINIMIZE / MAXIMIZE */
} fer_objective;

/* (i) What solutions are validated on, and how a model of every variable
 * is made from an input: the values of `base` (may be NULL: none), then
 * the program's slot variables from the input, then the default value
 * (zero, false, RNE) for every variable of `assertions` still unassigned, then
 * elim_var[i] := the value of elim_def[i] (pre.h: the variables
 * preprocessing removed; also used to give a user seed of an eliminated
 * variable to the slot of the variable it was merged with).
 * `assertions` is the formula the program was compiled from or, better,
 * the ORIGINAL formula when the program covers all of it (solve passes
 * the original one for its last component, with the earlier components'
 * values in base). */
typedef struct fer_engine_formula {
  const fer_term *assertions;
  size_t n;
  const fer_term *elim_var, *elim_def;
  size_t nelim;
  const fer_model *base;
} fer_engine_formula;

/* (iv) A solution, as the callback receives it.  Everything is owned by
 * the engine and valid until the callback returns; copy what you keep. */
typedef struct fer_engine_solution {
  const fer_u128 *input;   /* in the layout */
  const fer_model *model;  /* complete on the formula and validated; NULL
                              for a sampling request that does not ask
                              for it (fer_engine_sampling.model) when the
                              judge checks by a plan (smt/eval.h) */
  fer_term value;          /* MINIMIZE / MAXIMIZE: the term's value on
                              model (a constant); otherwise 0 */
  const char *found_by;    /* "seed", "mutation", "local-search",
                              "random", "enumeration", "libfuzzer" */
  uint64_t execs;          /* executions of this run so far */
  uint64_t index;          /* 0 for the run's first solution, then 1, ... */
  const fer_term *vars;    /* the variables the model gives values: those
                              of the formula (check), of the eliminated
                              variables and their definitions, and of base;
                              every other entry of model is 0 */
  size_t nvars;
  const fer_u128 *bits;    /* NULL, or the values of vars[0..nvars) as
                              bits (smt/eval.h: fer_eval_plan) */
  bool more;               /* another candidate already waits for the
                              judge: the callback may hold this solution
                              back until its next call, which comes at once */
  double now;              /* fer_now() when the judge's check ended (the
                              callback need not read the clock again) */
} fer_engine_solution;

typedef enum fer_engine_verdict { FER_ENGINE_STOP, FER_ENGINE_GO_ON } fer_engine_verdict;

/* Called on the thread of fer_engine_run with the workers stopped: it may
 * use the term store and the allocator (e.g. to copy the model).  It must
 * not start another run on the same context. */
typedef fer_engine_verdict (*fer_engine_accept_fn)(void *user,
                                                   const fer_engine_solution *);

/* (v) The budget of one run.  A limit that is reached ends the run with
 * reason "budget", "timeout" or "interrupted"; each worker checks the
 * limits about every 256 executions, so a run may go that far past max_execs
 * (per worker). */
typedef struct fer_engine_budget {
  uint64_t max_execs;               /* 0: none */
  double deadline;                  /* fer_now() seconds; 0: none */
  volatile _Atomic int *interrupt;  /* polled: non-zero stops; NULL: none */
  volatile _Atomic int *partner;    /* polled too: a portfolio partner
                                       answered (reason "portfolio"); NULL */
} fer_engine_budget;

/* Seeds given by the user: fer_user_seeds, (variable, value) pairs read
 * from SMT-LIB text by the model reader (smt/model_read.h). */

/* (vi) Sampling hooks (JFSampler, shared/papers/001: §III).  A request
 * with hooks (even all false: the naive sampler, §III-A) treats a
 * satisfying input as a fuzzer treats a crash it is told to ignore: it
 * gets coverage features like any other input and joins the corpus only
 * when it reached a new one (without hooks every solution the callback
 * accepted joins the corpus); each solution the callback accepted joins
 * its worker's pool of solutions (SAMPLING_POOL of them, a random one
 * replaced when full).
 *   diversity  (DE, §III-B) on a satisfying input, one feature per bit of
 *              every internal node of the program (prog.h node_reg) and
 *              per value 0/1 it took there: a solution that shows a node
 *              bit a value no earlier solution of the worker showed is
 *              new coverage.  Costs O(nodes) per satisfying input.
 *              With it, one FP mutation of SAMPLING_SCALE_ONE_IN scales
 *              every FP slot of the mutated slot's format by the same
 *              power of two (mutate.c): relations among the variables
 *              (order, ratios, small differences) survive, so a cluster
 *              of solutions can move to other magnitudes together.
 *   mutator    (SM, §III-C, Listing 4) one more mutation of a corpus
 *              parent Cur (an input that gained coverage, satisfying or
 *              not): Out = Cur ^ ((Cur ^ A) | (Cur ^ B)) slot by slot,
 *              with A, B two random solutions of the pool (at least two
 *              needed), chosen in one mutation of SAMPLING_SM_ONE_IN.
 *   neighbours (ESampler's cheap neighbours, on slots) in one mutation of
 *              SAMPLING_NB_ONE_IN, a random solution of the pool with one
 *              or two bits of one or two slots flipped: near a solution,
 *              a flip often keeps every constraint true. */
typedef struct fer_engine_sampling {
  bool diversity;
  bool mutator;
  bool neighbours;
  bool model; /* the callback needs solution.model; without it the judge
                 may give only solution.bits (see fer_engine_solution) */
} fer_engine_sampling;

#define FER_SAMPLING_POOL 1024
#define FER_SAMPLING_SM_ONE_IN 4
#define FER_SAMPLING_NB_ONE_IN 4
#define FER_SAMPLING_SCALE_ONE_IN 8
#define FER_SAMPLING_SEEN (1u << 20) /* inputs the judge remembers */
#define FER_RETURNED_SLOTS (1u << 16) /* solutions the workers remember */

typedef struct fer_engine_request {
  const fer_prog *prog;
  fer_layout layout;
  fer_engine_formula check;
  fer_objective objective;
  fer_engine_accept_fn accept;
  void *accept_user;
  fer_engine_budget budget;
  const fer_user_seeds *user_seeds; /* tried after the option seeds; NULL */
  const fer_options *opt;           /* NULL: the context's options */
  const fer_engine_sampling *sampling; /* NULL: none (solve) */
  /* With option verbose >= 1 and no sampling hooks, about once a second
   * a progress line on the diagnostic sink, always written on the thread
   * of fer_engine_run: "ferret: progress: PHASE T s, N execs, R execs/s,
   * depth D of C constraints, corpus K", where D is the most constraints
   * an input made true before its first false one (in the fail-fast order
   * of evaluation; all of them with option encoding try-all).  phase: what the job calls this
   * run (NULL: "search", or "enumeration" when the space is enumerated). */
  const char *phase;
} fer_engine_request;

/* ------------------------------------------------------------ the answer */

typedef enum fer_engine_status {
  FER_ENGINE_STOPPED = 1, /* the callback answered FER_ENGINE_STOP */
  FER_ENGINE_EXHAUSTED,   /* no solution exists beyond those the callback
                             received (a proof, see above) */
  FER_ENGINE_UNKNOWN      /* stats.reason says why the run ended */
} fer_engine_status;

/* The statistics of one run, all filled by the run (by the engine, or by
 * the backend that ran the request). */
typedef struct fer_engine_stats {
  fer_why why;          /* FER_ENGINE_UNKNOWN: why the run ended (BUDGET,
                           TIMEOUT, INTERRUPTED, PORTFOLIO, UNSPECIFIED,
                           MEMORY, UNSUPPORTED, REJECTED, ...); a backend
                           may leave it NONE and say it in reason alone */
  const char *reason;   /* its text: fer_why_text[why], or a message such
                           as "unsupported: objective sort" (static) */
  const char *found_by; /* strategy of the last solution given, or "" */
  uint64_t execs;       /* candidate inputs evaluated, all workers */
  uint64_t corpus;      /* corpus entries at the end, all workers */
  uint64_t local_search_runs, local_search_execs;
  uint64_t restarts;    /* search restarts, all workers (option restart_unit) */
  uint64_t enumerated;  /* inputs evaluated by exhaustive enumeration */
  uint64_t candidates;  /* inputs the program accepted */
  uint64_t duplicates;  /* candidates skipped: seen before in this run
                           (also those a worker skipped itself) */
  uint64_t unspecified; /* candidates skipped: validation depended on an
                           unspecified value */
  uint64_t not_better;  /* MINIMIZE / MAXIMIZE: candidates skipped */
  uint64_t solutions;   /* given to the callback */
  uint64_t sm_mutations; /* sampling mutator applications */
  uint64_t nb_mutations; /* neighbour mutations */
  uint64_t de_features;  /* diversity features gained, all workers */
  double time_prepare;  /* before the search (a backend's build) */
  double time_search;   /* searching, validation included */
  double time_validate; /* building models and validating them */
  double time_wait;     /* sampling on threads: the time a worker waited
                           for room in the judge's queue (mean over
                           workers); 0 otherwise */
  bool judge_apart;     /* sampling on threads: the judge ran apart from
                           the search */
} fer_engine_stats;

#define FER_ENGINE_MAX_UNSPEC 16

/* Run a request.  `stats` is overwritten.  The request must be valid:
 * prog and accept non-NULL, check.assertions the formula (n may be 0),
 * objective.near set for NEAR; a request the engine cannot serve ends
 * FER_ENGINE_UNKNOWN with reason "unsupported: ...". */
fer_engine_status fer_engine_run(ferret *, const fer_engine_request *,
                                 fer_engine_stats *stats);

/* ------------------------------------------------- for backends: seeds */

/* The inputs the engine would try first for this request, in order: NEAR's
 * input, else the option seeds (none / naive / smart), then the user
 * seeds.  *out gets *n inputs of prog->nslots values, fer_malloc'ed:
 * release with fer_engine_seeds_release.  0 on allocation failure. */
int fer_engine_seeds(ferret *, const fer_engine_request *, fer_u128 **out,
                     uint32_t *n);
void fer_engine_seeds_release(ferret *, const fer_engine_request *,
                              fer_u128 *seeds, uint32_t n);

#endif
