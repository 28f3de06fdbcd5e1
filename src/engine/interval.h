/* Interval constraint propagation (pipeline step 4b, after
 * preprocessing): a domain for every Bool, BV and FP term of a query,
 * narrowed forwards (from arguments to result) and backwards (from result
 * to arguments) over the assertions' DAG until nothing changes or the
 * budget is spent, in the style of HC4-revise.  An empty domain is a proof
 * that the query has no model.
 *
 * Domains (every one an over-approximation of the values the term takes
 * in any model of the assertions, so emptiness is a proof):
 *  - Bool: may be true, may be false;
 *  - BitVec (width <= 128): the reduced product of an unsigned interval
 *    [lo, hi], a signed interval [slo, shi] and known bits (zero: bits that
 *    are 0 in every value, one: bits that are 1).  The signed bounds are
 *    kept as keys, the value with its sign bit flipped, so that unsigned
 *    order on keys is signed order on values.  Each part tells the others
 *    what it knows (a common prefix of the bounds is known bits, known bits
 *    move a bound to the next value that has them, a signed interval that
 *    does not cross zero is an unsigned one, and a range that wraps in
 *    one view is a hole the other view can use), so a domain is empty iff
 *    one part is;
 *  - FloatingPoint (eb + sb <= 128): an interval of the non-NaN values in
 *    the total order -oo < ... < -0 < +0 < ... < +oo, kept as "keys" (the
 *    bit pattern mapped so that integer order is that order), plus a flag
 *    "NaN possible";
 *  - anything else (RoundingMode, Real, wider sorts) is not tracked.
 * Rounding is handled exactly with ferret's own semantics (src/fp): a lower
 * bound is computed rounding toward -oo and an upper bound toward +oo, so
 * the bounds contain every value the operation can produce under any
 * rounding mode.  Values SMT-LIB leaves unspecified (fp.min of zeros,
 * fp.to_ubv out of range, ...) are covered for every choice, so no proof
 * depends on ferret's choice.  Operators without a rule get the full
 * domain of their sort (sound, not precise). */
#ifndef FER_INTERVAL_H
#define FER_INTERVAL_H

#include "base/map.h"
#include "engine/engine.h"
#include "smt/print.h"
#include "smt/term.h"

enum { FER_IV_TOP, FER_IV_BOOL, FER_IV_BV, FER_IV_FP };

typedef struct fer_ival {
  fer_u128 lo, hi;   /* BV: unsigned bounds; FP: keys (see above) */
  fer_u128 slo, shi; /* BV: signed bounds, as keys (value ^ sign bit) */
  fer_u128 zero, one; /* BV: the bits known to be 0, known to be 1 */
  uint8_t kind;      /* FER_IV_* */
  uint8_t width;     /* BV: the width (1..128) */
  bool nan;          /* FP: NaN is possible */
  bool t, f;         /* Bool: true / false possible */
} fer_ival;

typedef struct fer_intervals {
  fer_map index;               /* term -> position + 1 */
  FER_STACK(fer_term) order;   /* the DAG, arguments before their terms */
  FER_STACK(fer_ival) dom;     /* by position */
  FER_STACK(fer_term) todo;    /* traversal stack */
  uint32_t rounds;             /* forward+backward sweeps that were run */
  bool empty;                  /* some domain became empty: unsat */
  fer_term empty_at;           /* the term whose domain became empty */
} fer_intervals;

/* At most this many sweeps (a chain of bounds that creeps by one ulp per
 * sweep stops here, unfinished but sound). */
#define FER_IV_MAX_ROUNDS 64

void fer_intervals_init(fer_intervals *);
void fer_intervals_release(ferret *, fer_intervals *);

/* Propagate over the Bool assertions a[0..n) (every one must be true).
 * FERRET_OK (then iv->empty says whether unsat was proved) or an error
 * status (memory) with the context's error set.  Cost: linear in the DAG
 * per sweep, at most FER_IV_MAX_ROUNDS sweeps. */
ferret_status fer_intervals_run(ferret *, const fer_term *a, size_t n,
                                fer_intervals *iv);

/* The domain of a term of the last run, or NULL if it was not reached. */
const fer_ival *fer_intervals_of(const fer_intervals *, fer_term);

/* The domains of program p's slots as engine slot ranges (engine.h), into
 * out[0..p->nslots): a search (solve, sample) then draws seeds and values
 * inside them, and enumerates a small narrowed space.  Returns out, or
 * NULL when no slot is narrowed. */
const fer_slot_range *fer_intervals_slot_ranges(const fer_intervals *, const fer_prog *p,
                                                fer_slot_range *out);

/* Append the domain of t as text, e.g. "[-1.5, 2.0] or NaN" (FP values
 * printed as SMT-LIB constants).  false on allocation failure. */
bool fer_ival_print(ferret *, const fer_intervals *, fer_term t, fer_buf *);

#endif
