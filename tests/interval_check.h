/* Shared by the interval tests (test_interval.c, test_interval_exhaustive.c):
 * a context with a script executed, and the one place that inspects a
 * domain: does it hold a value, is it the whole sort. */
#ifndef FER_TEST_INTERVAL_H
#define FER_TEST_INTERVAL_H

#include <string.h>

#include "base/context.h"
#include "fp/fp.h"
#include "smt/term.h"
#include "engine/interval.h"
#include "api/smt_session.h"
#include "test.h"

static void quiet(void *u, const char *t, size_t n) { (void)u, (void)t, (void)n; }

static ferret *load(const char *script) {
  ferret *f = ferret_new();
  ferret_set_output(f, quiet, NULL);
  ferret_set_diagnostic(f, quiet, NULL);
  int st = ferret_execute(f, "test", script, strlen(script));
  CHECK_MSG(st == FERRET_OK, "script failed: %s", ferret_error(f)->message);
  return f;
}

/* Is v (a constant or true/false) inside d? */
static bool contains(ferret *f, const fer_ival *d, fer_term t, fer_term v) {
  if (d->kind == FER_IV_TOP) return true;
  if (d->kind == FER_IV_BOOL) return v == fer_true(f) ? d->t : d->f;
  fer_u128 bits = fer_const_u128(f, v);
  if (d->kind == FER_IV_BV) { /* every part of the domain */
    fer_u128 key = bits ^ (fer_u128)1 << (d->width - 1);
    return d->lo <= bits && bits <= d->hi && d->slo <= key && key <= d->shi &&
           !(bits & d->zero) && (bits & d->one) == d->one;
  }
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, t));
  fer_fmt fm = {si->a, si->b};
  if (fer_fp_is_nan(fm, bits)) return d->nan;
  fer_u128 S = (fer_u128)1 << (si->a + si->b - 1);
  fer_u128 k = bits & S ? S - 1 - (bits & (S - 1)) : S + bits;
  return d->lo <= k && k <= d->hi;
}

/* Is d the full domain of t's sort? */
static bool is_top(ferret *f, fer_term t, const fer_ival *d) {
  if (d->kind == FER_IV_BOOL) return d->t && d->f;
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, t));
  if (d->kind == FER_IV_BV) /* no bound and no known bit */
    return d->lo == 0 && d->hi == ((fer_u128)1 << si->a) - 1 && !d->zero &&
           !d->one;
  if (d->kind != FER_IV_FP) return true;
  fer_u128 S = (fer_u128)1 << (si->a + si->b - 1);
  fer_u128 infmag = (((fer_u128)1 << si->a) - 1) << (si->b - 1);
  return d->nan && d->lo == S - 1 - infmag && d->hi == S + infmag;
}

#endif
