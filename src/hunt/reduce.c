/* A finding's formula reduced (hunt_internal.h): the same kind by the
 * same solver must stay (for a wrong model: that solver's model must
 * still fail) while assertions are dropped, then subterms are
 * replaced by an argument of their sort or by +0; at most 80 runs of the
 * solvers (24 for a slow formula, which costs up to the time limit). */
#include <string.h>

#include "smt/model.h"
#include "hunt/hunt_internal.h"

/* Does formula x still give finding v? */
static bool still(fer_hunt_campaign *c, const fer_hunt_formula *x, fer_hunt_verdict v) {
  /* the reduction's budget (a slow formula costs up to the time limit) */
  if (c->reduce_runs >= (v.kind == FIND_SLOW ? 24u : 80u)) return false;
  c->reduce_runs++;
  if (!fer_hunt_run_formula(c, x)) return false;
  fer_hunt_verdict w = fer_hunt_check(c, x);
  /* a wrong model: this solver's model still fails (another solver's
   * failing first does not end the reduction of this one's) */
  if (v.kind == FIND_WRONG_MODEL) return v.who < 32 && (w.wrong >> v.who & 1);
  return w.kind == v.kind && w.who == v.who;
}

/* t with every occurrence of `from` replaced by `to`. */
static fer_term subst(ferret *f, fer_term t, fer_term from, fer_term to) {
  if (t == from) return to;
  uint32_t n = fer_term_nargs(f, t);
  if (!n || n > 8) return t;
  fer_term a[8];
  bool changed = false;
  for (uint32_t i = 0; i < n; i++) {
    fer_term x = fer_term_arg(f, t, i);
    a[i] = subst(f, x, from, to);
    if (!a[i]) return 0;
    changed |= a[i] != x;
  }
  return changed ? fer_mk(f, fer_term_op(f, t), n, a, fer_term_idx(f, t, 0),
                          fer_term_idx(f, t, 1))
                 : t;
}

/* The FP and Bool inner nodes of t, outermost first (at most cap). */
static void nodes(ferret *f, fer_term t, fer_term *out, uint32_t *n, uint32_t cap) {
  if (*n >= cap || !fer_term_nargs(f, t)) return;
  out[(*n)++] = t;
  for (uint32_t i = 0; i < fer_term_nargs(f, t); i++)
    nodes(f, fer_term_arg(f, t, i), out, n, cap);
}

void fer_hunt_reduce(fer_hunt_campaign *c, fer_hunt_formula *x, fer_hunt_verdict v) {
  ferret *f = c->f;
  c->reduce_runs = 0;
  fer_hunt_formula y = {{0}};
  /* fewer assertions */
  for (size_t i = x->a.size; i-- > 0 && x->a.size > 1;) {
    if (!fer_hunt_formula_copy(f, x, &y)) break;
    memmove(y.a.data + i, y.a.data + i + 1, (y.a.size - i - 1) * sizeof *y.a.data);
    y.a.size--;
    if (still(c, &y, v)) fer_hunt_formula_copy(f, &y, x);
  }
  /* smaller terms: a node replaced by an argument of its sort, or by a
   * constant (+0, false) */
  for (size_t i = 0; i < x->a.size; i++) {
    fer_term list[64];
    uint32_t n = 0;
    nodes(f, x->a.data[i], list, &n, 64);
    for (uint32_t k = 0; k < n; k++) {
      fer_term t = list[k];
      fer_sort s = fer_term_sort(f, t);
      fer_term cand[9];
      uint32_t nc = 0;
      for (uint32_t j = 0; j < fer_term_nargs(f, t) && nc < 8; j++)
        if (fer_term_sort(f, fer_term_arg(f, t, j)) == s) cand[nc++] = fer_term_arg(f, t, j);
      if (fer_sort_get(f, s)->kind == FER_SORT_FP) cand[nc++] = fer_value_term(f, s, 0);
      for (uint32_t j = 0; j < nc; j++) {
        if (!cand[j] || !fer_hunt_formula_copy(f, x, &y)) continue;
        fer_term r = subst(f, y.a.data[i], t, cand[j]);
        if (!r || r == y.a.data[i]) continue;
        y.a.data[i] = r;
        if (still(c, &y, v)) {
          fer_hunt_formula_copy(f, &y, x);
          n = 0; /* the node list is stale: start this assertion again */
          nodes(f, x->a.data[i], list, &n, 64);
          k = (uint32_t)-1;
          break;
        }
      }
    }
  }
  fer_hunt_formula_release(f, &y);
}
