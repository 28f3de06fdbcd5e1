/* The rewriting walker (contract in rewrite.h). */
#include "smt/rewrite.h"

#include <string.h>

/* ------------------------------------------------------- term -> term */

void fer_tmap_init(fer_tmap *m) {
  memset(m, 0, sizeof *m);
  m->gen = 1;
}

void fer_tmap_release(ferret *f, fer_tmap *m) {
  fer_free(f, m->slot, (size_t)m->cap * sizeof *m->slot);
  fer_tmap_init(m);
}

void fer_tmap_clear(fer_tmap *m) {
  m->used = 0;
  if (++m->gen == 0) { /* generations wrapped: clear the stamps once */
    if (m->slot) memset(m->slot, 0, (size_t)m->cap * sizeof *m->slot);
    m->gen = 1;
  }
}

static fer_tmap_entry *find(const fer_tmap *m, fer_term key) {
  uint32_t mask = m->cap - 1, j = (key * 0x9e3779b1u) & mask;
  for (;; j = (j + 1) & mask) {
    fer_tmap_entry *e = &m->slot[j];
    if (e->gen != m->gen || e->key == key) return e;
  }
}

fer_term fer_tmap_get(const fer_tmap *m, fer_term key) {
  if (!m->cap) return 0;
  const fer_tmap_entry *e = find(m, key);
  return e->gen == m->gen ? e->value : 0;
}

bool fer_tmap_put(ferret *f, fer_tmap *m, fer_term key, fer_term value) {
  if ((m->used + 1) * 2 > m->cap) {
    uint32_t cap = m->cap ? m->cap * 2 : 64, oldcap = m->cap;
    fer_tmap_entry *old = m->slot, *n = fer_calloc(f, (size_t)cap * sizeof *n);
    if (!n) return false;
    m->slot = n, m->cap = cap;
    for (uint32_t i = 0; i < oldcap; i++)
      if (old[i].gen == m->gen) *find(m, old[i].key) = old[i];
    fer_free(f, old, (size_t)oldcap * sizeof *old);
  }
  fer_tmap_entry *e = find(m, key);
  if (e->gen != m->gen) m->used++;
  e->key = key, e->value = value, e->gen = m->gen;
  return true;
}

/* ------------------------------------------------------------- walker */

void fer_rewriter_init(fer_rewriter *r, fer_rewrite_leaf_fn leaf,
                       fer_rewrite_node_fn node, void *user) {
  memset(r, 0, sizeof *r);
  r->leaf = leaf, r->node = node, r->user = user;
  fer_tmap_init(&r->memo);
}

void fer_rewriter_release(ferret *f, fer_rewriter *r) {
  fer_tmap_release(f, &r->memo);
  FER_RELEASE(f, r->work);
  FER_RELEASE(f, r->args);
  fer_rewriter_init(r, r->leaf, r->node, r->user);
}

void fer_rewriter_forget(fer_rewriter *r) { fer_tmap_clear(&r->memo); }

#define get(R, K) fer_tmap_get(&(R)->memo, (K))
#define put(F, R, K, V) fer_tmap_put((F), &(R)->memo, (K), (V))

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
