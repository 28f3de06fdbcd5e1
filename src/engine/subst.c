/* Bottom-up rewriting of a term DAG under a variable substitution, every
 * rebuilt node simplified by fer_simp_mk.  The walk uses an explicit stack
 * (benchmarks have terms 10^5 deep) and a memo by term id, so a DAG costs
 * time linear in its distinct nodes however much it is shared. */
#include <string.h>

#include "engine/pre.h"

void fer_subst_init(fer_subst *s) { memset(s, 0, sizeof *s); }

void fer_subst_release(ferret *f, fer_subst *s) {
  fer_free(f, s->var_map, (size_t)s->var_cap * sizeof *s->var_map);
  fer_free(f, s->memo, (size_t)s->memo_cap * sizeof *s->memo);
  FER_RELEASE(f, s->stack);
  FER_RELEASE(f, s->args);
  fer_subst_init(s);
}

/* Grow a zero-filled array of fer_term to at least `need` entries. */
static int grow(ferret *f, fer_term **p, uint32_t *cap, uint32_t need) {
  if (need <= *cap) return 1;
  uint32_t c = *cap ? *cap : 256;
  while (c < need) c *= 2;
  fer_term *q = fer_realloc(f, *p, (size_t)*cap * sizeof *q, (size_t)c * sizeof *q);
  if (!q) return 0;
  memset(q + *cap, 0, (size_t)(c - *cap) * sizeof *q);
  *p = q, *cap = c;
  return 1;
}

int fer_subst_set(ferret *f, fer_subst *s, fer_term var, fer_term t) {
  uint32_t v = fer_term_idx(f, var, 0);
  if (!grow(f, &s->var_map, &s->var_cap, v + 1)) return 0;
  s->var_map[v] = t;
  return 1;
}

void fer_subst_reset_memo(fer_subst *s) {
  if (s->memo) memset(s->memo, 0, (size_t)s->memo_cap * sizeof *s->memo);
}

fer_term fer_subst_apply(ferret *f, fer_subst *s, fer_term root) {
  if (!grow(f, &s->memo, &s->memo_cap, fer_term_count(f) + 1)) return 0;
  if (s->memo[root]) return s->memo[root];
  FER_CLEAR(s->stack);
  if (!FER_PUSH(f, s->stack, root)) return 0;
  while (s->stack.size) {
    fer_term t = FER_TOP(s->stack);
    if (s->memo[t]) {
      s->stack.size--;
      continue;
    }
    const fer_node *nd = fer_node_of(f, t);
    uint32_t n = nd->nargs;
    if (!n) {
      fer_term r = t;
      if (nd->op == FER_OP_VAR && nd->idx[0] < s->var_cap &&
          s->var_map[nd->idx[0]])
        r = s->var_map[nd->idx[0]];
      s->memo[t] = r;
      s->stack.size--;
      continue;
    }
    bool pending = false;
    for (uint32_t i = n; i-- > 0;) {
      fer_term a = fer_term_arg(f, t, i);
      if (!s->memo[a]) {
        if (!FER_PUSH(f, s->stack, a)) return 0;
        pending = true;
      }
    }
    if (pending) continue;
    FER_CLEAR(s->args);
    if (!FER_RESERVE(f, s->args, n)) return 0;
    const fer_term *args = fer_term_args(f, t); /* re-read: pool may move */
    for (uint32_t i = 0; i < n; i++) s->args.data[i] = s->memo[args[i]];
    fer_op op = (fer_op)nd->op;
    uint32_t i0 = nd->idx[0], i1 = nd->idx[1];
    fer_term r = fer_simp_mk(f, op, n, s->args.data, i0, i1);
    if (!r) return 0;
    /* the memo may not have grown while r was built: t is old */
    s->memo[t] = r;
    s->stack.size--;
  }
  return s->memo[root];
}

int fer_collect_vars(ferret *f, const fer_term *a, size_t n,
                     fer_term_stack *vars) {
  uint32_t cap = fer_term_count(f) + 1;
  uint8_t *seen = fer_calloc(f, cap);
  fer_term_stack st = {0};
  int ok = seen != NULL;
  for (size_t i = 0; ok && i < n; i++) {
    if (!FER_PUSH(f, st, a[i])) ok = 0;
    while (ok && st.size) {
      fer_term t = FER_POP(st);
      if (seen[t]) continue;
      seen[t] = 1;
      uint32_t m = fer_term_nargs(f, t);
      if (!m) {
        if (fer_term_op(f, t) == FER_OP_VAR && !FER_PUSH(f, *vars, t)) ok = 0;
        continue;
      }
      if (!FER_RESERVE(f, st, m)) {
        ok = 0;
        break;
      }
      const fer_term *args = fer_term_args(f, t);
      for (uint32_t j = m; j-- > 0;) st.data[st.size++] = args[j];
    }
  }
  FER_RELEASE(f, st);
  fer_free(f, seen, cap);
  return ok;
}
