/* The judge (judge.c): what happens to a candidate, the same for the
 * engine and for every backend that serves a request of the search
 * interface (engine.h): make the model (see fer_engine_formula), skip it
 * if seen before in this run, validate it on check.assertions, apply the
 * objective, give it to the callback.  Counts into the run's stats
 * (candidates, duplicates, unspecified, not_better, solutions,
 * time_validate, found_by).  Runs on the thread of the run, never while
 * workers run: it uses the term store and the allocator. */
#ifndef FER_JUDGE_H
#define FER_JUDGE_H

#include "engine/engine.h"
#include "engine/pre.h"
#include "smt/eval.h"

typedef struct fer_judge {
  ferret *f;
  const fer_engine_request *r;
  fer_engine_stats *st;
  fer_model model;              /* base values set once per run */
  bool model_ready;
  fer_term_stack vars;          /* the variables of r->check.assertions */
  fer_eval_memo memo;           /* the validations' evaluator, kept */
  fer_eval_plan *plan;          /* sampling: the same checks, laid out */
  fer_u128 *vals, *vals_base;   /* its values of vars: a candidate's, and
                                   the base or default ones */
  uint32_t *slot_var;           /* slot -> index in vars */
  fer_u128 *canon;              /* the candidate, canonical (nslots) */
  fer_u128 *canon_ahead;        /* fer_judge_prefetch's: the canonical */
  uint64_t *ahead;              /* input, its packed row and hash, for */
  uint64_t ahead_hash;          /* the offer of ahead_in */
  const fer_u128 *ahead_in;
  FER_STACK(uint64_t) seen;     /* inputs judged so far, packed: row
                                   words each (judge.c) */
  uint32_t row;
  fer_index table;              /* the rows of seen by hash: their
                                   index + 1 (hash: the high 32 bits) */
  bool more;                    /* set by the caller: another candidate
                                   follows this one at once */
  bool have_best;
  fer_u128 best;                /* MINIMIZE / MAXIMIZE: ordered key */
  int term_kind;                /* fer_sort_kind of objective.term */
  uint32_t eb, sb;              /* its FP format */
} fer_judge;

typedef enum fer_judge_verdict {
  FER_JUDGE_SKIP,  /* not given to the callback (seen before, unspecified,
                      not better): search on */
  FER_JUDGE_GO_ON, /* given to the callback, which said go on */
  FER_JUDGE_STOP,  /* given to the callback, which said stop */
  FER_JUDGE_FAIL   /* the run must end: st->reason says why */
} fer_judge_verdict;

/* NULL, or why the request cannot be judged ("memory", "unsupported:
 * objective sort"); release the judge either way. */
const char *fer_judge_init(ferret *, fer_judge *, const fer_engine_request *,
                           fer_engine_stats *);
void fer_judge_release(fer_judge *);
/* Does the reference evaluator reject input `in` of the program whatever
 * the choices SMT-LIB leaves unspecified (some constraint of the program
 * evaluates to false with no unspecified value on its way)?  false when
 * unsure or on any failure.  For enumeration's proofs. */
bool fer_judge_refutes(fer_judge *, const fer_u128 *in);
/* Start loading what judging `in` will read first (its seen-table
 * entry): a queue of candidates gets it while the judge works on the one
 * before.  The offer of `in` then takes the canonical form, packed row and
 * hash found here; any other offer computes its own. */
void fer_judge_prefetch(fer_judge *, const fer_u128 *in);
/* Judge the candidate `in` (an input of the layout that the program
 * accepted), found by strategy `found_by` after `execs` executions. */
fer_judge_verdict fer_judge_offer(fer_judge *, const fer_u128 *in,
                                  const char *found_by, uint64_t execs);

#endif
