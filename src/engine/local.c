/* Distance-guided local search: the alternating-variable method (AVM, as in
 * CORAL and search-based test generation) minimising the summed distance of
 * the false constraints (prog.h: fer_cons_distance).
 *
 * For each variable of a false constraint, in random order: try one unit
 * in each direction (one ULP for FP, in the ordered-key space where +-0 and
 * the subnormals are neighbours; one for BV; a flip for Bool; every value
 * for a rounding mode); on improvement keep going in that direction with
 * doubling steps ("pattern moves"), then start again from a unit step.
 * Stop at a solution, at a local optimum (no variable improves) or when
 * the budget is spent.
 *
 * Evaluation is incremental: a move changes one slot, so only the
 * constraints depending on it are re-evaluated (and of those only the
 * dirty blocks run); the other constraints keep their cached distance. */
#include <math.h>
#include <string.h>

#include "bv/bv.h"
#include "fp/fp.h"
#include "engine/search.h"

typedef struct avm {
  fer_worker *w;
  double obj;      /* sum of w->cdist */
  double *next;    /* candidate distances of the affected constraints */
  uint64_t end;    /* execution budget end */
} avm;

/* Objective after setting slot s to v; distances of the affected
 * constraints go to a->next (indexed like slot_cons). */
static double eval_move(avm *a, uint32_t s, fer_u128 v) {
  fer_worker *w = a->w;
  const fer_prog *p = w->p;
  fer_exec_set(&w->x, s, v);
  w->execs++;
  double obj = a->obj;
  uint32_t lo = p->slot_cons_off.data[s], hi = p->slot_cons_off.data[s + 1];
  for (uint32_t j = lo; j < hi; j++) {
    uint32_t c = p->slot_cons.data[j];
    double d = fer_exec_cons(&w->x, c) ? 0 : fer_cons_distance(p, w->x.r, c, w->scratch, w->s->opt->ls_real != 0);
    a->next[j - lo] = d;
    obj += d - w->cdist[c];
  }
  return obj;
}

static void accept(avm *a, uint32_t s, fer_u128 v) {
  fer_worker *w = a->w;
  const fer_prog *p = w->p;
  w->cand[s] = v;
  uint32_t lo = p->slot_cons_off.data[s], hi = p->slot_cons_off.data[s + 1];
  for (uint32_t j = lo; j < hi; j++) w->cdist[p->slot_cons.data[j]] = a->next[j - lo];
  double obj = 0; /* re-summed: no drift from repeated deltas */
  for (uint32_t c = 0; c < p->cons.size; c++) obj += w->cdist[c];
  a->obj = obj;
}

/* Move v by `dir * step` units in the given view. */
typedef enum view { VIEW_INT, VIEW_FP } view;

static fer_u128 move(const fer_slot *sl, view vw, uint32_t eb, uint32_t sb,
                     fer_u128 v, int dir, fer_u128 step) {
  if (vw == VIEW_INT) {
    fer_u128 m = fer_bv_mask(sl->bits);
    return (dir > 0 ? v + step : v - step) & m;
  }
  fer_fmt fm = {eb, sb};
  fer_i128s k = fer_fp_is_nan(fm, v) ? 0 : fer_fp_key(eb, sb, v, false);
  fer_i128s lim = (fer_i128s)(fer_bv_mask(eb) << (sb - 1));
  if (step > (fer_u128)lim) step = (fer_u128)lim;
  fer_i128s st = (fer_i128s)step;
  if (dir > 0) k = k > lim - st ? lim : k + st;
  else k = k < -lim - 1 + st ? -lim - 1 : k - st;
  return fer_fp_from_key(eb, sb, k);
}

/* Exploratory and pattern moves on one slot in one view.  Returns whether
 * the objective improved. */
static bool search_var(avm *a, uint32_t s, view vw, uint32_t eb, uint32_t sb) {
  fer_worker *w = a->w;
  const fer_slot *sl = &w->p->slots.data[s];
  bool improved = false;
  for (int rounds = 0; rounds < 64 && w->execs < a->end && a->obj > 0; rounds++) {
    bool moved = false;
    int first = fer_rng_below(&w->rng, 2) ? 1 : -1;
    for (int t = 0; t < 2 && !moved && w->execs < a->end; t++) {
      int dir = t ? -first : first;
      fer_u128 v = w->cand[s], step = 1;
      fer_u128 nv = move(sl, vw, eb, sb, v, dir, step);
      if (nv == v) continue;
      double o = eval_move(a, s, nv);
      if (!(o < a->obj)) {
        fer_exec_set(&w->x, s, v);
        continue;
      }
      accept(a, s, nv);
      moved = improved = true;
      /* pattern moves: keep direction, double the step */
      while (a->obj > 0 && w->execs < a->end && step < ((fer_u128)1 << 126)) {
        step <<= 1;
        v = w->cand[s];
        nv = move(sl, vw, eb, sb, v, dir, step);
        if (nv == v) break;
        o = eval_move(a, s, nv);
        if (!(o < a->obj)) {
          fer_exec_set(&w->x, s, v);
          break;
        }
        accept(a, s, nv);
      }
    }
    if (!moved) break;
  }
  return improved;
}

/* Sign moves and kicks (option ls_kick): when solving; sampling's local
 * search stays as it was, its samples measured with it. */
static bool kicks_on(const fer_worker *w) { return w->s->opt->ls_kick && !w->s->sampling; }

/* The sign move: slot s negated, kept if the objective improves.  In
 * the ordered-key space the negation is as far away as the slot's
 * magnitude, and every value between lies on the way through zero, where
 * products overflow and quotients become infinite: no run of unit and
 * doubling steps crosses it, though a product of variables (a chain
 * x_k = x_(k-1) * c / y_k) changes the signs of all its later terms
 * with one y's sign. */
static bool try_negate(avm *a, uint32_t s) {
  fer_worker *w = a->w;
  const fer_slot *sl = &w->p->slots.data[s];
  fer_fmt fm = {sl->eb, sl->sb};
  fer_u128 v = w->cand[s];
  if (fer_fp_is_nan(fm, v) || w->execs >= a->end) return false;
  fer_u128 nv = v ^ ((fer_u128)1 << (sl->eb + sl->sb - 1));
  if (!(eval_move(a, s, nv) < a->obj)) {
    fer_exec_set(&w->x, s, v);
    return false;
  }
  accept(a, s, nv);
  return true;
}

static bool try_slot(avm *a, uint32_t s) {
  fer_worker *w = a->w;
  const fer_slot *sl = &w->p->slots.data[s];
  fer_u128 v = w->cand[s];
  switch ((fer_slot_kind)sl->kind) {
  case FER_SLOT_BOOL:
  case FER_SLOT_RM: {
    uint32_t n = sl->kind == FER_SLOT_BOOL ? 2 : 5;
    fer_u128 best = v;
    double best_obj = a->obj;
    for (uint32_t k = 0; k < n; k++) {
      if (k == v) continue;
      double o = eval_move(a, s, k);
      if (o < best_obj) best_obj = o, best = k;
    }
    if (best == v) {
      fer_exec_set(&w->x, s, v);
      return false;
    }
    eval_move(a, s, best); /* recompute a->next for the winner */
    accept(a, s, best);
    return true;
  }
  case FER_SLOT_FP:
    if (search_var(a, s, VIEW_FP, sl->eb, sl->sb)) return true;
    return a->obj > 0 && kicks_on(w) && try_negate(a, s);
  case FER_SLOT_BV: {
    bool any = search_var(a, s, VIEW_INT, 0, 0);
    /* A bit-vector read as a float (to_fp of a BV) moves better in ULPs. */
    uint32_t w_ = sl->bits, eb = 0, sb = 0;
    if (w_ == 32) eb = 8, sb = 24;
    else if (w_ == 64) eb = 11, sb = 53;
    else if (w_ == 16) eb = 5, sb = 11;
    if (eb && a->obj > 0) any |= search_var(a, s, VIEW_FP, eb, sb);
    return any;
  }
  }
  return false;
}

/* The full objective after moving several slots (all constraints are
 * looked at; only those reading a moved slot do work). */
static double eval_all(avm *a) {
  fer_worker *w = a->w;
  const fer_prog *p = w->p;
  bool real = w->s->opt->ls_real != 0;
  w->execs++;
  double obj = 0;
  for (uint32_t c = 0; c < p->cons.size; c++)
    obj += fer_exec_cons(&w->x, c) ? 0 : fer_cons_distance(p, w->x.r, c, w->scratch, real);
  return obj;
}

/* Hooke-Jeeves pattern step: after a sweep moved the point from `base` to
 * w->cand, try cand + k * (cand - base) for k = 1, 2, 4, ... (per slot, in
 * ULP keys for FP, modulo 2^w for BV) while it improves.  Single-variable
 * moves stall on ridges where constraints couple the variables (linear
 * systems); a step along the sweep's overall direction crosses them. */
static void pattern_step(avm *a, const fer_u128 *base) {
  fer_worker *w = a->w;
  const fer_prog *p = w->p;
  uint32_t ns = p->nslots;
  fer_u128 *from = w->from; /* the accepted point */
  memcpy(from, w->cand, (size_t)ns * sizeof *from);
  for (uint32_t k = 1; k <= (1u << 20) && w->execs < a->end && a->obj > 0; k <<= 1) {
    bool any = false;
    for (uint32_t s = 0; s < ns; s++) {
      const fer_slot *sl = &p->slots.data[s];
      fer_u128 v = from[s];
      if (v == base[s] || sl->kind == FER_SLOT_BOOL || sl->kind == FER_SLOT_RM) {
        fer_exec_set(&w->x, s, v);
        continue;
      }
      fer_u128 nv;
      if (sl->kind == FER_SLOT_FP) {
        fer_fmt fm = {sl->eb, sl->sb};
        if (fer_fp_is_nan(fm, v) || fer_fp_is_nan(fm, base[s])) continue;
        fer_i128s kv = fer_fp_key(sl->eb, sl->sb, v, false);
        fer_i128s kb = fer_fp_key(sl->eb, sl->sb, base[s], false);
        fer_i128s lim = (fer_i128s)(fer_bv_mask(sl->eb) << (sl->sb - 1));
        fer_i128s d = kv - kb; /* both within +-2^127: no overflow */
        if (d > lim / k || d < -lim / k) continue;
        fer_i128s t = kv + d * (fer_i128s)k;
        nv = fer_fp_from_key(sl->eb, sl->sb, t > lim ? lim : t < -lim - 1 ? -lim - 1 : t);
      } else {
        nv = (v + (v - base[s]) * k) & fer_bv_mask(sl->bits);
      }
      fer_exec_set(&w->x, s, nv);
      any = true;
    }
    if (!any) break;
    double o = eval_all(a);
    if (!(o < a->obj)) break;
    for (uint32_t s = 0; s < ns; s++) w->cand[s] = w->x.r[s];
    for (uint32_t c = 0; c < p->cons.size; c++)
      w->cdist[c] = fer_exec_cons(&w->x, c) ? 0
                    : fer_cons_distance(p, w->x.r, c, w->scratch, w->s->opt->ls_real != 0);
    a->obj = o;
  }
  for (uint32_t s = 0; s < ns; s++) fer_exec_set(&w->x, s, w->cand[s]);
}

/* ---- projection steps: joint moves for linear-like FP constraints ----
 *
 * Where the alternating-variable method stops, the false constraints often
 * pull one variable in opposite directions: a point next to a thin polytope
 * (sums of products of variables with constants, compared with constants)
 * can only be entered by moving several variables at once.  A projection
 * step takes one false constraint, estimates the gradient of its gap (the
 * real difference of its sides, fer_cons_gap) by a forward difference in
 * each of its FP variables, and moves all of them along the gradient by a
 * relaxation factor in [1, 2) times the distance to the constraint's
 * boundary: the relaxed projection of Agmon and Motzkin-Schoenberg, which
 * for linear inequalities with a feasible region of positive volume
 * converges to it.  The walk takes steps on random false constraints
 * without asking the objective, and keeps the best point it passes. */
#define PROJ_STEPS 64

/* A slot a projection step moves: FP, a double holds its values. */
static bool projectable(const fer_slot *sl) {
  return sl->kind == FER_SLOT_FP && sl->eb <= 11 && sl->sb <= 53;
}

static fer_u128 from_double(const fer_slot *sl, double d) {
  uint64_t b;
  memcpy(&b, &d, 8);
  fer_fmt to = {sl->eb, sl->sb}, from = {11, 53};
  return fer_fp_convert(to, FER_RNE, from, b);
}

/* One projection step on false constraint c, from the point in w->x.
 * Returns whether it moved. */
static bool project_step(avm *a, uint32_t c) {
  fer_worker *w = a->w;
  const fer_prog *p = w->p;
  const fer_cons *cn = &p->cons.data[c];
  if (fer_exec_cons(&w->x, c)) return false;
  double g = fer_cons_gap(p, w->x.r, c, w->scratch), norm = 0;
  if (!(g > 0 && g < 1e300)) return false; /* NaN or infinite sides */
  uint32_t n = 0;
  for (uint32_t j = cn->slot_begin; j < cn->slot_end && w->execs < a->end; j++) {
    uint32_t s = p->cslots.data[j];
    const fer_slot *sl = &p->slots.data[s];
    if (!projectable(sl)) continue;
    fer_u128 v = w->x.r[s];
    double x = fer_fp_double(sl->eb, sl->sb, v);
    if (!isfinite(x)) continue;
    fer_u128 nv = from_double(sl, x + fmax(fabs(x), 1.0) * 0x1p-8);
    double h = fer_fp_double(sl->eb, sl->sb, nv) - x;
    if (!(h > 0) || !isfinite(h)) continue;
    fer_exec_set(&w->x, s, nv);
    w->execs++;
    double g2 = fer_exec_cons(&w->x, c) ? 0 : fer_cons_gap(p, w->x.r, c, w->scratch);
    fer_exec_set(&w->x, s, v);
    if (!(g2 < 1e300) || g2 == g) continue;
    w->grad[n] = (g2 - g) / h, w->vars[n++] = s;
    norm += w->grad[n - 1] * w->grad[n - 1];
  }
  if (!(norm > 0) || !isfinite(norm)) return false;
  double t = (1 + (double)fer_rng_below(&w->rng, 1024) / 1024) * g / norm;
  for (uint32_t k = 0; k < n; k++) {
    const fer_slot *sl = &p->slots.data[w->vars[k]];
    double x = fer_fp_double(sl->eb, sl->sb, w->x.r[w->vars[k]]);
    fer_exec_set(&w->x, w->vars[k], from_double(sl, x - t * w->grad[k]));
  }
  return true;
}

/* Set cand to the point in the slots of w->x, and the cached distances to
 * those of its constraints; returns the objective. */
static double take_point(avm *a) {
  fer_worker *w = a->w;
  const fer_prog *p = w->p;
  bool real = w->s->opt->ls_real != 0;
  double obj = 0;
  memcpy(w->cand, w->x.r, (size_t)p->nslots * sizeof *w->cand);
  for (uint32_t c = 0; c < p->cons.size; c++) {
    w->cdist[c] = fer_exec_cons(&w->x, c) ? 0 : fer_cons_distance(p, w->x.r, c, w->scratch, real);
    obj += w->cdist[c];
  }
  return a->obj = obj;
}

/* A walk of projection steps from the local optimum cand.  Returns whether
 * it ends on a better point (then cand, cdist and the objective hold it). */
static bool project_walk(avm *a) {
  fer_worker *w = a->w;
  const fer_prog *p = w->p;
  uint32_t nc = (uint32_t)p->cons.size, ns = p->nslots;
  bool any = false, real = w->s->opt->ls_real != 0;
  for (uint32_t c = 0; c < nc && !any; c++) {
    if (w->cdist[c] == 0) continue;
    const fer_cons *cn = &p->cons.data[c];
    for (uint32_t j = cn->slot_begin; j < cn->slot_end && !any; j++)
      any = projectable(&p->slots.data[p->cslots.data[j]]);
  }
  if (!any) return false; /* no draw: formulas without FP run as before */
  double best = a->obj;
  memcpy(w->from, w->cand, (size_t)ns * sizeof *w->from);
  for (uint32_t step = 0; step < PROJ_STEPS && w->execs < a->end; step++) {
    if (step) { /* where did the last step land? */
      double obj = 0;
      uint32_t nfalse = 0, pick = UINT32_MAX;
      w->execs++;
      for (uint32_t c = 0; c < nc; c++) {
        if (fer_exec_cons(&w->x, c)) continue;
        obj += fer_cons_distance(p, w->x.r, c, w->scratch, real);
        if (fer_rng_below(&w->rng, ++nfalse) == 0) pick = c;
      }
      if (obj < best) {
        best = obj;
        memcpy(w->from, w->x.r, (size_t)ns * sizeof *w->from);
        if (obj == 0) break;
      }
      if (!project_step(a, pick)) break;
    } else {
      uint32_t nfalse = 0, pick = 0;
      for (uint32_t c = 0; c < nc; c++)
        if (w->cdist[c] > 0 && fer_rng_below(&w->rng, ++nfalse) == 0) pick = c;
      if (!project_step(a, pick)) break;
    }
  }
  fer_exec_load(&w->x, best < a->obj ? w->from : w->cand);
  if (!(best < a->obj)) return false;
  take_point(a);
  return true;
}

/* ---- kicks: iterated local search from a local optimum ----
 *
 * Where the one-variable moves and the projection steps stop, one FP
 * variable of a random false constraint is negated whatever it costs, and
 * the search goes on from there; the best local optimum met is what the
 * run returns.  A product chain whose wrong-signed term needs two of its
 * factors negated (the first flips every later term, the second flips the
 * later ones back) is then one kick and one sign move away.  Up to
 * LS_KICKS kicks per run. */
#define LS_KICKS 8

/* Negate a random FP slot of a random false constraint of cand; returns
 * whether there was one. */
static bool kick(avm *a) {
  fer_worker *w = a->w;
  const fer_prog *p = w->p;
  uint32_t nc = (uint32_t)p->cons.size, nfalse = 0, pick = UINT32_MAX;
  for (uint32_t c = 0; c < nc; c++) {
    if (w->cdist[c] == 0) continue;
    const fer_cons *cn = &p->cons.data[c];
    bool fp = false;
    for (uint32_t j = cn->slot_begin; j < cn->slot_end && !fp; j++)
      fp = p->slots.data[p->cslots.data[j]].kind == FER_SLOT_FP;
    if (fp && fer_rng_below(&w->rng, ++nfalse) == 0) pick = c;
  }
  if (pick == UINT32_MAX) return false;
  const fer_cons *cn = &p->cons.data[pick];
  uint32_t nfp = 0, s = UINT32_MAX;
  for (uint32_t j = cn->slot_begin; j < cn->slot_end; j++) {
    uint32_t t = p->cslots.data[j];
    if (p->slots.data[t].kind == FER_SLOT_FP && fer_rng_below(&w->rng, ++nfp) == 0) s = t;
  }
  const fer_slot *sl = &p->slots.data[s];
  fer_u128 nv = w->cand[s] ^ ((fer_u128)1 << (sl->eb + sl->sb - 1));
  eval_move(a, s, nv);
  accept(a, s, nv);
  return true;
}

int fer_local_search(fer_worker *w, const fer_u128 *start, uint64_t budget) {
  const fer_prog *p = w->p;
  uint32_t nc = (uint32_t)p->cons.size, ns = p->nslots;
  avm a = {w, 0, w->cdist + nc, w->execs + budget};
  uint32_t kicks = 0;
  double kept = INFINITY; /* the objective of w->kept, the best optimum */
  memmove(w->cand, start, (size_t)ns * sizeof *start);
  fer_exec_load(&w->x, w->cand);
  w->execs++;
  for (uint32_t c = 0; c < nc; c++) {
    w->cdist[c] = fer_exec_cons(&w->x, c) ? 0 : fer_cons_distance(p, w->x.r, c, w->scratch, w->s->opt->ls_real != 0);
    a.obj += w->cdist[c];
  }
  while (a.obj > 0 && w->execs < a.end && !fer_worker_should_stop(w)) {
    uint32_t nv = 0;
    for (uint32_t c = 0; c < nc; c++) {
      if (w->cdist[c] == 0) continue;
      const fer_cons *cn = &p->cons.data[c];
      for (uint32_t j = cn->slot_begin; j < cn->slot_end; j++) {
        uint32_t s = p->cslots.data[j];
        if (!w->vmark[s]) w->vmark[s] = 1, w->vars[nv++] = s;
      }
    }
    for (uint32_t i = 0; i < nv; i++) w->vmark[w->vars[i]] = 0;
    for (uint32_t i = nv; i > 1; i--) { /* Fisher-Yates */
      uint32_t j = (uint32_t)fer_rng_below(&w->rng, i), t = w->vars[i - 1];
      w->vars[i - 1] = w->vars[j], w->vars[j] = t;
    }
    bool improved = false;
    memcpy(w->tmp, w->cand, (size_t)ns * sizeof *w->tmp); /* sweep start */
    for (uint32_t i = 0; i < nv && a.obj > 0 && w->execs < a.end; i++)
      improved |= try_slot(&a, w->vars[i]);
    if (!improved) { /* local optimum: a joint move, a kick, or stop */
      if (w->s->opt->ls_project && project_walk(&a)) continue;
      if (!kicks_on(w) || kicks == LS_KICKS || w->execs >= a.end) break;
      if (a.obj < kept) kept = a.obj, memcpy(w->kept, w->cand, (size_t)ns * sizeof *w->kept);
      if (!kick(&a)) break;
      kicks++;
      continue;
    }
    pattern_step(&a, w->tmp);
  }
  /* Registers may hold rejected moves: reload the accepted point, or the
   * best optimum before a kick when it was better. */
  if (kept < a.obj) {
    fer_exec_load(&w->x, w->kept);
    take_point(&a);
  }
  fer_exec_load(&w->x, w->cand);
  if (a.obj > 0) return 0;
  /* Confirm on a full evaluation (cheap: only blocks reading the last move re-run). */
  for (uint32_t c = 0; c < nc; c++)
    if (!fer_exec_cons(&w->x, c)) return 0;
  return 1;
}
