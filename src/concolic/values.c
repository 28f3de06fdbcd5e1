/* The values of a term over the inputs that satisfy the path constraint
 * (contract in concolic.h): its minimum or maximum, by bisection on its
 * values with one solve a step (fer_concolic_optimize), and all of them,
 * one solve a value (fer_concolic_solve_all). */
#include <string.h>

#include "engine/engine.h"
#include "fp/fp.h"
#include "smt/eval.h"
#include "concolic/concolic_internal.h"

typedef fer_u128 u128;

/* The key of a value of t's sort in the order optimized: unsigned BV as
 * is, signed BV with the sign bit flipped, FP its order key (NaN apart). */
typedef struct order {
  fer_sort so;
  bool fp, is_signed;
  fer_fmt fmt;
  uint32_t bits;
  u128 kmin, kmax; /* keys of the extreme non-NaN values */
} order;

static u128 key_of(const order *o, u128 v) {
  if (o->fp) return fer_fp_order_key(o->fmt, v);
  return o->is_signed ? v ^ (u128)1 << (o->bits - 1) : v;
}

static u128 value_of(const order *o, u128 k) {
  if (o->fp) return fer_fp_from_order_key(o->fmt, k);
  return o->is_signed ? k ^ (u128)1 << (o->bits - 1) : k;
}

/* The value of t on the input buf (0 on failure). */
static fer_term value_on(fer_concolic *c, fer_term t, const uint8_t *buf) {
  if (!fer_conc_deps_of(c, t) ||
      !fer_conc_load_model(c, buf, c->tmp_u32.data, c->tmp_u32.size))
    return 0;
  fer_term v = fer_eval(c->f, t, &c->model, NULL);
  return v && fer_term_op(c->f, v) == FER_OP_CONST ? v : 0;
}

/* Solve b within what is left of the call's time (c->timeout_ms is the
 * whole call's limit: each round gets the rest). */
static ferret_result round_solve(fer_concolic *c, fer_term b, double deadline) {
  uint64_t keep = c->timeout_ms;
  if (deadline > 0) {
    double left = deadline - fer_conc_clock(c);
    if (left <= 0) {
      c->reason = "timeout";
      return FERRET_UNKNOWN;
    }
    c->timeout_ms = (uint64_t)(left * 1000) + 1;
  }
  ferret_result r = fer_concolic_solve(c, b, false);
  c->timeout_ms = keep;
  return r;
}

/* A start satisfying pi (the seed if it does) in `best`; FERRET_SAT or
 * why not. */
static ferret_result start_input(fer_concolic *c, uint8_t *best,
                                 double deadline) {
  bool seed_ok = true;
  for (size_t i = 0; i < c->path.size; i++)
    seed_ok &= c->conjs.data[c->path.data[i]].seed_true;
  if (seed_ok) {
    memcpy(best, c->seed, c->size);
    return FERRET_SAT;
  }
  ferret_result r = round_solve(c, fer_true(c->f), deadline);
  if (r == FERRET_SAT) memcpy(best, c->out, c->size);
  return r;
}

ferret_result fer_concolic_optimize(fer_concolic *c, fer_term t, bool max,
                                    bool is_signed, bool *optimal) {
  ferret *f = c->f;
  *optimal = false;
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, t));
  if (fer_sort_bits(f, fer_term_sort(f, t)) > 128) {
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "concolic: optimizing a term wider than 128 bits");
    return FERRET_UNKNOWN;
  }
  if (!(t = fer_conc_unwide(c, t))) return FERRET_UNKNOWN;
  order o = {fer_term_sort(f, t), si->kind == FER_SORT_FP, is_signed, {0, 0},
             0, 0, 0};
  if (si->kind == FER_SORT_FP) {
    o.fmt = (fer_fmt){si->a, si->b}, o.bits = si->a + si->b;
    o.kmin = fer_fp_order_key(o.fmt, fer_fp_inf(o.fmt, true));
    o.kmax = fer_fp_order_key(o.fmt, fer_fp_inf(o.fmt, false));
  } else if (si->kind == FER_SORT_BV) {
    o.bits = si->a;
    o.kmax = si->a >= 128 ? ~(u128)0 : ((u128)1 << si->a) - 1;
  }
  if (!o.bits || o.bits > 128) {
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "concolic: min/max of a BV or FP term of at most 128 bits");
    c->reason = "unsupported";
    return FERRET_UNKNOWN;
  }
  double deadline = c->timeout_ms ? fer_conc_clock(c) + (double)c->timeout_ms / 1000 : 0;
  uint8_t *best = fer_malloc(f, c->size ? c->size : 1);
  uint8_t *seed0 = fer_malloc(f, c->size ? c->size : 1);
  if (!best || !seed0) {
    if (best) fer_free(f, best, c->size ? c->size : 1);
    if (seed0) fer_free(f, seed0, c->size ? c->size : 1);
    c->reason = "memory";
    return FERRET_UNKNOWN;
  }
  memcpy(seed0, c->seed, c->size);
  ferret_result r = start_input(c, best, deadline);
  fer_term v = r == FERRET_SAT ? value_on(c, t, best) : 0;
  if (r == FERRET_SAT && v && o.fp && fer_fp_is_nan(o.fmt, fer_const_u128(f, v))) {
    /* a NaN is no value to improve on: first any non-NaN one */
    fer_term nn = fer_mk(f, FER_OP_NOT, 1,
                         (fer_term[]){fer_mk(f, FER_OP_FP_IS_NAN, 1, &t, 0, 0)}, 0, 0);
    fer_concolic_set_seed(c, best, c->size);
    r = nn ? round_solve(c, nn, deadline) : FERRET_UNKNOWN;
    if (r == FERRET_SAT) memcpy(best, c->out, c->size);
    v = r == FERRET_SAT ? value_on(c, t, best) : 0;
  }
  if (r != FERRET_SAT || !v) goto done;
  int stage = c->last_stage >= 0 ? c->last_stage : FER_CONC_SEED;
  bool proven = true;
  u128 k = key_of(&o, fer_const_u128(f, v));
  u128 lo = max ? k : o.kmin, hi = max ? o.kmax : k;
  while (lo < hi) {
    u128 mid = max ? lo + (hi - lo) / 2 + 1 : lo + (hi - lo) / 2;
    fer_term bound = fer_value_term(f, o.so, value_of(&o, mid));
    fer_op op = o.fp ? (max ? FER_OP_FP_GEQ : FER_OP_FP_LEQ)
                : is_signed ? (max ? FER_OP_BVSGE : FER_OP_BVSLE)
                            : (max ? FER_OP_BVUGE : FER_OP_BVULE);
    fer_term b = bound ? fer_mk(f, op, 2, (fer_term[]){t, bound}, 0, 0) : 0;
    if (!b) break;
    fer_concolic_set_seed(c, best, c->size); /* search near the best */
    ferret_result rr = round_solve(c, b, deadline);
    fer_term nv = rr == FERRET_SAT ? value_on(c, t, c->out) : 0;
    if (nv) {
      memcpy(best, c->out, c->size);
      stage = c->last_stage;
      u128 nk = key_of(&o, fer_const_u128(f, nv));
      if (max) lo = nk > mid ? nk : mid;
      else hi = nk < mid ? nk : mid;
      continue;
    }
    if (rr != FERRET_UNSAT) proven = false;
    if (c->reason && !strcmp(c->reason, "timeout")) break;
    if (max) hi = mid - 1;
    else lo = mid + 1;
  }
  *optimal = proven && lo == hi;
  c->last_stage = stage;
done:
  fer_concolic_set_seed(c, seed0, c->size);
  if (r == FERRET_SAT) {
    memcpy(c->out, best, c->size);
    c->reason = NULL;
  }
  fer_free(f, best, c->size ? c->size : 1);
  fer_free(f, seed0, c->size ? c->size : 1);
  return r;
}

ferret_result fer_concolic_solve_all(fer_concolic *c, fer_term t,
                                     uint64_t limit, fer_conc_each_fn each,
                                     void *user, bool *complete) {
  ferret *f = c->f;
  *complete = false;
  if (!(t = fer_conc_unwide(c, t))) return FERRET_UNKNOWN;
  double deadline = c->timeout_ms ? fer_conc_clock(c) + (double)c->timeout_ms / 1000 : 0;
  fer_term_stack differ = {0};
  fer_term b = fer_true(f);
  ferret_result r = FERRET_UNKNOWN, first = FERRET_UNKNOWN;
  for (uint64_t n = 0; !limit || n < limit; n++) {
    r = round_solve(c, b, deadline);
    if (r == FERRET_UNSAT && n) *complete = true;
    if (r != FERRET_SAT) break;
    first = FERRET_SAT;
    fer_term v = value_on(c, t, c->out);
    if (!v) {
      r = FERRET_UNKNOWN;
      break;
    }
    int stop = each(user, v, c->out);
    fer_term ne = fer_mk(f, FER_OP_DISTINCT, 2, (fer_term[]){t, v}, 0, 0);
    if (stop || !ne || !FER_PUSH(f, differ, ne)) break;
    b = differ.size == 1 ? ne : fer_mk(f, FER_OP_AND, (uint32_t)differ.size, differ.data, 0, 0);
    if (!b) break;
  }
  FER_RELEASE(f, differ);
  return first == FERRET_SAT ? FERRET_SAT : r;
}
