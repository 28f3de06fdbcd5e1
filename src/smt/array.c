/* Array values (contract in array.h). */
#include <stdlib.h>

#include "base/context.h"
#include "base/stack.h"
#include "smt/array.h"

typedef struct entry {
  fer_u128 key; /* the index's bits: the order of the chain */
  fer_term idx, val;
} entry;

typedef FER_STACK(entry) entry_stack;

fer_u128 fer_value_bits(const ferret *f, fer_term c) {
  switch (fer_term_op(f, c)) {
  case FER_OP_TRUE: return 1;
  case FER_OP_FALSE: return 0;
  case FER_OP_CONST: return fer_const_u128(f, c);
  default: return c;
  }
}

/* A constant of a sort of at most 2^16 values from its number. */
static fer_term small_value(ferret *f, fer_sort s, uint32_t x) {
  const fer_sort_info *si = fer_sort_get(f, s);
  if (si->kind == FER_SORT_BOOL) return fer_mk_bool(f, x != 0);
  if (si->kind == FER_SORT_RM) return fer_mk_rm(f, (fer_rm)x);
  return fer_mk_const_u128(f, s, x);
}

/* The number of values of an index sort when it is at most 2^16 (and not
 * floating point), else 0. */
static uint32_t small_card(const ferret *f, fer_sort s) {
  const fer_sort_info *si = fer_sort_get(f, s);
  if (si->kind == FER_SORT_BOOL) return 2;
  if (si->kind == FER_SORT_RM) return 5;
  if (si->kind == FER_SORT_BV && si->a <= 16) return (uint32_t)1 << si->a;
  return 0;
}

static int by_key(const void *p, const void *q) {
  const entry *a = p, *b = q;
  return a->key < b->key ? -1 : a->key > b->key;
}

static int by_val(const void *p, const void *q) {
  fer_term a = *(const fer_term *)p, b = *(const fer_term *)q;
  return a < b ? -1 : a > b;
}

/* The entries of a ground store chain, the latest write of each index
 * first found (walking down from the top), and its default. */
static bool decompose(ferret *f, fer_term a, entry_stack *es, fer_term *dflt) {
  while (fer_term_op(f, a) == FER_OP_STORE) {
    fer_term i = fer_term_arg(f, a, 1);
    bool seen = false;
    for (size_t k = 0; k < es->size && !seen; k++) seen = es->data[k].idx == i;
    entry e = {fer_value_bits(f, i), i, fer_term_arg(f, a, 2)};
    if (!seen && !FER_PUSH(f, *es, e)) return false;
    a = fer_term_arg(f, a, 0);
  }
  FER_REQUIRE(f, fer_term_op(f, a) == FER_OP_CONST_ARRAY,
              "array value is not a store chain over a constant array");
  *dflt = fer_term_arg(f, a, 0);
  return true;
}

/* A fully written small array: the most frequent element becomes the
 * default (array.h). */
static bool refold(ferret *f, fer_sort sort, uint32_t card, entry_stack *es,
                   fer_term *dflt) {
  fer_sort isort = fer_sort_get(f, sort)->a;
  fer_term *val = fer_malloc(f, (size_t)card * sizeof *val);
  if (!val) return false;
  for (uint32_t x = 0; x < card; x++) val[x] = *dflt;
  for (size_t k = 0; k < es->size; k++) val[(uint32_t)es->data[k].key] = es->data[k].val;
  fer_term *sorted = fer_malloc(f, (size_t)card * sizeof *sorted);
  bool ok = sorted != NULL;
  if (ok) {
    for (uint32_t x = 0; x < card; x++) sorted[x] = val[x];
    qsort(sorted, card, sizeof *sorted, by_val);
    fer_term best = sorted[0];
    uint32_t best_n = 0;
    for (uint32_t x = 0; x < card;) {
      uint32_t y = x;
      while (y < card && sorted[y] == sorted[x]) y++;
      if (y - x > best_n) best = sorted[x], best_n = y - x;
      x = y;
    }
    *dflt = best;
    FER_CLEAR(*es);
    for (uint32_t x = 0; ok && x < card; x++) {
      if (val[x] == best) continue;
      entry e = {x, small_value(f, isort, x), val[x]};
      ok = e.idx && FER_PUSH(f, *es, e);
    }
  }
  fer_free(f, sorted, (size_t)card * sizeof *sorted);
  fer_free(f, val, (size_t)card * sizeof *val);
  return ok;
}

/* Build the canonical chain of sort `sort` from entries and a default. */
static fer_term rebuild(ferret *f, fer_sort sort, entry_stack *es,
                        fer_term dflt) {
  size_t n = 0;
  for (size_t k = 0; k < es->size; k++)
    if (es->data[k].val != dflt) es->data[n++] = es->data[k];
  es->size = n;
  uint32_t card = small_card(f, fer_sort_get(f, sort)->a);
  if (card && n && (uint64_t)n * 2 >= card && !refold(f, sort, card, es, &dflt))
    return 0;
  if (es->size) qsort(es->data, es->size, sizeof *es->data, by_key);
  fer_term a = fer_mk_const_array(f, sort, dflt);
  for (size_t k = 0; a && k < es->size; k++) {
    fer_term args[3] = {a, es->data[k].idx, es->data[k].val};
    a = fer_mk(f, FER_OP_STORE, 3, args, 0, 0);
  }
  return a;
}

fer_term fer_array_const(ferret *f, fer_sort sort, fer_term v) {
  entry_stack es = {0};
  fer_term r = rebuild(f, sort, &es, v);
  FER_RELEASE(f, es);
  return r;
}

fer_term fer_array_canon(ferret *f, fer_term a) {
  entry_stack es = {0};
  fer_term d, r = 0;
  if (decompose(f, a, &es, &d)) r = rebuild(f, fer_term_sort(f, a), &es, d);
  FER_RELEASE(f, es);
  return r;
}

fer_term fer_array_store(ferret *f, fer_term a, fer_term i, fer_term v) {
  entry_stack es = {0};
  fer_term d, r = 0;
  entry e = {fer_value_bits(f, i), i, v};
  if (FER_PUSH(f, es, e) && decompose(f, a, &es, &d)) {
    /* decompose skipped the old write of i: e came first */
    r = rebuild(f, fer_term_sort(f, a), &es, d);
  }
  FER_RELEASE(f, es);
  return r;
}

fer_term fer_array_select(ferret *f, fer_term a, fer_term i) {
  for (;;) {
    fer_op op = fer_term_op(f, a);
    if (op == FER_OP_CONST_ARRAY) return fer_term_arg(f, a, 0);
    if (op != FER_OP_STORE) return 0;
    if (fer_term_arg(f, a, 1) == i) return fer_term_arg(f, a, 2);
    a = fer_term_arg(f, a, 0);
  }
}
