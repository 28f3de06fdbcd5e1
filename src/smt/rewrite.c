/* The rewriting walker (contract in rewrite.h). */
#include "smt/rewrite.h"

#include <string.h>

void fer_rewriter_init(fer_rewriter *r, fer_rewrite_leaf_fn leaf,
                       fer_rewrite_node_fn node, void *user) {
  memset(r, 0, sizeof *r);
  r->leaf = leaf, r->node = node, r->user = user;
  r->gen = 1;
}

void fer_rewriter_release(ferret *f, fer_rewriter *r) {
  fer_free(f, r->memo, (size_t)r->cap * sizeof *r->memo);
  FER_RELEASE(f, r->work);
  FER_RELEASE(f, r->args);
  fer_rewriter_init(r, r->leaf, r->node, r->user);
}

void fer_rewriter_forget(fer_rewriter *r) {
  r->used = 0;
  if (++r->gen == 0) { /* generations wrapped: clear the stamps once */
    if (r->memo) memset(r->memo, 0, (size_t)r->cap * sizeof *r->memo);
    r->gen = 1;
  }
}

static fer_rewrite_entry *find(const fer_rewriter *r, fer_term key) {
  uint32_t mask = r->cap - 1, j = (key * 0x9e3779b1u) & mask;
  for (;; j = (j + 1) & mask) {
    fer_rewrite_entry *e = &r->memo[j];
    if (e->gen != r->gen || e->key == key) return e;
  }
}

static fer_term get(const fer_rewriter *r, fer_term key) {
  if (!r->cap) return 0;
  const fer_rewrite_entry *e = find(r, key);
  return e->gen == r->gen ? e->value : 0;
}

static bool put(ferret *f, fer_rewriter *r, fer_term key, fer_term value) {
  if ((r->used + 1) * 2 > r->cap) {
    uint32_t cap = r->cap ? r->cap * 2 : 64, oldcap = r->cap;
    fer_rewrite_entry *old = r->memo, *m = fer_calloc(f, (size_t)cap * sizeof *m);
    if (!m) return false;
    r->memo = m, r->cap = cap;
    for (uint32_t i = 0; i < oldcap; i++)
      if (old[i].gen == r->gen) *find(r, old[i].key) = old[i];
    fer_free(f, old, (size_t)oldcap * sizeof *old);
  }
  fer_rewrite_entry *e = find(r, key);
  if (e->gen != r->gen) r->used++;
  e->key = key, e->value = value, e->gen = r->gen;
  return true;
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
