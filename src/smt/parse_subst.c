/* Applying a define-fun with parameters: the body with its PARAM leaves
 * replaced by the arguments.  The body is a DAG, so the substitution is
 * memoised (each distinct subterm rebuilt once) and iterative (no
 * recursion on the depth of the body). */
#include "smt/parse.h"

#include <string.h>

static uint32_t slot_hash(fer_term t) { return t * 0x9e3779b1u; }

static fer_subst_entry *memo_find(fer_reader *rd, fer_term key) {
  uint32_t mask = rd->memo_cap - 1, j = slot_hash(key) & mask;
  for (;; j = (j + 1) & mask) {
    fer_subst_entry *e = &rd->memo[j];
    if (e->gen != rd->memo_gen || e->key == key) return e;
  }
}

static fer_term memo_get(fer_reader *rd, fer_term key) {
  fer_subst_entry *e = memo_find(rd, key);
  return e->gen == rd->memo_gen ? e->value : 0;
}

static bool memo_put(ferret *f, fer_reader *rd, fer_term key, fer_term value) {
  if ((rd->memo_used + 1) * 2 > rd->memo_cap) {
    uint32_t cap = rd->memo_cap ? rd->memo_cap * 2 : 256;
    fer_subst_entry *old = rd->memo, *m = fer_calloc(f, (size_t)cap * sizeof *m);
    if (!m) return false;
    uint32_t oldcap = rd->memo_cap;
    rd->memo = m, rd->memo_cap = cap;
    for (uint32_t i = 0; i < oldcap; i++)
      if (old[i].gen == rd->memo_gen) *memo_find(rd, old[i].key) = old[i];
    fer_free(f, old, (size_t)oldcap * sizeof *old);
  }
  fer_subst_entry *e = memo_find(rd, key);
  if (e->gen != rd->memo_gen) rd->memo_used++;
  e->key = key, e->value = value, e->gen = rd->memo_gen;
  return true;
}

fer_term fer_rd_apply_fun(ferret *f, fer_reader *rd, const fer_fundef *fun,
                          const fer_term *args) {
  if (!rd->memo_cap) {
    rd->memo = fer_calloc(f, 256 * sizeof *rd->memo);
    if (!rd->memo) return 0;
    rd->memo_cap = 256;
  }
  if (++rd->memo_gen == 0) { /* generations wrapped: forget everything */
    memset(rd->memo, 0, (size_t)rd->memo_cap * sizeof *rd->memo);
    rd->memo_gen = 1;
  }
  rd->memo_used = 0;
  fer_term body = fun->body, result = 0;
  size_t wbase = rd->work.size, sbase = rd->scratch.size;
  if (!FER_PUSH(f, rd->work, body)) return 0;
  while (rd->work.size > wbase) {
    fer_term t = FER_TOP(rd->work);
    if (memo_get(rd, t)) {
      rd->work.size--;
      continue;
    }
    const fer_node *n = fer_node_of(f, t);
    if (n->op == FER_OP_PARAM || !n->nargs) {
      fer_term v = n->op == FER_OP_PARAM ? args[n->idx[0]] : t;
      if (!memo_put(f, rd, t, v)) goto done;
      rd->work.size--;
      continue;
    }
    uint32_t nargs = n->nargs;
    bool pending = false;
    for (uint32_t i = 0; i < nargs; i++) {
      fer_term c = fer_term_arg(f, t, i);
      if (!memo_get(rd, c)) {
        if (!FER_PUSH(f, rd->work, c)) goto done;
        pending = true;
      }
    }
    if (pending) continue;
    bool changed = false;
    if (!FER_RESERVE(f, rd->scratch, nargs)) goto done;
    for (uint32_t i = 0; i < nargs; i++) {
      fer_term c = fer_term_arg(f, t, i), m = memo_get(rd, c);
      changed |= m != c;
      rd->scratch.data[sbase + i] = m;
    }
    fer_term v = t;
    if (changed) {
      n = fer_node_of(f, t);
      v = fer_mk(f, (fer_op)n->op, nargs, rd->scratch.data + sbase, n->idx[0],
                 n->idx[1]);
      if (!v) goto done;
    }
    if (!memo_put(f, rd, t, v)) goto done;
    rd->work.size--;
  }
  result = memo_get(rd, body);
done:
  rd->work.size = wbase;
  rd->scratch.size = sbase;
  return result;
}
