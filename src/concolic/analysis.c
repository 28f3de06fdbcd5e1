/* Input groups, wrapped intervals and uniquely defined bytes (contract in
 * analysis.h). */
#include "fp/fp.h"
#include "concolic/concolic.h"
#include "concolic/analysis.h"

/* ------------------------------------------------------- wrapped intervals */

static uint64_t mask_of(uint32_t w) { return w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1; }

static fer_warc warc_kind(uint32_t w, uint8_t kind) {
  fer_warc a = {0, mask_of(w), (uint8_t)w, kind};
  return a;
}

fer_warc fer_warc_make(uint32_t w, uint64_t lo, uint64_t hi) {
  uint64_t m = mask_of(w);
  fer_warc a = {lo & m, hi & m, (uint8_t)w, FER_WARC_ARC};
  if (((a.hi - a.lo) & m) == m) return warc_kind(w, FER_WARC_FULL);
  return a;
}

bool fer_warc_has(fer_warc a, uint64_t x) {
  if (a.kind != FER_WARC_ARC) return a.kind == FER_WARC_FULL;
  uint64_t m = mask_of(a.w);
  return ((x - a.lo) & m) <= ((a.hi - a.lo) & m);
}

/* The arc's length minus one (the offset of hi from lo). */
static uint64_t span(fer_warc a) { return (a.hi - a.lo) & mask_of(a.w); }

double fer_warc_count(fer_warc a) {
  if (a.kind == FER_WARC_EMPTY) return 0;
  if (a.kind == FER_WARC_FULL) return a.w >= 64 ? 18446744073709551616.0 : (double)((uint64_t)1 << a.w);
  return (double)span(a) + 1;
}

uint64_t fer_warc_at(fer_warc a, uint64_t k) { return (a.lo + k) & mask_of(a.w); }

/* a ∩ b exactly: 0, 1 or 2 arcs into p (a and b proper arcs). */
static int meet_pieces(fer_warc a, fer_warc b, fer_warc p[2]) {
  uint32_t w = a.w;
  uint64_t m = mask_of(w);
  /* in a frame where a starts at 0: a = [0, A], b = [s, e] */
  uint64_t A = span(a), s = (b.lo - a.lo) & m, e = (b.hi - a.lo) & m;
  int n = 0;
  if (s <= e) { /* b does not wrap in this frame */
    if (s <= A) p[n++] = fer_warc_make(w, a.lo + s, a.lo + (e < A ? e : A));
  } else { /* b = [s, 2^w) ∪ [0, e] */
    p[n++] = fer_warc_make(w, a.lo, a.lo + (e < A ? e : A));
    if (s <= A) p[n++] = fer_warc_make(w, a.lo + s, a.lo + A);
  }
  return n;
}

/* The smaller of the two arcs covering the disjoint arcs x and y. */
static fer_warc hull(fer_warc x, fer_warc y) {
  fer_warc u = fer_warc_make(x.w, x.lo, y.hi), v = fer_warc_make(x.w, y.lo, x.hi);
  return fer_warc_count(u) <= fer_warc_count(v) ? u : v;
}

static fer_warc join_pieces(const fer_warc *p, int n, uint32_t w) {
  if (n == 0) return warc_kind(w, FER_WARC_EMPTY);
  return n == 1 ? p[0] : hull(p[0], p[1]);
}

fer_warc fer_warc_meet(fer_warc a, fer_warc b) {
  if (a.kind == FER_WARC_EMPTY || b.kind == FER_WARC_FULL) return a;
  if (b.kind == FER_WARC_EMPTY || a.kind == FER_WARC_FULL) return b;
  fer_warc p[2];
  return join_pieces(p, meet_pieces(a, b, p), a.w);
}

static fer_warc complement(fer_warc a) {
  if (a.kind == FER_WARC_EMPTY) return warc_kind(a.w, FER_WARC_FULL);
  if (a.kind == FER_WARC_FULL) return warc_kind(a.w, FER_WARC_EMPTY);
  return fer_warc_make(a.w, a.hi + 1, a.lo - 1);
}

/* {x : x + k in a} */
static fer_warc shift(fer_warc a, uint64_t k) {
  if (a.kind != FER_WARC_ARC) return a;
  return fer_warc_make(a.w, a.lo - k, a.hi - k);
}

/* {x : -x in a} */
static fer_warc negate(fer_warc a) {
  if (a.kind != FER_WARC_ARC) return a;
  return fer_warc_make(a.w, 0 - a.hi, 0 - a.lo);
}

/* {x (w' bits) : ext(x) in a}, ext an extension to a.w bits whose image is
 * the arc from `start` on of 2^w' values (zero: 0, sign: -2^(w'-1)); on
 * that image truncation is order-preserving, so each piece maps to an
 * arc. */
static fer_warc project(fer_warc a, uint32_t w2, uint64_t start) {
  if (a.kind == FER_WARC_EMPTY) return warc_kind(w2, FER_WARC_EMPTY);
  if (a.kind == FER_WARC_FULL || w2 == a.w) {
    fer_warc r = a;
    r.w = (uint8_t)w2;
    return a.kind == FER_WARC_FULL ? warc_kind(w2, FER_WARC_FULL) : r;
  }
  fer_warc img = fer_warc_make(a.w, start, start + mask_of(w2)), p[2];
  int n = meet_pieces(img, a, p);
  for (int i = 0; i < n; i++) p[i] = fer_warc_make(w2, p[i].lo, p[i].hi);
  return join_pieces(p, n, w2);
}

/* The arc of x with (x op k) true, k a w-bit constant; swap: (k op x). */
static fer_warc compare_arc(fer_op op, bool swap, uint32_t w, uint64_t k) {
  uint64_t m = mask_of(w), smin = (uint64_t)1 << (w - 1), smax = smin - 1;
  if (swap) {
    switch (op) {
    case FER_OP_BVULT: op = FER_OP_BVUGT; break;
    case FER_OP_BVULE: op = FER_OP_BVUGE; break;
    case FER_OP_BVUGT: op = FER_OP_BVULT; break;
    case FER_OP_BVUGE: op = FER_OP_BVULE; break;
    case FER_OP_BVSLT: op = FER_OP_BVSGT; break;
    case FER_OP_BVSLE: op = FER_OP_BVSGE; break;
    case FER_OP_BVSGT: op = FER_OP_BVSLT; break;
    case FER_OP_BVSGE: op = FER_OP_BVSLE; break;
    default: break;
    }
  }
  switch (op) {
  case FER_OP_EQ: return fer_warc_make(w, k, k);
  case FER_OP_DISTINCT: return complement(fer_warc_make(w, k, k));
  case FER_OP_BVULT: return k == 0 ? warc_kind(w, FER_WARC_EMPTY) : fer_warc_make(w, 0, k - 1);
  case FER_OP_BVULE: return fer_warc_make(w, 0, k);
  case FER_OP_BVUGT: return k == m ? warc_kind(w, FER_WARC_EMPTY) : fer_warc_make(w, k + 1, m);
  case FER_OP_BVUGE: return fer_warc_make(w, k, m);
  case FER_OP_BVSLT: return k == smin ? warc_kind(w, FER_WARC_EMPTY) : fer_warc_make(w, smin, k - 1);
  case FER_OP_BVSLE: return fer_warc_make(w, smin, k);
  case FER_OP_BVSGT: return k == smax ? warc_kind(w, FER_WARC_EMPTY) : fer_warc_make(w, k + 1, smax);
  case FER_OP_BVSGE: return fer_warc_make(w, k, smax);
  default: return warc_kind(w, FER_WARC_FULL);
  }
}

/* ------------------------------------------------------------ input groups */

static uint32_t bv_bits(const ferret *f, fer_term t) {
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, t));
  return si->kind == FER_SORT_BV ? si->a : si->kind == FER_SORT_FP ? si->a + si->b : 0;
}

static bool group_rec(const fer_concolic *c, fer_term t, uint32_t *pos, uint32_t *n) {
  const ferret *f = c->f;
  switch (fer_term_op(f, t)) {
  case FER_OP_VAR: {
    uint32_t vi = fer_map_get(&c->var_index, t);
    if (!vi) return false;
    const fer_conc_var *v = &c->vars.data[vi - 1];
    if (v->bits % 8 || v->nbytes + *n > FER_CONC_GROUP_MAX) return false;
    for (uint32_t k = 0; k < v->nbytes; k++)
      pos[(*n)++] = v->offset + (v->big_endian ? v->nbytes - 1 - k : k);
    return true;
  }
  case FER_OP_CONCAT: /* the low half first */
    return group_rec(c, fer_term_arg(f, t, 1), pos, n) &&
           group_rec(c, fer_term_arg(f, t, 0), pos, n);
  case FER_OP_EXTRACT: {
    uint32_t hi = fer_term_idx(f, t, 0), lo = fer_term_idx(f, t, 1);
    if (lo % 8 || (hi + 1) % 8) return false;
    uint32_t sub[FER_CONC_GROUP_MAX], m = 0;
    /* the argument may be wider than a group only by whole bytes above */
    if (bv_bits(f, fer_term_arg(f, t, 0)) > 8 * FER_CONC_GROUP_MAX ||
        !group_rec(c, fer_term_arg(f, t, 0), sub, &m))
      return false;
    uint32_t from = lo / 8, to = (hi + 1) / 8;
    if (to > m || to - from + *n > FER_CONC_GROUP_MAX) return false;
    for (uint32_t k = from; k < to; k++) pos[(*n)++] = sub[k];
    return true;
  }
  default:
    return false;
  }
}

bool fer_conc_group(const fer_concolic *c, fer_term t, uint32_t *pos, uint32_t *n) {
  *n = 0;
  if (!group_rec(c, t, pos, n) || !*n) return false;
  for (uint32_t i = 0; i < *n; i++) /* a byte twice mixes with itself */
    for (uint32_t j = 0; j < i; j++)
      if (pos[i] == pos[j]) return false;
  return true;
}

/* ------------------------------------------------------------------- facts */

static bool is_const(const ferret *f, fer_term t) { return fer_term_op(f, t) == FER_OP_CONST; }

/* The multiplicative inverse of an odd k modulo 2^64 (Newton). */
static uint64_t odd_inverse(uint64_t k) {
  uint64_t x = k; /* correct to 3 bits */
  for (int i = 0; i < 5; i++) x *= 2 - k * x;
  return x;
}

/* Walk e (w bits, the values allowed: a) down to a group; push the fact. */
static bool chain(const fer_concolic *c, fer_term e, fer_warc a,
                  fer_conc_fact_stack *out) {
  const ferret *f = c->f;
  for (int depth = 0; depth < 16 && a.kind != FER_WARC_FULL; depth++) {
    uint32_t w = a.w;
    fer_conc_fact fact;
    if (a.kind == FER_WARC_EMPTY) { /* no value of e satisfies it: a proof */
      fact.n = 0;
      fact.arc = a;
      return FER_PUSH(c->f, *out, fact);
    }
    if (bv_bits(f, e) == w && fer_conc_group(c, e, fact.pos, &fact.n)) {
      if (8 * fact.n != w) return true;
      fact.arc = a;
      return FER_PUSH(c->f, *out, fact);
    }
    fer_op op = fer_term_op(f, e);
    uint32_t na = fer_term_nargs(f, e);
    fer_term x = na ? fer_term_arg(f, e, 0) : 0, y = na > 1 ? fer_term_arg(f, e, 1) : 0;
    bool single = a.kind == FER_WARC_ARC && a.lo == a.hi;
    uint64_t m = mask_of(w);
    switch (op) {
    case FER_OP_BVADD:
      if (na != 2) return true;
      if (is_const(f, x)) a = shift(a, (uint64_t)fer_const_u128(f, x)), e = y;
      else if (is_const(f, y)) a = shift(a, (uint64_t)fer_const_u128(f, y)), e = x;
      else return true;
      break;
    case FER_OP_BVSUB:
      if (na != 2) return true;
      if (is_const(f, y)) a = shift(a, 0 - (uint64_t)fer_const_u128(f, y)), e = x;
      else if (is_const(f, x)) /* k - x in a: x in k - a */
        a = shift(negate(a), 0 - (uint64_t)fer_const_u128(f, x)), e = y;
      else return true;
      break;
    case FER_OP_BVNEG:
      a = negate(a), e = x;
      break;
    case FER_OP_BVNOT: /* ~x = -x - 1 */
      a = negate(shift(a, m)), e = x;
      break;
    case FER_OP_ZERO_EXTEND:
    case FER_OP_SIGN_EXTEND: {
      uint32_t w2 = bv_bits(f, x);
      if (!w2 || w2 > w) return true;
      uint64_t start = op == FER_OP_ZERO_EXTEND ? 0 : (0 - ((uint64_t)1 << (w2 - 1))) & m;
      a = project(a, w2, start), e = x;
      break;
    }
    case FER_OP_CONCAT: { /* k ++ x = zero-extended x + (k << w') */
      if (!is_const(f, x)) return true;
      uint32_t w2 = bv_bits(f, y);
      uint64_t k = (uint64_t)fer_const_u128(f, x);
      a = project(shift(a, w2 >= 64 ? 0 : k << w2), w2, 0), e = y;
      break;
    }
    case FER_OP_BVXOR:
      if (na != 2 || !single) return true;
      if (is_const(f, x)) a = fer_warc_make(w, a.lo ^ (uint64_t)fer_const_u128(f, x), a.lo ^ (uint64_t)fer_const_u128(f, x)), e = y;
      else if (is_const(f, y)) a = fer_warc_make(w, a.lo ^ (uint64_t)fer_const_u128(f, y), a.lo ^ (uint64_t)fer_const_u128(f, y)), e = x;
      else return true;
      break;
    case FER_OP_BVMUL: {
      if (na != 2 || !single) return true;
      fer_term k = is_const(f, x) ? x : is_const(f, y) ? y : 0;
      if (!k || !((uint64_t)fer_const_u128(f, k) & 1)) return true;
      uint64_t v = a.lo * odd_inverse((uint64_t)fer_const_u128(f, k));
      a = fer_warc_make(w, v, v), e = k == x ? y : x;
      break;
    }
    default:
      return true;
    }
  }
  return true;
}

/* (= e k) or (fp.eq e k), e floating point, k a constant: a single bit
 * pattern when k is not NaN (and, for fp.eq, not a zero). */
static bool fp_equality(const fer_concolic *c, fer_op op, fer_term e, fer_term k,
                        fer_conc_fact_stack *out) {
  const ferret *f = c->f;
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, k));
  uint32_t w = si->a + si->b;
  if (w > 64) return true;
  fer_fmt fm = {si->a, si->b};
  fer_u128 v = fer_const_u128(f, k);
  if (fer_fp_is_nan(fm, v)) return true;
  if (op == FER_OP_FP_EQ && !(v & (((fer_u128)1 << (w - 1)) - 1))) return true;
  if (fer_term_op(f, e) == FER_OP_TO_FP_BV && fer_term_nargs(f, e) == 1)
    e = fer_term_arg(f, e, 0); /* the same bits as a bit-vector */
  return chain(c, e, fer_warc_make(w, (uint64_t)v, (uint64_t)v), out);
}

static bool facts_rec(const fer_concolic *c, fer_term t, bool neg, int depth,
                      fer_conc_fact_stack *out) {
  const ferret *f = c->f;
  fer_op op = fer_term_op(f, t);
  uint32_t na = fer_term_nargs(f, t);
  if (depth > 8) return true;
  if (op == FER_OP_NOT) return facts_rec(c, fer_term_arg(f, t, 0), !neg, depth + 1, out);
  if ((op == FER_OP_AND && !neg) || (op == FER_OP_OR && neg)) {
    for (uint32_t i = 0; i < na && i < 64; i++)
      if (!facts_rec(c, fer_term_arg(f, t, i), neg, depth + 1, out)) return false;
    return true;
  }
  if (na != 2) return true;
  fer_term x = fer_term_arg(f, t, 0), y = fer_term_arg(f, t, 1);
  bool swap = is_const(f, x);
  fer_term e = swap ? y : x, k = swap ? x : y;
  if (!is_const(f, k) || is_const(f, e)) return true;
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, k));
  if (si->kind == FER_SORT_FP)
    return neg || (op != FER_OP_EQ && op != FER_OP_FP_EQ) ? true : fp_equality(c, op, e, k, out);
  if (si->kind != FER_SORT_BV || si->a > 64) return true;
  switch (op) {
  case FER_OP_EQ: case FER_OP_DISTINCT:
  case FER_OP_BVULT: case FER_OP_BVULE: case FER_OP_BVUGT: case FER_OP_BVUGE:
  case FER_OP_BVSLT: case FER_OP_BVSLE: case FER_OP_BVSGT: case FER_OP_BVSGE:
    break;
  default:
    return true;
  }
  fer_warc a = compare_arc(op, swap, si->a, (uint64_t)fer_const_u128(f, k));
  return chain(c, e, neg ? complement(a) : a, out);
}

bool fer_conc_facts(const fer_concolic *c, fer_term t, fer_conc_fact_stack *out) {
  return facts_rec(c, t, false, 0, out);
}
