/* The reference evaluator (contract in eval.h): the memo walk, its
 * leaves, distinct and arrays; the strict operations of a node are in
 * eval_ops.c.
 *
 * Shape: an explicit-stack post-order walk (terms may be 10^6 deep) with a
 * memo table keyed by term id, so a DAG with heavy sharing costs time linear
 * in its number of distinct nodes.  Values live in the memo as IEEE / BV bit
 * patterns in a fer_u128 (Bool as 0/1, RoundingMode as fer_rm); only the
 * root's value becomes a term, so evaluation does not fill the store with
 * intermediate constants.
 *
 * ite, and, or and => are lazy: only the arguments needed to decide them
 * are evaluated, so an unassigned variable in a dead branch is harmless.
 *
 * Unspecified results (see eval.h) are tracked per value by a taint:
 *   TAINT_ZSIGN  the value is either determined or a zero whose sign is an
 *                unspecified choice (fp.min/fp.max of +0 and -0).  fp.neg,
 *                fp.sqrt, fp.roundToIntegral, to_fp of FP and min/max keep
 *                that invariant; fp.abs, classification other than
 *                isNegative/isPositive and the IEEE comparisons cannot see
 *                the difference, so they clean it;
 *   TAINT_ANY    the value itself may differ under another choice (also
 *                fp.roundToIntegral of a finite value to an integer past
 *                the format's largest finite: no rule covers it).
 * An array value is ZSIGN when each of its elements (at any depth) is
 * determined or such a zero: select, store and constant arrays at clean
 * indices keep it, so a read of an element that was never such a zero
 * stays as clean as the rest; = and distinct on arrays see the signs.
 * and/or/=>/ite decided by a clean argument are clean whatever their other
 * arguments are.  Everything else propagates the strongest taint. */
#include <stdlib.h>
#include <string.h>

#include "bv/bv.h"
#include "smt/array.h"
#include "smt/eval.h"
#include "smt/eval_internal.h"
#include "fp/fp.h"

/* ------------------------------------------------------------ memo table */

/* The memo is its own table rather than base/map.h's fer_map (term -> the
 * position of an entry in a stack of values): the value sits in the slot
 * the probe finds, so a lookup touches one slot and no second array.  On
 * the same DAG of 4000 BV/FP nodes under the same models, the fer_map
 * version took 1.11 times the CPU of this one (fer_eval_holds_memo with a
 * kept memo, the judge's path: 3.80 s against 3.43 s; fer_eval_visit, the
 * sampler's coverage: 0.59 s against 0.52 s; bench/eval-memo.c 4000 100,
 * 8 interleaved runs each).
 * The table uses the same scheme as fer_map (open addressing, linear
 * probing, load <= 1/2, emptied by a new generation stamp). */

static uint32_t slot_of(fer_term t, uint32_t cap) {
  return (t * 0x9E3779B1u) & (cap - 1);
}

memo_entry *fer_ev_memo_find(const evaluator *e, fer_term t) {
  if (!e->cap) return NULL;
  for (uint32_t j = slot_of(t, e->cap);; j = (j + 1) & (e->cap - 1)) {
    memo_entry *m = &e->memo[j];
    if (m->gen != e->gen) return NULL;
    if (m->key == t) return m;
  }
}

static int memo_grow(evaluator *e) {
  uint32_t cap = e->cap ? e->cap * 2 : 64;
  memo_entry *n = fer_calloc(e->f, (size_t)cap * sizeof *n);
  if (!n) return 0;
  for (uint32_t i = 0; i < e->cap; i++) {
    if (e->memo[i].gen != e->gen) continue;
    uint32_t j = slot_of(e->memo[i].key, cap);
    while (n[j].gen == e->gen) j = (j + 1) & (cap - 1);
    n[j] = e->memo[i];
  }
  fer_free(e->f, e->memo, (size_t)e->cap * sizeof *e->memo);
  e->memo = n, e->cap = cap;
  return 1;
}

/* Record t's value (t is not yet in the table). */
int fer_ev_memo_put(evaluator *e, fer_term t, fer_u128 v, int taint) {
  if ((e->count + 1) * 2 > e->cap && !memo_grow(e)) return 0;
  uint32_t j = slot_of(t, e->cap);
  while (e->memo[j].gen == e->gen) j = (j + 1) & (e->cap - 1);
  e->memo[j].key = t, e->memo[j].val = v, e->memo[j].taint = (uint8_t)taint;
  e->memo[j].gen = e->gen;
  e->count++;
  return 1;
}

void fer_ev_release(evaluator *e) {
  fer_free(e->f, e->memo, (size_t)e->cap * sizeof *e->memo);
  FER_RELEASE(e->f, e->stack);
  FER_RELEASE(e->f, e->pool);
}

/* -------------------------------------------------------------- leaves */

static int ground(ferret *, fer_term);

static int eval_var(evaluator *e, fer_term t) {
  ferret *f = e->f;
  uint32_t num = fer_term_idx(f, t, 0);
  fer_term v = e->model && num < e->model->size ? e->model->value[num] : 0;
  if (!v) {
    fer_error(f, FERRET_ERROR_COMMAND, 0, 0, "unassigned variable '%s'",
              fer_var_name(f, t));
    return 0;
  }
  if (fer_term_sort(f, v) != fer_term_sort(f, t)) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0,
              "model value of '%s' has the wrong sort", fer_var_name(f, t));
    return 0;
  }
  fer_op op = fer_term_op(f, v);
  if (op == FER_OP_TRUE || op == FER_OP_FALSE)
    return fer_ev_memo_put(e, t, op == FER_OP_TRUE, TAINT_NONE);
  if (op == FER_OP_STORE || op == FER_OP_CONST_ARRAY) {
    int g = ground(f, v); /* an array value: its canonical id */
    if (g < 0) return 0;  /* out of memory, not a bad model */
    if (g) {
      fer_term c = fer_array_canon(f, v);
      return c && fer_ev_memo_put(e, t, c, TAINT_NONE);
    }
  }
  if (op != FER_OP_CONST) {
    fer_error(f, FERRET_ERROR_SORT, 0, 0,
              "model value of '%s' is not a constant", fer_var_name(f, t));
    return 0;
  }
  if (fer_ev_is_wide(e, t)) return fer_ev_wide_leaf(e, t, fer_const_limbs(f, v));
  return fer_ev_memo_put(e, t, fer_const_u128(f, v), TAINT_NONE);
}

static int eval_leaf(evaluator *e, fer_term t) {
  ferret *f = e->f;
  switch (fer_term_op(f, t)) {
  case FER_OP_TRUE: return fer_ev_memo_put(e, t, 1, TAINT_NONE);
  case FER_OP_FALSE: return fer_ev_memo_put(e, t, 0, TAINT_NONE);
  case FER_OP_CONST:
    if (fer_ev_is_wide(e, t)) return fer_ev_wide_leaf(e, t, fer_const_limbs(f, t));
    return fer_ev_memo_put(e, t, fer_const_u128(f, t), TAINT_NONE);
  case FER_OP_VAR: return eval_var(e, t);
  case FER_OP_REAL:
    /* Read directly by TO_FP_REAL; the memo entry only marks it done. */
    return fer_ev_memo_put(e, t, 0, TAINT_NONE);
  default: /* FER_OP_PARAM */
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "cannot evaluate a define-fun parameter outside its body");
    return 0;
  }
}

/* ------------------------------------------------- distinct and arrays */

/* The strongest taint of t's arguments (all in the memo). */
static int args_taint(const evaluator *e, fer_term t) {
  uint32_t n = fer_term_nargs(e->f, t);
  const fer_term *arg = fer_term_args(e->f, t);
  int taint = TAINT_NONE;
  for (uint32_t i = 0; i < n; i++)
    taint = max_taint(taint, fer_ev_memo_find(e, arg[i])->taint);
  return taint;
}

static int eval_distinct(evaluator *e, fer_term t) {
  ferret *f = e->f;
  uint32_t n = fer_term_nargs(f, t);
  const fer_term *arg = fer_term_args(f, t);
  fer_u128 small[16], *v = n <= 16 ? small : fer_malloc(f, n * sizeof *v);
  if (!v) return 0;
  for (uint32_t i = 0; i < n; i++) v[i] = fer_ev_memo_find(e, arg[i])->val;
  node_info d;
  fer_ev_info_of(e, t, &d);
  bool r = fer_ev_all_distinct(&d, v, n);
  if (v != small) fer_free(f, v, n * sizeof *v);
  return fer_ev_memo_put(e, t, r, any_if(args_taint(e, t)));
}

/* The value term of memo bits v of sort s (array.h). */
static fer_term value_term(evaluator *e, fer_sort s, fer_u128 v) {
  const fer_sort_info *si = fer_sort_get(e->f, s);
  switch (si->kind) {
  case FER_SORT_BOOL: return fer_mk_bool(e->f, v != 0);
  case FER_SORT_ARRAY: return (fer_term)v;
  case FER_SORT_BV:
    if (si->a > FER_BV_MAX_WIDTH) return fer_mk_const(e->f, s, fer_ev_wide_limbs(e, v));
    return fer_mk_const_u128(e->f, s, v);
  case FER_SORT_FP:
    if ((uint64_t)si->a + si->b > FER_FMT_MAX_BITS)
      return fer_mk_const(e->f, s, fer_ev_wide_limbs(e, v));
    return fer_mk_const_u128(e->f, s, v);
  default: return fer_mk_const_u128(e->f, s, v);
  }
}

/* select, store, constant arrays and function applications on array
 * values (array.h).  A tainted index might name another element: ANY;
 * otherwise the strongest taint of the array and the element, ZSIGN kept
 * (see the top of this file). */
static int eval_array(evaluator *e, fer_term t, fer_op op) {
  ferret *f = e->f;
  uint32_t n = fer_term_nargs(f, t);
  const fer_term *arg = fer_term_args(f, t);
  int taint = args_taint(e, t);
  bool clean_index = true;
  if (op == FER_OP_STORE) clean_index = fer_ev_memo_find(e, arg[1])->taint == TAINT_NONE;
  for (uint32_t k = 1; op != FER_OP_STORE && op != FER_OP_CONST_ARRAY && k < n; k++)
    clean_index &= fer_ev_memo_find(e, arg[k])->taint == TAINT_NONE;
  if (!clean_index) taint = TAINT_ANY;
  fer_term r = 0;
  if (op == FER_OP_CONST_ARRAY) {
    fer_term v = value_term(e, fer_term_sort(f, arg[0]), fer_ev_memo_find(e, arg[0])->val);
    r = v ? fer_array_const(f, fer_term_sort(f, t), v) : 0;
  } else if (op == FER_OP_STORE) {
    fer_term i = value_term(e, fer_term_sort(f, arg[1]), fer_ev_memo_find(e, arg[1])->val);
    fer_term v = value_term(e, fer_term_sort(f, arg[2]), fer_ev_memo_find(e, arg[2])->val);
    r = i && v ? fer_array_store(f, (fer_term)fer_ev_memo_find(e, arg[0])->val, i, v) : 0;
  } else { /* SELECT (array, index) or APPLY (function, arguments) */
    fer_term a = (fer_term)fer_ev_memo_find(e, arg[0])->val;
    for (uint32_t k = 1; a && k < n; k++) {
      fer_term i = value_term(e, fer_term_sort(f, arg[k]), fer_ev_memo_find(e, arg[k])->val);
      a = i ? fer_array_select(f, a, i) : 0;
    }
    r = a;
  }
  if (!r) return 0;
  return fer_ev_memo_put(e, t, fer_value_bits(f, r), taint);
}

/* All arguments of t are in the memo: compute t. */
static int apply(evaluator *e, fer_term t) {
  ferret *f = e->f;
  fer_op op = fer_term_op(f, t);
  bool array = op == FER_OP_SELECT || op == FER_OP_STORE ||
               op == FER_OP_CONST_ARRAY || op == FER_OP_APPLY;
  if (fer_ev_touches_wide(e, t)) {
    if (!array) return fer_ev_apply_wide(e, t);
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "unsupported: arrays of bit-vectors wider than %d bits",
              FER_BV_MAX_WIDTH);
    return 0;
  }
  if (op == FER_OP_DISTINCT) return eval_distinct(e, t);
  if (array) return eval_array(e, t, op);
  uint32_t n = fer_term_nargs(f, t);
  args a;
  memset(&a, 0, sizeof a);
  for (uint32_t i = 0; i < n && i < 4; i++) {
    const memo_entry *m = fer_ev_memo_find(e, fer_term_arg(f, t, i));
    a.v[i] = m->val, a.ta[i] = m->taint;
    a.taint = max_taint(a.taint, m->taint);
  }
  node_info d;
  fer_ev_info_of(e, t, &d);
  fer_u128 out;
  int taint;
  return fer_ev_compute(e, &d, &a, &out, &taint) && fer_ev_memo_put(e, t, out, taint);
}

/* --------------------------------------------------------------- driver */

int fer_ev_push(evaluator *e, fer_term t, uint32_t state) {
  frame fr = {t, state};
  return FER_PUSH(e->f, e->stack, fr);
}

/* ite at resume point 1 (condition known): take the chosen branch. */
static int step_ite(evaluator *e, fer_term t) {
  const fer_term *arg = fer_term_args(e->f, t);
  const memo_entry *c = fer_ev_memo_find(e, arg[0]);
  fer_term b = c->val ? arg[1] : arg[2];
  const memo_entry *v = fer_ev_memo_find(e, b);
  if (!v) return fer_ev_push(e, t, 1) && fer_ev_push(e, b, 0);
  /* A tainted condition might pick the other branch. */
  int taint = c->taint ? TAINT_ANY : v->taint;
  return fer_ev_memo_put(e, t, v->val, taint);
}

/* and / or / =>: resume at argument `i` (arguments before it are done and
 * none of them is a clean decisive one).  An argument is decisive when it
 * alone fixes the result (false for and; true for or; for =>, a false
 * premise or a true conclusion).  Stop at the first clean decisive one;
 * otherwise one last pass over all arguments finds the value and taint,
 * so a connective of n arguments costs O(n) however often it resumes. */
bool fer_ev_decisive(fer_op op, uint32_t j, fer_u128 v) {
  if (op == FER_OP_AND || (op == FER_OP_IMPLIES && j == 0)) return !v;
  return v != 0;
}

static int step_connective(evaluator *e, fer_term t, fer_op op, uint32_t i) {
  const fer_term *arg = fer_term_args(e->f, t);
  uint32_t n = fer_term_nargs(e->f, t);
  for (uint32_t j = i; j < n; j++) {
    const memo_entry *m = fer_ev_memo_find(e, arg[j]);
    if (!m) return fer_ev_push(e, t, j) && fer_ev_push(e, arg[j], 0);
    if (!m->taint && fer_ev_decisive(op, j, m->val))
      return fer_ev_memo_put(e, t, op != FER_OP_AND, TAINT_NONE);
  }
  bool decided = false;
  int taint = TAINT_NONE;
  for (uint32_t j = 0; j < n; j++) {
    const memo_entry *m = fer_ev_memo_find(e, arg[j]);
    decided |= fer_ev_decisive(op, j, m->val);
    taint = max_taint(taint, m->taint);
  }
  bool value = op == FER_OP_AND ? !decided : decided;
  return fer_ev_memo_put(e, t, value, any_if(taint));
}

/* Process one frame.  Returns 0 on error (recorded in the context). */
static int step(evaluator *e, frame fr) {
  ferret *f = e->f;
  fer_term t = fr.t;
  fer_op op = fer_term_op(f, t);
  if (fr.state == 0) {
    if (fer_ev_memo_find(e, t)) return 1; /* shared: already evaluated */
    if (!fer_ev_check_sort(e, t)) return 0;
    if (fer_op_table[op].kind == FER_KIND_LEAF) return eval_leaf(e, t);
  }
  switch (op) {
  case FER_OP_ITE:
    if (fr.state == 0) {
      fer_term c = fer_term_arg(f, t, 0);
      if (!fer_ev_memo_find(e, c)) return fer_ev_push(e, t, 1) && fer_ev_push(e, c, 0);
    }
    return step_ite(e, t);
  case FER_OP_AND:
  case FER_OP_OR:
  case FER_OP_IMPLIES: return step_connective(e, t, op, fr.state);
  default: break;
  }
  if (fr.state == 0) {
    uint32_t n = fer_term_nargs(f, t);
    const fer_term *arg = fer_term_args(f, t);
    bool ready = true;
    for (uint32_t i = 0; i < n; i++) {
      if (fer_ev_memo_find(e, arg[i])) continue;
      if (ready && !fer_ev_push(e, t, 1)) return 0;
      ready = false;
      if (!fer_ev_push(e, arg[i], 0)) return 0;
    }
    if (!ready) return 1;
  }
  return apply(e, t);
}

/* Evaluate t into the memo; returns its entry or NULL. */
static const memo_entry *run(evaluator *e, fer_term t) {
  if (!fer_ev_push(e, t, 0)) return NULL;
  while (e->stack.size) {
    frame fr = FER_POP(e->stack);
    if (!step(e, fr)) return NULL;
  }
  return fer_ev_memo_find(e, t);
}

fer_term fer_eval(ferret *f, fer_term t, const fer_model *model,
                  bool *unspecified) {
  FER_REQUIRE(f, f && t && t < f->store->nodes.size, "invalid term");
  if (unspecified) *unspecified = false;
  const fer_sort_info *s = fer_sort_get(f, fer_term_sort(f, t));
  if (s->kind == FER_SORT_REAL) {
    if (fer_term_op(f, t) == FER_OP_REAL) return t;
    fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "unsupported: evaluating a Real term");
    return 0;
  }
  evaluator e;
  memset(&e, 0, sizeof e);
  e.f = f, e.model = model, e.gen = 1, e.wide_ok = true;
  fer_term r = 0;
  const memo_entry *m = run(&e, t);
  if (m) {
    if (unspecified) *unspecified = m->taint != TAINT_NONE;
    r = value_term(&e, fer_term_sort(f, t), m->val);
  }
  fer_ev_release(&e);
  return r;
}

int fer_eval_holds_memo(ferret *f, fer_eval_memo *kept, const fer_term *a,
                        size_t n, const fer_model *model) {
  FER_REQUIRE(f, f && kept && (a || !n), "NULL argument");
  evaluator e;
  memset(&e, 0, sizeof e);
  e.f = f, e.model = model, e.wide_ok = true;
  e.memo = kept->table, e.cap = kept->cap, e.gen = kept->gen + 1;
  e.stack.data = kept->frames, e.stack.cap = kept->frames_cap;
  e.pool.data = kept->pool, e.pool.cap = kept->pool_cap;
  if (!e.gen) { /* after 2^32 - 1 uses: every entry dead again */
    memset(e.memo, 0, (size_t)e.cap * sizeof *e.memo);
    e.gen = 1;
  }
  int r = 1;
  for (size_t i = 0; r && i < n; i++) {
    FER_REQUIRE(f, a[i] && a[i] < f->store->nodes.size, "invalid term");
    const memo_entry *m = run(&e, a[i]);
    if (!m || (m->taint == TAINT_NONE && m->val != 1)) r = 0;
    else if (m->taint != TAINT_NONE) r = -1;
  }
  kept->table = e.memo, kept->cap = e.cap, kept->gen = e.gen;
  kept->frames = e.stack.data, kept->frames_cap = e.stack.cap;
  kept->pool = e.pool.data, kept->pool_cap = e.pool.cap;
  return r;
}

void fer_eval_memo_release(ferret *f, fer_eval_memo *kept) {
  evaluator e;
  memset(&e, 0, sizeof e);
  e.f = f, e.memo = kept->table, e.cap = kept->cap;
  e.stack.data = kept->frames, e.stack.cap = kept->frames_cap;
  e.pool.data = kept->pool, e.pool.cap = kept->pool_cap;
  fer_ev_release(&e);
  memset(kept, 0, sizeof *kept);
}

int fer_eval_holds(ferret *f, const fer_term *a, size_t n, const fer_model *model) {
  fer_eval_memo kept = {0};
  int r = fer_eval_holds_memo(f, &kept, a, n, model);
  fer_eval_memo_release(f, &kept);
  return r;
}

int fer_eval_visit(ferret *f, const fer_term *a, size_t n,
                   const fer_model *model, fer_eval_visit_fn visit,
                   void *user) {
  FER_REQUIRE(f, f && (a || !n) && visit, "NULL argument");
  evaluator e;
  memset(&e, 0, sizeof e);
  e.f = f, e.model = model, e.gen = 1, e.wide_ok = true;
  int ok = 1;
  for (size_t i = 0; ok && i < n; i++) {
    FER_REQUIRE(f, a[i] && a[i] < f->store->nodes.size, "invalid term");
    ok = run(&e, a[i]) != NULL;
  }
  for (uint32_t j = 0; ok && j < e.cap; j++)
    if (e.memo[j].gen == e.gen && !fer_ev_is_wide(&e, e.memo[j].key))
      visit(user, e.memo[j].key, e.memo[j].val);
  fer_ev_release(&e);
  return ok;
}

/* ---------------------------------------------------------- groundness */

/* 1: t contains no variable; 0: it does; -1: out of memory (error set). */
static int ground(ferret *f, fer_term t) {
  FER_REQUIRE(f, f && t && t < f->store->nodes.size, "invalid term");
  evaluator e; /* only its memo (as a visited set) and stack */
  memset(&e, 0, sizeof e);
  e.f = f, e.gen = 1;
  int r = 1;
  if (!fer_ev_push(&e, t, 0)) return -1;
  while (r == 1 && e.stack.size) {
    fer_term u = FER_POP(e.stack).t;
    if (fer_ev_memo_find(&e, u)) continue;
    fer_op op = fer_term_op(f, u);
    if (op == FER_OP_VAR || op == FER_OP_PARAM) r = 0;
    if (!fer_ev_memo_put(&e, u, 0, 0)) r = -1;
    uint32_t n = fer_term_nargs(f, u);
    for (uint32_t i = 0; i < n && r == 1; i++) {
      fer_term c = fer_term_arg(f, u, i);
      if (!fer_ev_memo_find(&e, c) && !fer_ev_push(&e, c, 0)) r = -1;
    }
  }
  fer_ev_release(&e);
  return r;
}

bool fer_term_is_ground(ferret *f, fer_term t) {
  return ground(f, t) == 1; /* out of memory: say no */
}
