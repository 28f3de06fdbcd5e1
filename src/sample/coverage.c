/* SMT coverage (contract in coverage.h): a map from node to its bits seen
 * 0 and seen 1; each sample is one lazy evaluation of the formula whose
 * visited terms update the bits of the nodes among them. */
#include <string.h>

#include "smt/eval.h"
#include "sample/coverage.h"

/* Skip the roots and their conjuncts: always true in a sample. */
static int mark_forced(fer_coverage *c, fer_map *forced, fer_term t) {
  ferret *f = c->f;
  FER_STACK(fer_term) st = {0};
  int ok = FER_PUSH(f, st, t);
  while (ok && st.size) {
    fer_term u = FER_POP(st);
    if (fer_map_get(forced, u)) continue;
    ok = fer_map_put(f, forced, u, 1);
    if (ok && fer_term_op(f, u) == FER_OP_AND)
      for (uint32_t i = 0; ok && i < fer_term_nargs(f, u); i++)
        ok = FER_PUSH(f, st, fer_term_arg(f, u, i));
  }
  FER_RELEASE(f, st);
  return ok;
}

static int add_node(fer_coverage *c, fer_term t) {
  ferret *f = c->f;
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, t));
  uint32_t bits;
  uint8_t kind;
  switch (si->kind) {
  case FER_SORT_BOOL: bits = 1, kind = FER_COV_BOOL; break;
  case FER_SORT_BV: bits = si->a, kind = FER_COV_BV; break;
  case FER_SORT_FP: bits = si->a + si->b, kind = FER_COV_FP; break;
  default: return 1; /* RoundingMode, Real: no bits to cover */
  }
  if (bits > 128) return 1; /* ferret evaluates nothing wider */
  fer_u128 m = bits == 128 ? ~(fer_u128)0 : ((fer_u128)1 << bits) - 1;
  if (!FER_PUSH(f, c->seen0, 0) || !FER_PUSH(f, c->seen1, 0) ||
      !FER_PUSH(f, c->mask, m) || !FER_PUSH(f, c->kind, kind))
    return 0;
  c->total[kind] += bits;
  return fer_map_put(f, &c->node, t, (uint32_t)c->kind.size);
}

int fer_coverage_init(ferret *f, fer_coverage *c, const fer_term *a,
                      size_t n) {
  memset(c, 0, sizeof *c);
  c->f = f;
  fer_map_init(&c->node);
  fer_map forced, seen;
  fer_map_init(&forced);
  fer_map_init(&seen);
  FER_STACK(fer_term) st = {0};
  int ok = 1;
  for (size_t i = 0; ok && i < n; i++)
    ok = FER_PUSH(f, c->roots, a[i]) && mark_forced(c, &forced, a[i]);
  for (size_t i = 0; ok && i < n; i++) {
    ok = FER_PUSH(f, st, a[i]);
    while (ok && st.size) {
      fer_term u = FER_POP(st);
      if (fer_map_get(&seen, u)) continue;
      ok = fer_map_put(f, &seen, u, 1);
      uint32_t m = fer_term_nargs(f, u);
      if (ok && m && !fer_map_get(&forced, u)) ok = add_node(c, u);
      for (uint32_t j = 0; ok && j < m; j++) ok = FER_PUSH(f, st, fer_term_arg(f, u, j));
    }
  }
  FER_RELEASE(f, st);
  fer_map_release(f, &forced);
  fer_map_release(f, &seen);
  if (!ok) fer_coverage_release(c);
  return ok;
}

void fer_coverage_release(fer_coverage *c) {
  ferret *f = c->f;
  if (!f) return;
  FER_RELEASE(f, c->roots);
  fer_map_release(f, &c->node);
  FER_RELEASE(f, c->seen0);
  FER_RELEASE(f, c->seen1);
  FER_RELEASE(f, c->mask);
  FER_RELEASE(f, c->kind);
  memset(c, 0, sizeof *c);
}

static uint32_t popcount(fer_u128 v) {
  return (uint32_t)(__builtin_popcountll((uint64_t)v) +
                    __builtin_popcountll((uint64_t)(v >> 64)));
}

static void visit(void *user, fer_term t, fer_u128 v) {
  fer_coverage *c = user;
  uint32_t k = fer_map_get(&c->node, t);
  if (!k--) return;
  fer_u128 m = c->mask.data[k];
  v &= m;
  fer_u128 before = c->seen0.data[k] & c->seen1.data[k];
  c->seen1.data[k] |= v;
  c->seen0.data[k] |= ~v & m;
  fer_u128 after = c->seen0.data[k] & c->seen1.data[k];
  c->covered[c->kind.data[k]] += popcount(after & ~before);
}

int fer_coverage_add(fer_coverage *c, const fer_model *m) {
  if (!fer_eval_visit(c->f, c->roots.data, c->roots.size, m, visit, c)) return 0;
  c->samples++;
  return 1;
}

double fer_coverage_percent(const fer_coverage *c, int kind) {
  uint64_t tot = 0, cov = 0;
  for (int k = 0; k < FER_COV_KINDS; k++)
    if (kind < 0 || kind == k) tot += c->total[k], cov += c->covered[k];
  return tot ? 100.0 * (double)cov / (double)tot : 0;
}
