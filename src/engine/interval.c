/* Interval constraint propagation (contract in interval.h): the lattice
 * of domains (top, meet, hull), the rules of the Boolean and generic
 * operators (not, and, or, =>, xor, ite, =, distinct), case analysis over
 * the cases of an or, the driver (forward and backward sweeps to a
 * fixpoint) and printing.  The FP rules are in interval_fp.c, the BV
 * domain and rules in interval_bv.c (interval_internal.h).
 *
 * Every rule must keep the domains over-approximations: a forward
 * rule may only return a superset of op(args) over the argument domains,
 * a backward rule may only remove argument values that cannot give a
 * result in the result's domain.  When unsure, a rule does nothing. */
#include <assert.h>
#include <string.h>

#include "engine/interval_internal.h"

typedef fer_u128 u128;

/* ------------------------------------------------------------ domains */

/* The full domain of a term's sort. */
static fer_ival top(ferret *f, fer_term t) {
  fer_ival d;
  memset(&d, 0, sizeof d);
  fer_sort so = fer_term_sort(f, t);
  uint32_t w;
  if (so == fer_sort_bool(f)) {
    d.kind = FER_IV_BOOL, d.t = d.f = true;
  } else if ((w = fer_iv_bv_width(f, so))) {
    d = fer_iv_bv_top(w);
  } else {
    fer_iv_fp_top(f, so, &d);
  }
  return d;
}

static bool empty(const fer_ival *d) {
  switch (d->kind) {
  case FER_IV_BOOL: return !d->t && !d->f;
  case FER_IV_BV: return fer_iv_bv_empty(d);
  case FER_IV_FP: return d->lo > d->hi && !d->nan;
  default: return false;
  }
}

static void meet(fer_iv_state *s, fer_ival *d, const fer_ival *n);

#ifndef NDEBUG
/* d is within o (or empty): what a meet may do to a domain, never widen it. */
static bool narrowed(const fer_ival *d, const fer_ival *o) {
  if (empty(d)) return true;
  switch (d->kind) {
  case FER_IV_BOOL: return (o->t || !d->t) && (o->f || !d->f);
  case FER_IV_BV:
    return d->lo >= o->lo && d->hi <= o->hi && d->slo >= o->slo && d->shi <= o->shi &&
           (d->zero & o->zero) == o->zero && (d->one & o->one) == o->one &&
           d->hi <= (fer_iv_sbit(d->width) << 1) - 1;
  case FER_IV_FP:
    return (o->nan || !d->nan) && (!fer_iv_fp_has_num(d) || (d->lo >= o->lo && d->hi <= o->hi));
  default: return true;
  }
}
#endif

/* Narrow *d to its intersection with n (same kind); notes changes. */
void fer_iv_meet(fer_iv_state *s, fer_ival *d, const fer_ival *n) {
  if (d->kind != n->kind || d->kind == FER_IV_TOP) return;
#ifndef NDEBUG
  const fer_ival before = *d;
#endif
  meet(s, d, n);
  assert(narrowed(d, &before));
  assert(d->kind != FER_IV_BV || (d->width >= 1 && d->width <= 128));
}

/* fer_iv_meet's work. */
static void meet(fer_iv_state *s, fer_ival *d, const fer_ival *n) {
  if (d->kind == FER_IV_BOOL) {
    bool t = d->t && n->t, f = d->f && n->f;
    if (t != d->t || f != d->f) d->t = t, d->f = f, s->changed = true;
    return;
  }
  if (d->kind == FER_IV_BV) {
    if (fer_iv_bv_empty(d)) return;
    fer_ival o = *d;
    d->lo = fer_iv_max(d->lo, n->lo), d->hi = fer_iv_min(d->hi, n->hi);
    d->slo = fer_iv_max(d->slo, n->slo), d->shi = fer_iv_min(d->shi, n->shi);
    d->zero |= n->zero, d->one |= n->one;
    fer_iv_bv_reduce(d);
    if (memcmp(&o, d, sizeof o)) s->changed = true;
    return;
  }
  if (fer_iv_fp_has_num(d)) {
    u128 lo = fer_iv_max(d->lo, n->lo), hi = fer_iv_min(d->hi, n->hi);
    if (lo > hi) lo = 1, hi = 0; /* canonical empty */
    if (lo != d->lo || hi != d->hi) d->lo = lo, d->hi = hi, s->changed = true;
  }
  if (d->nan && !n->nan) d->nan = false, s->changed = true;
}

static void meet_bool(fer_iv_state *s, fer_ival *d, bool t, bool f) {
  fer_ival n;
  memset(&n, 0, sizeof n);
  n.kind = FER_IV_BOOL, n.t = t, n.f = f;
  if (d) fer_iv_meet(s, d, &n);
}

/* d meets [lo, hi] (BV: unsigned; FP: keys, and "NaN possible" nan). */
void fer_iv_meet_range(fer_iv_state *s, fer_ival *d, u128 lo, u128 hi,
                       bool nan) {
  if (!d) return;
  fer_ival n = d->kind == FER_IV_BV ? fer_iv_bv_top(d->width) : *d;
  n.lo = lo, n.hi = hi, n.nan = nan;
  fer_iv_meet(s, d, &n);
}

/* ------------------------------------------------------ forward rules */

/* r := the smallest domain holding r and o (same kind). */
static void hull(fer_ival *r, const fer_ival *o) {
  if (r->kind == FER_IV_BOOL) {
    r->t |= o->t, r->f |= o->f;
    return;
  }
  if (r->kind == FER_IV_BV) {
    if (fer_iv_bv_empty(o)) return;
    if (fer_iv_bv_empty(r)) {
      *r = *o;
      return;
    }
    r->slo = fer_iv_min(r->slo, o->slo), r->shi = fer_iv_max(r->shi, o->shi);
    r->zero &= o->zero, r->one &= o->one;
  }
  if (r->kind == FER_IV_FP) r->nan |= o->nan;
  if (o->lo > o->hi) return;
  if (r->lo > r->hi) {
    r->lo = o->lo, r->hi = o->hi;
    return;
  }
  if (o->lo < r->lo) r->lo = o->lo;
  if (o->hi > r->hi) r->hi = o->hi;
}

static fer_ival forward(fer_iv_state *s, fer_term t) {
  ferret *f = s->f;
  fer_ival r = top(f, t);
  fer_op op = fer_term_op(f, t);
  uint32_t n = fer_term_nargs(f, t);
  const fer_term *a = fer_term_args(f, t);
  fer_ival *d0 = n > 0 ? fer_iv_dom(s, a[0]) : NULL;
  fer_ival *d1 = n > 1 ? fer_iv_dom(s, a[1]) : NULL;
  fer_ival *d2 = n > 2 ? fer_iv_dom(s, a[2]) : NULL;
  if (fer_iv_wide(f, t)) return r;
  switch (op) {
  case FER_OP_TRUE: r.f = false; break;
  case FER_OP_FALSE: r.t = false; break;
  case FER_OP_NOT:
    if (d0) r.t = d0->f, r.f = d0->t;
    break;
  case FER_OP_AND:
  case FER_OP_OR: {
    bool some_t = false, some_f = false;
    for (uint32_t i = 0; i < n; i++) {
      fer_ival *d = fer_iv_dom(s, a[i]);
      some_t |= !d || d->t, some_f |= !d || d->f;
    }
    if (op == FER_OP_AND) {
      /* true only if every argument can be true; false if one can be */
      bool every_t = true;
      for (uint32_t i = 0; i < n; i++) {
        fer_ival *d = fer_iv_dom(s, a[i]);
        every_t &= !d || d->t;
      }
      r.t = every_t, r.f = some_f;
    } else {
      bool every_f = true;
      for (uint32_t i = 0; i < n; i++) {
        fer_ival *d = fer_iv_dom(s, a[i]);
        every_f &= !d || d->f;
      }
      r.t = some_t, r.f = every_f;
    }
    break;
  }
  case FER_OP_IMPLIES:
    if (d0 && d1) r.t = d0->f || d1->t, r.f = d0->t && d1->f;
    break;
  case FER_OP_XOR:
    if (d0 && d1)
      r.t = (d0->t && d1->f) || (d0->f && d1->t),
      r.f = (d0->t && d1->t) || (d0->f && d1->f);
    break;
  case FER_OP_ITE:
    if (d0 && d1 && d2 && d1->kind == r.kind && r.kind != FER_IV_TOP) {
      if (!d0->f) r = *d1;
      else if (!d0->t) r = *d2;
      else r = *d1, hull(&r, d2);
    }
    break;
  case FER_OP_EQ:
  case FER_OP_DISTINCT:
    if (n == 2 && a[0] == a[1]) { /* t = t (hash-consed: one id), whatever t's domain */
      r.t = op == FER_OP_EQ, r.f = op != FER_OP_EQ;
    } else if (n == 2 && d0 && d1 && d0->kind == d1->kind && d0->kind != FER_IV_TOP) {
      bool can_eq, must_eq;
      if (d0->kind == FER_IV_BOOL) {
        can_eq = (d0->t && d1->t) || (d0->f && d1->f);
        must_eq = (d0->t != d0->f) && (d1->t != d1->f) && d0->t == d1->t;
      } else if (d0->kind == FER_IV_BV) {
        can_eq = d0->lo <= d1->hi && d1->lo <= d0->hi &&
                 d0->slo <= d1->shi && d1->slo <= d0->shi &&
                 !((d0->zero & d1->one) | (d0->one & d1->zero));
        must_eq = d0->lo == d0->hi && d1->lo == d1->hi && d0->lo == d1->lo;
      } else { /* structural: NaN = NaN */
        can_eq = (d0->nan && d1->nan) ||
                 (fer_iv_fp_has_num(d0) && fer_iv_fp_has_num(d1) &&
                  d0->lo <= d1->hi && d1->lo <= d0->hi);
        must_eq = !d0->nan && !d1->nan && fer_iv_fp_has_num(d0) &&
                  d0->lo == d0->hi && d1->lo == d1->hi && d0->lo == d1->lo;
        if (!fer_iv_fp_has_num(d0) && !fer_iv_fp_has_num(d1) && d0->nan &&
            d1->nan)
          must_eq = true;
      }
      bool is_eq = op == FER_OP_EQ;
      r.t = is_eq ? can_eq : !must_eq;
      r.f = is_eq ? !must_eq : can_eq;
    }
    break;
  default: /* constants and the operators of each theory */
    fer_iv_fp_forward(s, t, op, d0, d1, d2, &r);
    fer_iv_bv_forward(s, t, op, d0, d1, d2, &r);
    break;
  }
  return r;
}

/* ----------------------------------------------------- backward rules */

static void backward(fer_iv_state *s, fer_term t);

/* The one BV or FP term a case (an argument of an or/and, under at most
 * one not) says something about: its only argument that is not a
 * constant, or 0. */
static fer_term case_subject(ferret *f, fer_term c) {
  if (fer_term_op(f, c) == FER_OP_NOT) c = fer_term_arg(f, c, 0);
  uint32_t n = fer_term_nargs(f, c);
  fer_term x = 0;
  for (uint32_t i = 0; i < n; i++) {
    fer_term y = fer_term_arg(f, c, i);
    fer_op op = fer_term_op(f, y);
    if (op == FER_OP_CONST) continue;
    if (x || op == FER_OP_NOT) return 0;
    x = y;
  }
  return x;
}

/* Case analysis (constructive disjunction) for an or known true (value
 * true) or an and known false (value false) whose open cases all speak of
 * one term x: x lies in the hull of what each case, assumed to have the
 * value, leaves of x.  Each case is propagated backwards on a copy (its
 * domain, its subject's and, under a not, the inner atom's are restored
 * after), so nothing of one case leaks into another. */
static void split_cases(fer_iv_state *s, fer_term t, bool value) {
  ferret *f = s->f;
  uint32_t n = fer_term_nargs(f, t);
  const fer_term *a = fer_term_args(f, t);
  fer_term x = 0;
  for (uint32_t i = 0; i < n; i++) {
    fer_ival *d = fer_iv_dom(s, a[i]);
    if (!d || !(value ? d->t : d->f)) continue; /* closed: cannot hold */
    fer_term y = case_subject(f, a[i]);
    if (!y || (x && y != x)) return;
    x = y;
  }
  fer_ival *dx = x ? fer_iv_dom(s, x) : NULL;
  if (!dx || (dx->kind != FER_IV_BV && dx->kind != FER_IV_FP)) return;
  fer_ival keep = *dx, acc = *dx;
  acc.lo = 1, acc.hi = 0, acc.nan = false; /* empty, for the hull */
  for (uint32_t i = 0; i < n; i++) {
    fer_ival *d = fer_iv_dom(s, a[i]);
    if (!d || !(value ? d->t : d->f)) continue;
    bool neg = fer_term_op(f, a[i]) == FER_OP_NOT;
    fer_term atom = neg ? fer_term_arg(f, a[i], 0) : a[i];
    fer_ival *da = fer_iv_dom(s, atom);
    if (!da) return;
    /* the case, its atom and the atom's arguments (x and constants) */
    uint32_t na = fer_term_nargs(f, atom);
    fer_ival kd = *d, ka = *da, kargs[3];
    if (na > 3) return;
    for (uint32_t j = 0; j < na; j++)
      kargs[j] = *fer_iv_dom(s, fer_term_arg(f, atom, j));
    fer_iv_state scratch = *s;
    meet_bool(&scratch, da, value != neg, value == neg);
    backward(&scratch, atom);
    bool possible = !empty(dx);
    for (uint32_t j = 0; j < na; j++)
      possible &= !empty(fer_iv_dom(s, fer_term_arg(f, atom, j)));
    if (possible) hull(&acc, dx);
    for (uint32_t j = 0; j < na; j++)
      *fer_iv_dom(s, fer_term_arg(f, atom, j)) = kargs[j];
    *d = kd, *da = ka, *dx = keep;
  }
  fer_iv_meet(s, dx, &acc);
}

static void backward(fer_iv_state *s, fer_term t) {
  ferret *f = s->f;
  fer_ival *r = fer_iv_dom(s, t);
  if (!r || fer_iv_wide(f, t)) return;
  fer_op op = fer_term_op(f, t);
  uint32_t n = fer_term_nargs(f, t);
  const fer_term *a = fer_term_args(f, t);
  fer_ival *d0 = n > 0 ? fer_iv_dom(s, a[0]) : NULL;
  fer_ival *d1 = n > 1 ? fer_iv_dom(s, a[1]) : NULL;
  fer_ival *d2 = n > 2 ? fer_iv_dom(s, a[2]) : NULL;
  bool must_t = r->kind == FER_IV_BOOL && !r->f;
  bool must_f = r->kind == FER_IV_BOOL && !r->t;
  switch (op) {
  case FER_OP_NOT:
    if (must_t) meet_bool(s, d0, false, true);
    if (must_f) meet_bool(s, d0, true, false);
    break;
  case FER_OP_AND:
  case FER_OP_OR: {
    bool is_and = op == FER_OP_AND;
    if (is_and ? must_t : must_f) { /* every argument */
      for (uint32_t i = 0; i < n; i++)
        meet_bool(s, fer_iv_dom(s, a[i]), is_and, !is_and);
    } else if (is_and ? must_f : must_t) { /* one: if only one is left */
      uint32_t open = 0, at = 0;
      for (uint32_t i = 0; i < n; i++) {
        fer_ival *d = fer_iv_dom(s, a[i]);
        if (!d || (is_and ? d->f : d->t)) open++, at = i;
      }
      if (open == 1) meet_bool(s, fer_iv_dom(s, a[at]), !is_and, is_and);
      else if (open > 1) split_cases(s, t, !is_and);
    }
    break;
  }
  case FER_OP_IMPLIES:
    if (must_f) meet_bool(s, d0, true, false), meet_bool(s, d1, false, true);
    if (must_t && d0 && !d0->f) meet_bool(s, d1, true, false);
    if (must_t && d1 && !d1->t) meet_bool(s, d0, false, true);
    break;
  case FER_OP_XOR:
    if ((must_t || must_f) && d0 && d1) {
      if (d0->t != d0->f) meet_bool(s, d1, d0->t != must_t, d0->t == must_t);
      if (d1->t != d1->f) meet_bool(s, d0, d1->t != must_t, d1->t == must_t);
    }
    break;
  case FER_OP_ITE:
    if (!d0 || !d1 || !d2 || d1->kind != r->kind) break;
    if (!d0->f) fer_iv_meet(s, d1, r);
    else if (!d0->t) fer_iv_meet(s, d2, r);
    else { /* a branch whose domain misses the result's is not taken */
      fer_iv_state scratch = *s;
      fer_ival x = *d1, y = *d2;
      fer_iv_meet(&scratch, &x, r);
      fer_iv_meet(&scratch, &y, r);
      if (empty(&x)) meet_bool(s, d0, false, true);
      if (empty(&y)) meet_bool(s, d0, true, false);
    }
    break;
  case FER_OP_EQ:
    if (n == 2 && d0 && d1 && d0->kind == d1->kind) {
      if (must_t) {
        fer_ival x = *d0;
        fer_iv_meet(s, d0, d1);
        fer_iv_meet(s, d1, &x);
      } else if (must_f && d0->kind == FER_IV_BOOL) {
        if (d0->t != d0->f) meet_bool(s, d1, d0->f, d0->t);
        if (d1->t != d1->f) meet_bool(s, d0, d1->f, d1->t);
      } else if (must_f) {
        /* x != c trims c off the ends of x's range (FP: structural, so a
         * single key is a single value; c must not be NaN) */
        bool is_fp = d0->kind == FER_IV_FP;
        for (int side = 0; side < 2; side++) {
          fer_ival *x = side ? d1 : d0, *c = side ? d0 : d1;
          if (c->lo != c->hi || x->lo > x->hi || (is_fp && c->nan)) continue;
          bool keep = is_fp && x->nan;
          if (x->lo == c->lo && x->hi == c->lo)
            fer_iv_meet_range(s, x, 1, 0, keep);
          else if (x->lo == c->lo)
            fer_iv_meet_range(s, x, x->lo + 1, x->hi, keep);
          else if (x->hi == c->lo)
            fer_iv_meet_range(s, x, x->lo, x->hi - 1, keep);
        }
      }
    }
    break;
  default: /* the operators of each theory */
    fer_iv_fp_backward(s, t, op, d0, d1, d2, r);
    fer_iv_bv_backward(s, t, op, d0, d1, d2, r);
    break;
  }
}

/* ------------------------------------------------------------ driving */

void fer_intervals_init(fer_intervals *iv) {
  memset(iv, 0, sizeof *iv);
  fer_map_init(&iv->index);
}

void fer_intervals_release(ferret *f, fer_intervals *iv) {
  fer_map_release(f, &iv->index);
  FER_RELEASE(f, iv->order);
  FER_RELEASE(f, iv->dom);
  FER_RELEASE(f, iv->todo);
}

const fer_ival *fer_intervals_of(const fer_intervals *iv, fer_term t) {
  uint32_t p = fer_map_get(&iv->index, t);
  return p ? &iv->dom.data[p - 1] : NULL;
}

/* The DAG below the assertions in post order (iterative: deep terms). */
static bool collect(ferret *f, fer_intervals *iv, const fer_term *a,
                    size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (fer_map_get(&iv->index, a[i])) continue;
    if (!FER_PUSH(f, iv->todo, a[i])) return false;
    while (iv->todo.size) {
      fer_term t = iv->todo.data[iv->todo.size - 1];
      if (fer_map_get(&iv->index, t)) { /* done meanwhile */
        iv->todo.size--;
        continue;
      }
      bool ready = true;
      uint32_t na = fer_term_nargs(f, t);
      const fer_term *args = fer_term_args(f, t);
      for (uint32_t j = na; j-- > 0;)
        if (!fer_map_get(&iv->index, args[j])) {
          ready = false;
          if (!FER_PUSH(f, iv->todo, args[j])) return false;
        }
      if (!ready) continue;
      iv->todo.size--;
      if (!FER_PUSH(f, iv->order, t) ||
          !fer_map_put(f, &iv->index, t, (uint32_t)iv->order.size))
        return false;
    }
  }
  return true;
}

ferret_status fer_intervals_run(ferret *f, const fer_term *a, size_t n,
                                fer_intervals *iv) {
  fer_map_clear(&iv->index);
  FER_CLEAR(iv->order);
  FER_CLEAR(iv->dom);
  FER_CLEAR(iv->todo);
  iv->rounds = 0, iv->empty = false, iv->empty_at = 0;
  if (!collect(f, iv, a, n) || !FER_RESERVE(f, iv->dom, iv->order.size))
    return f->error.status ? f->error.status : FERRET_ERROR_LIMIT;
  iv->dom.size = iv->order.size;
  for (size_t i = 0; i < iv->order.size; i++)
    iv->dom.data[i] = top(f, iv->order.data[i]);
  fer_iv_state s = {f, iv, false};
  for (size_t i = 0; i < n; i++)
    meet_bool(&s, fer_iv_dom(&s, a[i]), true, false);
  size_t m = iv->order.size;
  do {
    s.changed = false;
    iv->rounds++;
    for (size_t i = 0; i < m; i++) { /* forward: arguments first */
      fer_ival fw = forward(&s, iv->order.data[i]);
      fer_ival *d = &iv->dom.data[i];
      fer_iv_meet(&s, d, &fw);
      if (empty(d)) goto proved;
    }
    for (size_t i = m; i-- > 0;) { /* backward: terms before arguments */
      backward(&s, iv->order.data[i]);
      fer_term t = iv->order.data[i];
      uint32_t na = fer_term_nargs(f, t);
      const fer_term *args = fer_term_args(f, t);
      for (uint32_t j = 0; j < na; j++) {
        fer_ival *d = fer_iv_dom(&s, args[j]);
        if (d && empty(d)) {
          iv->empty_at = args[j];
          iv->empty = true;
          return FERRET_OK;
        }
      }
    }
  } while (s.changed && iv->rounds < FER_IV_MAX_ROUNDS);
  return FERRET_OK;
proved:
  for (size_t i = 0; i < m; i++)
    if (empty(&iv->dom.data[i])) {
      iv->empty_at = iv->order.data[i];
      break;
    }
  iv->empty = true;
  return FERRET_OK;
}

/* ------------------------------------------------------------ printing */

bool fer_ival_print(ferret *f, const fer_intervals *iv, fer_term t,
                    fer_buf *b) {
  const fer_ival *d = fer_intervals_of(iv, t);
  if (!d || d->kind == FER_IV_TOP) return fer_buf_str(f, b, "(any)");
  if (d->kind == FER_IV_BOOL)
    return fer_buf_str(f, b, d->t && d->f ? "(any)"
                             : d->t      ? "true"
                             : d->f      ? "false"
                                         : "(empty)");
  fer_sort so = fer_term_sort(f, t);
  if (d->kind == FER_IV_BV) return fer_iv_bv_print(f, d, so, b);
  return fer_iv_fp_print(f, d, so, b);
}

/* (interval.h)  A domain that allows NaN keeps the full FP space (NaN
 * patterns sit at both ends of the order keys). */
const fer_slot_range *fer_intervals_slot_ranges(const fer_intervals *iv, const fer_prog *p,
                                                fer_slot_range *out) {
  bool any = false;
  for (uint32_t s = 0; s < p->nslots; s++) {
    const fer_ival *d = fer_intervals_of(iv, p->slots.data[s].var);
    fer_slot_range r = {0, 0, 0};
    if (d && d->kind == FER_IV_BOOL && d->t != d->f)
      r.base = d->t, r.count = 1;
    else if (d && d->kind == FER_IV_BV && d->lo <= d->hi) {
      r.base = d->lo, r.count = d->hi - d->lo + 1; /* 0: the full 128 bits */
      /* the values with the known bits, when they are fewer */
      fer_u128 m = d->width >= 128 ? ~(fer_u128)0 : ((fer_u128)1 << d->width) - 1;
      fer_u128 free = ~(d->zero | d->one) & m;
      int nfree = __builtin_popcountll((uint64_t)free) +
                  __builtin_popcountll((uint64_t)(free >> 64));
      if (free && nfree < 64 && (!r.count || (fer_u128)1 << nfree < r.count))
        r.base = d->one, r.count = (fer_u128)1 << nfree, r.free = free;
    }
    else if (d && d->kind == FER_IV_FP && !d->nan && d->lo <= d->hi)
      r.base = d->lo, r.count = d->hi - d->lo + 1;
    out[s] = r;
    any |= r.count != 0;
  }
  return any ? out : NULL;
}
