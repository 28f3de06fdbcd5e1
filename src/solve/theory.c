/* Arrays, functions and uninterpreted sorts reduced away (contract and
 * the encoding in theory.h).
 *
 * Shape: one pass over the formula collects what the encoding must know
 * in advance (how many terms of each uninterpreted sort, every index term
 * of each index sort); then reduce() rewrites terms bottom-up with an
 * explicit stack and a memo (term -> reduced term).  Array-sorted terms are
 * not rewritten (their reduced form is themselves): a select walks the
 * original array term down to a variable, a constant array or an ite, and
 * reduces the indices and elements it meets on the way.  reduce() may be
 * re-entered (an array equality reduces every index term of its sort); the
 * memo is shared and nothing holds a pointer into it across a call. */
#include <stdio.h>
#include <string.h>

#include "base/map.h"
#include "smt/array.h"
#include "smt/eval.h"
#include "solve/theory.h"

enum { SMALL_INDEX_SORT = 256 }; /* array equality over every index */

typedef struct sort_count {
  fer_sort sort;
  uint32_t n; /* U: terms counted; after collect(): the BV width */
} sort_count;

typedef struct red {
  ferret *f;
  fer_theory *t;
  fer_map memo;    /* original term -> reduced term */
  fer_map fun_of;  /* array / function variable -> index in funs + 1 */
  FER_STACK(sort_count) unint;
  fer_term_stack index_terms; /* original index terms (select, store) */
  uint32_t fresh;
} red;

/* --------------------------------------------------------- small helpers */

static fer_sort index_sort(ferret *f, fer_sort array) {
  return fer_sort_get(f, array)->a;
}
static fer_sort element_sort(ferret *f, fer_sort array) {
  return fer_sort_get(f, array)->b;
}
static bool is_array(ferret *f, fer_sort s) {
  return fer_sort_get(f, s)->kind == FER_SORT_ARRAY;
}
static bool is_value(ferret *f, fer_term t) {
  fer_op op = fer_term_op(f, t);
  return op == FER_OP_CONST || op == FER_OP_TRUE || op == FER_OP_FALSE;
}

static bool unsupported(ferret *f, const char *what) {
  fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0, "unsupported: %s", what);
  return false;
}

/* The sort the search sees for an original sort (0: none, error set). */
static fer_sort map_sort(red *r, fer_sort s) {
  ferret *f = r->f;
  const fer_sort_info *si = fer_sort_get(f, s);
  if (si->kind == FER_SORT_ARRAY) {
    unsupported(f, "an array or function value where a scalar is needed "
                   "(arrays of arrays, arrays indexed by arrays)");
    return 0;
  }
  if (si->kind != FER_SORT_UNINT) return s;
  for (size_t i = 0; i < r->unint.size; i++)
    if (r->unint.data[i].sort == s) return fer_sort_bv(f, r->unint.data[i].n);
  return fer_sort_bv(f, 1); /* a sort collect() did not see: one element */
}

static fer_term fresh_var(red *r, const char *what, fer_sort s) {
  char name[64];
  snprintf(name, sizeof name, "ferret!%s!%u", what, ++r->fresh);
  fer_sort m = map_sort(r, s);
  return m ? fer_mk_var(r->f, name, m) : 0;
}

static fer_term mk2(ferret *f, fer_op op, fer_term a, fer_term b) {
  fer_term x[2] = {a, b};
  return fer_mk(f, op, 2, x, 0, 0);
}

/* a = b on reduced terms, folded when both are values. */
static fer_term mk_eq(ferret *f, fer_term a, fer_term b) {
  if (a == b) return fer_true(f);
  if (is_value(f, a) && is_value(f, b)) return fer_false(f);
  return mk2(f, FER_OP_EQ, a, b);
}

static fer_term mk_ite(ferret *f, fer_term c, fer_term a, fer_term b) {
  if (c == fer_true(f) || a == b) return a;
  if (c == fer_false(f)) return b;
  fer_term x[3] = {c, a, b};
  return fer_mk(f, FER_OP_ITE, 3, x, 0, 0);
}

/* The conjunction of c[0..n) (true when empty), dropping true. */
static fer_term mk_and(ferret *f, fer_term_stack *c, size_t from) {
  size_t k = from;
  for (size_t i = from; i < c->size; i++) {
    if (c->data[i] == fer_false(f)) { c->size = from; return fer_false(f); }
    if (c->data[i] != fer_true(f)) c->data[k++] = c->data[i];
  }
  c->size = k;
  fer_term r = k == from       ? fer_true(f)
               : k == from + 1 ? c->data[from]
                               : fer_mk(f, FER_OP_AND, (uint32_t)(k - from),
                                        c->data + from, 0, 0);
  c->size = from;
  return r;
}

/* ---------------------------------------------------------- collection */

static bool count_unint(red *r, fer_sort s) {
  if (fer_sort_get(r->f, s)->kind != FER_SORT_UNINT) return true;
  for (size_t i = 0; i < r->unint.size; i++)
    if (r->unint.data[i].sort == s) return ++r->unint.data[i].n, true;
  sort_count c = {s, 1};
  return FER_PUSH(r->f, r->unint, c);
}

/* Count the U-sorted terms (and the fresh U-sorted variables the encoding
 * may add: a witness per array equality, a default per array), collect
 * the index terms; then turn the counts into widths. */
static bool collect(red *r, const fer_term *a, size_t n) {
  ferret *f = r->f;
  fer_map seen;
  fer_map_init(&seen);
  fer_term_stack st = {0};
  bool ok = true;
  for (size_t i = 0; ok && i < n; i++) ok = FER_PUSH(f, st, a[i]);
  while (ok && st.size) {
    fer_term t = FER_POP(st);
    if (fer_map_get(&seen, t)) continue;
    if (!fer_map_put(f, &seen, t, 1)) { ok = false; break; }
    fer_op op = fer_term_op(f, t);
    fer_sort s = fer_term_sort(f, t);
    ok = count_unint(r, s);
    if (ok && is_array(f, s)) ok = count_unint(r, element_sort(f, s));
    if (ok && (op == FER_OP_SELECT || op == FER_OP_STORE))
      ok = FER_PUSH(f, r->index_terms, fer_term_arg(f, t, 1));
    if (ok && op == FER_OP_EQ && is_array(f, fer_term_sort(f, fer_term_arg(f, t, 0))))
      ok = count_unint(r, index_sort(f, fer_term_sort(f, fer_term_arg(f, t, 0))));
    if (ok && op == FER_OP_DISTINCT &&
        is_array(f, fer_term_sort(f, fer_term_arg(f, t, 0))))
      for (uint32_t k = 0; ok && k < fer_term_nargs(f, t) * fer_term_nargs(f, t); k++)
        ok = count_unint(r, index_sort(f, fer_term_sort(f, fer_term_arg(f, t, 0))));
    for (uint32_t k = 0; ok && k < fer_term_nargs(f, t); k++)
      ok = FER_PUSH(f, st, fer_term_arg(f, t, k));
  }
  for (size_t i = 0; ok && i < r->unint.size; i++) {
    uint32_t c = r->unint.data[i].n + 1, w = 1;
    while (w < 32 && ((uint64_t)1 << w) < c) w++;
    r->unint.data[i].n = w;
  }
  FER_RELEASE(f, st);
  fer_map_release(f, &seen);
  return ok;
}

/* ------------------------------------------------------------ encoding */

static fer_term reduce(red *r, fer_term root);

static fer_term R(red *r, fer_term t) { return fer_map_get(&r->memo, t); }

/* The table of array / function variable v (created on first use). */
static uint32_t fun_index(red *r, fer_term v) {
  uint32_t k = fer_map_get(&r->fun_of, v);
  if (k) return k - 1;
  fer_theory_fun fn = {v, 0, 0};
  if (!FER_PUSH(r->f, r->t->funs, fn) ||
      !fer_map_put(r->f, &r->fun_of, v, (uint32_t)r->t->funs.size))
    return UINT32_MAX;
  return (uint32_t)r->t->funs.size - 1;
}

/* The element sort after `arity` selects. */
static fer_sort result_sort(ferret *f, fer_sort s, uint32_t arity) {
  while (arity--) s = element_sort(f, s);
  return s;
}

/* Ackermann: v applied to reduced keys k[0..arity). */
static fer_term ackermann(red *r, fer_term v, const fer_term *k, uint32_t arity) {
  ferret *f = r->f;
  fer_theory *t = r->t;
  uint32_t fi = fun_index(r, v);
  if (fi == UINT32_MAX) return 0;
  for (uint32_t e = t->funs.data[fi].last; e; e = t->entries.data[e - 1].prev) {
    const fer_theory_entry *en = &t->entries.data[e - 1];
    if (!memcmp(t->keys.data + en->keys, k, arity * sizeof *k)) return en->result;
  }
  fer_term w = fresh_var(r, fer_var_name(f, v),
                         result_sort(f, fer_term_sort(f, v), arity));
  if (!w) return 0;
  fer_term res = w;
  fer_term_stack conj = {0};
  /* from the latest entry outwards: the first entry is the outermost test */
  for (uint32_t e = t->funs.data[fi].last; res && e; e = t->entries.data[e - 1].prev) {
    fer_theory_entry en = t->entries.data[e - 1];
    bool ok = true;
    for (uint32_t i = 0; ok && i < arity; i++)
      ok = FER_PUSH(f, conj, mk_eq(f, k[i], t->keys.data[en.keys + i]));
    fer_term c = ok ? mk_and(f, &conj, 0) : 0;
    res = c ? mk_ite(f, c, en.val, res) : 0;
  }
  FER_RELEASE(f, conj);
  if (!res) return 0;
  fer_theory_entry en = {fi, t->funs.data[fi].last, (uint32_t)t->keys.size, w, res};
  for (uint32_t i = 0; i < arity; i++)
    if (!FER_PUSH(f, t->keys, k[i])) return 0;
  if (!FER_PUSH(f, t->entries, en)) return 0;
  t->funs.data[fi].last = (uint32_t)t->entries.size;
  return res;
}

/* (select a j) for an original array term a and a reduced index j. */
static fer_term select_of(red *r, fer_term a, fer_term j) {
  ferret *f = r->f;
  fer_term_stack chain = {0}; /* the stores met, top first */
  fer_term base = 0;
  while (fer_term_op(f, a) == FER_OP_STORE) {
    if (!FER_PUSH(f, chain, a)) goto done;
    a = fer_term_arg(f, a, 0);
  }
  switch (fer_term_op(f, a)) {
  case FER_OP_VAR: base = ackermann(r, a, &j, 1); break;
  case FER_OP_CONST_ARRAY: base = reduce(r, fer_term_arg(f, a, 0)); break;
  case FER_OP_ITE: {
    fer_term c = reduce(r, fer_term_arg(f, a, 0));
    fer_term x = c ? select_of(r, fer_term_arg(f, a, 1), j) : 0;
    fer_term y = x ? select_of(r, fer_term_arg(f, a, 2), j) : 0;
    base = y ? mk_ite(f, c, x, y) : 0;
    break;
  }
  default:
    unsupported(f, "an array that is not a variable, store, constant array "
                   "or ite (arrays of arrays)");
    break;
  }
  while (base && chain.size) { /* bottom store first */
    fer_term s = FER_POP(chain);
    fer_term k = reduce(r, fer_term_arg(f, s, 1));
    fer_term v = k ? reduce(r, fer_term_arg(f, s, 2)) : 0;
    if (!v) base = 0;
    else if (k == j) base = v;
    else if (!(is_value(f, k) && is_value(f, j))) base = mk_ite(f, mk_eq(f, j, k), v, base);
  }
done:
  FER_RELEASE(f, chain);
  return base;
}

/* The default element of an original array term (theory.h). */
static fer_term default_of(red *r, fer_term a) {
  ferret *f = r->f;
  while (fer_term_op(f, a) == FER_OP_STORE) a = fer_term_arg(f, a, 0);
  switch (fer_term_op(f, a)) {
  case FER_OP_VAR: {
    uint32_t fi = fun_index(r, a);
    if (fi == UINT32_MAX) return 0;
    if (!r->t->funs.data[fi].dflt) {
      fer_term d = fresh_var(r, "default", element_sort(f, fer_term_sort(f, a)));
      if (!d) return 0;
      r->t->funs.data[fi].dflt = d;
    }
    return r->t->funs.data[fi].dflt;
  }
  case FER_OP_CONST_ARRAY: return reduce(r, fer_term_arg(f, a, 0));
  case FER_OP_ITE: {
    fer_term c = reduce(r, fer_term_arg(f, a, 0));
    fer_term x = c ? default_of(r, fer_term_arg(f, a, 1)) : 0;
    fer_term y = x ? default_of(r, fer_term_arg(f, a, 2)) : 0;
    return y ? mk_ite(f, c, x, y) : 0;
  }
  default:
    unsupported(f, "arrays of arrays");
    return 0;
  }
}

/* The number of values of a sort if at most SMALL_INDEX_SORT, else 0. */
static uint32_t small_card(ferret *f, fer_sort s) {
  const fer_sort_info *si = fer_sort_get(f, s);
  if (si->kind == FER_SORT_BOOL) return 2;
  if (si->kind == FER_SORT_RM) return 5;
  if (si->kind == FER_SORT_BV && si->a <= 8) return (uint32_t)1 << si->a;
  return 0;
}

/* Does sort s (of the search) have more than n values? */
static bool more_values(ferret *f, fer_sort s, size_t n) {
  uint32_t bits = fer_sort_bits(f, s);
  return bits >= 63 || ((uint64_t)1 << bits) > n + 1; /* FP: NaNs are one */
}

/* (= a b) for original array terms (theory.h). */
static fer_term array_eq(red *r, fer_term a, fer_term b) {
  ferret *f = r->f;
  fer_sort is = index_sort(f, fer_term_sort(f, a));
  if (is_array(f, is) || is_array(f, element_sort(f, fer_term_sort(f, a)))) {
    unsupported(f, "equality of arrays of arrays");
    return 0;
  }
  fer_term_stack conj = {0}, idx = {0};
  fer_term res = 0;
  uint32_t card = small_card(f, is);
  bool ok = true;
  if (card) {
    for (uint32_t x = 0; ok && x < card; x++) {
      fer_term c = fer_sort_get(f, is)->kind == FER_SORT_BOOL ? fer_mk_bool(f, x)
                   : fer_sort_get(f, is)->kind == FER_SORT_RM ? fer_mk_rm(f, (fer_rm)x)
                                                              : fer_mk_const_u128(f, is, x);
      ok = c && FER_PUSH(f, idx, c);
    }
  } else {
    fer_term w = fresh_var(r, "witness", is);
    ok = w && FER_PUSH(f, idx, w);
    for (size_t i = 0; ok && i < r->index_terms.size; i++) {
      fer_term o = r->index_terms.data[i];
      if (fer_term_sort(f, o) != is) continue;
      fer_term j = reduce(r, o);
      bool dup = false;
      for (size_t k = 0; j && k < idx.size && !dup; k++) dup = idx.data[k] == j;
      ok = j && (dup || FER_PUSH(f, idx, j));
    }
    fer_term da = ok ? default_of(r, a) : 0, db = da ? default_of(r, b) : 0;
    ok = db && FER_PUSH(f, conj, mk_eq(f, da, db));
    if (ok && !more_values(f, map_sort(r, is), idx.size)) r->t->exact = false;
  }
  for (size_t i = 0; ok && i < idx.size; i++) {
    fer_term x = select_of(r, a, idx.data[i]);
    fer_term y = x ? select_of(r, b, idx.data[i]) : 0;
    ok = y && FER_PUSH(f, conj, mk_eq(f, x, y));
  }
  if (ok) res = mk_and(f, &conj, 0);
  FER_RELEASE(f, conj);
  FER_RELEASE(f, idx);
  return res;
}

/* The reduced form of t, whose arguments are reduced. */
static fer_term build(red *r, fer_term t) {
  ferret *f = r->f;
  fer_op op = fer_term_op(f, t);
  fer_sort s = fer_term_sort(f, t);
  uint32_t n = fer_term_nargs(f, t);
  const fer_term *arg = fer_term_args(f, t);
  if (is_array(f, s)) return t; /* read through by select_of / array_eq */
  if (op == FER_OP_VAR) {
    if (fer_sort_get(f, s)->kind != FER_SORT_UNINT) return t;
    fer_term b = fresh_var(r, fer_var_name(f, t), s);
    if (!b || !FER_PUSH(f, r->t->unint_var, t) || !FER_PUSH(f, r->t->unint_bv, b))
      return 0;
    return b;
  }
  if (fer_op_table[op].kind == FER_KIND_LEAF) {
    if (fer_sort_get(f, s)->kind == FER_SORT_UNINT) /* an abstract value */
      return fer_mk_const_u128(f, map_sort(r, s), fer_const_u128(f, t));
    return t;
  }
  if (op == FER_OP_SELECT) return select_of(r, arg[0], R(r, arg[1]));
  if (op == FER_OP_APPLY) {
    fer_term k[64];
    if (n - 1 > 64) return unsupported(f, "a function of more than 64 arguments"), 0;
    for (uint32_t i = 1; i < n; i++) k[i - 1] = R(r, arg[i]);
    return ackermann(r, arg[0], k, n - 1);
  }
  if ((op == FER_OP_EQ || op == FER_OP_DISTINCT) && is_array(f, fer_term_sort(f, arg[0]))) {
    if (op == FER_OP_EQ) return array_eq(r, arg[0], arg[1]);
    fer_term_stack c = {0};
    bool ok = true;
    for (uint32_t i = 0; ok && i < n; i++)
      for (uint32_t j = i + 1; ok && j < n; j++) {
        fer_term e = array_eq(r, arg[i], arg[j]);
        fer_term ne = e ? fer_mk(f, FER_OP_NOT, 1, &e, 0, 0) : 0;
        ok = ne && FER_PUSH(f, c, ne);
      }
    fer_term res = ok ? mk_and(f, &c, 0) : 0;
    FER_RELEASE(f, c);
    return res;
  }
  fer_term small[8], *v = n <= 8 ? small : fer_malloc(f, n * sizeof *v);
  if (!v) return 0;
  bool same = true;
  for (uint32_t i = 0; i < n; i++) same &= (v[i] = R(r, arg[i])) == arg[i];
  fer_term res = same ? t
                      : fer_mk(f, op, n, v, fer_term_idx(f, t, 0), fer_term_idx(f, t, 1));
  if (v != small) fer_free(f, v, n * sizeof *v);
  return res;
}

static fer_term reduce(red *r, fer_term root) {
  ferret *f = r->f;
  fer_term done = R(r, root);
  if (done) return done;
  fer_term_stack st = {0};
  bool ok = FER_PUSH(f, st, root);
  while (ok && st.size) {
    fer_term t = FER_TOP(st);
    if (R(r, t)) { st.size--; continue; }
    bool ready = true;
    for (uint32_t i = 0; ok && i < fer_term_nargs(f, t); i++) {
      fer_term c = fer_term_arg(f, t, i);
      if (R(r, c)) continue;
      ready = false;
      ok = FER_PUSH(f, st, c);
    }
    if (!ok || !ready) continue;
    st.size--;
    fer_term v = build(r, t);
    ok = v && fer_map_put(f, &r->memo, t, v);
  }
  FER_RELEASE(f, st);
  return ok ? R(r, root) : 0;
}

/* ----------------------------------------------------------- interface */

bool fer_theory_needed(ferret *f, const fer_term *a, size_t n) {
  if (!f->store->has_theory) return false;
  fer_map seen;
  fer_map_init(&seen);
  fer_term_stack st = {0};
  bool found = false, ok = true;
  for (size_t i = 0; ok && i < n; i++) ok = FER_PUSH(f, st, a[i]);
  while (ok && !found && st.size) {
    fer_term t = FER_POP(st);
    if (fer_map_get(&seen, t)) continue;
    ok = fer_map_put(f, &seen, t, 1);
    found = fer_sort_is_theory(f, fer_term_sort(f, t));
    for (uint32_t k = 0; ok && k < fer_term_nargs(f, t); k++)
      ok = FER_PUSH(f, st, fer_term_arg(f, t, k));
  }
  FER_RELEASE(f, st);
  fer_map_release(f, &seen);
  return found || !ok; /* out of memory: let the reduction report it */
}

void fer_theory_init(fer_theory *t) {
  memset(t, 0, sizeof *t);
  t->exact = true;
}

void fer_theory_release(ferret *f, fer_theory *t) {
  FER_RELEASE(f, t->assertions);
  FER_RELEASE(f, t->funs);
  FER_RELEASE(f, t->entries);
  FER_RELEASE(f, t->keys);
  FER_RELEASE(f, t->unint_var);
  FER_RELEASE(f, t->unint_bv);
}

ferret_status fer_theory_reduce(ferret *f, const fer_term *a, size_t n,
                                fer_theory *t) {
  red r;
  memset(&r, 0, sizeof r);
  r.f = f, r.t = t;
  fer_map_init(&r.memo);
  fer_map_init(&r.fun_of);
  fer_error_clear(f);
  bool ok = collect(&r, a, n);
  for (size_t i = 0; ok && i < n; i++) {
    fer_term x = reduce(&r, a[i]);
    ok = x && FER_PUSH(f, t->assertions, x);
  }
  fer_map_release(f, &r.memo);
  fer_map_release(f, &r.fun_of);
  FER_RELEASE(f, r.unint);
  FER_RELEASE(f, r.index_terms);
  if (ok) return FERRET_OK;
  return f->error.status ? (ferret_status)f->error.status : FERRET_ERROR_LIMIT;
}

/* A value of the search back in original sort s. */
static fer_term unmap(ferret *f, fer_sort s, fer_term v) {
  if (!v || fer_sort_get(f, s)->kind != FER_SORT_UNINT) return v;
  return fer_mk_const_u128(f, s, fer_value_bits(f, v));
}

/* (store .. (store F k1 (store (select F k1) k2 ..)) ..) for keys k[0..n). */
static fer_term store_nested(ferret *f, fer_term a, const fer_term *k,
                             uint32_t n, fer_term v) {
  if (!n) return v;
  fer_term inner = fer_array_select(f, a, k[0]);
  inner = inner ? store_nested(f, inner, k + 1, n - 1, v) : 0;
  return inner ? fer_array_store(f, a, k[0], inner) : 0;
}

/* The constant value of sort s whose every leaf element is `leaf`. */
static fer_term nested_const(ferret *f, fer_sort s, fer_term leaf) {
  if (!is_array(f, s)) return leaf;
  fer_term e = nested_const(f, element_sort(f, s), leaf);
  return e ? fer_array_const(f, s, e) : 0;
}

const char *fer_theory_model(ferret *f, const fer_theory *t, fer_model *m) {
  fer_term_stack vars = {0};
  const char *why = NULL;
  if (!fer_collect_vars(f, t->keys.data, t->keys.size, &vars)) why = "memory";
  for (size_t i = 0; !why && i < t->entries.size; i++)
    if (!FER_PUSH(f, vars, t->entries.data[i].val)) why = "memory";
  for (size_t i = 0; !why && i < t->funs.size; i++)
    if (t->funs.data[i].dflt && !FER_PUSH(f, vars, t->funs.data[i].dflt)) why = "memory";
  if (!why) why = fer_model_complete(f, m, vars.data, vars.size, NULL, NULL, 0);
  FER_RELEASE(f, vars);
  if (why) return why;
  for (size_t i = 0; i < t->unint_var.size; i++) {
    fer_term v = t->unint_var.data[i];
    fer_term b = m->value[fer_term_idx(f, t->unint_bv.data[i], 0)];
    fer_term c = b ? unmap(f, fer_term_sort(f, v), b) : 0;
    if (!c) return "memory";
    m->value[fer_term_idx(f, v, 0)] = c;
  }
  for (size_t i = 0; i < t->funs.size; i++) {
    const fer_theory_fun *fn = &t->funs.data[i];
    fer_sort s = fer_term_sort(f, fn->var);
    uint32_t arity = fer_var_arity(f, fn->var) ? fer_var_arity(f, fn->var) : 1;
    fer_sort rs = result_sort(f, s, arity);
    fer_term leaf = fn->dflt ? unmap(f, rs, m->value[fer_term_idx(f, fn->dflt, 0)])
                             : fer_value_term(f, rs, 0);
    fer_term a = leaf ? nested_const(f, s, leaf) : 0;
    /* the first entry wins: apply the latest first */
    for (uint32_t e = fn->last; a && e; e = t->entries.data[e - 1].prev) {
      const fer_theory_entry *en = &t->entries.data[e - 1];
      fer_term k[64];
      fer_sort ks = s;
      for (uint32_t j = 0; a && j < arity; j++) {
        fer_term kv = fer_eval(f, t->keys.data[en->keys + j], m, NULL);
        k[j] = kv ? unmap(f, index_sort(f, ks), kv) : 0;
        if (!k[j]) a = 0;
        ks = element_sort(f, ks);
      }
      fer_term v = a ? unmap(f, rs, m->value[fer_term_idx(f, en->val, 0)]) : 0;
      a = v ? store_nested(f, a, k, arity, v) : 0;
    }
    if (!a)
      return f->error.status == FERRET_ERROR_UNSUPPORTED ? "unsupported"
                                                         : "internal: array model";
    m->value[fer_term_idx(f, fn->var, 0)] = a;
  }
  return NULL;
}
