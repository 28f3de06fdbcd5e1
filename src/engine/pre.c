/* The preprocessing driver (contract in pre.h).
 *
 * Rounds until nothing changes (at most FER_PRE_MAX_ROUNDS):
 *   1. rewrite every assertion (and every definition of an eliminated
 *      variable) under the substitution, simplifying each rebuilt node;
 *   2. and-hoisting; 3. false check; 4. true elimination; 5. duplicate
 *      elimination; 6. e /\ not e;
 *   7. collect facts x := t from top-level assertions: p, (not p) and
 *      (= x c) (constant propagation), (= x y) (equality extraction, the
 *      union-find of JFS §4.2 done by substitution), (= x t) (solving).
 * A fact accepted in a round satisfies: x is not eliminated yet, x does not
 * occur in t, no variable of t was eliminated in the same round and x does
 * not occur in another definition accepted in the same round.  So the
 * definitions of one round never mention each other's variables, and after
 * step 1 of the next round no assertion or definition mentions an
 * eliminated variable (the invariant pre.h promises). */
#include <stdlib.h>
#include <string.h>

#include "base/map.h"
#include "engine/pre.h"

void fer_pre_init(fer_pre *p) { memset(p, 0, sizeof *p); }

void fer_pre_release(ferret *f, fer_pre *p) {
  FER_RELEASE(f, p->assertions);
  FER_RELEASE(f, p->elim_var);
  FER_RELEASE(f, p->elim_def);
  FER_RELEASE(f, p->parts);
  fer_pre_init(p);
}

/* Largest term (distinct nodes) a definition x := t may have; a bigger t
 * stays an assertion (the occurs check would cost too much per fact). */
#define MAX_DEF_NODES 20000

typedef struct pre {
  ferret *f;
  fer_pre *out;
  fer_subst sub;
  fer_term_stack cur, next, work;
  /* Maps sized by the query (base/map.h), never by the store: */
  fer_map elim;           /* var number -> 1: eliminated */
  fer_map round_elim;     /* var number -> round it was eliminated in */
  fer_map round_occ;      /* var number -> round it occurs in a definition */
  fer_map seen;           /* term -> 1: visited by the current walk */
  fer_pre_trace_fn trace;
  void *user;
} pre;

static void trace(pre *p, const char *pass) {
  if (p->trace) p->trace(p->user, pass, p->cur.data, p->cur.size);
}

/* Start a walk: forget what the last one visited (O(1)). */
static void new_walk(pre *p) { fer_map_clear(&p->seen); }

/* Visit t in the current walk: 1 first time, 0 seen before, -1 failure. */
static int visit(pre *p, fer_term t) {
  if (fer_map_get(&p->seen, t)) return 0;
  return fer_map_put(p->f, &p->seen, t, 1) ? 1 : -1;
}

/* ------------------------------------------------------------ the steps */

/* Step 1.  Returns -1 on failure, else whether something changed. */
static int rewrite_all(pre *p) {
  ferret *f = p->f;
  int changed = 0;
  for (size_t i = 0; i < p->cur.size; i++) {
    fer_term r = fer_subst_apply(f, &p->sub, p->cur.data[i]);
    if (!r) return -1;
    if (r != p->cur.data[i]) changed = 1, p->cur.data[i] = r;
  }
  for (size_t i = 0; i < p->out->elim_def.size; i++) {
    fer_term r = fer_subst_apply(f, &p->sub, p->out->elim_def.data[i]);
    if (!r) return -1;
    p->out->elim_def.data[i] = r;
  }
  return changed;
}

/* Step 2: (and a b) -> a, b; (not (or a b)) -> (not a), (not b);
 * (not (=> a b)) -> a, (not b). */
static int hoist(pre *p) {
  ferret *f = p->f;
  int changed = 0;
  FER_CLEAR(p->next);
  for (size_t i = 0; i < p->cur.size; i++) {
    FER_CLEAR(p->work);
    if (!FER_PUSH(f, p->work, p->cur.data[i])) return -1;
    while (p->work.size) {
      fer_term t = FER_POP(p->work);
      fer_op op = fer_term_op(f, t);
      uint32_t n = fer_term_nargs(f, t);
      if (op == FER_OP_AND) {
        if (!FER_RESERVE(f, p->work, n)) return -1;
        for (uint32_t j = n; j-- > 0;)
          p->work.data[p->work.size++] = fer_term_arg(f, t, j);
        changed = 1;
        continue;
      }
      if (op == FER_OP_NOT) {
        fer_term a = fer_term_arg(f, t, 0);
        fer_op aop = fer_term_op(f, a);
        uint32_t m = fer_term_nargs(f, a);
        if (aop == FER_OP_OR || aop == FER_OP_IMPLIES) {
          if (!FER_RESERVE(f, p->work, m)) return -1;
          for (uint32_t j = m; j-- > 0;) {
            fer_term x = fer_term_arg(f, a, j);
            if (aop == FER_OP_OR || j == m - 1) {
              x = fer_simp_mk(f, FER_OP_NOT, 1, &x, 0, 0);
              if (!x) return -1;
            }
            p->work.data[p->work.size++] = x;
          }
          changed = 1;
          continue;
        }
      }
      if (!FER_PUSH(f, p->next, t)) return -1;
    }
  }
  if (changed) {
    fer_term_stack tmp = p->cur;
    p->cur = p->next, p->next = tmp;
  }
  return changed;
}

static int drop_true(pre *p) {
  size_t k = 0;
  fer_term T = fer_true(p->f);
  for (size_t i = 0; i < p->cur.size; i++)
    if (p->cur.data[i] != T) p->cur.data[k++] = p->cur.data[i];
  int changed = k != p->cur.size;
  p->cur.size = k;
  return changed;
}

static int dedup(pre *p) {
  new_walk(p);
  size_t k = 0;
  for (size_t i = 0; i < p->cur.size; i++) {
    fer_term t = p->cur.data[i];
    int v = visit(p, t);
    if (v < 0) return -1;
    if (v) p->cur.data[k++] = t;
  }
  int changed = k != p->cur.size;
  p->cur.size = k;
  return changed;
}

/* Step 6: is some assertion the negation of another? */
static int contradiction(pre *p) {
  ferret *f = p->f;
  new_walk(p);
  for (size_t i = 0; i < p->cur.size; i++)
    if (visit(p, p->cur.data[i]) < 0) return -1;
  for (size_t i = 0; i < p->cur.size; i++) {
    fer_term t = p->cur.data[i];
    if (fer_term_op(f, t) == FER_OP_NOT &&
        fer_map_get(&p->seen, fer_term_arg(f, t, 0)))
      return 1;
  }
  return 0;
}

/* ------------------------------------------------------------ the facts */

static bool is_var(ferret *f, fer_term t) { return fer_term_op(f, t) == FER_OP_VAR; }
static uint32_t var_no(ferret *f, fer_term t) { return fer_term_idx(f, t, 0); }

/* Walk t: 1 if acceptable as the definition of x this round (x absent, no
 * variable eliminated this round, small enough), 0 if not, -1 on failure. */
static int def_ok(pre *p, fer_term x, fer_term t, uint32_t round) {
  ferret *f = p->f;
  uint32_t nodes = 0;
  new_walk(p);
  FER_CLEAR(p->work);
  if (!FER_PUSH(f, p->work, t)) return -1;
  while (p->work.size) {
    fer_term u = FER_POP(p->work);
    int v = visit(p, u);
    if (v < 0) return -1;
    if (!v) continue;
    if (++nodes > MAX_DEF_NODES) return 0;
    uint32_t m = fer_term_nargs(f, u);
    if (!m) {
      if (fer_term_op(f, u) == FER_OP_PARAM) return 0;
      if (!is_var(f, u)) continue;
      if (u == x || fer_map_get(&p->round_elim, var_no(f, u)) == round)
        return 0;
      continue;
    }
    if (!FER_RESERVE(f, p->work, m)) return -1;
    const fer_term *args = fer_term_args(f, u);
    for (uint32_t j = 0; j < m; j++) p->work.data[p->work.size++] = args[j];
  }
  return 1;
}

/* Mark the variables of t as occurring in this round's definitions. */
static int mark_occ(pre *p, fer_term t, uint32_t round) {
  ferret *f = p->f;
  new_walk(p);
  FER_CLEAR(p->work);
  if (!FER_PUSH(f, p->work, t)) return 0;
  while (p->work.size) {
    fer_term u = FER_POP(p->work);
    int v = visit(p, u);
    if (v < 0) return 0;
    if (!v) continue;
    uint32_t m = fer_term_nargs(f, u);
    if (!m) {
      if (is_var(f, u) && !fer_map_put(f, &p->round_occ, var_no(f, u), round))
        return 0;
      continue;
    }
    if (!FER_RESERVE(f, p->work, m)) return 0;
    const fer_term *args = fer_term_args(f, u);
    for (uint32_t j = 0; j < m; j++) p->work.data[p->work.size++] = args[j];
  }
  return 1;
}

/* Try x := t.  1 accepted, 0 not, -1 failure. */
static int try_fact(pre *p, fer_term x, fer_term t, uint32_t round) {
  ferret *f = p->f;
  uint32_t v = var_no(f, x);
  if (fer_map_get(&p->elim, v) || fer_map_get(&p->round_occ, v) == round)
    return 0;
  int ok = def_ok(p, x, t, round);
  if (ok <= 0) return ok;
  if (!mark_occ(p, t, round)) return -1;
  if (!fer_map_put(f, &p->elim, v, 1) ||
      !fer_map_put(f, &p->round_elim, v, round) ||
      !FER_PUSH(f, p->out->elim_var, x) || !FER_PUSH(f, p->out->elim_def, t) ||
      !fer_subst_set(f, &p->sub, x, t))
    return -1;
  return 1;
}

typedef enum fact_kind { FACT_CONST = 1, FACT_EQX = 2, FACT_SOLVE = 4 } fact_kind;

/* Step 7 for one assertion.  1 if a fact was accepted (the assertion is
 * then replaced by true), 0 if not, -1 on failure. */
static int fact(pre *p, size_t i, unsigned kinds, uint32_t round) {
  ferret *f = p->f;
  fer_term a = p->cur.data[i];
  fer_op op = fer_term_op(f, a);
  int r = 0;
  if (is_var(f, a) && (kinds & FACT_CONST))
    r = try_fact(p, a, fer_true(f), round);
  else if (op == FER_OP_NOT && is_var(f, fer_term_arg(f, a, 0)) &&
           (kinds & FACT_CONST))
    r = try_fact(p, fer_term_arg(f, a, 0), fer_false(f), round);
  else if (op == FER_OP_EQ) {
    fer_term l = fer_term_arg(f, a, 0), rt = fer_term_arg(f, a, 1);
    bool lv = is_var(f, l), rv = is_var(f, rt);
    if (!lv && !rv) return 0;
    if (lv && rv) {
      if (!(kinds & FACT_EQX)) return 0;
      /* Eliminate the later-declared variable first (deterministic). */
      fer_term hi = var_no(f, l) > var_no(f, rt) ? l : rt;
      fer_term lo = hi == l ? rt : l;
      r = try_fact(p, hi, lo, round);
      if (r == 0) r = try_fact(p, lo, hi, round);
    } else {
      fer_term x = lv ? l : rt, t = lv ? rt : l;
      unsigned need = fer_term_is_value(f, t) ? FACT_CONST : FACT_SOLVE;
      if (kinds & need) r = try_fact(p, x, t, round);
    }
  }
  if (r == 1) p->cur.data[i] = fer_true(f);
  return r;
}

static int facts(pre *p, uint32_t round) {
  ferret *f = p->f;
  unsigned kinds = (f->opt.pp_propagate ? FACT_CONST : 0) |
                   (f->opt.pp_eqx ? FACT_EQX : 0) |
                   (f->opt.pp_solve ? FACT_SOLVE : 0);
  if (!kinds) return 0;
  int changed = 0;
  /* Constants first: they never block anything else. */
  for (unsigned pass = 0; pass < 3; pass++) {
    unsigned k = kinds & (pass == 0 ? FACT_CONST : pass == 1 ? FACT_EQX : FACT_SOLVE);
    if (!k) continue;
    for (size_t i = 0; i < p->cur.size; i++) {
      int r = fact(p, i, k, round);
      if (r < 0) return -1;
      if (r) changed = 1;
    }
  }
  if (changed) fer_subst_reset_memo(&p->sub);
  return changed;
}

/* ------------------------------------------------------------ the driver */

static void finish_unsat(pre *p) {
  FER_CLEAR(p->cur);
  FER_PUSH(p->f, p->cur, fer_false(p->f)); /* capacity exists: size was > 0 */
  p->out->unsat = true;
}

static int run(pre *p) {
  ferret *f = p->f;
  const fer_options *o = &f->opt;
  for (uint32_t round = 1; round <= FER_PRE_MAX_ROUNDS; round++) {
    p->out->rounds = round;
    int any = 0, r;
    if ((r = rewrite_all(p)) < 0) return 0;
    if (r) any = 1, trace(p, "simplify");
    if (o->pp_hoist) {
      if ((r = hoist(p)) < 0) return 0;
      if (r) any = 1, trace(p, "hoist");
    }
    for (size_t i = 0; i < p->cur.size; i++)
      if (p->cur.data[i] == fer_false(f)) {
        finish_unsat(p);
        trace(p, "false");
        return 1;
      }
    if (o->pp_true && (r = drop_true(p))) any = 1, trace(p, "true-elimination");
    if (o->pp_dedup) {
      if ((r = dedup(p)) < 0) return 0;
      if (r) any = 1, trace(p, "duplicate-elimination");
    }
    if (o->pp_contradiction) {
      if ((r = contradiction(p)) < 0) return 0;
      if (r) {
        finish_unsat(p);
        trace(p, "contradiction");
        return 1;
      }
    }
    if ((r = facts(p, round)) < 0) return 0;
    if (r) {
      any = 1;
      if (o->pp_true) drop_true(p);
      trace(p, "equality-extraction");
    }
    if (!any) return 1;
  }
  /* Out of rounds: the last round's facts are not substituted yet. */
  if (rewrite_all(p) < 0) return 0;
  for (size_t i = 0; i < p->cur.size; i++)
    if (p->cur.data[i] == fer_false(f)) {
      finish_unsat(p);
      return 1;
    }
  if (o->pp_true) drop_true(p);
  return !o->pp_dedup || dedup(p) >= 0;
}

ferret_status fer_preprocess(ferret *f, const fer_term *in, size_t n,
                             fer_pre *out, fer_pre_trace_fn tr, void *user) {
  pre p;
  memset(&p, 0, sizeof p);
  p.f = f, p.out = out, p.trace = tr, p.user = user;
  fer_subst_init(&p.sub);
  fer_map_init(&p.elim);
  fer_map_init(&p.round_elim);
  fer_map_init(&p.round_occ);
  fer_map_init(&p.seen);
  int ok = FER_RESERVE(f, p.cur, n + 1);
  for (size_t i = 0; ok && i < n; i++) p.cur.data[p.cur.size++] = in[i];
  if (ok) ok = run(&p);
  if (ok && !out->unsat) ok = fer_pre_split_wide(f, &p.cur, out);
  if (ok) {
    FER_RELEASE(f, out->assertions);
    out->assertions = p.cur;
    p.cur.data = NULL, p.cur.size = p.cur.cap = 0;
  }
  FER_RELEASE(f, p.cur);
  FER_RELEASE(f, p.next);
  FER_RELEASE(f, p.work);
  fer_subst_release(f, &p.sub);
  fer_map_release(f, &p.elim);
  fer_map_release(f, &p.round_elim);
  fer_map_release(f, &p.round_occ);
  fer_map_release(f, &p.seen);
  if (!ok)
    return f->error.status != FERRET_OK ? f->error.status : FERRET_ERROR_LIMIT;
  return FERRET_OK;
}
