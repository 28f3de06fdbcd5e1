/* Internals shared by the files of interval propagation (contract in
 * interval.h):
 *   interval.c     the lattice of domains (top, meet, hull), the rules of
 *                  the Boolean and generic operators, case analysis, the
 *                  driver (sweeps to a fixpoint) and printing;
 *   interval_fp.c  FP domains as order keys, the rules of the FP operators
 *                  and predicates and of the conversions between FP and BV;
 *   interval_bv.c  the BV domain (unsigned interval, signed interval as
 *                  keys, known bits) and its reduction, the rules of the BV
 *                  operators and comparisons.
 * A theory's rules see a term t by its operator, the domains of its first
 * three arguments (NULL: no such argument) and the domain r of t itself.
 * A forward rule narrows *r, which comes in as the full domain of t's
 * sort, to what the arguments allow; a backward rule narrows the
 * arguments to what r allows (fer_iv_meet, fer_iv_meet_range).  Both do
 * nothing for an operator that is not the theory's. */
#ifndef FER_INTERVAL_INTERNAL_H
#define FER_INTERVAL_INTERNAL_H

#include "engine/interval.h"

/* One propagation: the domains, and whether a sweep changed one. */
typedef struct fer_iv_state {
  ferret *f;
  fer_intervals *iv;
  bool changed;
} fer_iv_state;

static inline fer_ival *fer_iv_dom(fer_iv_state *s, fer_term t) {
  uint32_t p = fer_map_get(&s->iv->index, t);
  return p ? &s->iv->dom.data[p - 1] : NULL;
}

/* The width of a BV sort that is tracked (<= 128 bits), else 0. */
static inline uint32_t fer_iv_bv_width(ferret *f, fer_sort so) {
  const fer_sort_info *si = fer_sort_get(f, so);
  return si->kind == FER_SORT_BV && si->a <= 128 ? si->a : 0;
}

/* Does t or one of its arguments have a BV sort or FP format wider than
 * 128 bits?  Such
 * terms keep the full domain of their sort: no rule reads or narrows a
 * domain that is not tracked (sound, since top says nothing). */
static inline bool fer_iv_wide_sort(const fer_sort_info *si) {
  return (si->kind == FER_SORT_BV && si->a > 128) ||
         (si->kind == FER_SORT_FP && si->a + si->b > 128);
}
static inline bool fer_iv_wide(ferret *f, fer_term t) {
  if (fer_iv_wide_sort(fer_sort_get(f, fer_term_sort(f, t)))) return true;
  uint32_t n = fer_term_nargs(f, t);
  for (uint32_t i = 0; i < n; i++)
    if (fer_iv_wide_sort(fer_sort_get(f, fer_term_sort(f, fer_term_arg(f, t, i)))))
      return true;
  return false;
}

/* The sign bit of a w-bit pattern. */
static inline fer_u128 fer_iv_sbit(uint32_t w) {
  return (fer_u128)1 << (w - 1);
}

static inline fer_u128 fer_iv_max(fer_u128 a, fer_u128 b) {
  return a > b ? a : b;
}
static inline fer_u128 fer_iv_min(fer_u128 a, fer_u128 b) {
  return a < b ? a : b;
}

/* An FP domain has non-NaN values. */
static inline bool fer_iv_fp_has_num(const fer_ival *d) {
  return d->lo <= d->hi;
}

static inline bool fer_iv_bv_empty(const fer_ival *d) {
  return d->lo > d->hi || d->slo > d->shi || (d->zero & d->one);
}

/* ---- interval.c: the lattice ---- */

/* Narrow *d to its intersection with n (same kind); notes changes. */
void fer_iv_meet(fer_iv_state *, fer_ival *d, const fer_ival *n);
/* d meets [lo, hi] (BV: unsigned; FP: keys, and "NaN possible" nan). */
void fer_iv_meet_range(fer_iv_state *, fer_ival *d, fer_u128 lo, fer_u128 hi,
                       bool nan);

/* ---- interval_fp.c ---- */

/* *d := the full domain of so when so is a tracked FP sort (else as is). */
void fer_iv_fp_top(ferret *, fer_sort so, fer_ival *d);
void fer_iv_fp_forward(fer_iv_state *, fer_term t, fer_op op, fer_ival *d0,
                       fer_ival *d1, fer_ival *d2, fer_ival *r);
void fer_iv_fp_backward(fer_iv_state *, fer_term t, fer_op op, fer_ival *d0,
                        fer_ival *d1, fer_ival *d2, fer_ival *r);
/* Append FP domain d of sort so as text (fer_ival_print). */
bool fer_iv_fp_print(ferret *, const fer_ival *d, fer_sort so, fer_buf *);

/* ---- interval_bv.c ---- */

/* The full domain of width w. */
fer_ival fer_iv_bv_top(uint32_t w);
/* Let the three parts of d tell each other what they know; an empty
 * result is made canonical (lo > hi). */
void fer_iv_bv_reduce(fer_ival *d);
void fer_iv_bv_forward(fer_iv_state *, fer_term t, fer_op op, fer_ival *d0,
                       fer_ival *d1, fer_ival *d2, fer_ival *r);
void fer_iv_bv_backward(fer_iv_state *, fer_term t, fer_op op, fer_ival *d0,
                        fer_ival *d1, fer_ival *d2, fer_ival *r);
/* Append BV domain d of sort so as text (fer_ival_print). */
bool fer_iv_bv_print(ferret *, const fer_ival *d, fer_sort so, fer_buf *);

#endif
