/* The model of the original formula built back from a model of the
 * reduced one (contract in theory.h).
 *
 * Each array or function variable's Ackermann table becomes a trie: at
 * each level the entries are grouped by the value of their key there;
 * each group is one store of the level's array, the group at
 * FER_THEORY_ANY is its default (the constant array under the stores), and
 * a level without one defaults to zero.  At the bottom the group's first
 * entry gives the element: the reduced formula reads the first entry of
 * equal keys (theory.c's ite chains test the oldest entry outermost). */
#include <stdlib.h>
#include <string.h>

#include "smt/array.h"
#include "smt/eval.h"
#include "solve/theory.h"

typedef struct keyed {
  fer_term key;   /* the entry's key value at the level, or FER_THEORY_ANY */
  uint32_t entry; /* index into the theory's entries */
} keyed;

typedef struct builder {
  ferret *f;
  const fer_theory *t;
  const fer_model *m;
  fer_term *kv; /* per slot of t->keys: its value (original sort) or ANY */
} builder;

static bool is_array(ferret *f, fer_sort s) {
  return fer_sort_get(f, s)->kind == FER_SORT_ARRAY;
}

/* ANY sorts last; equal keys keep the entries' order of creation. */
static int by_key(const void *p, const void *q) {
  const keyed *a = p, *b = q;
  if (a->key != b->key) return a->key < b->key ? -1 : 1;
  return a->entry < b->entry ? -1 : a->entry > b->entry;
}

/* A value of the search back in original sort s. */
static fer_term unmap(ferret *f, fer_sort s, fer_term v) {
  if (!v || fer_sort_get(f, s)->kind != FER_SORT_UNINT) return v;
  return fer_mk_const_u128(f, s, fer_value_bits(f, v));
}

/* The value of sort s for the entries e[0..n) (in order of creation),
 * whose keys agree on the levels above l.  Reorders e. */
static fer_term trie(builder *b, fer_sort s, uint32_t *e, size_t n, uint32_t l) {
  ferret *f = b->f;
  if (!n) return fer_value_term(f, s, 0); /* zero, or arrays of zeros */
  if (!is_array(f, s)) {
    fer_term v = b->m->value[fer_term_idx(f, b->t->entries.data[e[0]].val, 0)];
    return unmap(f, s, v);
  }
  keyed *k = fer_malloc(f, n * sizeof *k);
  if (!k) return 0;
  for (size_t i = 0; i < n; i++)
    k[i].key = b->kv[b->t->entries.data[e[i]].keys + l], k[i].entry = e[i];
  qsort(k, n, sizeof *k, by_key);
  for (size_t i = 0; i < n; i++) e[i] = k[i].entry; /* groups contiguous */
  fer_sort es = fer_sort_get(f, s)->b;
  size_t any = n;
  while (any && k[any - 1].key == FER_THEORY_ANY) any--;
  fer_term d = trie(b, es, e + any, n - any, l + 1);
  fer_term a = d ? fer_mk_const_array(f, s, d) : 0;
  for (size_t i = 0, j; a && i < any; i = j) {
    for (j = i; j < any && k[j].key == k[i].key;) j++;
    fer_term x[3] = {a, k[i].key, trie(b, es, e + i, j - i, l + 1)};
    a = x[2] ? fer_mk(f, FER_OP_STORE, 3, x, 0, 0) : 0;
  }
  fer_free(f, k, n * sizeof *k);
  return a ? fer_array_canon(f, a) : 0;
}

/* Every key's value in b->kv. */
static const char *key_values(builder *b) {
  ferret *f = b->f;
  const fer_theory *t = b->t;
  for (size_t i = 0; i < t->entries.size; i++) {
    const fer_theory_entry *en = &t->entries.data[i];
    fer_sort s = fer_term_sort(f, t->funs.data[en->fun].var);
    for (uint32_t l = 0; is_array(f, s); l++, s = fer_sort_get(f, s)->b) {
      fer_term k = t->keys.data[en->keys + l], v = FER_THEORY_ANY;
      if (k != FER_THEORY_ANY) {
        v = unmap(f, fer_sort_get(f, s)->a, fer_eval(f, k, b->m, NULL));
        if (!v) return "internal: array key";
      }
      b->kv[en->keys + l] = v;
    }
  }
  return NULL;
}

/* The value of function i from its table. */
static fer_term fun_value(builder *b, uint32_t i) {
  ferret *f = b->f;
  const fer_theory *t = b->t;
  size_t n = 0;
  for (uint32_t e = t->funs.data[i].last; e; e = t->entries.data[e - 1].prev) n++;
  uint32_t *es = fer_malloc(f, fer_array_bytes(n, sizeof *es));
  if (!es) return 0;
  size_t k = n; /* the chain runs from the latest: fill from the back */
  for (uint32_t e = t->funs.data[i].last; e; e = t->entries.data[e - 1].prev)
    es[--k] = e - 1;
  fer_term a = trie(b, fer_term_sort(f, t->funs.data[i].var), es, n, 0);
  fer_free(f, es, fer_array_bytes(n, sizeof *es));
  return a;
}

const char *fer_theory_model(ferret *f, const fer_theory *t, fer_model *m) {
  fer_term_stack vars = {0}, keys = {0};
  const char *why = NULL;
  for (size_t i = 0; !why && i < t->keys.size; i++)
    if (t->keys.data[i] != FER_THEORY_ANY && !FER_PUSH(f, keys, t->keys.data[i]))
      why = "memory";
  if (!why && !fer_collect_vars(f, keys.data, keys.size, &vars)) why = "memory";
  for (size_t i = 0; !why && i < t->entries.size; i++)
    if (!FER_PUSH(f, vars, t->entries.data[i].val)) why = "memory";
  /* a stand-in the reduced formula lost (a store that can never be read,
   * a folded branch) still needs a value */
  for (size_t i = 0; !why && i < t->unint_bv.size; i++)
    if (!FER_PUSH(f, vars, t->unint_bv.data[i])) why = "memory";
  fer_why w = why ? FER_WHY_NONE : fer_model_complete(f, m, vars.data, vars.size, NULL, NULL, 0);
  if (w) why = fer_why_text[w];
  FER_RELEASE(f, vars);
  FER_RELEASE(f, keys);
  if (why) return why;
  for (size_t i = 0; i < t->unint_var.size; i++) {
    fer_term v = t->unint_var.data[i];
    fer_term c = unmap(f, fer_term_sort(f, v),
                       m->value[fer_term_idx(f, t->unint_bv.data[i], 0)]);
    if (!c) return "memory";
    m->value[fer_term_idx(f, v, 0)] = c;
  }
  builder b = {f, t, m, fer_malloc(f, fer_array_bytes(t->keys.size, sizeof *b.kv))};
  if (!b.kv) return "memory";
  why = key_values(&b);
  for (uint32_t i = 0; !why && i < t->funs.size; i++) {
    fer_term a = fun_value(&b, i);
    if (!a)
      why = f->error.status == FERRET_ERROR_UNSUPPORTED ? "unsupported"
                                                        : "internal: array model";
    else m->value[fer_term_idx(f, t->funs.data[i].var, 0)] = a;
  }
  fer_free(f, b.kv, fer_array_bytes(t->keys.size, sizeof *b.kv));
  return why;
}
