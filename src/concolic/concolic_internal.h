/* Internals shared by the concolic job's files (contract in concolic.h):
 *   concolic.c  the context, a query's preparation and analysis, judging
 *               candidates, and the driver (fer_concolic_solve);
 *   stages.c    the stages, each a function from the query to "found";
 *   values.c    minimum, maximum and all values of a term (built on
 *               fer_concolic_solve).
 * A stage builds candidate inputs (usually from q->base, in c->cur) and
 * hands each to fer_conc_accept, which copies a solution to c->out and
 * sets q->found; it returns true when one was accepted.  A stage that
 * proves the query unsat sets q->proved_unsat. */
#ifndef FER_CONCOLIC_INTERNAL_H
#define FER_CONCOLIC_INTERNAL_H

#include "base/rng.h"
#include "concolic/concolic.h"

/* One query (fer_concolic_solve): b, and what the stages share about it. */
typedef struct fer_conc_query {
  fer_concolic *c;
  fer_term b;
  bool optimistic;
  double deadline;             /* on fer_conc_clock's clock; 0: none */
  bool expired;                /* the budget ran out at a candidate: none is
                                  judged any more, so no stage may take
                                  "no candidate holds" for a proof */
  FER_STACK(uint32_t) bdeps;   /* b's variables */
  FER_STACK(uint32_t) aff;     /* variables whose bytes b's bytes overlap */
  FER_STACK(uint32_t) related; /* path conjuncts reading an affected variable */
  uint8_t *bmask;              /* by byte: b reads it */
  FER_STACK(uint32_t) bbytes;  /* the bytes b reads and no fact defines */
  FER_STACK(uint32_t) ball;    /* every byte b reads (where windows start) */
  /* the analysis (analysis.h) of b and the related conjuncts (b alone
   * when optimistic): */
  fer_conc_fact_stack groups;  /* a wrapped interval per input group */
  uint8_t *def;                /* by byte: [p] defined?, [size + p] to what */
  FER_STACK(uint32_t) defs;    /* the defined bytes */
  FER_STACK(uint32_t) checks;  /* groups a candidate's value must lie in */
  size_t defs_b, checks_b;     /* the first ones of each: b reads them */
  FER_STACK(uint32_t) rgroups; /* of those, the ones within b's bytes */
  const uint8_t *base;         /* the seed with the defined bytes set */
  uint8_t *base_own;           /* base's buffer when it is not the seed */
  bool conflict;               /* the facts contradict each other: unsat */
  bool analyzed;               /* def, defs, checks are set */
  FER_STACK(fer_u128) consts; /* b's BV/FP constants, with their widths */
  FER_STACK(uint32_t) cbits;
  fer_rng rng;
  int found;                   /* a stage found an input (in c->out) */
  bool proved_unsat;           /* a stage decided the query: no input */
  bool exhausted;              /* the range stage judged every value of the
                                  bytes b reads that no fact defines: a
                                  stage changing only those finds nothing */
  /* multi-goal: the candidate with b true that broke fewest related
   * conjuncts (partial_fails of them; 0: none kept) */
  uint8_t *partial;
  uint32_t partial_fails;
  /* where the last candidate failed, in related and in c->path: the
   * first conjunct the next one is judged on */
  uint32_t hint_related, hint_path;
  uint64_t tried0;             /* candidates before this query */
  /* the last read of the CPU clock (cpu_time): wall and CPU seconds */
  bool looked;
  double look_wall, look_cpu;
} fer_conc_query;

/* The clock of the query budget: the process's CPU seconds with
 * c->cpu_time (load-independent), else fer_now's wall seconds. */
double fer_conc_clock(const fer_concolic *);
/* A wall-clock deadline for the engine (which keeps wall time) with as
 * many seconds as the query has left on fer_conc_clock; 0: none. */
double fer_conc_wall_deadline(const fer_conc_query *);

/* ---- concolic.c: bytes <-> values ---- */

/* The value of variable vi (an index into c->vars) in the input buf. */
fer_u128 fer_conc_read_var(const fer_concolic *, const uint8_t *buf,
                           uint32_t vi);
/* Write x into the bytes of variable vi in buf. */
void fer_conc_write_var(const fer_concolic *, uint8_t *buf, uint32_t vi,
                        fer_u128 x);
/* c->model := the values of vars idx[0..n) read from buf.  0: memory. */
int fer_conc_load_model(fer_concolic *, const uint8_t *buf, const uint32_t *idx,
                        size_t n);
/* The bound variables of t into c->tmp_u32 (indices); false with an error
 * when t reads a variable bound to no input byte. */
bool fer_conc_deps_of(fer_concolic *, fer_term t);
/* t with every variable wider than 128 bits replaced by its bound parts
 * (t itself when there is none); 0 on failure. */
fer_term fer_conc_unwide(fer_concolic *, fer_term t);
/* The truth of t on buf's values of its variables deps[0..n): 1 true, 0
 * false or undecided (unspecified, error). */
int fer_conc_holds(fer_concolic *, const uint8_t *buf, fer_term t,
                   const uint32_t *deps, size_t n);

/* ---- concolic.c: judging candidates ---- */

/* Candidates tried so far, over every stage and query. */
uint64_t fer_conc_tried_all(const fer_concolic *);
/* The query's time or candidate budget is spent. */
bool fer_conc_timed_out(fer_conc_query *);
/* How many of the conjuncts idx[0..n) (indices into c->conjs) fail on
 * buf, counting no further than limit (0: all); the count starts at
 * position *hint, which becomes the position of the first failure found. */
uint32_t fer_conc_count_fails(fer_concolic *, const uint8_t *buf,
                              const uint32_t *idx, size_t n, uint32_t limit,
                              uint32_t *hint);
/* Is candidate buf a solution?  b must hold, and the path conjuncts that
 * may have changed: the related ones when buf differs from the seed only
 * in bytes b reads (the cheap stages), every one otherwise (the engine,
 * whose variables may overlap others' bytes).  A hit is copied to c->out.
 * Past the query's budget (looked at on every candidate that gets this
 * far) it is false without judging and sets q->expired. */
bool fer_conc_accept(fer_conc_query *, const uint8_t *buf, bool only_b_bytes);

/* ---- stages.c: each true when it found an input (in c->out) ---- */

bool fer_conc_stage_i2s(fer_conc_query *);
bool fer_conc_stage_consts(fer_conc_query *);
bool fer_conc_stage_intervals(fer_conc_query *);
bool fer_conc_stage_range(fer_conc_query *);
bool fer_conc_stage_bytes(fer_conc_query *);
bool fer_conc_stage_gradient(fer_conc_query *);
bool fer_conc_stage_det(fer_conc_query *);
bool fer_conc_stage_havoc(fer_conc_query *);
bool fer_conc_stage_multigoal(fer_conc_query *);
/* 1 sat (in c->out), 0 unknown, -1 unsat (proved on the connected part). */
int fer_conc_stage_engine(fer_conc_query *);

#endif
