/* Relations between terms: the union-find, the order graphs and their
 * strongly connected components (relate.h says what is proved and why it
 * is sound).  Per query; memory freed before returning. */
#include "engine/relate.h"

#include <string.h>

#include "base/map.h"
#include "base/stack.h"
#include "engine/interval.h"
#include "fp/fp.h"

enum { ORDER_FP, ORDER_BVU, ORDER_BVS, NORDERS };

typedef FER_STACK(fer_term) term_stack;

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
  FER_STACK(fer_term) term;    /* node -> term */
  FER_STACK(uint32_t) finite;  /* nodes proved finite (FP) */
  bool ok;                     /* no allocation failed */
} relate;

static uint32_t node(relate *r, fer_term t) {
  uint32_t v = fer_map_get(&r->node, t);
  if (v) return v - 1;
  uint32_t n = (uint32_t)r->parent.size;
  if (!FER_PUSH(r->f, r->parent, n) || !FER_PUSH(r->f, r->term, t) ||
      !fer_map_put(r->f, &r->node, t, n + 1))
    r->ok = false;
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
    if (r->ok && (!FER_PUSH(f, r->finite, node(r, x[1])) || !FER_PUSH(f, r->finite, node(r, x[2]))))
      r->ok = false;
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

/* Read the conjunction a[0..n) into r. */
static void collect(relate *r, ferret *f, const fer_term *a, size_t n) {
  memset(r, 0, sizeof *r);
  r->f = f, r->ok = true;
  fer_map_init(&r->node);
  for (size_t i = 0; i < n && r->ok; i++) {
    if (!FER_PUSH(f, r->todo, a[i])) r->ok = false;
    while (r->ok && r->todo.size) atom(r, r->todo.data[--r->todo.size]);
  }
}

/* A disequality within one class, or a strict edge within a cycle. */
static bool contradicted(relate *r) {
  bool unsat = false;
  for (size_t k = 0; r->ok && k + 1 < r->diseq.size && !unsat; k += 2)
    unsat = find(r, r->diseq.data[k]) == find(r, r->diseq.data[k + 1]);
  for (int o = 0; r->ok && o < NORDERS && !unsat; o++) unsat = strict_cycle(r, o);
  return unsat && r->ok;
}

static void release(relate *r) {
  ferret *f = r->f;
  fer_map_release(f, &r->node);
  FER_RELEASE(f, r->parent);
  FER_RELEASE(f, r->edges);
  FER_RELEASE(f, r->diseq);
  FER_RELEASE(f, r->todo);
  FER_RELEASE(f, r->term);
  FER_RELEASE(f, r->finite);
}

bool fer_relations_run(ferret *f, const fer_term *a, size_t n, bool *unsat) {
  relate r;
  collect(&r, f, a, n);
  *unsat = contradicted(&r);
  bool ok = r.ok;
  if (!ok) *unsat = false;
  release(&r);
  return ok;
}

/* ------------------------------------------- relations with intervals */

/* The bounds of one class: FP keys [lo, hi] (numeric order, interval.h's
 * keys) and whether NaN is possible; BV unsigned [lo, hi] and signed keys
 * [slo, shi].  kind 0: a class nothing is tracked for. */
typedef struct bounds {
  fer_u128 lo, hi, slo, shi;
  uint8_t kind; /* FER_IV_FP, FER_IV_BV or 0 */
  bool nan;     /* FP: NaN possible */
} bounds;

typedef struct fpkeys {
  fer_u128 nz, pz, ninf, pinf; /* keys of -0, +0, -oo, +oo */
  fer_fmt fmt;
} fpkeys;

static fpkeys fp_keys(uint32_t eb, uint32_t sb) {
  fpkeys k;
  fer_u128 S = (fer_u128)1 << (eb + sb - 1);
  fer_u128 infmag = (((fer_u128)1 << eb) - 1) << (sb - 1);
  k.nz = S - 1, k.pz = S, k.ninf = S - 1 - infmag, k.pinf = S + infmag;
  k.fmt.eb = eb, k.fmt.sb = sb;
  return k;
}

/* The full bounds of t's sort (kind 0 when it is not tracked). */
static bounds top_of(ferret *f, fer_term t) {
  bounds b;
  memset(&b, 0, sizeof b);
  const fer_sort_info *s = fer_sort_get(f, fer_term_sort(f, t));
  if (s->kind == FER_SORT_FP && s->a + s->b <= 128) {
    fpkeys k = fp_keys(s->a, s->b);
    b.kind = FER_IV_FP, b.lo = k.ninf, b.hi = k.pinf, b.nan = true;
  } else if (s->kind == FER_SORT_BV && s->a <= 128) {
    fer_u128 mask = s->a == 128 ? ~(fer_u128)0 : ((fer_u128)1 << s->a) - 1;
    b.kind = FER_IV_BV, b.lo = b.slo = 0, b.hi = b.shi = mask;
  }
  return b;
}

static fpkeys keys_of(ferret *f, fer_term t) {
  const fer_sort_info *s = fer_sort_get(f, fer_term_sort(f, t));
  return fp_keys(s->a, s->b);
}

static bool narrow_lo(fer_u128 *lo, fer_u128 v) {
  if (v <= *lo) return false;
  *lo = v;
  return true;
}

static bool narrow_hi(fer_u128 *hi, fer_u128 v) {
  if (v >= *hi) return false;
  *hi = v;
  return true;
}

/* One edge lo < hi (strict) or lo <= hi tells each end's bound to the
 * other.  FP: numeric order on keys, where -0 and +0 are equal (x >= +0
 * allows -0, x > -0 excludes +0).  An end with no value left is left as an
 * empty range (lo > hi).  Returns whether a bound moved. */
static bool along(ferret *f, const edge *e, fer_term t, bounds *a, bounds *b) {
  bool moved = false;
  if (e->order == ORDER_FP) {
    fpkeys k = keys_of(f, t);
    a->nan = b->nan = false;
    fer_u128 l = a->lo, h = b->hi;
    bool lz = l == k.nz || l == k.pz, hz = h == k.nz || h == k.pz;
    fer_u128 lo = e->strict ? (lz ? k.pz + 1 : l + 1) : (lz ? k.nz : l);
    fer_u128 hi = e->strict ? (hz ? k.nz - 1 : h - 1) : (hz ? k.pz : h);
    moved |= narrow_lo(&b->lo, lo);
    moved |= narrow_hi(&a->hi, hi);
    return moved;
  }
  bool sign = e->order == ORDER_BVS;
  fer_u128 *alo = sign ? &a->slo : &a->lo, *ahi = sign ? &a->shi : &a->hi;
  fer_u128 *blo = sign ? &b->slo : &b->lo, *bhi = sign ? &b->shi : &b->hi;
  if (!e->strict) {
    moved |= narrow_lo(blo, *alo);
    moved |= narrow_hi(ahi, *bhi);
    return moved;
  }
  if (*alo == top_of(f, t).hi || *bhi == 0) { /* nothing above / below */
    *blo = 1, *bhi = 0;
    return true;
  }
  moved |= narrow_lo(blo, *alo + 1);
  moved |= narrow_hi(ahi, *bhi - 1);
  return moved;
}

static bool empty(const bounds *b) {
  if (b->kind == FER_IV_FP) return b->lo > b->hi && !b->nan;
  if (b->kind == FER_IV_BV) return b->lo > b->hi || b->slo > b->shi;
  return false;
}

/* The bounds of every class: its members' domains met, the finite nodes,
 * then the order edges to a fixpoint (at most FER_IV_MAX_ROUNDS passes: a
 * strict cycle would creep one value per pass).  bs[] is by class
 * representative.  true: some class is empty (unsat). */
static bool class_bounds(relate *r, const fer_intervals *iv, bounds *bs) {
  ferret *f = r->f;
  uint32_t nn = (uint32_t)r->parent.size;
  for (uint32_t v = 0; v < nn; v++)
    if (find(r, v) == v) bs[v] = top_of(f, r->term.data[v]);
  for (uint32_t v = 0; v < nn; v++) {
    bounds *b = &bs[find(r, v)];
    const fer_ival *d = fer_intervals_of(iv, r->term.data[v]);
    if (!d || (b->kind == FER_IV_FP) != (d->kind == FER_IV_FP) || !b->kind) continue;
    if (d->kind == FER_IV_FP) {
      narrow_lo(&b->lo, d->lo), narrow_hi(&b->hi, d->hi);
      b->nan &= d->nan;
    } else if (d->kind == FER_IV_BV) {
      narrow_lo(&b->lo, d->lo), narrow_hi(&b->hi, d->hi);
      narrow_lo(&b->slo, d->slo), narrow_hi(&b->shi, d->shi);
    }
  }
  for (size_t i = 0; i < r->finite.size; i++) {
    uint32_t v = r->finite.data[i];
    bounds *b = &bs[find(r, v)];
    if (b->kind != FER_IV_FP) continue;
    fpkeys k = keys_of(f, r->term.data[v]);
    narrow_lo(&b->lo, k.ninf + 1), narrow_hi(&b->hi, k.pinf - 1);
    b->nan = false;
  }
  for (uint32_t pass = 0; pass < FER_IV_MAX_ROUNDS; pass++) {
    bool moved = false;
    for (size_t i = 0; i < r->edges.size; i++) {
      const edge *e = &r->edges.data[i];
      bounds *a = &bs[find(r, e->from)], *b = &bs[find(r, e->to)];
      if (!a->kind || a->kind != b->kind || (a->kind == FER_IV_FP) != (e->order == ORDER_FP))
        continue;
      moved |= along(f, e, r->term.data[e->from], a, b);
      if (empty(a) || empty(b)) return true;
    }
    if (!moved) break;
  }
  for (uint32_t v = 0; v < nn; v++)
    if (find(r, v) == v && empty(&bs[v])) return true;
  return false;
}

/* Add atom t (a new fact, true in every model) to out unless it is there. */
static void fact(relate *r, fer_map *seen, term_stack *out, bool *added,
                 fer_op op, fer_term x, fer_term y) {
  ferret *f = r->f;
  fer_term xy[2] = {x, y};
  fer_term t = x && y ? fer_mk(f, op, 2, xy, 0, 0) : 0;
  if (!t) {
    r->ok = false;
    return;
  }
  if (fer_map_get(seen, t)) return;
  if (!fer_map_put(f, seen, t, 1) || !FER_PUSH(f, *out, t)) r->ok = false;
  *added = true;
}

/* The bounds of t's class that are narrower than t's domain, as atoms
 * (fp.leq c t), (bvule t c), ... appended to out. */
static void bound_facts(relate *r, fer_term t, const bounds *b, const fer_intervals *iv,
                        fer_map *seen, term_stack *out, bool *added) {
  ferret *f = r->f;
  const fer_ival *d = fer_intervals_of(iv, t);
  bounds own = top_of(f, t);
  if (!b->kind || own.kind != b->kind) return;
  if (d && d->kind == b->kind) {
    own.lo = d->lo, own.hi = d->hi, own.nan = d->nan;
    if (d->kind == FER_IV_BV) own.slo = d->slo, own.shi = d->shi;
  }
  fer_sort so = fer_term_sort(f, t);
  if (b->kind == FER_IV_FP) {
    if (b->nan) return; /* a bound with "or NaN" is no atom */
    fpkeys k = keys_of(f, t);
    if (b->lo > own.lo || own.nan)
      fact(r, seen, out, added, FER_OP_FP_LEQ,
           fer_mk_const_u128(f, so, fer_fp_from_order_key(k.fmt, b->lo)), t);
    if (b->hi < own.hi)
      fact(r, seen, out, added, FER_OP_FP_LEQ, t,
           fer_mk_const_u128(f, so, fer_fp_from_order_key(k.fmt, b->hi)));
    return;
  }
  fer_u128 sbit = (top_of(f, t).hi >> 1) + 1;
  if (b->lo > own.lo) fact(r, seen, out, added, FER_OP_BVULE, fer_mk_const_u128(f, so, b->lo), t);
  if (b->hi < own.hi) fact(r, seen, out, added, FER_OP_BVULE, t, fer_mk_const_u128(f, so, b->hi));
  if (b->slo > own.slo)
    fact(r, seen, out, added, FER_OP_BVSLE, fer_mk_const_u128(f, so, b->slo ^ sbit), t);
  if (b->shi < own.shi)
    fact(r, seen, out, added, FER_OP_BVSLE, t, fer_mk_const_u128(f, so, b->shi ^ sbit));
}

bool fer_relations_fixpoint(ferret *f, const fer_term *a, size_t n, fer_intervals *iv,
                            bool *unsat, uint32_t *rounds) {
  relate r;
  collect(&r, f, a, n);
  *unsat = contradicted(&r);
  *rounds = 0;
  term_stack all = {0};
  fer_map seen;
  fer_map_init(&seen);
  bounds *bs = NULL;
  size_t nb = r.parent.size;
  if (r.ok && !*unsat && nb) {
    bs = fer_calloc(f, nb * sizeof *bs);
    if (!bs) r.ok = false;
  }
  for (size_t i = 0; r.ok && i < n; i++)
    if (!FER_PUSH(f, all, a[i])) r.ok = false;
  while (r.ok && bs && !*unsat && *rounds < FER_RELATE_MAX_ROUNDS) {
    ++*rounds;
    if ((*unsat = class_bounds(&r, iv, bs))) break;
    bool added = false;
    for (uint32_t v = 0; v < nb && r.ok; v++)
      bound_facts(&r, r.term.data[v], &bs[find(&r, v)], iv, &seen, &all, &added);
    if (!r.ok || !added) break;
    /* the intervals again, with the class bounds as assertions: what
     * they prove follows from a[0..n) alone, since every added atom
     * does */
    fer_intervals_release(f, iv);
    fer_intervals_init(iv);
    if (fer_intervals_run(f, all.data, all.size, iv) != FERRET_OK) r.ok = false;
    else *unsat = iv->empty;
  }
  bool ok = r.ok;
  if (!ok) *unsat = false;
  if (bs) fer_free(f, bs, nb * sizeof *bs);
  fer_map_release(f, &seen);
  FER_RELEASE(f, all);
  release(&r);
  return ok;
}
