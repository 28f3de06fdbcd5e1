/* Independent components: assertions that share no variable (directly or
 * through a chain of assertions) can be solved separately and their models
 * joined.  Union-find over the query's variables, one walk per assertion;
 * memory sized by the query (base/map.h), not by the store. */
#include <string.h>

#include "base/map.h"
#include "engine/pre.h"

static uint32_t find(uint32_t *parent, uint32_t x) {
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

void fer_components_release(ferret *f, fer_components *c) {
  FER_FREE_ARRAY(f, c->of, c->n);
  memset(c, 0, sizeof *c);
}

int fer_split(ferret *f, const fer_term *a, size_t n, bool enabled,
              fer_components *out) {
  memset(out, 0, sizeof *out);
  out->n = n;
  out->of = FER_NEW_ARRAY(f, uint32_t, n);
  if (!out->of) return 0;
  if (!enabled || n <= 1) {
    out->count = n ? 1 : 0;
    return 1;
  }
  /* Variables get local numbers 0, 1, ... in order of appearance (vars:
   * variable term -> local + 1), so the union-find is sized by the
   * query's variables; seen: term -> the last assertion that walked it. */
  fer_map vars, seen;
  fer_map_init(&vars);
  fer_map_init(&seen);
  FER_STACK(uint32_t) parent = {0}, id = {0};
  uint32_t *first = fer_malloc(f, n * sizeof *first); /* local var or NONE */
  fer_term_stack st = {0};
  int ok = first != NULL;
  for (size_t i = 0; ok && i < n; i++) {
    first[i] = UINT32_MAX;
    uint32_t mark = (uint32_t)i + 1;
    if (!FER_PUSH(f, st, a[i])) ok = 0;
    while (ok && st.size) {
      fer_term t = FER_POP(st);
      if (fer_map_get(&seen, t) == mark) continue;
      if (!fer_map_put(f, &seen, t, mark)) {
        ok = 0;
        break;
      }
      uint32_t m = fer_term_nargs(f, t);
      if (!m) {
        if (fer_term_op(f, t) != FER_OP_VAR) continue;
        uint32_t v = fer_map_get(&vars, t);
        if (v) {
          v--;
        } else {
          v = (uint32_t)parent.size;
          if (!fer_map_put(f, &vars, t, v + 1) || !FER_PUSH(f, parent, v) ||
              !FER_PUSH(f, id, UINT32_MAX)) {
            ok = 0;
            break;
          }
        }
        if (first[i] == UINT32_MAX)
          first[i] = v;
        else
          parent.data[find(parent.data, v)] = find(parent.data, first[i]);
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
    uint32_t r = find(parent.data, first[i]);
    if (id.data[r] == UINT32_MAX) id.data[r] = out->count++;
    out->of[i] = id.data[r];
  }
  FER_RELEASE(f, st);
  FER_RELEASE(f, parent);
  FER_RELEASE(f, id);
  fer_map_release(f, &vars);
  fer_map_release(f, &seen);
  fer_free(f, first, n * sizeof *first);
  return ok;
}
