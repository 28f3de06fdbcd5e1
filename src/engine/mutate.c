/* Mutators (contract in search.h).  Typed per slot, as the design asks: an
 * FP slot gets sign / exponent / ULP / special-value moves, a BV slot
 * arithmetic and interesting values, both get bit flips, dictionary values
 * (the formula's constants and their neighbours) and values copied from
 * other slots; whole inputs are crossed over with corpus entries.  Called
 * on every execution: no allocation, only the worker's RNG. */
#include <string.h>

#include "bv/bv.h"
#include "fp/fp.h"
#include "engine/search.h"

static fer_u128 mask(uint32_t bits) { return fer_bv_mask(bits); }

/* The FP format a BV slot of this width most likely encodes (KLEE-style
 * queries read floats through (_ to_fp eb sb) of a bit-vector). */
static bool bv_as_fp(uint32_t w, uint32_t *eb, uint32_t *sb) {
  switch (w) {
  case 16: *eb = 5, *sb = 11; return true;
  case 32: *eb = 8, *sb = 24; return true;
  case 64: *eb = 11, *sb = 53; return true;
  case 80: *eb = 15, *sb = 65; return true; /* x87 without explicit bit */
  case 128: *eb = 15, *sb = 113; return true;
  default: return false;
  }
}

static uint32_t fp_specials(uint32_t eb, uint32_t sb, fer_u128 *out,
                            uint32_t max) {
  fer_u128 v[20];
  uint32_t n = 0, m = sb - 1;
  fer_u128 sign = (fer_u128)1 << (eb + sb - 1);
  fer_u128 exp_one = (fer_bv_mask(eb - 1)) << m; /* biased exponent of 1.0 */
  v[n++] = 0;                                   /* +0 */
  v[n++] = fer_bv_mask(eb) << m;                /* +inf */
  v[n++] = (fer_bv_mask(eb) << m) | ((fer_u128)1 << (m - 1)); /* NaN */
  v[n++] = 1;                                   /* min subnormal */
  v[n++] = fer_bv_mask(m);                      /* max subnormal */
  v[n++] = (fer_u128)1 << m;                    /* min normal */
  v[n++] = ((fer_bv_mask(eb) - 1) << m) | fer_bv_mask(m); /* max normal */
  v[n++] = exp_one;                             /* 1 */
  v[n++] = exp_one + ((fer_u128)1 << m);        /* 2 */
  v[n++] = exp_one - ((fer_u128)1 << m);        /* 0.5 */
  uint32_t k = 0;
  for (uint32_t i = 0; i < n && k < max; i++) {
    out[k++] = v[i];
    if (i != 2 && k < max) out[k++] = v[i] | sign; /* and the negatives */
  }
  return k;
}

uint32_t fer_special_values(const fer_slot *s, fer_u128 *out, uint32_t max) {
  uint32_t k = 0, eb, sb;
  switch ((fer_slot_kind)s->kind) {
  case FER_SLOT_BOOL:
    if (max >= 2) out[k++] = 0, out[k++] = 1;
    return k;
  case FER_SLOT_RM:
    for (uint32_t i = 0; i < 5 && k < max; i++) out[k++] = i;
    return k;
  case FER_SLOT_FP:
    return fp_specials(s->eb, s->sb, out, max);
  case FER_SLOT_BV: {
    uint32_t w = s->bits;
    fer_u128 v[8] = {0, 1, mask(w), (fer_u128)1 << (w - 1),
                     mask(w) >> 1, 2, mask(w) - 1, 0};
    uint32_t n = w >= 3 ? 7 : w == 2 ? 4 : 2;
    for (uint32_t i = 0; i < n && k < max; i++) {
      bool dup = false;
      for (uint32_t j = 0; j < k; j++) dup |= out[j] == (v[i] & mask(w));
      if (!dup) out[k++] = v[i] & mask(w);
    }
    if (bv_as_fp(w, &eb, &sb) && k < max) k += fp_specials(eb, sb, out + k, max - k);
    return k;
  }
  }
  return k;
}

fer_u128 fer_random_value(fer_rng *r, const fer_slot *s) {
  if (s->kind == FER_SLOT_RM) return fer_rng_below(r, 5);
  return fer_rng_u128(r) & mask(s->bits);
}

/* A step of 1..2^(bits-2) ULPs / units, small steps most likely. */
static fer_u128 step(fer_rng *r, uint32_t bits) {
  uint32_t k = (uint32_t)fer_rng_below(r, 4);
  if (k < 2) return 1 + fer_rng_below(r, 16);
  uint32_t e = (uint32_t)fer_rng_below(r, bits > 2 ? bits - 2 : 1);
  fer_u128 base = (fer_u128)1 << e;
  return base + (fer_rng_u128(r) & (base - 1));
}

static fer_u128 fp_move(fer_rng *r, uint32_t eb, uint32_t sb, fer_u128 v) {
  fer_i128s k = fer_fp_key(eb, sb, v, false);
  fer_fmt fm = {eb, sb};
  if (fer_fp_is_nan(fm, v)) k = 0;
  fer_u128 d = step(r, eb + sb);
  fer_i128s lim = (fer_i128s)((fer_bv_mask(eb) << (sb - 1)));
  if (d > (fer_u128)lim) d = (fer_u128)lim;
  if (fer_rng_below(r, 2)) k = k > lim - (fer_i128s)d ? lim : k + (fer_i128s)d;
  else k = k < -lim - 1 + (fer_i128s)d ? -lim - 1 : k - (fer_i128s)d;
  return fer_fp_from_key(eb, sb, k);
}

/* Dictionary: a constant of the same width, sometimes +-1 ULP/unit. */
static bool dict_value(fer_worker *w, const fer_slot *s, fer_u128 *out) {
  const fer_prog *p = w->p;
  size_t n = p->dict_val.size;
  if (!n) return false;
  /* binary search for the first entry of this width */
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (p->dict_bits.data[mid] < s->bits) lo = mid + 1;
    else hi = mid;
  }
  size_t end = lo;
  while (end < n && p->dict_bits.data[end] == s->bits) end++;
  if (end == lo) return false;
  fer_u128 v = p->dict_val.data[lo + fer_rng_below(&w->rng, end - lo)];
  uint32_t eb = s->eb, sb = s->sb;
  bool fp = s->kind == FER_SLOT_FP || bv_as_fp(s->bits, &eb, &sb);
  switch (fer_rng_below(&w->rng, 4)) {
  case 0:
    if (fp) {
      fer_i128s k = fer_fp_key(eb, sb, v, false);
      bool up = fer_rng_below(&w->rng, 2);
      /* a 128-bit pattern's key may be the extreme of fer_i128s: stay in range */
      fer_i128s top = (fer_i128s)(~(fer_u128)0 >> 1);
      if (up ? k < top : k > -top - 1) v = fer_fp_from_key(eb, sb, up ? k + 1 : k - 1);
    } else {
      v = (v + (fer_rng_below(&w->rng, 2) ? 1 : mask(s->bits))) & mask(s->bits);
    }
    break;
  case 1:
    if (fp) v ^= (fer_u128)1 << (eb + sb - 1); /* the negated constant */
    break;
  default:
    break;
  }
  *out = v & mask(s->bits);
  return true;
}

/* Another slot of the same width in the candidate, if any. */
static bool copy_value(fer_worker *w, uint32_t s, fer_u128 *out) {
  const fer_prog *p = w->p;
  uint32_t n = p->nslots, start = (uint32_t)fer_rng_below(&w->rng, n);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t t = (start + i) % n;
    if (t != s && p->slots.data[t].bits == p->slots.data[s].bits &&
        p->slots.data[t].kind == p->slots.data[s].kind) {
      *out = w->cand[t];
      return true;
    }
  }
  return false;
}

static fer_u128 mutate_fp(fer_worker *w, uint32_t s, const fer_slot *sl,
                          fer_u128 v) {
  fer_rng *r = &w->rng;
  uint32_t eb = sl->eb, sb = sl->sb, n = eb + sb, m = sb - 1;
  fer_fmt fm = {eb, sb};
  fer_u128 sp[24], t;
  switch (fer_rng_below(r, 11)) {
  case 0: return v ^ ((fer_u128)1 << fer_rng_below(r, n)); /* bit flip */
  case 1: return v ^ ((fer_u128)1 << (n - 1));               /* sign */
  case 2: /* exponent: +-1 (x2, /2) or random */
    if (fer_rng_below(r, 2)) {
      fer_u128 e = (v >> m) & fer_bv_mask(eb);
      e = fer_rng_below(r, 2) ? (e + 1) & fer_bv_mask(eb) : (e - 1) & fer_bv_mask(eb);
      return (v & ~(fer_bv_mask(eb) << m)) | (e << m);
    }
    return (v & ~(fer_bv_mask(eb) << m)) |
           ((fer_rng_u128(r) & fer_bv_mask(eb)) << m);
  case 3:
  case 4: return fp_move(r, eb, sb, v);                      /* +-k ULP */
  case 5: {                                                  /* special */
    uint32_t k = fp_specials(eb, sb, sp, 24);
    return sp[fer_rng_below(r, k)];
  }
  case 6:
    if (dict_value(w, sl, &t)) return t;
    return fp_move(r, eb, sb, v);
  case 7: /* a small integer, exactly converted */
    return fer_fp_from_sbv(fm, FER_RNE,
                           (fer_u128)(uint64_t)((int64_t)fer_rng_below(r, 201) - 100),
                           64);
  case 8: /* random significand, same exponent and sign */
    return (v & ~fer_bv_mask(m)) | (fer_rng_u128(r) & fer_bv_mask(m));
  case 9:
    if (copy_value(w, s, &t))
      return fer_rng_below(r, 2) ? t : fp_move(r, eb, sb, t);
    return fp_move(r, eb, sb, v);
  default: return fer_rng_u128(r) & mask(n);
  }
}

static fer_u128 mutate_bv(fer_worker *w, uint32_t s, const fer_slot *sl,
                          fer_u128 v) {
  fer_rng *r = &w->rng;
  uint32_t n = sl->bits, eb, sb;
  fer_u128 mk = mask(n), t, sp[40];
  switch (fer_rng_below(r, 12)) {
  case 0: return v ^ ((fer_u128)1 << fer_rng_below(r, n));   /* bit flip */
  case 1: /* byte replace */
    if (n > 8) {
      uint32_t at = (uint32_t)fer_rng_below(r, n - 7);
      return (v & ~((fer_u128)0xff << at)) |
             ((fer_u128)fer_rng_below(r, 256) << at);
    }
    return fer_rng_u128(r) & mk;
  case 2:
  case 3: { /* +- small, or +- 2^k */
    fer_u128 d = fer_rng_below(r, 3) ? 1 + fer_rng_below(r, 35) : step(r, n);
    return (fer_rng_below(r, 2) ? v + d : v - d) & mk;
  }
  case 4: return fer_rng_below(r, 2) ? (~v + 1) & mk : ~v & mk;
  case 5: {
    uint32_t k = fer_special_values(sl, sp, 40);
    return sp[fer_rng_below(r, k)];
  }
  case 6:
  case 7:
    if (dict_value(w, sl, &t)) return t;
    return (v + 1) & mk;
  case 8:
    if (copy_value(w, s, &t)) return fer_rng_below(r, 2) ? t : (t + 1) & mk;
    return v ^ 1;
  case 9: /* shifts */
    return fer_rng_below(r, 2) ? (v << 1) & mk : v >> 1;
  case 10: /* the value as a float of a matching format, moved by ULPs */
    if (bv_as_fp(n, &eb, &sb) && eb + sb == n) return fp_move(r, eb, sb, v);
    return v ^ ((fer_u128)1 << fer_rng_below(r, n));
  default: return fer_rng_u128(r) & mk;
  }
}

static uint32_t pick_slot(fer_worker *w, uint32_t focus) {
  const fer_prog *p = w->p;
  if (focus != UINT32_MAX && fer_rng_below(&w->rng, 4)) {
    const fer_cons *c = &p->cons.data[focus];
    uint32_t n = c->slot_end - c->slot_begin;
    if (n) return p->cslots.data[c->slot_begin + fer_rng_below(&w->rng, n)];
  }
  return (uint32_t)fer_rng_below(&w->rng, p->nslots);
}

static void crossover(fer_worker *w) {
  fer_corpus *c = &w->corpus;
  if (c->size < 2) return;
  const fer_u128 *o = fer_corpus_input(c, (uint32_t)fer_rng_below(&w->rng, c->size));
  uint32_t n = w->p->nslots;
  if (fer_rng_below(&w->rng, 2)) { /* uniform */
    for (uint32_t i = 0; i < n; i++)
      if (fer_rng_below(&w->rng, 2)) w->cand[i] = o[i];
  } else { /* one point */
    uint32_t at = (uint32_t)fer_rng_below(&w->rng, n);
    for (uint32_t i = at; i < n; i++) w->cand[i] = o[i];
  }
}

/* The sampling mutator (engine.h, SM; the paper's Listing 4 on slots):
 * Out = Cur ^ ((Cur ^ A) | (Cur ^ B)), A and B two random solutions of
 * the pool.  Where A and B agree with Cur, Out keeps Cur's bit; where
 * either differs, Out takes the flipped bit. */
static void sampling_mutator(fer_worker *w) {
  const fer_prog *p = w->p;
  uint32_t ns = p->nslots;
  const fer_u128 *a = w->pool + (size_t)fer_rng_below(&w->rng, w->pool_size) * ns;
  const fer_u128 *b = w->pool + (size_t)fer_rng_below(&w->rng, w->pool_size) * ns;
  for (uint32_t i = 0; i < ns; i++) {
    fer_u128 c = w->cand[i];
    fer_u128 v = c ^ ((c ^ a[i]) | (c ^ b[i]));
    const fer_slot *sl = &p->slots.data[i];
    v &= mask(sl->bits);
    if (sl->kind == FER_SLOT_RM && v > FER_RTZ) v = c; /* not a mode */
    w->cand[i] = v;
  }
  w->sm_mutations++;
}

/* Cheap neighbours (engine.h, neighbours): a pool solution with one or two
 * random bits flipped in one or two slots (a RoundingMode slot keeps a
 * mode). */
static void neighbour(fer_worker *w) {
  const fer_prog *p = w->p;
  uint32_t ns = p->nslots;
  const fer_u128 *a = w->pool + (size_t)fer_rng_below(&w->rng, w->pool_size) * ns;
  memcpy(w->cand, a, (size_t)ns * sizeof *a);
  uint32_t flips = 1 + (uint32_t)fer_rng_below(&w->rng, 2);
  for (uint32_t k = 0; k < flips; k++) {
    uint32_t s = (uint32_t)fer_rng_below(&w->rng, ns);
    const fer_slot *sl = &p->slots.data[s];
    fer_u128 v = w->cand[s] ^ (fer_u128)1 << fer_rng_below(&w->rng, sl->bits);
    if (sl->kind == FER_SLOT_RM && v > FER_RTZ) continue; /* not a mode */
    w->cand[s] = v;
  }
  w->nb_mutations++;
}

/* A value of slot s's narrowed domain (engine.h, fer_slot_range; interval
 * propagation's): one of its bounds, a neighbour of one inside it, or any
 * value of it.  Every model lies inside, so drawing from it is never a
 * wasted direction.  Only for domains of at most 2^64 values. */
static bool domain_value(fer_worker *w, uint32_t s, fer_u128 *v) {
  const fer_slot_range *rg = w->s->ranges;
  if (!rg || !rg[s].count || rg[s].count > UINT64_MAX) return false;
  const fer_slot *sl = &w->p->slots.data[s];
  uint64_t n = (uint64_t)rg[s].count, at;
  switch (fer_rng_below(&w->rng, 4)) { /* a bound, next to one, or inside */
  case 0: at = fer_rng_below(&w->rng, 2) ? n - 1 : 0; break;
  case 1: at = n < 3 ? 0 : fer_rng_below(&w->rng, 2) ? n - 2 : 1; break;
  default: at = fer_rng_below(&w->rng, n); break;
  }
  *v = fer_slot_range_value(sl, &rg[s], at);
  return true;
}

/* Sampling: every FP slot of slot s's format scaled by the same power of
 * two (exponents moved together by d, +-1 most often), where the result
 * stays normal.  Relations among the variables of a solution (order,
 * ratios, and for d < 0 small differences) survive it, so the search can
 * walk a cluster of solutions to other magnitudes. */
static void scale_together(fer_worker *w, uint32_t s) {
  const fer_prog *p = w->p;
  const fer_slot *sl = &p->slots.data[s];
  uint32_t m = sl->sb - 1;
  int64_t top = (int64_t)fer_bv_mask(sl->eb) - 1, d = fer_rng_below(&w->rng, 2) ? 1 : -1;
  if (fer_rng_one_in(&w->rng, 4)) d *= 1 + (int64_t)fer_rng_below(&w->rng, 8);
  for (uint32_t i = 0; i < p->nslots; i++) {
    const fer_slot *t = &p->slots.data[i];
    if (t->kind != FER_SLOT_FP || t->eb != sl->eb || t->sb != sl->sb) continue;
    int64_t e = (int64_t)((w->cand[i] >> m) & fer_bv_mask(sl->eb));
    if (e < 1 || e > top || e + d < 1 || e + d > top) continue;
    w->cand[i] = (w->cand[i] & ~(fer_bv_mask(sl->eb) << m)) | ((fer_u128)(e + d) << m);
  }
}

/* Comparison operands (input to state, the idea of REDQUEEN and AFL++'s
 * CmpLog inside the search): for an order `v < t`, `v <= t` (or t on the
 * left; FP, unsigned or signed BV) one of whose sides is a slot v (a
 * variable, or a bit-vector read as a float: to_fp of a bit-vector is the
 * same register) and the other a term that does not read v or another
 * slot, set v to t's value for the current input or a neighbour of it
 * (+-1 ULP or unit, sometimes a few).  A variable bounded by a term of
 * others then lands on its bound after they moved, where single-slot
 * mutations and moves almost never land: two finite floats whose
 * difference must overflow need y exactly on the rounded bound x - max,
 * for an x that makes it a tie.  A constant side is left to the
 * dictionary mutation, which draws the formula's constants already. */
/* Orders only: for an equality `v = t` whose t does not read v, the local
 * search's distance already leads v alone to t's value (the distance
 * falls to 0 there), while an order that holds is at distance 0 on a whole
 * half-line and nothing draws v to its edge.  (The KLEE square-root
 * queries define variables by such equalities; snapping them cost 3 of 40
 * runs at 2M executions, BENCHMARKS.md.) */
static bool snap_atom(const fer_dnode *dn) {
  switch ((fer_dn_kind)dn->kind) {
  case FER_DN_FLT: case FER_DN_FLEQ: case FER_DN_ULT: case FER_DN_ULE:
  case FER_DN_SLT: case FER_DN_SLE:
    return dn->w <= 128;
  default:
    return false;
  }
}

/* Scratch of fer_cmp_snap_init: by register the instruction writing it
 * (UINT32_MAX: a slot or a constant), a visit stamp, a stack, and the
 * steps left (a bound on the work for huge programs). */
typedef struct snap_scan {
  uint32_t *insn, *seen, *stack, stamp;
  uint64_t steps;
} snap_scan;

/* Does register o read slot s, through any chain of instructions?  When
 * the steps run out the answer is yes (the side is not used). */
static bool reads_slot(const fer_prog *p, snap_scan *sc, uint32_t o, uint32_t s) {
  uint32_t n = 0;
  sc->stamp++;
  sc->stack[n++] = o, sc->seen[o] = sc->stamp;
  while (n) {
    uint32_t r = sc->stack[--n];
    if (r == s) return true;
    if (r < p->nslots || sc->insn[r] == UINT32_MAX) continue;
    if (!sc->steps--) return true;
    uint32_t ops[4], k = fer_insn_operands(&p->code.data[sc->insn[r]], ops);
    for (uint32_t q = 0; q < k; q++)
      if (ops[q] < p->nregs && sc->seen[ops[q]] != sc->stamp)
        sc->seen[ops[q]] = sc->stamp, sc->stack[n++] = ops[q];
  }
  return false;
}

/* Is the left (or right) side of atom dn a slot, the other a term that
 * does not read it or another slot? */
static bool snap_side(const fer_prog *p, snap_scan *sc, const fer_dnode *dn, bool left) {
  uint32_t s = left ? dn->a : dn->b, o = left ? dn->b : dn->a;
  if (s >= p->nslots || o == s) return false;
  if (o < p->nslots) return true;
  if (sc->insn[o] == UINT32_MAX) return false; /* a constant */
  return !reads_slot(p, sc, o, s);
}

#define SNAP_STEPS ((uint64_t)1 << 24) /* instructions looked at, in all */

/* Sides usable for constraint c, found by snap_side: bit 2k for the left
 * side of its k-th atom, 2k + 1 for the right (atoms past 32 unused). */
static uint64_t snap_sides(const fer_prog *p, snap_scan *sc, uint32_t c) {
  const fer_cons *cn = &p->cons.data[c];
  uint64_t m = 0;
  uint32_t k = 0;
  for (uint32_t d = cn->dn_begin; d < cn->dn_end && k < 32; d++) {
    const fer_dnode *dn = &p->dn.data[d];
    if (!snap_atom(dn)) continue;
    m |= (uint64_t)snap_side(p, sc, dn, true) << (2 * k);
    m |= (uint64_t)snap_side(p, sc, dn, false) << (2 * k + 1);
    k++;
  }
  return m;
}

int fer_cmp_snap_init(ferret *f, fer_worker *w) {
  const fer_prog *p = w->p;
  uint32_t nc = (uint32_t)p->cons.size, nr = p->nregs ? p->nregs : 1;
  snap_scan sc = {fer_calloc(f, (size_t)nr * sizeof(uint32_t)),
                  fer_calloc(f, (size_t)nr * sizeof(uint32_t)),
                  fer_calloc(f, (size_t)nr * sizeof(uint32_t)), 0, SNAP_STEPS};
  w->snap_sides = fer_calloc(f, fer_array_bytes(nc, sizeof(uint64_t)));
  w->snap_cons = fer_calloc(f, fer_array_bytes(nc, sizeof(uint32_t)));
  bool ok = sc.insn && sc.seen && sc.stack && w->snap_sides && w->snap_cons;
  if (ok) {
    for (uint32_t r = 0; r < nr; r++) sc.insn[r] = UINT32_MAX;
    for (uint32_t j = 0; j < p->code.size; j++) sc.insn[p->code.data[j].d] = j;
    for (uint32_t c = 0; c < nc; c++)
      if ((w->snap_sides[c] = snap_sides(p, &sc, c))) w->snap_cons[w->nsnap++] = c;
  }
  fer_free(f, sc.insn, (size_t)nr * sizeof(uint32_t));
  fer_free(f, sc.seen, (size_t)nr * sizeof(uint32_t));
  fer_free(f, sc.stack, (size_t)nr * sizeof(uint32_t));
  return ok;
}

void fer_cmp_snap_release(ferret *f, fer_worker *w) {
  size_t nc = w->p->cons.size;
  if (w->snap_sides) fer_free(f, w->snap_sides, fer_array_bytes(nc, sizeof(uint64_t)));
  if (w->snap_cons) fer_free(f, w->snap_cons, fer_array_bytes(nc, sizeof(uint32_t)));
}

/* The constraint is the first false one of the last execution (half the
 * time, when it has a usable side) or any with one; it is evaluated here
 * first: the registers are those of w->cand's input, the last one
 * executed.  No allocation. */
int fer_cmp_snap(fer_worker *w) {
  const fer_prog *p = w->p;
  if (!w->nsnap) return 0;
  uint32_t c = w->last_fail != UINT32_MAX && w->snap_sides[w->last_fail] && fer_rng_below(&w->rng, 2)
                   ? w->last_fail
                   : w->snap_cons[fer_rng_below(&w->rng, w->nsnap)];
  const fer_cons *cn = &p->cons.data[c];
  /* one of its usable sides at random: the k-th set bit */
  uint64_t m = w->snap_sides[c];
  uint32_t k = (uint32_t)fer_rng_below(&w->rng, (uint64_t)__builtin_popcountll(m));
  while (k--) m &= m - 1;
  uint32_t bit = (uint32_t)__builtin_ctzll(m), atom = bit / 2, seen = 0;
  bool left = !(bit & 1);
  const fer_dnode *dn = NULL;
  for (uint32_t d = cn->dn_begin; !dn; d++)
    if (snap_atom(&p->dn.data[d]) && seen++ == atom) dn = &p->dn.data[d];
  fer_exec_cons(&w->x, c);
  uint32_t s = left ? dn->a : dn->b;
  const fer_slot *sl = &p->slots.data[s];
  fer_u128 t = w->x.r[left ? dn->b : dn->a];
  /* 0 half the time, else +-1 (the edge of a strict comparison) or +-2..9 */
  uint64_t r = fer_rng_below(&w->rng, 8);
  fer_i128s off = r < 4 ? 0 : r < 6 ? 1 : 2 + (fer_i128s)fer_rng_below(&w->rng, 8);
  if (r & 1) off = -off;
  if (dn->kind == FER_DN_FLT || dn->kind == FER_DN_FLEQ) {
    uint32_t eb = dn->w, sb = dn->x;
    fer_fmt fm = {eb, sb};
    if (fer_fp_is_nan(fm, t)) return 0; /* no order holds with NaN */
    fer_i128s key = fer_fp_key(eb, sb, t, false);
    fer_i128s lim = (fer_i128s)(fer_bv_mask(eb) << (sb - 1));
    key = off > 0 ? (key > lim - off ? lim : key + off) : (key < -lim - 1 - off ? -lim - 1 : key + off);
    t = fer_fp_from_key(eb, sb, key);
  } else {
    t += (fer_u128)off; /* modulo 2^w below: the same step signed or not */
  }
  t &= mask(sl->bits);
  if (w->cand[s] == t) return 0;
  w->cand[s] = t;
  return 1;
}

void fer_mutate(fer_worker *w, uint32_t focus) {
  const fer_prog *p = w->p;
  if (!p->nslots) return;
  if (w->s->nb && w->pool_size >= 1 &&
      fer_rng_one_in(&w->rng, FER_SAMPLING_NB_ONE_IN)) {
    neighbour(w);
    return;
  }
  if (w->s->sm && w->pool_size >= 2 &&
      fer_rng_one_in(&w->rng, FER_SAMPLING_SM_ONE_IN)) {
    sampling_mutator(w);
    return;
  }
  uint32_t k = 1;
  while (k < 8 && fer_rng_below(&w->rng, 2)) k++;
  for (uint32_t i = 0; i < k; i++) {
    if (fer_rng_below(&w->rng, 16) == 0) {
      crossover(w);
      continue;
    }
    uint32_t s = pick_slot(w, focus);
    const fer_slot *sl = &p->slots.data[s];
    fer_u128 v = w->cand[s];
    if (fer_rng_one_in(&w->rng, 8) && domain_value(w, s, &v)) {
      w->cand[s] = v & mask(sl->bits);
      continue;
    }
    switch ((fer_slot_kind)sl->kind) {
    case FER_SLOT_BOOL: v ^= 1; break;
    case FER_SLOT_RM: v = fer_rng_below(&w->rng, 5); break;
    case FER_SLOT_FP:
      if (w->s->de && fer_rng_one_in(&w->rng, FER_SAMPLING_SCALE_ONE_IN)) {
        scale_together(w, s);
        continue;
      }
      v = mutate_fp(w, s, sl, v);
      break;
    case FER_SLOT_BV: v = mutate_bv(w, s, sl, v); break;
    }
    w->cand[s] = v & mask(sl->bits);
  }
}
