/* Independent components: assertions that share no variable (directly or
 * through a chain of assertions) can be solved separately and their models
 * joined.  Union-find over variable numbers, one walk per assertion. */
#include <string.h>

#include "engine/pre.h"

static uint32_t find(uint32_t *parent, uint32_t x) {
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

void fer_components_release(ferret *f, fer_components *c) {
  fer_free(f, c->of, c->n * sizeof *c->of);
  memset(c, 0, sizeof *c);
}

int fer_split(ferret *f, const fer_term *a, size_t n, bool enabled,
              fer_components *out) {
  memset(out, 0, sizeof *out);
  out->n = n;
  out->of = fer_calloc(f, (n ? n : 1) * sizeof *out->of);
  if (!out->of) return 0;
  if (!enabled || n <= 1) {
    out->count = n ? 1 : 0;
    return 1;
  }
  uint32_t nv = fer_var_count(f), nt = fer_term_count(f) + 1;
  uint32_t *parent = fer_malloc(f, (size_t)(nv ? nv : 1) * sizeof *parent);
  uint32_t *stamp = fer_calloc(f, (size_t)nt * sizeof *stamp);
  uint32_t *first = fer_malloc(f, n * sizeof *first); /* a var or UINT32_MAX */
  uint32_t *id = fer_malloc(f, (size_t)(nv ? nv : 1) * sizeof *id);
  fer_term_stack st = {0};
  int ok = parent && stamp && first && id;
  for (uint32_t v = 0; ok && v < nv; v++) parent[v] = v, id[v] = UINT32_MAX;
  for (size_t i = 0; ok && i < n; i++) {
    first[i] = UINT32_MAX;
    uint32_t mark = (uint32_t)i + 1;
    if (!FER_PUSH(f, st, a[i])) ok = 0;
    while (ok && st.size) {
      fer_term t = FER_POP(st);
      if (stamp[t] == mark) continue;
      stamp[t] = mark;
      uint32_t m = fer_term_nargs(f, t);
      if (!m) {
        if (fer_term_op(f, t) != FER_OP_VAR) continue;
        uint32_t v = fer_term_idx(f, t, 0);
        if (first[i] == UINT32_MAX)
          first[i] = v;
        else
          parent[find(parent, v)] = find(parent, first[i]);
        continue;
      }
      if (!FER_RESERVE(f, st, m)) {
        ok = 0;
        break;
      }
      const fer_term *args = fer_term_args(f, t);
      for (uint32_t j = 0; j < m; j++) st.data[st.size++] = args[j];
    }
  }
  /* Number components by first assertion; ground assertions alone. */
  for (size_t i = 0; ok && i < n; i++) {
    if (first[i] == UINT32_MAX) {
      out->of[i] = out->count++;
      continue;
    }
    uint32_t r = find(parent, first[i]);
    if (id[r] == UINT32_MAX) id[r] = out->count++;
    out->of[i] = id[r];
  }
  FER_RELEASE(f, st);
  fer_free(f, parent, (size_t)(nv ? nv : 1) * sizeof *parent);
  fer_free(f, stamp, (size_t)nt * sizeof *stamp);
  fer_free(f, first, n * sizeof *first);
  fer_free(f, id, (size_t)(nv ? nv : 1) * sizeof *id);
  return ok;
}
