/* Relations between terms: the union-find, the order graphs and their
 * strongly connected components (relate.h says what is proved and why it
 * is sound).  Per query; memory freed before returning. */
#include "engine/relate.h"

#include <string.h>

#include "base/map.h"
#include "base/stack.h"

enum { ORDER_FP, ORDER_BVU, ORDER_BVS, NORDERS };

typedef struct edge {
  uint32_t from, to; /* node numbers: from < to (strict) or from <= to */
  uint8_t order;
  bool strict;
} edge;

typedef struct relate {
  ferret *f;
  fer_map node;                /* term -> node + 1 */
  FER_STACK(uint32_t) parent;  /* union-find over nodes */
  FER_STACK(edge) edges;
  FER_STACK(uint32_t) diseq;   /* pairs of nodes that differ */
  FER_STACK(fer_term) todo;
  bool ok;                     /* no allocation failed */
} relate;

static uint32_t node(relate *r, fer_term t) {
  uint32_t v = fer_map_get(&r->node, t);
  if (v) return v - 1;
  uint32_t n = (uint32_t)r->parent.size;
  if (!FER_PUSH(r->f, r->parent, n) || !fer_map_put(r->f, &r->node, t, n + 1)) r->ok = false;
  return n;
}

static uint32_t find(relate *r, uint32_t x) {
  while (r->parent.data[x] != x) {
    r->parent.data[x] = r->parent.data[r->parent.data[x]];
    x = r->parent.data[x];
  }
  return x;
}

static void unite(relate *r, fer_term a, fer_term b) {
  uint32_t x = node(r, a), y = node(r, b);
  if (!r->ok) return;
  x = find(r, x), y = find(r, y);
  if (x != y) r->parent.data[x] = y;
}

static void order(relate *r, int o, fer_term lo, fer_term hi, bool strict) {
  edge e = {node(r, lo), node(r, hi), (uint8_t)o, strict};
  if (r->ok && !FER_PUSH(r->f, r->edges, e)) r->ok = false;
}

static void differ(relate *r, fer_term a, fer_term b) {
  uint32_t x = node(r, a), y = node(r, b);
  if (r->ok && (!FER_PUSH(r->f, r->diseq, x) || !FER_PUSH(r->f, r->diseq, y))) r->ok = false;
}

/* Is t a constant zero: BV 0, or FP +0 or -0? */
static bool is_zero(ferret *f, fer_term t) {
  if (fer_term_op(f, t) != FER_OP_CONST) return false;
  const fer_sort_info *s = fer_sort_get(f, fer_term_sort(f, t));
  uint32_t width = s->kind == FER_SORT_BV ? s->a : s->kind == FER_SORT_FP ? s->a + s->b : 0;
  if (!width) return false;
  const uint64_t *limb = fer_const_limbs(f, t);
  for (uint32_t k = 0; k < (width + 63) / 64; k++) {
    uint64_t w = limb[k];
    if (s->kind == FER_SORT_FP && k == (width - 1) / 64)
      w &= ~((uint64_t)1 << ((width - 1) % 64)); /* the sign */
    if (w) return false;
  }
  return true;
}

/* t is zero (BV: identically; FP: numerically): what that says of its
 * arguments (relate.h's exact facts). */
static void zero_fact(relate *r, fer_term t) {
  ferret *f = r->f;
  const fer_term *x = fer_term_args(f, t);
  switch (fer_term_op(f, t)) {
  case FER_OP_BVSUB:
  case FER_OP_BVXOR:
    if (fer_term_nargs(f, t) == 2) unite(r, x[0], x[1]);
    break;
  case FER_OP_FP_SUB: /* (rm, x, y) */
    order(r, ORDER_FP, x[1], x[2], false);
    order(r, ORDER_FP, x[2], x[1], false);
    break;
  case FER_OP_TO_FP_SBV:
  case FER_OP_TO_FP_UBV: /* (rm, t) */
    zero_fact(r, x[1]);
    break;
  default:
    break;
  }
}

/* BV order operators as (order, strict, swapped): a op b is lo < hi or
 * lo <= hi with (lo, hi) = swapped ? (b, a) : (a, b). */
static bool bv_order(fer_op op, int *o, bool *strict, bool *swap) {
  switch (op) {
  case FER_OP_BVULT: *o = ORDER_BVU, *strict = true, *swap = false; return true;
  case FER_OP_BVULE: *o = ORDER_BVU, *strict = false, *swap = false; return true;
  case FER_OP_BVUGT: *o = ORDER_BVU, *strict = true, *swap = true; return true;
  case FER_OP_BVUGE: *o = ORDER_BVU, *strict = false, *swap = true; return true;
  case FER_OP_BVSLT: *o = ORDER_BVS, *strict = true, *swap = false; return true;
  case FER_OP_BVSLE: *o = ORDER_BVS, *strict = false, *swap = false; return true;
  case FER_OP_BVSGT: *o = ORDER_BVS, *strict = true, *swap = true; return true;
  case FER_OP_BVSGE: *o = ORDER_BVS, *strict = false, *swap = true; return true;
  default: return false;
  }
}

/* One asserted conjunct (AND: its arguments are pushed). */
static void atom(relate *r, fer_term t) {
  ferret *f = r->f;
  fer_op op = fer_term_op(f, t);
  uint32_t n = fer_term_nargs(f, t);
  const fer_term *x = fer_term_args(f, t);
  int o;
  bool strict, swap;
  switch (op) {
  case FER_OP_AND:
    for (uint32_t i = 0; i < n && r->ok; i++)
      if (!FER_PUSH(f, r->todo, x[i])) r->ok = false;
    return;
  case FER_OP_EQ: {
    fer_sort_kind k = (fer_sort_kind)fer_sort_get(f, fer_term_sort(f, x[0]))->kind;
    if (k != FER_SORT_BV && k != FER_SORT_FP) return;
    for (uint32_t i = 0; i + 1 < n; i++) {
      unite(r, x[i], x[i + 1]);
      if (is_zero(f, x[i + 1])) zero_fact(r, x[i]);
      if (is_zero(f, x[i])) zero_fact(r, x[i + 1]);
    }
    return;
  }
  case FER_OP_FP_EQ:
    for (uint32_t i = 0; i + 1 < n; i++) {
      order(r, ORDER_FP, x[i], x[i + 1], false);
      order(r, ORDER_FP, x[i + 1], x[i], false);
      if (is_zero(f, x[i + 1])) zero_fact(r, x[i]);
      if (is_zero(f, x[i])) zero_fact(r, x[i + 1]);
    }
    return;
  case FER_OP_FP_LT:
  case FER_OP_FP_LEQ:
  case FER_OP_FP_GT:
  case FER_OP_FP_GEQ:
    strict = op == FER_OP_FP_LT || op == FER_OP_FP_GT;
    swap = op == FER_OP_FP_GT || op == FER_OP_FP_GEQ;
    for (uint32_t i = 0; i + 1 < n; i++)
      order(r, ORDER_FP, x[i + swap], x[i + !swap], strict);
    return;
  case FER_OP_DISTINCT:
    for (uint32_t i = 0; i < n && i < 32; i++)
      for (uint32_t j = i + 1; j < n && j < 32; j++) differ(r, x[i], x[j]);
    return;
  case FER_OP_NOT: {
    fer_term y = x[0];
    fer_op inner = fer_term_op(f, y);
    const fer_term *z = fer_term_args(f, y);
    if (inner == FER_OP_EQ && fer_term_nargs(f, y) == 2) {
      differ(r, z[0], z[1]);
    } else if (bv_order(inner, &o, &strict, &swap) && fer_term_nargs(f, y) == 2) {
      /* not (a < b) is b <= a; not (a <= b) is b < a */
      order(r, o, z[!swap], z[swap], !strict);
    }
    return;
  }
  default:
    if (bv_order(op, &o, &strict, &swap))
      for (uint32_t i = 0; i + 1 < n; i++) order(r, o, x[i + swap], x[i + !swap], strict);
    return;
  }
}

/* Strongly connected components of one order's graph over the classes
 * (Tarjan's algorithm without recursion); a strict edge inside one is a
 * contradiction. */
static bool strict_cycle(relate *r, int o) {
  ferret *f = r->f;
  uint32_t nn = (uint32_t)r->parent.size, ne = 0;
  for (size_t e = 0; e < r->edges.size; e++) ne += r->edges.data[e].order == o;
  if (!ne) return false;
  size_t words = 7 * (size_t)nn + 1 + ne;
  uint32_t *mem = fer_calloc(f, words * sizeof *mem);
  if (!mem) {
    r->ok = false;
    return false;
  }
  uint32_t *start = mem, *adj = start + nn + 1, *index = adj + ne, *low = index + nn,
           *comp = low + nn, *stack = comp + nn, *call = stack + nn, *next = call + nn;
  /* adjacency in CSR form, between class representatives */
  for (size_t e = 0; e < r->edges.size; e++)
    if (r->edges.data[e].order == o) start[find(r, r->edges.data[e].from) + 1]++;
  for (uint32_t v = 0; v < nn; v++) start[v + 1] += start[v];
  memcpy(next, start, nn * sizeof *next); /* the fill position per node */
  for (size_t e = 0; e < r->edges.size; e++)
    if (r->edges.data[e].order == o)
      adj[next[find(r, r->edges.data[e].from)]++] = find(r, r->edges.data[e].to);
  /* index 0: unvisited; comp 0: on the stack or unvisited; call is the
   * depth-first path, next[v] the position of v's next edge */
  uint32_t counter = 0, sp = 0, ncomp = 0;
  for (uint32_t root = 0; root < nn; root++) {
    if (index[root]) continue;
    uint32_t depth = 0;
    call[depth++] = root;
    next[root] = start[root];
    index[root] = low[root] = ++counter;
    stack[sp++] = root;
    while (depth) {
      uint32_t v = call[depth - 1];
      if (next[v] < start[v + 1]) {
        uint32_t w = adj[next[v]++];
        if (!index[w]) {
          index[w] = low[w] = ++counter;
          stack[sp++] = w;
          next[w] = start[w];
          call[depth++] = w;
        } else if (!comp[w] && index[w] < low[v]) {
          low[v] = index[w];
        }
        continue;
      }
      if (low[v] == index[v]) {
        ncomp++;
        uint32_t w;
        do {
          w = stack[--sp];
          comp[w] = ncomp;
        } while (w != v);
      }
      depth--;
      if (depth && low[v] < low[call[depth - 1]]) low[call[depth - 1]] = low[v];
    }
  }
  bool found = false;
  for (size_t e = 0; e < r->edges.size && !found; e++) {
    const edge *x = &r->edges.data[e];
    found = x->order == o && x->strict && comp[find(r, x->from)] == comp[find(r, x->to)];
  }
  fer_free(f, mem, words * sizeof *mem);
  return found;
}

bool fer_relations_run(ferret *f, const fer_term *a, size_t n, bool *unsat) {
  relate r;
  memset(&r, 0, sizeof r);
  r.f = f, r.ok = true;
  fer_map_init(&r.node);
  *unsat = false;
  for (size_t i = 0; i < n && r.ok; i++) {
    if (!FER_PUSH(f, r.todo, a[i])) r.ok = false;
    while (r.ok && r.todo.size) atom(&r, r.todo.data[--r.todo.size]);
  }
  for (size_t k = 0; r.ok && k + 1 < r.diseq.size && !*unsat; k += 2)
    *unsat = find(&r, r.diseq.data[k]) == find(&r, r.diseq.data[k + 1]);
  for (int o = 0; r.ok && o < NORDERS && !*unsat; o++) *unsat = strict_cycle(&r, o);
  bool ok = r.ok;
  if (!ok) *unsat = false;
  fer_map_release(f, &r.node);
  FER_RELEASE(f, r.parent);
  FER_RELEASE(f, r.edges);
  FER_RELEASE(f, r.diseq);
  FER_RELEASE(f, r.todo);
  return ok;
}
