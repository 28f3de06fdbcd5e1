/* The rewriting walker (contract in rewrite.h). */
#include "smt/rewrite.h"

#include <string.h>

/* ------------------------------------------------------------- walker */

void fer_rewriter_init(fer_rewriter *r, fer_rewrite_leaf_fn leaf,
                       fer_rewrite_node_fn node, void *user) {
  memset(r, 0, sizeof *r);
  r->leaf = leaf, r->node = node, r->user = user;
  fer_map_init(&r->memo);
}

void fer_rewriter_release(ferret *f, fer_rewriter *r) {
  fer_map_release(f, &r->memo);
  FER_RELEASE(f, r->work);
  FER_RELEASE(f, r->args);
  fer_rewriter_init(r, r->leaf, r->node, r->user);
}

void fer_rewriter_forget(fer_rewriter *r) { fer_map_clear(&r->memo); }

#define get(R, K) fer_map_get(&(R)->memo, (K))
#define put(F, R, K, V) fer_map_put((F), &(R)->memo, (K), (V))

fer_term fer_rewrite_same_op(ferret *f, void *user, fer_term t, const fer_term *args,
                             bool changed) {
  (void)user;
  if (!changed) return t;
  return fer_mk(f, fer_term_op(f, t), fer_term_nargs(f, t), args, fer_term_idx(f, t, 0),
                fer_term_idx(f, t, 1));
}

fer_term fer_rewrite(ferret *f, fer_rewriter *r, fer_term root) {
  fer_term done = get(r, root);
  if (done) return done;
  size_t wbase = r->work.size;
  if (!FER_PUSH(f, r->work, root)) return 0;
  while (r->work.size > wbase) {
    fer_term t = FER_TOP(r->work);
    if (get(r, t)) {
      r->work.size--;
      continue;
    }
    uint32_t n = fer_term_nargs(f, t);
    if (!n) {
      fer_term v = r->leaf(f, r->user, t);
      if (!v || !put(f, r, t, v)) goto fail;
      r->work.size--;
      continue;
    }
    bool pending = false;
    for (uint32_t i = n; i-- > 0;) {
      fer_term a = fer_term_arg(f, t, i);
      if (!get(r, a)) {
        if (!FER_PUSH(f, r->work, a)) goto fail;
        pending = true;
      }
    }
    if (pending) continue;
    FER_CLEAR(r->args);
    if (!FER_RESERVE(f, r->args, n)) goto fail;
    bool changed = false;
    for (uint32_t i = 0; i < n; i++) {
      fer_term a = fer_term_arg(f, t, i), m = get(r, a);
      changed |= m != a;
      r->args.data[i] = m;
    }
    fer_term v = r->node(f, r->user, t, r->args.data, changed);
    if (!v || !put(f, r, t, v)) goto fail;
    r->work.size--;
  }
  return get(r, root);
fail:
  r->work.size = wbase;
  return 0;
}
