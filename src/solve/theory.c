/* Arrays, functions and uninterpreted sorts reduced away (contract and
 * the encoding in theory.h; the model built back is in theory_model.c).
 *
 * Shape: one pass over the formula collects what the encoding must know
 * in advance (how many terms of each uninterpreted sort, every index term
 * of each index sort, how many array equalities compare at each index
 * sort); then reduce() rewrites terms bottom-up with an explicit stack and
 * a memo (term -> reduced term).  Array-sorted terms are not rewritten
 * (their reduced form is themselves): read() walks an original array term
 * down to a variable, gathering the keys of the selects and applications
 * it crosses, and reduces the indices and elements it meets on the way.
 * reduce() may be re-entered (an array equality reduces every index term
 * of its sorts); the memo is shared and nothing holds a pointer into it
 * across a call. */
#include <stdio.h>
#include <string.h>

#include "base/map.h"
#include "smt/array.h"
#include "solve/theory.h"

enum {
  SMALL_INDEX_SORT = 256, /* an index sort this small may be enumerated */
  GRID_LIMIT = 8192,      /* key tuples an equality of nested arrays compares
                             (the search's memory grows with it: about
                             0.6 GB at 4400 tuples of a KLEE-style memory) */
  MAX_DEPTH = 64          /* levels of an array or function sort */
};

#define ANY FER_THEORY_ANY

typedef struct sort_count {
  fer_sort sort;
  uint32_t n;    /* U: terms counted; after collect(): the BV width */
  uint32_t used; /* U: values the reduced formula holds (theory.h) */
} sort_count;

/* The keys an array equality compares at one index sort (theory.h). */
typedef struct index_set {
  fer_sort sort;
  uint32_t equalities; /* (equality, level) pairs at this sort: witnesses */
  uint32_t state;      /* 0 not built, 1 being built, 2 built */
  fer_term_stack terms; /* distinct original index terms of this sort */
  fer_term_stack keys;  /* reduced: every value, or terms, witnesses, ANY */
} index_set;

/* A read already made (read()): array term a at keys[0..n) is val. */
typedef struct read_done {
  fer_term a, val;
  uint32_t keys, n; /* offset into read_keys */
} read_done;

/* An array equality met while the keys of one of its index sorts were
 * being made: var stands for it, defined once they are (index_keys()). */
typedef struct deferred {
  fer_term a, b, var;
} deferred;

typedef struct red {
  ferret *f;
  fer_theory *t;
  fer_map memo;    /* original term -> reduced term */
  fer_index reads; /* the reads in done by hash: their index + 1 */
  FER_STACK(read_done) done;
  fer_term_stack read_keys;
  fer_map fun_of;  /* array / function variable -> index in funs + 1 */
  FER_STACK(sort_count) unint;
  FER_STACK(index_set) isets; /* grows in collect() only */
  fer_map index_seen;         /* index terms already in their set */
  FER_STACK(deferred) deferred;
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

/* The number of array levels of s: 2 for (Array I (Array J E)). */
static uint32_t depth(ferret *f, fer_sort s) {
  uint32_t d = 0;
  for (; is_array(f, s); s = element_sort(f, s)) d++;
  return d;
}

/* The scalar sort at the bottom of s. */
static fer_sort leaf_sort(ferret *f, fer_sort s) {
  while (is_array(f, s)) s = element_sort(f, s);
  return s;
}

/* The index sort of level l of s. */
static fer_sort level_sort(ferret *f, fer_sort s, uint32_t l) {
  while (l--) s = element_sort(f, s);
  return index_sort(f, s);
}

static bool unsupported(ferret *f, const char *what) {
  fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0, "unsupported: %s", what);
  return false;
}

static sort_count *unint_of(red *r, fer_sort s) {
  for (size_t i = 0; i < r->unint.size; i++)
    if (r->unint.data[i].sort == s) return &r->unint.data[i];
  return NULL;
}

/* The sort the search sees for an original scalar sort (0: none, error
 * set).  Every array reaches the search as the scalars at its bottom. */
static fer_sort map_sort(red *r, fer_sort s) {
  ferret *f = r->f;
  const fer_sort_info *si = fer_sort_get(f, s);
  if (si->kind == FER_SORT_ARRAY) {
    unsupported(f, "an array value where a scalar is needed");
    return 0;
  }
  if (si->kind != FER_SORT_UNINT) return s;
  sort_count *c = unint_of(r, s);
  return fer_sort_bv(f, c ? c->n : 1); /* unseen by collect(): one element */
}

/* A fresh variable of the search for original scalar sort s. */
static fer_term fresh_var(red *r, const char *what, fer_sort s) {
  char name[64];
  snprintf(name, sizeof name, "ferret!%s!%u", what, ++r->fresh);
  fer_sort m = map_sort(r, s);
  sort_count *c = unint_of(r, s);
  if (c) c->used++;
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

/* Two keys are the same index: ANY is only ANY (theory.h). */
static fer_term key_eq(ferret *f, fer_term a, fer_term b) {
  if (a == b) return fer_true(f);
  if (a == ANY || b == ANY) return fer_false(f);
  return mk_eq(f, a, b);
}

static fer_term mk_ite(ferret *f, fer_term c, fer_term a, fer_term b) {
  if (c == fer_true(f) || a == b) return a;
  if (c == fer_false(f)) return b;
  fer_term x[3] = {c, a, b};
  return fer_mk(f, FER_OP_ITE, 3, x, 0, 0);
}

/* The conjunction of c[from..) (true when empty), dropping true; pops
 * them. */
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

static bool count_unint(red *r, fer_sort s, uint32_t n) {
  if (fer_sort_get(r->f, s)->kind != FER_SORT_UNINT || !n) return true;
  sort_count *c = unint_of(r, s);
  if (c) return c->n += n, true;
  sort_count nc = {s, n, 0};
  return FER_PUSH(r->f, r->unint, nc);
}

/* The index set of sort s (created on first use, in collect() only). */
static index_set *iset_of(red *r, fer_sort s, bool create) {
  for (size_t i = 0; i < r->isets.size; i++)
    if (r->isets.data[i].sort == s) return &r->isets.data[i];
  index_set x;
  memset(&x, 0, sizeof x);
  x.sort = s;
  if (!create || !FER_PUSH(r->f, r->isets, x)) return NULL;
  return &FER_TOP(r->isets);
}

/* Arrays indexed by arrays and sorts nested too deep are refused here,
 * before anything is encoded. */
static bool check_sort(ferret *f, fer_sort s) {
  uint32_t d = 0;
  for (; is_array(f, s); s = element_sort(f, s), d++)
    if (is_array(f, index_sort(f, s)))
      return unsupported(f, "arrays indexed by arrays (or functions of "
                            "array arguments)");
  return d <= MAX_DEPTH || unsupported(f, "arrays nested more than 64 deep");
}

/* One distinct term of the formula. */
static bool collect_term(red *r, fer_term t) {
  ferret *f = r->f;
  fer_op op = fer_term_op(f, t);
  fer_sort s = fer_term_sort(f, t);
  if (!count_unint(r, s, 1)) return false;
  if (is_array(f, s)) {
    if (!check_sort(f, s)) return false;
    if (!count_unint(r, leaf_sort(f, s), 1)) return false; /* its default */
  }
  if (op == FER_OP_SELECT || op == FER_OP_STORE) {
    fer_term j = fer_term_arg(f, t, 1);
    index_set *x = iset_of(r, fer_term_sort(f, j), true);
    if (!x) return false;
    if (!fer_map_get(&r->index_seen, j) &&
        !(FER_PUSH(f, x->terms, j) && fer_map_put(f, &r->index_seen, j, 1)))
      return false;
  }
  if ((op == FER_OP_EQ || op == FER_OP_DISTINCT) &&
      is_array(f, fer_term_sort(f, fer_term_arg(f, t, 0)))) {
    uint32_t n = fer_term_nargs(f, t), pairs = n * (n - 1) / 2;
    fer_sort a = fer_term_sort(f, fer_term_arg(f, t, 0));
    for (; is_array(f, a); a = element_sort(f, a)) {
      index_set *x = iset_of(r, index_sort(f, a), true);
      if (!x || !count_unint(r, index_sort(f, a), pairs)) return false;
      x->equalities += pairs;
    }
  }
  return true;
}

/* Walk the formula once (collect_term on each distinct term), then turn
 * the counts of U-sorted terms into widths. */
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
    ok = fer_map_put(f, &seen, t, 1) && collect_term(r, t);
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
  fer_theory_fun fn = {v, 0};
  if (!FER_PUSH(r->f, r->t->funs, fn) ||
      !fer_map_put(r->f, &r->fun_of, v, (uint32_t)r->t->funs.size))
    return UINT32_MAX;
  return (uint32_t)r->t->funs.size - 1;
}

/* Ackermann: variable v read at keys k[0..n), n the depth of its sort. */
static fer_term ackermann(red *r, fer_term v, const fer_term *k, uint32_t n) {
  ferret *f = r->f;
  fer_theory *t = r->t;
  uint32_t fi = fun_index(r, v);
  if (fi == UINT32_MAX) return 0;
  for (uint32_t e = t->funs.data[fi].last; e; e = t->entries.data[e - 1].prev) {
    const fer_theory_entry *en = &t->entries.data[e - 1];
    if (!memcmp(t->keys.data + en->keys, k, n * sizeof *k)) return en->result;
  }
  fer_term w = fresh_var(r, fer_var_name(f, v), leaf_sort(f, fer_term_sort(f, v)));
  if (!w) return 0;
  fer_term res = w;
  fer_term_stack conj = {0};
  /* from the latest entry outwards: the first entry is the outermost test */
  for (uint32_t e = t->funs.data[fi].last; res && e; e = t->entries.data[e - 1].prev) {
    fer_theory_entry en = t->entries.data[e - 1];
    bool ok = true;
    for (uint32_t i = 0; ok && i < n; i++)
      ok = FER_PUSH(f, conj, key_eq(f, k[i], t->keys.data[en.keys + i]));
    fer_term c = ok ? mk_and(f, &conj, 0) : 0;
    res = c ? mk_ite(f, c, en.val, res) : 0;
  }
  FER_RELEASE(f, conj);
  if (!res) return 0;
  fer_theory_entry en = {fi, t->funs.data[fi].last, (uint32_t)t->keys.size, w, res};
  for (uint32_t i = 0; i < n; i++)
    if (!FER_PUSH(f, t->keys, k[i])) return 0;
  if (!FER_PUSH(f, t->entries, en)) return 0;
  t->funs.data[fi].last = (uint32_t)t->entries.size;
  return res;
}

static fer_term read(red *r, fer_term a, const fer_term *k, uint32_t n);

static uint32_t read_hash(fer_term a, const fer_term *k, uint32_t n) {
  uint32_t h = a * 0x9e3779b1u;
  for (uint32_t i = 0; i < n; i++) h = (h ^ k[i]) * 0x85ebca6bu + i;
  return h;
}

/* The memo of read(): a store whose value reads an older memory, as in
 * (store M o (store (select M o) i v)), reads M twice, so a chain of such
 * stores would cost 2^length without it. */
static fer_term read_find(red *r, fer_term a, const fer_term *k, uint32_t n) {
  if (!r->reads.cap) return 0;
  uint32_t h = read_hash(a, k, n);
  for (fer_index_slot *s = fer_index_first(&r->reads, h); s->id;
       s = fer_index_next(&r->reads, s)) {
    const read_done *d = &r->done.data[s->id - 1];
    if (s->hash == h && d->a == a && d->n == n &&
        !memcmp(r->read_keys.data + d->keys, k, n * sizeof *k))
      return d->val;
  }
  return 0;
}

static bool read_put(red *r, fer_term a, const fer_term *k, uint32_t n, fer_term val) {
  uint32_t h = read_hash(a, k, n);
  read_done d = {a, val, (uint32_t)r->read_keys.size, n};
  for (uint32_t i = 0; i < n; i++)
    if (!FER_PUSH(r->f, r->read_keys, k[i])) return false;
  return FER_PUSH(r->f, r->done, d) &&
         fer_index_add(r->f, &r->reads, h, (uint32_t)r->done.size);
}

/* read() of a chain of stores s (its top) at keys q[0..m). */
static fer_term read_stores(red *r, fer_term s, const fer_term *q, uint32_t m) {
  ferret *f = r->f;
  fer_term_stack chain = {0}; /* the stores met, top first */
  fer_term base = 0;
  for (; fer_term_op(f, s) == FER_OP_STORE; s = fer_term_arg(f, s, 0))
    if (!FER_PUSH(f, chain, s)) goto done;
  base = read(r, s, q, m);
  if (q[0] == ANY) goto done; /* no store writes at ANY */
  while (base && chain.size) { /* bottom store first */
    s = FER_POP(chain);
    fer_term k = reduce(r, fer_term_arg(f, s, 1));
    if (k && k != q[0] && is_value(f, k) && is_value(f, q[0])) continue; /* misses */
    fer_term v = !k         ? 0
                 : m == 1   ? reduce(r, fer_term_arg(f, s, 2))
                            : read(r, fer_term_arg(f, s, 2), q + 1, m - 1);
    if (!v) base = 0;
    else base = k == q[0] ? v : mk_ite(f, mk_eq(f, q[0], k), v, base);
  }
done:
  FER_RELEASE(f, chain);
  return base;
}

/* The scalar (select .. (select a k0) .. kn-1) for an original term a
 * and keys k[0..n) (reduced terms or ANY).  The selects and applications
 * a is made of put their keys in front, so a may itself be a scalar
 * select or application read with n = 0. */
static fer_term read(red *r, fer_term a, const fer_term *k, uint32_t n) {
  ferret *f = r->f;
  fer_term p[MAX_DEPTH];
  uint32_t off = MAX_DEPTH - n; /* the keys are p[off..MAX_DEPTH) */
  if (n) memcpy(p + off, k, n * sizeof *k);
  for (fer_op op; (op = fer_term_op(f, a)) == FER_OP_SELECT || op == FER_OP_APPLY;) {
    uint32_t args = fer_term_nargs(f, a);
    if (args - 1 > off) return unsupported(f, "arrays nested more than 64 deep"), 0;
    for (uint32_t i = args; i-- > 1;) {
      fer_term j = reduce(r, fer_term_arg(f, a, i));
      if (!j) return 0;
      p[--off] = j;
    }
    a = fer_term_arg(f, a, 0);
  }
  const fer_term *q = p + off;
  uint32_t m = MAX_DEPTH - off;
  fer_term res = read_find(r, a, q, m);
  if (res) return res;
  switch (fer_term_op(f, a)) {
  case FER_OP_VAR: res = ackermann(r, a, q, m); break;
  case FER_OP_STORE: res = read_stores(r, a, q, m); break;
  case FER_OP_CONST_ARRAY:
    res = m == 1 ? reduce(r, fer_term_arg(f, a, 0))
                 : read(r, fer_term_arg(f, a, 0), q + 1, m - 1);
    break;
  case FER_OP_ITE: {
    fer_term c = reduce(r, fer_term_arg(f, a, 0));
    fer_term x = c ? read(r, fer_term_arg(f, a, 1), q, m) : 0;
    fer_term y = x ? read(r, fer_term_arg(f, a, 2), q, m) : 0;
    res = y ? mk_ite(f, c, x, y) : 0;
    break;
  }
  default:
    unsupported(f, "an array term that is not a variable, select, store, "
                   "constant array, ite or function application");
    break;
  }
  return res && read_put(r, a, q, m, res) ? res : 0;
}

/* The number of values of sort s in the search when below 2^62, else 0
 * (an uninterpreted sort counts as unbounded: it may always grow). */
static uint64_t cardinality(ferret *f, fer_sort s) {
  const fer_sort_info *si = fer_sort_get(f, s);
  switch (si->kind) {
  case FER_SORT_BOOL: return 2;
  case FER_SORT_RM: return 5;
  case FER_SORT_BV: return si->a < 62 ? (uint64_t)1 << si->a : 0;
  case FER_SORT_FP: /* the NaN patterns are one value */
    return si->a + si->b < 62 ? ((uint64_t)1 << (si->a + si->b)) -
                                    2 * (((uint64_t)1 << (si->b - 1)) - 1) + 1
                              : 0;
  default: return 0;
  }
}

/* Value number x of a sort of at most SMALL_INDEX_SORT values. */
static fer_term small_value(ferret *f, fer_sort s, uint32_t x) {
  switch (fer_sort_get(f, s)->kind) {
  case FER_SORT_BOOL: return fer_mk_bool(f, x);
  case FER_SORT_RM: return fer_mk_rm(f, (fer_rm)x);
  default: return fer_mk_const_u128(f, s, x); /* BV: FP sorts are larger */
  }
}

/* The keys array equalities compare at index sort s (theory.h), built
 * on first use.  NULL on failure (error set).
 *
 * Reducing the index terms may meet an array equality over this very
 * sort, (select A (ite (= A B) i j)); array_eq() sees the set is being
 * built and defers that equality (a fresh Bool now, its definition once
 * the keys are all there), so every equality compares at every key. */
static const fer_term_stack *index_keys(red *r, fer_sort s) {
  ferret *f = r->f;
  index_set *x = iset_of(r, s, false); /* collect() made it: stable */
  if (!x) return unsupported(f, "internal: an index sort not collected"), NULL;
  if (x->state == 1) return unsupported(f, "internal: index keys re-entered"), NULL;
  if (x->state) return &x->keys;
  uint64_t card = cardinality(f, s), keys = x->terms.size + x->equalities;
  bool ok = true;
  if (card && card <= SMALL_INDEX_SORT && card <= keys + 1) { /* every value */
    for (uint32_t v = 0; ok && v < card; v++) {
      fer_term c = small_value(f, s, v);
      ok = c && FER_PUSH(f, x->keys, c);
    }
    x->state = ok ? 2 : 0;
    return ok ? &x->keys : NULL;
  }
  if (card && card <= keys) r->t->exact = false; /* ANY may name no index */
  x->state = 1;
  for (uint32_t i = 0; ok && i < x->equalities; i++) {
    char name[64];
    snprintf(name, sizeof name, "ferret!witness!%u", ++r->fresh);
    fer_term w = fer_mk_var(f, name, s); /* original sort: U gets a stand-in */
    fer_term j = w ? reduce(r, w) : 0;
    ok = j && FER_PUSH(f, x->keys, j);
  }
  ok = ok && FER_PUSH(f, x->keys, ANY);
  fer_map seen; /* the reduced keys in */
  fer_map_init(&seen);
  for (size_t i = 0; ok && i < x->terms.size; i++) {
    fer_term j = reduce(r, x->terms.data[i]);
    ok = j && (fer_map_get(&seen, j) ||
               (FER_PUSH(f, x->keys, j) && fer_map_put(f, &seen, j, 1)));
  }
  fer_map_release(f, &seen);
  x->state = ok ? 2 : 0;
  return ok ? &x->keys : NULL;
}

/* (= a b) for original array terms: the reads agree at every key tuple
 * of the grid (theory.h). */
static fer_term array_eq(red *r, fer_term a, fer_term b) {
  ferret *f = r->f;
  fer_sort s = fer_term_sort(f, a);
  uint32_t d = depth(f, s), pos[MAX_DEPTH];
  const fer_term_stack *lv[MAX_DEPTH];
  uint64_t grid = 1;
  for (uint32_t l = 0; l < d; l++) {
    index_set *x = iset_of(r, level_sort(f, s, l), false);
    if (x && x->state == 1) { /* see index_keys() */
      char name[64];
      snprintf(name, sizeof name, "ferret!equal!%u", ++r->fresh);
      deferred e = {a, b, fer_mk_var(f, name, fer_sort_bool(f))};
      return e.var && FER_PUSH(f, r->deferred, e) ? e.var : 0;
    }
    if (!(lv[l] = index_keys(r, level_sort(f, s, l)))) return 0;
    grid *= lv[l]->size;
    if (l && grid > GRID_LIMIT)
      return unsupported(f, "an equality of arrays of arrays over more than "
                            "8192 index tuples"), 0;
    pos[l] = 0;
  }
  fer_term_stack conj = {0};
  bool ok = true;
  for (uint64_t g = 0; ok && g < grid; g++) {
    fer_term path[MAX_DEPTH];
    for (uint32_t l = 0; l < d; l++) path[l] = lv[l]->data[pos[l]];
    fer_term x = read(r, a, path, d);
    fer_term y = x ? read(r, b, path, d) : 0;
    ok = y && FER_PUSH(f, conj, mk_eq(f, x, y));
    for (uint32_t l = d; l-- > 0;) { /* the next tuple, the last key fastest */
      if (++pos[l] < lv[l]->size) break;
      pos[l] = 0;
    }
  }
  fer_term res = ok ? mk_and(f, &conj, 0) : 0;
  FER_RELEASE(f, conj);
  return res;
}

/* The reduced form of t, whose arguments are reduced. */
static fer_term build(red *r, fer_term t) {
  ferret *f = r->f;
  fer_op op = fer_term_op(f, t);
  fer_sort s = fer_term_sort(f, t);
  uint32_t n = fer_term_nargs(f, t);
  const fer_term *arg = fer_term_args(f, t);
  if (is_array(f, s)) return t; /* read through by read() / array_eq */
  if (op == FER_OP_VAR) {
    if (fer_sort_get(f, s)->kind != FER_SORT_UNINT) return t;
    fer_term b = fresh_var(r, fer_var_name(f, t), s);
    if (!b || !FER_PUSH(f, r->t->unint_var, t) || !FER_PUSH(f, r->t->unint_bv, b))
      return 0;
    return b;
  }
  if (fer_op_table[op].kind == FER_KIND_LEAF) {
    if (fer_sort_get(f, s)->kind == FER_SORT_UNINT) { /* an abstract value */
      sort_count *c = unint_of(r, s);
      fer_u128 v = fer_const_u128(f, t);
      if (c) c->used++;
      if (c && v >> c->n) r->t->exact = false; /* numbered past the width */
      return fer_mk_const_u128(f, map_sort(r, s), v);
    }
    return t;
  }
  if (op == FER_OP_SELECT || op == FER_OP_APPLY) return read(r, t, NULL, 0);
  if ((op == FER_OP_EQ || op == FER_OP_DISTINCT) && is_array(f, fer_term_sort(f, arg[0]))) {
    if (op == FER_OP_EQ) return array_eq(r, arg[0], arg[1]);
    fer_term_stack c = {0};
    bool ok = true;
    for (uint32_t i = 0; ok && i < n; i++)
      for (uint32_t j = i + 1; ok && j < n; j++) {
        /* not arg[]: new terms may move the argument pool */
        fer_term e = array_eq(r, fer_term_arg(f, t, i), fer_term_arg(f, t, j));
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
  fer_index_init(&r.reads);
  fer_map_init(&r.index_seen);
  fer_error_clear(f);
  bool ok = collect(&r, a, n);
  for (size_t i = 0; ok && i < n; i++) {
    fer_term x = reduce(&r, a[i]);
    ok = x && FER_PUSH(f, t->assertions, x);
  }
  for (size_t i = 0; ok && i < r.deferred.size; i++) { /* may defer more */
    deferred d = r.deferred.data[i];
    fer_term e = array_eq(&r, d.a, d.b);
    fer_term def = e ? mk2(f, FER_OP_EQ, d.var, e) : 0;
    ok = def && FER_PUSH(f, t->assertions, def);
  }
  /* a U-sorted value more than the width holds: two may have to share */
  for (size_t i = 0; i < r.unint.size; i++)
    if (r.unint.data[i].n < 32 && r.unint.data[i].used > (1u << r.unint.data[i].n))
      t->exact = false;
  fer_map_release(f, &r.memo);
  fer_map_release(f, &r.fun_of);
  fer_index_release(f, &r.reads);
  fer_map_release(f, &r.index_seen);
  FER_RELEASE(f, r.deferred);
  FER_RELEASE(f, r.done);
  FER_RELEASE(f, r.read_keys);
  FER_RELEASE(f, r.unint);
  for (size_t i = 0; i < r.isets.size; i++) {
    FER_RELEASE(f, r.isets.data[i].terms);
    FER_RELEASE(f, r.isets.data[i].keys);
  }
  FER_RELEASE(f, r.isets);
  if (ok) return FERRET_OK;
  return f->error.status ? (ferret_status)f->error.status : FERRET_ERROR_LIMIT;
}
