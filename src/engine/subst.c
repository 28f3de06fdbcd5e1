/* Bottom-up rewriting of a term DAG under a variable substitution, every
 * rebuilt node simplified by fer_simp_mk: a job for the rewriting walker
 * (smt/rewrite.h: iterative, memoised, sized by the terms it visits). */
#include <string.h>

#include "engine/pre.h"

static fer_term var_leaf(ferret *f, void *user, fer_term t) {
  fer_subst *s = user;
  if (fer_term_op(f, t) != FER_OP_VAR) return t;
  fer_term r = fer_map_get(&s->map, t);
  return r ? r : t;
}

/* Every node rebuilt through fer_simp_mk, changed or not: a substitution
 * pass is also a simplification pass. */
static fer_term simp_node(ferret *f, void *user, fer_term t,
                          const fer_term *args, bool changed) {
  (void)user, (void)changed;
  return fer_simp_mk(f, fer_term_op(f, t), fer_term_nargs(f, t), args,
                     fer_term_idx(f, t, 0), fer_term_idx(f, t, 1));
}

void fer_subst_init(fer_subst *s) {
  fer_map_init(&s->map);
  fer_rewriter_init(&s->walk, var_leaf, simp_node, s);
}

void fer_subst_release(ferret *f, fer_subst *s) {
  fer_map_release(f, &s->map);
  fer_rewriter_release(f, &s->walk);
  fer_subst_init(s);
}

int fer_subst_set(ferret *f, fer_subst *s, fer_term var, fer_term t) {
  return fer_map_put(f, &s->map, var, t);
}

void fer_subst_reset_memo(fer_subst *s) { fer_rewriter_forget(&s->walk); }

fer_term fer_subst_apply(ferret *f, fer_subst *s, fer_term root) {
  s->walk.user = s; /* the struct may have moved since fer_subst_init */
  return fer_rewrite(f, &s->walk, root);
}

int fer_collect_vars(ferret *f, const fer_term *a, size_t n,
                     fer_term_stack *vars) {
  fer_map seen; /* term -> 1: walked */
  fer_map_init(&seen);
  fer_term_stack st = {0};
  int ok = 1;
  for (size_t i = 0; ok && i < n; i++) {
    if (!FER_PUSH(f, st, a[i])) ok = 0;
    while (ok && st.size) {
      fer_term t = FER_POP(st);
      if (fer_map_get(&seen, t)) continue;
      if (!fer_map_put(f, &seen, t, 1)) {
        ok = 0;
        break;
      }
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
  fer_map_release(f, &seen);
  return ok;
}
