/* The query: the one pipeline every job runs on a formula (solve, sample,
 * the concolic engine stage, hunt's own search for a model).
 *
 *   fer_query_prepare   preprocess (pre.h) -> interval propagation
 *                       (interval.h) -> relations (relate.h): a proof of
 *                       unsat, a failure, or the formula to search (pa)
 *   fer_query_compile   a part of it (all, or an independent component,
 *                       pre.h fer_split) -> a program, its slots narrowed
 *                       by the intervals' domains
 *   fer_query_request   a request of the search interface (engine.h) over
 *                       the program: the formula its solutions are
 *                       validated on, completed through the eliminated
 *                       variables, the interrupt flag, the options
 *   fer_query_run       one run of the request (fer_engine_run); its
 *                       figures add up in `total`
 *   fer_query_find      all of the above for one model: the formula split
 *                       into independent components, one run each (the
 *                       job's setup callback adds its budget), the last
 *                       one validated on the original formula
 *   fer_query_settle    nothing left to search (or a model made
 *                       elsewhere): the model completed through the
 *                       eliminations and validated, its failure classified
 *
 * What a job chooses is what it puts into the request after
 * fer_query_request: the objective, the acceptance callback, the budget
 * (and the sampling hooks, user seeds and progress phase); and which steps
 * of the front run, set after fer_query_init (below).  Every step that
 * fails says why with a fer_why (base/outcome.h), mapped in one place.
 *
 * Memory: the query owns what prepare makes (the preprocessed formula,
 * the domains, the slot ranges); fer_query_release frees it. */
#ifndef FER_QUERY_H
#define FER_QUERY_H

#include "base/outcome.h"
#include "engine/engine.h"
#include "engine/interval.h"
#include "engine/pre.h"

typedef struct fer_query {
  ferret *f;
  const fer_options *opt;     /* the runs' options: the context's, or a
                                 job's copy (init: &f->opt) */
  const fer_term *a;          /* the formula solutions are validated on */
  size_t n;
  const fer_term *fa;         /* the formula searched: a (init), or a
                                 with more (the sample job's preferences) */
  size_t fn;
  /* Which steps of the front run (init: preprocess and narrow on,
   * intervals as option intervals, relations off). */
  bool preprocess;            /* off: fa is searched as it is (concolic:
                                 its slots must be its bound variables) */
  bool intervals;             /* interval propagation on the formula */
  bool relations;             /* relations between terms (relate.h) */
  bool narrow;                /* the domains narrow the slots' ranges */
  /* After prepare. */
  fer_pre pre;                /* preprocessing's result (if it ran) */
  fer_intervals iv;           /* the domains, when have_iv */
  bool have_iv;
  const fer_term *pa;         /* the formula to search: pre.assertions or fa */
  size_t pn;
  const char *found_by;       /* an unsat's proof: "preprocess",
                                 "intervals", "relations", "enumeration" */
  /* Figures, summed over the steps and runs. */
  double time_preprocess, time_intervals, time_compile;
  uint32_t interval_rounds;
  uint32_t assertions_out, eliminated; /* after preprocessing */
  uint32_t components;                 /* fer_query_find's parts */
  uint32_t slots, slot_bits, instructions; /* its programs, summed */
  const char *run_found_by;            /* fer_query_find: the strategy of
                                          its hardest run's solution, or
                                          "preprocess" (nothing to search) */
  /* fer_query_take_first's */
  fer_model *model;
  bool copy_failed;
  uint64_t best_execs;                 /* of the run that took most */
  fer_engine_stats total;     /* every run's figures added (reason and
                                 found_by are the last run's) */
  FER_STACK(fer_slot_range) ranges;
} fer_query;

void fer_query_init(fer_query *, ferret *, const fer_term *a, size_t n);
void fer_query_release(fer_query *);

/* The front of the pipeline.  true: search q->pa[0..pn) (it may be
 * empty: fer_query_settle); false: *out is final, an unsat proved
 * (found_by says how) or an unknown (a step failed). */
bool fer_query_prepare(fer_query *, fer_outcome *out);

/* Compile c[0..cn) into *p (the caller releases it, fer_prog_release)
 * and its slots' ranges into *ranges (NULL: all full; owned by q, valid
 * until the next compile).  NONE, or why not (then nothing to release). */
fer_why fer_query_compile(fer_query *, const fer_term *c, size_t cn,
                          fer_prog *p, const fer_slot_range **ranges);

/* The ranges of p's slots again (fer_query_compile's *ranges), for a
 * program compiled before another one.  NONE or MEMORY. */
fer_why fer_query_ranges(fer_query *, const fer_prog *p,
                         const fer_slot_range **ranges);

/* A SATISFY request over p (with ranges) whose solutions are validated
 * on check[0..ncheck) with the values of base (may be NULL), completed
 * through the eliminated variables of pre (NULL: none); the budget holds
 * the interrupt flag only, and the options are q->opt.  The job sets the
 * rest: objective, accept, budget, sampling, user seeds, phase. */
fer_engine_request fer_query_request(const fer_query *, const fer_prog *p,
                                     const fer_slot_range *ranges,
                                     const fer_term *check, size_t ncheck,
                                     const fer_pre *pre, const fer_model *base);

/* Run r (fer_engine_run) and add its figures to q->total; *rs gets the
 * run's own. */
fer_engine_status fer_query_run(fer_query *, const fer_engine_request *r,
                                fer_engine_stats *rs);

/* Add the figures of a run (of the engine or a backend) to q->total. */
void fer_query_add(fer_query *, const fer_engine_stats *rs);

/* Why a run that ended `s` gave no answer: NONE when it STOPPED or was
 * EXHAUSTED, else its reason (a backend's text classified). */
fer_why fer_query_why(fer_engine_status s, const fer_engine_stats *rs);

/* The acceptance callback of a job that wants one model: the first
 * validated solution is copied into m (its entries for the formula's
 * variables) and the run stops. */
void fer_query_take_first(fer_query *, fer_engine_request *r, fer_model *m);

/* The outcome of a run (of the engine or a backend) whose callback was
 * fer_query_take_first's: SAT (the model is in m), UNSAT (EXHAUSTED,
 * found_by "enumeration") or unknown with the run's reason.  Adds the
 * run's figures (fer_query_add). */
fer_outcome fer_query_end(fer_query *, fer_engine_status s, const fer_engine_stats *rs);

/* What a job adds to each request of fer_query_find (after
 * fer_query_request made it, and the objective, acceptance callback and
 * phase were set): its budget, user seeds.  false: the budget is spent
 * (the query ends unknown, "budget"). */
typedef bool (*fer_query_setup_fn)(void *user, fer_engine_request *r);

/* One model of q->a: prepare, then each independent component of the
 * prepared formula (option pp_split) compiled and searched (objective
 * SATISFY, the first validated solution taken), in order; the last
 * component's run is validated on q->a with the earlier components'
 * values, so a sat has passed fer_model_validate on the original formula.
 * Nothing to search: the model the eliminations define (settle).  *m (its
 * entries for the query's variables) gets the model; FERRET_UNSAT only
 * with a proof (q->found_by). */
fer_outcome fer_query_find(fer_query *, fer_model *m, fer_query_setup_fn setup,
                           void *user);

/* The model the eliminations define, on formula a[0..n) (the variables
 * of a and of the definitions get defaults where m has no value, the
 * eliminated variables their definitions' values: fer_model_complete),
 * then validated on a: NONE when it holds, else why not (MEMORY,
 * UNSUPPORTED, UNSPECIFIED, REJECTED, ELIMINATED).  pre may be NULL.  The
 * validation's seconds add to *t_validate (may be NULL). */
fer_why fer_query_settle(ferret *, fer_model *m, const fer_term *a, size_t n,
                         const fer_pre *pre, double *t_validate);

#endif
