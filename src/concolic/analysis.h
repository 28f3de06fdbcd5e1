/* The two analyses of Fuzzy-SAT §III-C that interval propagation
 * (engine/interval.c) does not give: per input group, the wrapped interval
 * of its values that comparisons with constants allow, and the input bytes
 * an equality defines uniquely.
 *
 * An input group is a term whose value is input bytes side by side, their
 * bits never mixed: a bound variable of whole bytes, a concat of groups,
 * an extract of whole bytes of a group (the bytes distinct, at most 8).
 * A fact is "the group's value lies in this wrapped interval", implied by
 * a Bool term being true.  It comes from a comparison of a term with a
 * constant (bvult ... bvsge, =, distinct, and their negations), walked
 * down to a group through bijections (adding, subtracting a constant,
 * bvneg, bvnot), zero and sign extensions (the interval meets the
 * extension's image), a constant high concat; bvxor and the product with
 * an odd constant only for a single value; and, for floating point, = with
 * a non-NaN constant or fp.eq with a non-zero non-NaN one, on a bound FP
 * variable or a reinterpreted bit-vector (to_fp of one argument).
 *
 * A wrapped interval (Navas et al., "Signedness-agnostic program
 * analysis", the paper's [36]) is an arc of the circle of w-bit values,
 * from lo on up to hi, possibly across 2^w - 1 -> 0: signed and unsigned
 * bounds are both arcs.  The meet of two arcs can be two arcs; it is kept
 * as the smaller arc covering both.  Every fact over-approximates the set
 * of values the group can take when the term is true, so an empty meet is
 * a proof, and a candidate outside an arc can be discarded without
 * evaluating anything.  A single-value arc defines the group's bytes
 * uniquely. */
#ifndef FER_CONC_ANALYSIS_H
#define FER_CONC_ANALYSIS_H

#include "base/stack.h"
#include "smt/term.h"

struct fer_concolic;

#define FER_CONC_GROUP_MAX 8

enum { FER_WARC_EMPTY, FER_WARC_FULL, FER_WARC_ARC };

/* An arc of w-bit values (1 <= w <= 64). */
typedef struct fer_warc {
  uint64_t lo, hi;
  uint8_t w, kind; /* FER_WARC_* */
} fer_warc;

fer_warc fer_warc_make(uint32_t w, uint64_t lo, uint64_t hi);
bool fer_warc_has(fer_warc a, uint64_t x);
/* How many values (2^w for FULL: as a double, exact up to 2^53). */
double fer_warc_count(fer_warc a);
/* The smallest arc covering a ∩ b; FER_WARC_EMPTY only when a ∩ b is. */
fer_warc fer_warc_meet(fer_warc a, fer_warc b);
/* The k-th value of a non-empty arc, k < count. */
uint64_t fer_warc_at(fer_warc a, uint64_t k);

/* A group's bytes (input positions, least significant byte first) and the
 * interval of its value (width 8 * n). */
typedef struct fer_conc_fact {
  uint32_t pos[FER_CONC_GROUP_MAX];
  uint32_t n;
  fer_warc arc;
} fer_conc_fact;

typedef FER_STACK(fer_conc_fact) fer_conc_fact_stack;

/* The facts that t being true implies (t, or the conjuncts of an and, or
 * the negated disjuncts of a not-or), appended to out.  Cheap: a walk of
 * t's Boolean top and each comparison's constant chain.  false on memory. */
bool fer_conc_facts(const struct fer_concolic *, fer_term t,
                    fer_conc_fact_stack *out);

/* Is t an input group?  Its byte positions into pos (at most
 * FER_CONC_GROUP_MAX), least significant first, their number into *n. */
bool fer_conc_group(const struct fer_concolic *, fer_term t, uint32_t *pos, uint32_t *n);

#endif
