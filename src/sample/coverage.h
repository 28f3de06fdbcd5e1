/* SMT coverage (shared/papers/001 §II-D, SMTSampler's definition): over
 * the formula's internal nodes, the share of result bits seen both as 0
 * and as 1 across the samples.
 *
 * Internal nodes: the distinct terms with arguments (after define-fun and
 * let are expanded; shared subterms count once) of sort Bool, BV or FP,
 * except the assertions and, through `and`, their conjuncts: those are
 * true in every sample and would only lower every figure alike.  Values
 * come from the reference evaluator, which is lazy (eval.h): a node in a
 * branch a sample does not take is not observed for that sample.
 * Example (the paper's): (fp.geq (fp.add RNE x +0) x) on Float32 has one
 * node, the 32-bit fp.add; samples +0, -0, -2 cover 2 of its bits: 6.25 %. */
#ifndef FER_COVERAGE_H
#define FER_COVERAGE_H

#include "base/map.h"
#include "smt/model.h"

enum { FER_COV_BOOL, FER_COV_BV, FER_COV_FP, FER_COV_KINDS };

typedef struct fer_coverage {
  ferret *f;
  FER_STACK(fer_term) roots;   /* the assertions */
  fer_map node;                /* term -> node index + 1 */
  FER_STACK(fer_u128) seen0, seen1, mask;
  FER_STACK(uint8_t) kind;     /* FER_COV_* by node */
  uint64_t total[FER_COV_KINDS], covered[FER_COV_KINDS];
  uint64_t samples;
} fer_coverage;

/* The nodes of a[0..n).  0 on allocation failure. */
int fer_coverage_init(ferret *, fer_coverage *, const fer_term *a, size_t n);
void fer_coverage_release(fer_coverage *);
/* Observe one sample: model gives every variable of the formula a value.
 * 0 on failure (the context's error says why: an unassigned variable...). */
int fer_coverage_add(fer_coverage *, const fer_model *);
/* Covered share in %, of one kind or (kind < 0) of all; 0 with no bit. */
double fer_coverage_percent(const fer_coverage *, int kind);

#endif
