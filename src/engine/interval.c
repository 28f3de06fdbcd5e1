/* Interval constraint propagation (contract in interval.h).
 *
 * Every rule below must keep the domains over-approximations: a forward
 * rule may only return a superset of op(args) over the argument domains,
 * a backward rule may only remove argument values that cannot give a
 * result in the result's domain.  When unsure, a rule does nothing. */
#include <string.h>

#include "bv/bv.h"
#include "fp/fp.h"
#include "engine/interval.h"

typedef fer_u128 u128;

/* ------------------------------------------------------------ FP keys */

/* The key of a non-NaN pattern: -oo ... -0 | +0 ... +oo as integers, -0
 * and +0 adjacent at S-1 and S (S = the sign bit). */
typedef struct fpk {
  fer_fmt fmt;
  u128 S, ninf, pinf; /* S; key(-oo); key(+oo) */
} fpk;

static fpk fpk_of(uint32_t eb, uint32_t sb) {
  fpk k;
  k.fmt.eb = eb, k.fmt.sb = sb;
  k.S = (u128)1 << (eb + sb - 1);
  u128 infmag = (((u128)1 << eb) - 1) << (sb - 1);
  k.ninf = k.S - 1 - infmag;
  k.pinf = k.S + infmag;
  return k;
}

static u128 key(const fpk *k, u128 bits) { return fer_fp_order_key(k->fmt, bits); }

static u128 unkey(const fpk *k, u128 key_) {
  return fer_fp_from_order_key(k->fmt, key_);
}

#define KNZ(k) ((k)->S - 1) /* -0 */
#define KPZ(k) ((k)->S)     /* +0 */

static bool is_zero_key(const fpk *k, u128 x) { return x == KNZ(k) || x == KPZ(k); }

/* Bounds on keys from a bound on values (numeric order, zeros equal):
 * the keys of the values >= v, <= v, > v, < v.  An empty side comes out
 * as lo > hi after clamping. */
static u128 ge_key(const fpk *k, u128 v) {
  return fer_fp_is_zero(k->fmt, v) ? KNZ(k) : key(k, v);
}
static u128 le_key(const fpk *k, u128 v) {
  return fer_fp_is_zero(k->fmt, v) ? KPZ(k) : key(k, v);
}
static u128 gt_key(const fpk *k, u128 v) {
  return fer_fp_is_zero(k->fmt, v) ? KPZ(k) + 1 : key(k, v) + 1;
}
static u128 lt_key(const fpk *k, u128 v) {
  return fer_fp_is_zero(k->fmt, v) ? KNZ(k) - 1 : key(k, v) - 1;
}

/* --------------------------------------------------------- the state */

typedef struct state {
  ferret *f;
  fer_intervals *iv;
  bool changed;
} state;

static fer_ival *dom(state *s, fer_term t) {
  uint32_t p = fer_map_get(&s->iv->index, t);
  return p ? &s->iv->dom.data[p - 1] : NULL;
}

static bool fp_sort(ferret *f, fer_sort so, fpk *k) {
  const fer_sort_info *si = fer_sort_get(f, so);
  if (si->kind != FER_SORT_FP || si->a + si->b > 128) return false;
  *k = fpk_of(si->a, si->b);
  return true;
}

static uint32_t bv_width(ferret *f, fer_sort so) {
  const fer_sort_info *si = fer_sort_get(f, so);
  return si->kind == FER_SORT_BV && si->a <= 128 ? si->a : 0;
}

static u128 mask(uint32_t w) { return w >= 128 ? ~(u128)0 : ((u128)1 << w) - 1; }

/* ----------------------------------------------------- BV domains */

static u128 sbit(uint32_t w) { return (u128)1 << (w - 1); }

static int top_bit(u128 x) { /* x != 0 */
  uint64_t h = (uint64_t)(x >> 64);
  return h ? 127 - __builtin_clzll(h) : 63 - __builtin_clzll((uint64_t)x);
}

static int low_bit(u128 x) { /* x != 0 */
  uint64_t l = (uint64_t)x;
  return l ? __builtin_ctzll(l) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

/* The number of low bits set in x (128 if all). */
static uint32_t low_ones(u128 x) { return ~x ? (uint32_t)low_bit(~x) : 128; }

static fer_ival bv_top(uint32_t w) {
  fer_ival d;
  memset(&d, 0, sizeof d);
  d.kind = FER_IV_BV, d.width = (uint8_t)w;
  d.hi = d.shi = mask(w);
  return d;
}

static bool bv_empty(const fer_ival *d) {
  return d->lo > d->hi || d->slo > d->shi || (d->zero & d->one);
}

/* Known bits as seen by signed keys (the sign bit's flipped). */
static void key_bits(const fer_ival *d, u128 *zero, u128 *one) {
  u128 S = sbit(d->width);
  *zero = (d->zero & ~S) | (d->one & S);
  *one = (d->one & ~S) | (d->zero & S);
}

/* [*lo, *hi] meets the wrapped interval from wl to wh (wl > wh: [wl, max]
 * and [0, wh]) as far as one interval can say it: an end in the hole
 * (wh, wl) moves to the hole's edge. */
static void meet_wrap(u128 *lo, u128 *hi, u128 wl, u128 wh) {
  if (*lo > *hi) return;
  if (wl <= wh) {
    if (*lo < wl) *lo = wl;
    if (*hi > wh) *hi = wh;
    return;
  }
  if (*lo > wh && *lo < wl) *lo = wl;
  if (*hi < wl && *hi > wh) *hi = wh;
}

/* A wrapped range of values (unsigned view) into both interval parts. */
static void bv_wrap(fer_ival *d, u128 wl, u128 wh) {
  u128 S = sbit(d->width);
  meet_wrap(&d->lo, &d->hi, wl, wh);
  meet_wrap(&d->slo, &d->shi, wl ^ S, wh ^ S);
}

/* The bits above the highest one where lo and hi differ are known. */
static void prefix_bits(u128 lo, u128 hi, u128 m, u128 *zero, u128 *one) {
  if (lo > hi) return;
  u128 above = lo == hi ? m : m & ~mask((uint32_t)top_bit(lo ^ hi) + 1);
  *zero |= ~lo & above, *one |= lo & above;
}

/* The least value >= v with the known bits, or false if there is none:
 * at the highest bit p where v disagrees, a needed 1 is set (and the
 * free bits below cleared), a needed 0 carries into the lowest free 0
 * above p. */
static bool up_to_bits(u128 v, u128 zero, u128 one, u128 m, u128 *out) {
  u128 bad = ((v & zero) | (~v & one)) & m;
  if (!bad) {
    *out = v;
    return true;
  }
  uint32_t p = (uint32_t)top_bit(bad), q = p;
  if (!(one >> p & 1)) {
    u128 free0 = ~v & ~zero & ~one & m & ~mask(p + 1);
    if (!free0) return false;
    q = (uint32_t)low_bit(free0);
  }
  *out = (v & ~mask(q + 1)) | (u128)1 << q | (one & mask(q));
  return true;
}

/* The greatest value <= v with the known bits (the complement of the
 * least one above ~v). */
static bool down_to_bits(u128 v, u128 zero, u128 one, u128 m, u128 *out) {
  u128 c;
  if (!up_to_bits(~v & m, one, zero, m, &c)) return false;
  *out = ~c & m;
  return true;
}

/* Let the three parts of a BV domain tell each other what they know, a
 * few times (each step only narrows; a fixpoint is not needed for
 * soundness).  An empty result is made canonical (lo > hi). */
static void bv_reduce(fer_ival *d) {
  uint32_t w = d->width;
  u128 m = mask(w), S = sbit(w);
  d->zero &= m, d->one &= m;
  for (int i = 0; i < 4 && !bv_empty(d); i++) {
    fer_ival o = *d;
    meet_wrap(&d->lo, &d->hi, d->slo ^ S, d->shi ^ S);
    meet_wrap(&d->slo, &d->shi, d->lo ^ S, d->hi ^ S);
    if (bv_empty(d)) break;
    prefix_bits(d->lo, d->hi, m, &d->zero, &d->one);
    u128 kz, ko;
    key_bits(d, &kz, &ko);
    prefix_bits(d->slo, d->shi, m, &kz, &ko);
    d->zero |= (kz & ~S) | (ko & S), d->one |= (ko & ~S) | (kz & S);
    if (d->zero & d->one) break;
    key_bits(d, &kz, &ko);
    if (!up_to_bits(d->lo, d->zero, d->one, m, &d->lo) ||
        !down_to_bits(d->hi, d->zero, d->one, m, &d->hi) ||
        !up_to_bits(d->slo, kz, ko, m, &d->slo) ||
        !down_to_bits(d->shi, kz, ko, m, &d->shi))
      d->lo = 1, d->hi = 0;
    if (!memcmp(&o, d, sizeof o)) break;
  }
  if (bv_empty(d)) d->lo = 1, d->hi = 0;
}

/* The full domain of a term's sort. */
static fer_ival top(ferret *f, fer_term t) {
  fer_ival d;
  memset(&d, 0, sizeof d);
  fer_sort so = fer_term_sort(f, t);
  fpk k;
  uint32_t w;
  if (so == fer_sort_bool(f)) {
    d.kind = FER_IV_BOOL, d.t = d.f = true;
  } else if ((w = bv_width(f, so))) {
    d = bv_top(w);
  } else if (fp_sort(f, so, &k)) {
    d.kind = FER_IV_FP, d.lo = k.ninf, d.hi = k.pinf, d.nan = true;
  }
  return d;
}

static bool empty(const fer_ival *d) {
  switch (d->kind) {
  case FER_IV_BOOL: return !d->t && !d->f;
  case FER_IV_BV: return bv_empty(d);
  case FER_IV_FP: return d->lo > d->hi && !d->nan;
  default: return false;
  }
}

static bool fp_has_num(const fer_ival *d) { return d->lo <= d->hi; }

static u128 max_(u128 a, u128 b) { return a > b ? a : b; }
static u128 min_(u128 a, u128 b) { return a < b ? a : b; }

/* Narrow *d to its intersection with n (same kind); notes changes. */
static void meet(state *s, fer_ival *d, const fer_ival *n) {
  if (d->kind != n->kind || d->kind == FER_IV_TOP) return;
  if (d->kind == FER_IV_BOOL) {
    bool t = d->t && n->t, f = d->f && n->f;
    if (t != d->t || f != d->f) d->t = t, d->f = f, s->changed = true;
    return;
  }
  if (d->kind == FER_IV_BV) {
    if (bv_empty(d)) return;
    fer_ival o = *d;
    d->lo = max_(d->lo, n->lo), d->hi = min_(d->hi, n->hi);
    d->slo = max_(d->slo, n->slo), d->shi = min_(d->shi, n->shi);
    d->zero |= n->zero, d->one |= n->one;
    bv_reduce(d);
    if (memcmp(&o, d, sizeof o)) s->changed = true;
    return;
  }
  if (fp_has_num(d)) {
    u128 lo = max_(d->lo, n->lo), hi = min_(d->hi, n->hi);
    if (lo > hi) lo = 1, hi = 0; /* canonical empty */
    if (lo != d->lo || hi != d->hi) d->lo = lo, d->hi = hi, s->changed = true;
  }
  if (d->nan && !n->nan) d->nan = false, s->changed = true;
}

static void meet_bool(state *s, fer_ival *d, bool t, bool f) {
  fer_ival n;
  memset(&n, 0, sizeof n);
  n.kind = FER_IV_BOOL, n.t = t, n.f = f;
  if (d) meet(s, d, &n);
}

/* d meets [lo, hi] (BV: unsigned; FP: keys, and "NaN possible" nan). */
static void meet_range(state *s, fer_ival *d, u128 lo, u128 hi, bool nan) {
  if (!d) return;
  fer_ival n = d->kind == FER_IV_BV ? bv_top(d->width) : *d;
  n.lo = lo, n.hi = hi, n.nan = nan;
  meet(s, d, &n);
}

/* BV d meets the unsigned range [lo, hi]. */
static void meet_urange(state *s, fer_ival *d, u128 lo, u128 hi) {
  meet_range(s, d, lo, hi, false);
}

/* BV d meets the signed keys [lo, hi]. */
static void meet_srange(state *s, fer_ival *d, u128 lo, u128 hi) {
  if (!d || d->kind != FER_IV_BV) return;
  fer_ival n = bv_top(d->width);
  n.slo = lo, n.shi = hi;
  meet(s, d, &n);
}

/* BV d meets known bits and the wrapped range from wl to wh (0, max: no
 * range). */
static void meet_bits(state *s, fer_ival *d, u128 zero, u128 one, u128 wl,
                      u128 wh) {
  if (!d || d->kind != FER_IV_BV) return;
  fer_ival n = bv_top(d->width);
  n.zero = zero, n.one = one;
  bv_wrap(&n, wl, wh);
  meet(s, d, &n);
}

/* ---------------------------------------------------- forward: FP ops */

typedef u128 (*fp_binop)(fer_fmt, fer_rm, u128, u128);

/* op over the box a x b by its corners: every one of these operations is
 * monotone in each argument (for a fixed sign of the other), and rounding
 * toward -oo / +oo bounds every mode.  A NaN at a corner gives the full
 * domain. */
static fer_ival fp_corners(const fpk *k, fp_binop op, fer_rm mlo, fer_rm mhi,
                           const fer_ival *a, const fer_ival *b) {
  fer_ival r;
  memset(&r, 0, sizeof r);
  r.kind = FER_IV_FP, r.lo = 1, r.nan = a->nan || b->nan;
  if (!fp_has_num(a) || !fp_has_num(b)) return r;
  u128 ka[2] = {a->lo, a->hi}, kb[2] = {b->lo, b->hi};
  u128 lo = k->pinf, hi = k->ninf;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) {
      u128 x = unkey(k, ka[i]), y = unkey(k, kb[j]);
      u128 dn = op(k->fmt, mlo, x, y), up = op(k->fmt, mhi, x, y);
      if (fer_fp_is_nan(k->fmt, dn) || fer_fp_is_nan(k->fmt, up)) {
        r.lo = k->ninf, r.hi = k->pinf, r.nan = true;
        return r;
      }
      u128 kd = key(k, dn), ku = key(k, up);
      if (kd < lo) lo = kd;
      if (ku > hi) hi = ku;
    }
  r.lo = lo, r.hi = hi;
  return r;
}

static bool has_zero(const fpk *k, const fer_ival *d) {
  return fp_has_num(d) && d->lo <= KPZ(k) && d->hi >= KNZ(k);
}
static bool has_inf(const fpk *k, const fer_ival *d) {
  return fp_has_num(d) && (d->lo == k->ninf || d->hi == k->pinf);
}

/* ------------------------------------------------- BV arithmetic */

static fer_ival bv_const(uint32_t w, u128 v) {
  fer_ival d = bv_top(w);
  d.lo = d.hi = v, d.slo = d.shi = v ^ sbit(w);
  d.zero = ~v & mask(w), d.one = v;
  return d;
}

/* Known bits of x + y + cin (mod 2^w).  The carry into each bit is
 * monotone in the operands' bits: it is known 0 if it is 0 with every
 * unknown bit 1, known 1 if it is 1 with every unknown bit 0; a sum bit
 * is known where both operand bits and its carry are. */
static void kb_add(u128 xz, u128 xo, u128 yz, u128 yo, u128 cin, u128 m,
                   u128 *z, u128 *o) {
  u128 xmax = ~xz & m, ymax = ~yz & m;
  u128 smax = xmax + ymax + cin, smin = xo + yo + cin;
  u128 cmax = smax ^ xmax ^ ymax, cmin = smin ^ xo ^ yo;
  u128 known = (xz | xo) & (yz | yo) & (~cmax | cmin) & m;
  *z = ~smin & known, *o = smin & known;
}

/* x + y, or x - y: wrapped ranges from the unsigned bounds and from the
 * signed keys (key(x) - key(y) = x - y and key(x) + key(y) = x + y modulo
 * 2^w, so both give a range of values), when their span is below 2^w;
 * known bits by kb_add (x - y = x + ~y + 1). */
static fer_ival bv_sum(const fer_ival *x, const fer_ival *y, bool sub) {
  uint32_t w = x->width;
  u128 m = mask(w);
  fer_ival r = bv_top(w);
  for (int view = 0; view < 2; view++) {
    u128 xl = view ? x->slo : x->lo, xh = view ? x->shi : x->hi;
    u128 yl = view ? y->slo : y->lo, yh = view ? y->shi : y->hi;
    if (xh - xl > m - (yh - yl)) continue; /* the span covers 2^w */
    if (sub) bv_wrap(&r, (xl - yh) & m, (xh - yl) & m);
    else bv_wrap(&r, (xl + yl) & m, (xh + yh) & m);
  }
  if (sub) kb_add(x->zero, x->one, y->one, y->zero, 1, m, &r.zero, &r.one);
  else kb_add(x->zero, x->one, y->zero, y->one, 0, m, &r.zero, &r.one);
  return r;
}

/* ~x = max - x, in both views (key(~x) = ~key(x)). */
static fer_ival bv_not(const fer_ival *x) {
  u128 m = mask(x->width);
  fer_ival r = bv_top(x->width);
  r.lo = m - x->hi, r.hi = m - x->lo;
  r.slo = m - x->shi, r.shi = m - x->slo;
  r.zero = x->one, r.one = x->zero;
  return r;
}

/* Known bits of x * y: the trailing zeros add up, and the low bits known
 * in both operands give the product's low bits. */
static void kb_mul(const fer_ival *x, const fer_ival *y, u128 *z, u128 *o) {
  uint32_t w = x->width;
  u128 m = mask(w);
  uint32_t tz = low_ones(x->zero) + low_ones(y->zero);
  uint32_t kx = low_ones(x->zero | x->one), ky = low_ones(y->zero | y->one);
  uint32_t k = kx < ky ? kx : ky;
  if (k > w) k = w;
  u128 p = (x->one * y->one) & mask(k);
  *z = (mask(tz < w ? tz : w) | (~p & mask(k))) & m, *o = p;
}

/* Arithmetic shift right of a w-bit pattern. */
static u128 ashr(u128 v, uint32_t c, uint32_t w) {
  if (c >= w) c = w - 1;
  u128 r = v >> c;
  if (v >> (w - 1) & 1) r |= mask(w) & ~mask(w - c);
  return r;
}

/* Rotate a w-bit pattern left by c (< w). */
static u128 rotl(u128 v, uint32_t c, uint32_t w) {
  return c ? ((v << c) | (v >> (w - c))) & mask(w) : v;
}

/* The value of a singleton BV domain in *v. */
static bool bv_single(const fer_ival *d, u128 *v) {
  if (!d || d->kind != FER_IV_BV || d->lo != d->hi) return false;
  *v = d->lo;
  return true;
}

/* ------------------------------------------------------ forward rules */

/* r := the smallest domain holding r and o (same kind). */
static void hull(fer_ival *r, const fer_ival *o) {
  if (r->kind == FER_IV_BOOL) {
    r->t |= o->t, r->f |= o->f;
    return;
  }
  if (r->kind == FER_IV_BV) {
    if (bv_empty(o)) return;
    if (bv_empty(r)) {
      *r = *o;
      return;
    }
    r->slo = min_(r->slo, o->slo), r->shi = max_(r->shi, o->shi);
    r->zero &= o->zero, r->one &= o->one;
  }
  if (r->kind == FER_IV_FP) r->nan |= o->nan;
  if (o->lo > o->hi) return;
  if (r->lo > r->hi) {
    r->lo = o->lo, r->hi = o->hi;
    return;
  }
  if (o->lo < r->lo) r->lo = o->lo;
  if (o->hi > r->hi) r->hi = o->hi;
}

static fer_ival forward(state *s, fer_term t) {
  ferret *f = s->f;
  fer_ival r = top(f, t);
  fer_op op = fer_term_op(f, t);
  uint32_t n = fer_term_nargs(f, t);
  const fer_term *a = fer_term_args(f, t);
  fer_ival *d0 = n > 0 ? dom(s, a[0]) : NULL;
  fer_ival *d1 = n > 1 ? dom(s, a[1]) : NULL;
  fer_ival *d2 = n > 2 ? dom(s, a[2]) : NULL;
  fpk k;
  bool is_fp = r.kind == FER_IV_FP && fp_sort(f, fer_term_sort(f, t), &k);
  uint32_t w = r.kind == FER_IV_BV ? bv_width(f, fer_term_sort(f, t)) : 0;
  /* Bounds are rounded toward -oo and +oo, which bound every mode; with
   * a constant rounding mode, in that mode (each operation is monotone
   * under a fixed mode). */
  fer_rm mlo = FER_RTN, mhi = FER_RTP;
  if (n > 0 && fer_term_op(f, a[0]) == FER_OP_CONST &&
      fer_term_sort(f, a[0]) == fer_sort_rm(f))
    mlo = mhi = (fer_rm)fer_const_u128(f, a[0]);
  switch (op) {
  case FER_OP_TRUE: r.f = false; break;
  case FER_OP_FALSE: r.t = false; break;
  case FER_OP_CONST:
    if (r.kind == FER_IV_BV) {
      r.lo = r.hi = fer_const_u128(f, t);
    } else if (is_fp) {
      u128 v = fer_const_u128(f, t);
      if (fer_fp_is_nan(k.fmt, v)) r.lo = 1, r.hi = 0;
      else r.lo = r.hi = key(&k, v), r.nan = false;
    }
    break;
  case FER_OP_NOT:
    if (d0) r.t = d0->f, r.f = d0->t;
    break;
  case FER_OP_AND:
  case FER_OP_OR: {
    bool some_t = false, some_f = false;
    for (uint32_t i = 0; i < n; i++) {
      fer_ival *d = dom(s, a[i]);
      some_t |= !d || d->t, some_f |= !d || d->f;
    }
    if (op == FER_OP_AND) {
      /* true only if every argument can be true; false if one can be */
      bool every_t = true;
      for (uint32_t i = 0; i < n; i++) {
        fer_ival *d = dom(s, a[i]);
        every_t &= !d || d->t;
      }
      r.t = every_t, r.f = some_f;
    } else {
      bool every_f = true;
      for (uint32_t i = 0; i < n; i++) {
        fer_ival *d = dom(s, a[i]);
        every_f &= !d || d->f;
      }
      r.t = some_t, r.f = every_f;
    }
    break;
  }
  case FER_OP_IMPLIES:
    if (d0 && d1) r.t = d0->f || d1->t, r.f = d0->t && d1->f;
    break;
  case FER_OP_XOR:
    if (d0 && d1)
      r.t = (d0->t && d1->f) || (d0->f && d1->t),
      r.f = (d0->t && d1->t) || (d0->f && d1->f);
    break;
  case FER_OP_ITE:
    if (d0 && d1 && d2 && d1->kind == r.kind && r.kind != FER_IV_TOP) {
      if (!d0->f) r = *d1;
      else if (!d0->t) r = *d2;
      else r = *d1, hull(&r, d2);
    }
    break;
  case FER_OP_EQ:
  case FER_OP_DISTINCT:
    if (n == 2 && d0 && d1 && d0->kind == d1->kind && d0->kind != FER_IV_TOP) {
      bool can_eq, must_eq;
      if (d0->kind == FER_IV_BOOL) {
        can_eq = (d0->t && d1->t) || (d0->f && d1->f);
        must_eq = (d0->t != d0->f) && (d1->t != d1->f) && d0->t == d1->t;
      } else if (d0->kind == FER_IV_BV) {
        can_eq = d0->lo <= d1->hi && d1->lo <= d0->hi &&
                 d0->slo <= d1->shi && d1->slo <= d0->shi &&
                 !((d0->zero & d1->one) | (d0->one & d1->zero));
        must_eq = d0->lo == d0->hi && d1->lo == d1->hi && d0->lo == d1->lo;
      } else { /* structural: NaN = NaN */
        can_eq = (d0->nan && d1->nan) ||
                 (fp_has_num(d0) && fp_has_num(d1) && d0->lo <= d1->hi &&
                  d1->lo <= d0->hi);
        must_eq = !d0->nan && !d1->nan && fp_has_num(d0) &&
                  d0->lo == d0->hi && d1->lo == d1->hi && d0->lo == d1->lo;
        if (!fp_has_num(d0) && !fp_has_num(d1) && d0->nan && d1->nan)
          must_eq = true;
      }
      bool is_eq = op == FER_OP_EQ;
      r.t = is_eq ? can_eq : !must_eq;
      r.f = is_eq ? !must_eq : can_eq;
    }
    break;
  case FER_OP_FP_LT:
  case FER_OP_FP_LEQ:
  case FER_OP_FP_GT:
  case FER_OP_FP_GEQ:
  case FER_OP_FP_EQ:
    if (d0 && d1 && d0->kind == FER_IV_FP && d1->kind == FER_IV_FP &&
        fp_sort(f, fer_term_sort(f, a[0]), &k)) {
      const fer_ival *x = d0, *y = d1;
      if (op == FER_OP_FP_GT || op == FER_OP_FP_GEQ) x = d1, y = d0;
      bool strict = op == FER_OP_FP_LT || op == FER_OP_FP_GT;
      if (!fp_has_num(x) || !fp_has_num(y)) {
        r.t = false; /* a NaN makes every comparison false */
        break;
      }
      u128 xl = unkey(&k, x->lo), xh = unkey(&k, x->hi);
      u128 yl = unkey(&k, y->lo), yh = unkey(&k, y->hi);
      if (op == FER_OP_FP_EQ) { /* -0 and +0 are equal numbers */
        r.t = fer_fp_leq(k.fmt, xl, yh) && fer_fp_leq(k.fmt, yl, xh);
        r.f = x->nan || y->nan ||
              !(fer_fp_eq(k.fmt, xl, xh) && fer_fp_eq(k.fmt, yl, yh) &&
                fer_fp_eq(k.fmt, xl, yl));
      } else {
        /* x < y possible iff min x < max y; certain iff max x < min y */
        r.t = strict ? fer_fp_lt(k.fmt, xl, yh) : fer_fp_leq(k.fmt, xl, yh);
        bool certain = strict ? fer_fp_lt(k.fmt, xh, yl)
                              : fer_fp_leq(k.fmt, xh, yl);
        r.f = x->nan || y->nan || !certain;
      }
    }
    break;
  case FER_OP_FP_IS_NAN:
    if (d0 && d0->kind == FER_IV_FP) r.t = d0->nan, r.f = fp_has_num(d0);
    break;
  case FER_OP_FP_IS_INF:
  case FER_OP_FP_IS_ZERO:
  case FER_OP_FP_IS_NEG:
  case FER_OP_FP_IS_POS:
    if (d0 && d0->kind == FER_IV_FP && fp_sort(f, fer_term_sort(f, a[0]), &k)) {
      bool num = fp_has_num(d0);
      u128 lo = d0->lo, hi = d0->hi;
      bool in, out; /* some value in / out of the class */
      if (op == FER_OP_FP_IS_INF) {
        in = num && (lo == k.ninf || hi == k.pinf);
        out = num && !(lo == hi && (lo == k.ninf || lo == k.pinf));
      } else if (op == FER_OP_FP_IS_ZERO) {
        in = has_zero(&k, d0);
        out = num && !(lo >= KNZ(&k) && hi <= KPZ(&k));
      } else if (op == FER_OP_FP_IS_NEG) {
        in = num && lo <= KNZ(&k);
        out = num && hi >= KPZ(&k);
      } else {
        in = num && hi >= KPZ(&k);
        out = num && lo <= KNZ(&k);
      }
      r.t = in, r.f = out || d0->nan;
    }
    break;
  case FER_OP_FP_NEG:
  case FER_OP_FP_ABS:
    if (is_fp && d0) {
      u128 M = 2 * k.S - 1; /* key(-x) = M - key(x) */
      r.nan = d0->nan;
      if (!fp_has_num(d0)) {
        r.lo = 1, r.hi = 0;
      } else if (op == FER_OP_FP_NEG) {
        r.lo = M - d0->hi, r.hi = M - d0->lo;
      } else if (d0->lo >= KPZ(&k)) {
        r.lo = d0->lo, r.hi = d0->hi;
      } else if (d0->hi <= KNZ(&k)) {
        r.lo = M - d0->hi, r.hi = M - d0->lo;
      } else {
        r.lo = KPZ(&k), r.hi = M - d0->lo > d0->hi ? M - d0->lo : d0->hi;
      }
    }
    break;
  case FER_OP_FP_ADD:
  case FER_OP_FP_SUB:
  case FER_OP_FP_MUL:
  case FER_OP_FP_DIV:
    if (is_fp && d1 && d2) {
      fp_binop fn = op == FER_OP_FP_ADD   ? fer_fp_add
                    : op == FER_OP_FP_SUB ? fer_fp_sub
                    : op == FER_OP_FP_MUL ? fer_fp_mul
                                          : fer_fp_div;
      if (op == FER_OP_FP_DIV && has_zero(&k, d2)) break; /* +-oo, NaN */
      r = fp_corners(&k, fn, mlo, mhi, d1, d2);
      if (op == FER_OP_FP_MUL &&
          ((has_zero(&k, d1) && has_inf(&k, d2)) ||
           (has_zero(&k, d2) && has_inf(&k, d1))))
        r.nan = true;
      if (op == FER_OP_FP_DIV && has_inf(&k, d1) && has_inf(&k, d2))
        r.nan = true;
    }
    break;
  case FER_OP_FP_MIN:
  case FER_OP_FP_MAX:
    if (is_fp && d0 && d1) {
      if (d0->nan || d1->nan) { /* min(NaN, y) = y: the hull */
        r.nan = d0->nan && d1->nan;
        bool n0 = fp_has_num(d0), n1 = fp_has_num(d1);
        r.lo = n0 && (!n1 || d0->lo < d1->lo) ? d0->lo : d1->lo;
        r.hi = n0 && (!n1 || d0->hi > d1->hi) ? d0->hi : d1->hi;
        if (!n0 && !n1) r.lo = 1, r.hi = 0;
      } else if (fp_has_num(d0) && fp_has_num(d1)) {
        r.nan = false;
        bool mn = op == FER_OP_FP_MIN;
        r.lo = mn ? (d0->lo < d1->lo ? d0->lo : d1->lo)
                  : (d0->lo > d1->lo ? d0->lo : d1->lo);
        r.hi = mn ? (d0->hi < d1->hi ? d0->hi : d1->hi)
                  : (d0->hi > d1->hi ? d0->hi : d1->hi);
        /* the sign of a zero result is unspecified: either zero */
        if (r.hi == KNZ(&k)) r.hi = KPZ(&k);
        if (r.lo == KPZ(&k)) r.lo = KNZ(&k);
      }
    }
    break;
  case FER_OP_FP_SQRT:
    if (is_fp && d1) {
      r.nan = d1->nan || (fp_has_num(d1) && d1->lo < KNZ(&k));
      u128 lo = d1->lo < KNZ(&k) ? KNZ(&k) : d1->lo;
      if (!fp_has_num(d1) || lo > d1->hi) {
        r.lo = 1, r.hi = 0;
      } else {
        r.lo = key(&k, fer_fp_sqrt(k.fmt, mlo, unkey(&k, lo)));
        r.hi = key(&k, fer_fp_sqrt(k.fmt, mhi, unkey(&k, d1->hi)));
      }
    }
    break;
  case FER_OP_FP_RTI:
    if (is_fp && d1) {
      r.nan = d1->nan;
      if (!fp_has_num(d1)) r.lo = 1, r.hi = 0;
      else {
        r.lo = key(&k, fer_fp_rti(k.fmt, mlo, unkey(&k, d1->lo)));
        r.hi = key(&k, fer_fp_rti(k.fmt, mhi, unkey(&k, d1->hi)));
        /* a zero result keeps the argument's sign: either zero */
        if (r.lo == KPZ(&k)) r.lo = KNZ(&k);
        if (r.hi == KNZ(&k)) r.hi = KPZ(&k);
      }
    }
    break;
  case FER_OP_TO_FP_FP:
    if (is_fp && d1 && d1->kind == FER_IV_FP) {
      fpk kf;
      if (!fp_sort(f, fer_term_sort(f, a[1]), &kf)) break;
      r.nan = d1->nan;
      if (!fp_has_num(d1)) r.lo = 1, r.hi = 0;
      else {
        r.lo = key(&k, fer_fp_convert(k.fmt, mlo, kf.fmt, unkey(&kf, d1->lo)));
        r.hi = key(&k, fer_fp_convert(k.fmt, mhi, kf.fmt, unkey(&kf, d1->hi)));
      }
    }
    break;
  case FER_OP_TO_FP_REAL:
    if (is_fp && fer_term_op(f, a[1]) == FER_OP_REAL) {
      bool neg;
      const uint32_t *num, *den;
      uint32_t nl, dl;
      fer_real_get(f, a[1], &neg, &num, &nl, &den, &dl);
      r.nan = false;
      r.lo = key(&k, fer_fp_from_rational(k.fmt, mlo, neg, num, nl, den, dl));
      r.hi = key(&k, fer_fp_from_rational(k.fmt, mhi, neg, num, nl, den, dl));
      /* (the real 0 gives +0 in every mode, and a negative real too small
       * for the format gives -0: both bounds come out right as they are) */
    }
    break;
  case FER_OP_TO_FP_UBV:
  case FER_OP_TO_FP_SBV:
    if (is_fp && d1 && d1->kind == FER_IV_BV) {
      uint32_t bw = bv_width(f, fer_term_sort(f, a[1]));
      u128 lo = d1->lo, hi = d1->hi;
      if (op == FER_OP_TO_FP_SBV) /* the signed bounds' patterns */
        lo = d1->slo ^ sbit(bw), hi = d1->shi ^ sbit(bw);
      u128 (*conv)(fer_fmt, fer_rm, u128, uint32_t) =
          op == FER_OP_TO_FP_UBV ? fer_fp_from_ubv : fer_fp_from_sbv;
      r.nan = false;
      r.lo = key(&k, conv(k.fmt, mlo, lo, bw));
      r.hi = key(&k, conv(k.fmt, mhi, hi, bw));
    }
    break;
  case FER_OP_TO_FP_BV:
    if (is_fp && d0 && d0->kind == FER_IV_BV) {
      /* reinterpretation: positives keep their order, negatives reverse */
      u128 lo = d0->lo, hi = d0->hi;
      r.nan = false, r.lo = k.pinf, r.hi = k.ninf;
      if (lo < k.S) { /* positive patterns [lo, min(hi, S-1)] */
        u128 h = hi < k.S ? hi : k.S - 1;
        if (h > k.pinf - k.S) r.nan = true, h = k.pinf - k.S;
        if (lo <= h) {
          r.lo = k.S + lo;
          r.hi = k.S + h;
        }
      }
      if (hi >= k.S) { /* negative patterns [max(lo, S), hi] */
        u128 l = (lo >= k.S ? lo : k.S) - k.S, h = hi - k.S;
        u128 infmag = k.pinf - k.S;
        if (h > infmag) r.nan = true, h = infmag;
        if (l <= h) {
          u128 kl = k.S - 1 - h, kh = k.S - 1 - l;
          if (kl < r.lo) r.lo = kl;
          if (kh > r.hi) r.hi = kh;
        }
      }
      if (r.lo > r.hi) r.lo = 1, r.hi = 0;
    }
    break;
  case FER_OP_FP_TO_UBV:
  case FER_OP_FP_TO_SBV: /* monotone; NaN, oo or out of range: any value */
    if (w && d1 && d1->kind == FER_IV_FP && !d1->nan && fp_has_num(d1) &&
        fp_sort(f, fer_term_sort(f, a[1]), &k) && d1->lo > k.ninf &&
        d1->hi < k.pinf) {
      bool sg = op == FER_OP_FP_TO_SBV, dl = false, dh = false;
      u128 (*conv)(fer_fmt, fer_rm, u128, uint32_t, bool *) =
          sg ? fer_fp_to_sbv : fer_fp_to_ubv;
      u128 lo = conv(k.fmt, mlo, unkey(&k, d1->lo), w, &dl);
      u128 hi = conv(k.fmt, mhi, unkey(&k, d1->hi), w, &dh);
      if (!dl || !dh) break; /* an end out of range */
      if (sg) r.slo = lo ^ sbit(w), r.shi = hi ^ sbit(w);
      else r.lo = lo, r.hi = hi;
    }
    break;
  /* bit-vectors */
  case FER_OP_BVULT:
  case FER_OP_BVULE:
  case FER_OP_BVUGT:
  case FER_OP_BVUGE:
  case FER_OP_BVSLT:
  case FER_OP_BVSLE:
  case FER_OP_BVSGT:
  case FER_OP_BVSGE:
    if (d0 && d1 && d0->kind == FER_IV_BV && d1->kind == FER_IV_BV) {
      const fer_ival *x = d0, *y = d1;
      if (op == FER_OP_BVUGT || op == FER_OP_BVUGE || op == FER_OP_BVSGT ||
          op == FER_OP_BVSGE)
        x = d1, y = d0;
      bool strict = op == FER_OP_BVULT || op == FER_OP_BVUGT ||
                    op == FER_OP_BVSLT || op == FER_OP_BVSGT;
      bool sg = op >= FER_OP_BVSLT;
      u128 xl = sg ? x->slo : x->lo, xh = sg ? x->shi : x->hi;
      u128 yl = sg ? y->slo : y->lo, yh = sg ? y->shi : y->hi;
      r.t = strict ? xl < yh : xl <= yh;
      r.f = strict ? !(xh < yl) : !(xh <= yl);
    }
    break;
  case FER_OP_BVNOT:
    if (w && d0) r = bv_not(d0);
    break;
  case FER_OP_BVNEG:
    if (w && d0) {
      fer_ival z = bv_const(w, 0);
      r = bv_sum(&z, d0, true);
    }
    break;
  case FER_OP_BVADD:
  case FER_OP_BVSUB:
    if (w && d0 && d1) r = bv_sum(d0, d1, op == FER_OP_BVSUB);
    break;
  case FER_OP_BVMUL:
    if (w && d0 && d1) {
      if (w <= 64 && (d1->hi == 0 || d0->hi <= mask(w) / d1->hi))
        r.lo = d0->lo * d1->lo, r.hi = d0->hi * d1->hi;
      kb_mul(d0, d1, &r.zero, &r.one);
    }
    break;
  case FER_OP_BVUDIV:
    if (w && d0 && d1 && d1->lo > 0)
      r.lo = d0->lo / d1->hi, r.hi = d0->hi / d1->lo;
    break;
  case FER_OP_BVUREM:
    if (w && d0 && d1)
      r.hi = d1->lo > 0 && d1->hi - 1 < d0->hi ? d1->hi - 1 : d0->hi;
    break;
  case FER_OP_BVAND:
    if (w && d0 && d1) {
      r.hi = min_(d0->hi, d1->hi);
      r.zero = d0->zero | d1->zero, r.one = d0->one & d1->one;
    }
    break;
  case FER_OP_BVOR:
    if (w && d0 && d1) {
      r.lo = max_(d0->lo, d1->lo);
      r.zero = d0->zero & d1->zero, r.one = d0->one | d1->one;
    }
    break;
  case FER_OP_BVXOR:
    if (w && d0 && d1) {
      r.zero = (d0->zero & d1->zero) | (d0->one & d1->one);
      r.one = (d0->zero & d1->one) | (d0->one & d1->zero);
    }
    break;
  case FER_OP_BVSHL:
  case FER_OP_BVLSHR:
  case FER_OP_BVASHR: {
    u128 c;
    if (!w || !d0 || !bv_single(d1, &c)) break;
    uint32_t sh = c >= w ? w : (uint32_t)c;
    u128 m = mask(w);
    if (op == FER_OP_BVSHL) {
      r.zero = sh >= w ? m : ((d0->zero << sh) | mask(sh)) & m;
      r.one = sh >= w ? 0 : (d0->one << sh) & m;
    } else if (op == FER_OP_BVLSHR) {
      r.zero = sh >= w ? m : (d0->zero >> sh) | (m & ~mask(w - sh));
      r.one = sh >= w ? 0 : d0->one >> sh;
      r.lo = sh >= w ? 0 : d0->lo >> sh, r.hi = sh >= w ? 0 : d0->hi >> sh;
    } else { /* monotone in the signed order: key(x >> c) = (kx >> c) +
              * S - (S >> c) */
      r.zero = ashr(d0->zero, sh, w), r.one = ashr(d0->one, sh, w);
      uint32_t sc = sh >= w ? w - 1 : sh;
      u128 S = sbit(w);
      r.slo = (d0->slo >> sc) + S - (S >> sc);
      r.shi = (d0->shi >> sc) + S - (S >> sc);
    }
    break;
  }
  case FER_OP_ROTATE_LEFT:
  case FER_OP_ROTATE_RIGHT:
    if (w && d0) {
      uint32_t c = fer_term_idx(f, t, 0) % w;
      if (op == FER_OP_ROTATE_RIGHT) c = (w - c) % w;
      r.zero = rotl(d0->zero, c, w), r.one = rotl(d0->one, c, w);
    }
    break;
  case FER_OP_ZERO_EXTEND:
    if (w && d0 && d0->kind == FER_IV_BV) {
      r.lo = d0->lo, r.hi = d0->hi;
      r.zero = d0->zero | (mask(w) & ~mask(d0->width)), r.one = d0->one;
    }
    break;
  case FER_OP_SIGN_EXTEND: /* the signed value is kept */
    if (w && d0 && d0->kind == FER_IV_BV) {
      uint32_t w0 = d0->width;
      u128 ext = mask(w) & ~mask(w0), S0 = sbit(w0);
      r.zero = d0->zero | (d0->zero & S0 ? ext : 0);
      r.one = d0->one | (d0->one & S0 ? ext : 0);
      r.slo = d0->slo - S0 + sbit(w), r.shi = d0->shi - S0 + sbit(w);
    }
    break;
  case FER_OP_CONCAT:
    if (w && d0 && d1 && d0->kind == FER_IV_BV && d1->kind == FER_IV_BV) {
      uint32_t lw = d1->width;
      r.lo = d0->lo << lw | d1->lo, r.hi = d0->hi << lw | d1->hi;
      /* the sign is the high part's: keys concatenate too */
      r.slo = d0->slo << lw | d1->lo, r.shi = d0->shi << lw | d1->hi;
      r.zero = d0->zero << lw | d1->zero, r.one = d0->one << lw | d1->one;
    }
    break;
  case FER_OP_EXTRACT:
    if (w && d0 && d0->kind == FER_IV_BV) {
      uint32_t hi = fer_term_idx(f, t, 0), lo = fer_term_idx(f, t, 1);
      /* monotone when the bits above hi are the same over the range */
      if (hi + 1 >= 128 || (d0->lo >> (hi + 1)) == (d0->hi >> (hi + 1)))
        r.lo = (d0->lo >> lo) & mask(w), r.hi = (d0->hi >> lo) & mask(w);
      r.zero = (d0->zero >> lo) & mask(w), r.one = (d0->one >> lo) & mask(w);
    }
    break;
  default:
    break;
  }
  return r;
}

/* ----------------------------------------------------- backward rules */

/* x < y (strict) or x <= y on FP, known true: both non-NaN, x below max y,
 * y above min x. */
static void fp_less(state *s, const fpk *k, fer_ival *x, fer_ival *y,
                    bool strict) {
  if (!x || !y) return;
  meet_range(s, x, x->lo, x->hi, false);
  meet_range(s, y, y->lo, y->hi, false);
  if (!fp_has_num(x) || !fp_has_num(y)) {
    meet_range(s, x, 1, 0, false); /* nothing left */
    return;
  }
  u128 yh = unkey(k, y->hi), xl = unkey(k, x->lo);
  meet_range(s, x, k->ninf, strict ? lt_key(k, yh) : le_key(k, yh), false);
  meet_range(s, y, strict ? gt_key(k, xl) : ge_key(k, xl), k->pinf, false);
}

/* not (x < y) (strict) or not (x <= y): y <= x (y < x), or one of them is
 * NaN.  The numeric part of x is bounded below when y cannot be NaN, that
 * of y above when x cannot be; NaN flags are kept. */
static void fp_not_less(state *s, const fpk *k, fer_ival *x, fer_ival *y,
                        bool strict) {
  if (!x || !y || !fp_has_num(x) || !fp_has_num(y)) return;
  u128 yl = unkey(k, y->lo), xh = unkey(k, x->hi);
  if (!y->nan) /* x >= min y (x > min y for not (x <= y)) */
    meet_range(s, x, strict ? ge_key(k, yl) : gt_key(k, yl), k->pinf, x->nan);
  if (!x->nan) /* y <= max x (y < max x) */
    meet_range(s, y, k->ninf, strict ? le_key(k, xh) : lt_key(k, xh), y->nan);
}

/* The keys of values whose rounding can land in [lo, hi] (keys of the
 * result's format), as a value range in the same format: (pred lo, succ
 * hi) numerically, or unbounded at an infinity. */
static void preimage(const fpk *k, u128 lo, u128 hi, u128 *vlo, u128 *vhi,
                     bool *has_lo, bool *has_hi) {
  *has_lo = lo > k->ninf, *has_hi = hi < k->pinf;
  /* the value just below lo (numerically): keys below a zero skip -0 */
  if (*has_lo) *vlo = unkey(k, is_zero_key(k, lo) ? KNZ(k) - 1 : lo - 1);
  if (*has_hi) *vhi = unkey(k, is_zero_key(k, hi) ? KPZ(k) + 1 : hi + 1);
}

/* x < y (strict) or x <= y known true, in the unsigned or the signed
 * order: x below y's maximum, y above x's minimum. */
static void bv_less(state *s, fer_ival *x, fer_ival *y, bool strict,
                    bool sg) {
  u128 m = mask(x->width);
  u128 xl = sg ? x->slo : x->lo, yh = sg ? y->shi : y->hi;
  bool no_x = strict && yh == 0, no_y = strict && xl == m;
  u128 xmax = no_x ? 0 : strict ? yh - 1 : yh;
  u128 ymin = no_y ? m : strict ? xl + 1 : xl;
  void (*narrow)(state *, fer_ival *, u128, u128) = sg ? meet_srange : meet_urange;
  if (no_x) narrow(s, x, 1, 0);
  else narrow(s, x, 0, xmax);
  if (no_y) narrow(s, y, 1, 0);
  else narrow(s, y, ymin, m);
}

static void backward(state *s, fer_term t);

/* The one BV or FP term a case (an argument of an or/and, under at most
 * one not) says something about: its only argument that is not a
 * constant, or 0. */
static fer_term case_subject(ferret *f, fer_term c) {
  if (fer_term_op(f, c) == FER_OP_NOT) c = fer_term_arg(f, c, 0);
  uint32_t n = fer_term_nargs(f, c);
  fer_term x = 0;
  for (uint32_t i = 0; i < n; i++) {
    fer_term y = fer_term_arg(f, c, i);
    fer_op op = fer_term_op(f, y);
    if (op == FER_OP_CONST) continue;
    if (x || op == FER_OP_NOT) return 0;
    x = y;
  }
  return x;
}

/* Case analysis (constructive disjunction) for an or known true (value
 * true) or an and known false (value false) whose open cases all speak of
 * one term x: x lies in the hull of what each case, assumed to have the
 * value, leaves of x.  Each case is propagated backwards on a copy (its
 * domain, its subject's and, under a not, the inner atom's are restored
 * after), so nothing of one case leaks into another. */
static void split_cases(state *s, fer_term t, bool value) {
  ferret *f = s->f;
  uint32_t n = fer_term_nargs(f, t);
  const fer_term *a = fer_term_args(f, t);
  fer_term x = 0;
  for (uint32_t i = 0; i < n; i++) {
    fer_ival *d = dom(s, a[i]);
    if (!d || !(value ? d->t : d->f)) continue; /* closed: cannot hold */
    fer_term y = case_subject(f, a[i]);
    if (!y || (x && y != x)) return;
    x = y;
  }
  fer_ival *dx = x ? dom(s, x) : NULL;
  if (!dx || (dx->kind != FER_IV_BV && dx->kind != FER_IV_FP)) return;
  fer_ival keep = *dx, acc = *dx;
  acc.lo = 1, acc.hi = 0, acc.nan = false; /* empty, for the hull */
  for (uint32_t i = 0; i < n; i++) {
    fer_ival *d = dom(s, a[i]);
    if (!d || !(value ? d->t : d->f)) continue;
    bool neg = fer_term_op(f, a[i]) == FER_OP_NOT;
    fer_term atom = neg ? fer_term_arg(f, a[i], 0) : a[i];
    fer_ival *da = dom(s, atom);
    if (!da) return;
    /* the case, its atom and the atom's arguments (x and constants) */
    uint32_t na = fer_term_nargs(f, atom);
    fer_ival kd = *d, ka = *da, kargs[3];
    if (na > 3) return;
    for (uint32_t j = 0; j < na; j++) kargs[j] = *dom(s, fer_term_arg(f, atom, j));
    state scratch = *s;
    meet_bool(&scratch, da, value != neg, value == neg);
    backward(&scratch, atom);
    bool possible = !empty(dx);
    for (uint32_t j = 0; j < na; j++)
      possible &= !empty(dom(s, fer_term_arg(f, atom, j)));
    if (possible) hull(&acc, dx);
    for (uint32_t j = 0; j < na; j++) *dom(s, fer_term_arg(f, atom, j)) = kargs[j];
    *d = kd, *da = ka, *dx = keep;
  }
  meet(s, dx, &acc);
}

static void backward(state *s, fer_term t) {
  ferret *f = s->f;
  fer_ival *r = dom(s, t);
  if (!r) return;
  fer_op op = fer_term_op(f, t);
  uint32_t n = fer_term_nargs(f, t);
  const fer_term *a = fer_term_args(f, t);
  fer_ival *d0 = n > 0 ? dom(s, a[0]) : NULL;
  fer_ival *d1 = n > 1 ? dom(s, a[1]) : NULL;
  fer_ival *d2 = n > 2 ? dom(s, a[2]) : NULL;
  bool must_t = r->kind == FER_IV_BOOL && !r->f;
  bool must_f = r->kind == FER_IV_BOOL && !r->t;
  fpk k;
  switch (op) {
  case FER_OP_NOT:
    if (must_t) meet_bool(s, d0, false, true);
    if (must_f) meet_bool(s, d0, true, false);
    break;
  case FER_OP_AND:
  case FER_OP_OR: {
    bool is_and = op == FER_OP_AND;
    if (is_and ? must_t : must_f) { /* every argument */
      for (uint32_t i = 0; i < n; i++)
        meet_bool(s, dom(s, a[i]), is_and, !is_and);
    } else if (is_and ? must_f : must_t) { /* one: if only one is left */
      uint32_t open = 0, at = 0;
      for (uint32_t i = 0; i < n; i++) {
        fer_ival *d = dom(s, a[i]);
        if (!d || (is_and ? d->f : d->t)) open++, at = i;
      }
      if (open == 1) meet_bool(s, dom(s, a[at]), !is_and, is_and);
      else if (open > 1) split_cases(s, t, !is_and);
    }
    break;
  }
  case FER_OP_IMPLIES:
    if (must_f) meet_bool(s, d0, true, false), meet_bool(s, d1, false, true);
    if (must_t && d0 && !d0->f) meet_bool(s, d1, true, false);
    if (must_t && d1 && !d1->t) meet_bool(s, d0, false, true);
    break;
  case FER_OP_XOR:
    if ((must_t || must_f) && d0 && d1) {
      if (d0->t != d0->f) meet_bool(s, d1, d0->t != must_t, d0->t == must_t);
      if (d1->t != d1->f) meet_bool(s, d0, d1->t != must_t, d1->t == must_t);
    }
    break;
  case FER_OP_ITE:
    if (!d0 || !d1 || !d2 || d1->kind != r->kind) break;
    if (!d0->f) meet(s, d1, r);
    else if (!d0->t) meet(s, d2, r);
    else { /* a branch whose domain misses the result's is not taken */
      state scratch = *s;
      fer_ival x = *d1, y = *d2;
      meet(&scratch, &x, r);
      meet(&scratch, &y, r);
      if (empty(&x)) meet_bool(s, d0, false, true);
      if (empty(&y)) meet_bool(s, d0, true, false);
    }
    break;
  case FER_OP_EQ:
    if (n == 2 && d0 && d1 && d0->kind == d1->kind) {
      if (must_t) {
        fer_ival x = *d0;
        meet(s, d0, d1);
        meet(s, d1, &x);
      } else if (must_f && d0->kind == FER_IV_BOOL) {
        if (d0->t != d0->f) meet_bool(s, d1, d0->f, d0->t);
        if (d1->t != d1->f) meet_bool(s, d0, d1->f, d1->t);
      } else if (must_f) {
        /* x != c trims c off the ends of x's range (FP: structural, so a
         * single key is a single value; c must not be NaN) */
        bool is_fp = d0->kind == FER_IV_FP;
        for (int side = 0; side < 2; side++) {
          fer_ival *x = side ? d1 : d0, *c = side ? d0 : d1;
          if (c->lo != c->hi || x->lo > x->hi || (is_fp && c->nan)) continue;
          bool keep = is_fp && x->nan;
          if (x->lo == c->lo && x->hi == c->lo)
            meet_range(s, x, 1, 0, keep);
          else if (x->lo == c->lo)
            meet_range(s, x, x->lo + 1, x->hi, keep);
          else if (x->hi == c->lo)
            meet_range(s, x, x->lo, x->hi - 1, keep);
        }
      }
    }
    break;
  case FER_OP_FP_LT:
  case FER_OP_FP_LEQ:
  case FER_OP_FP_GT:
  case FER_OP_FP_GEQ:
    if (!d0 || !d1 || d0->kind != FER_IV_FP ||
        !fp_sort(f, fer_term_sort(f, a[0]), &k))
      break;
    {
      bool strict = op == FER_OP_FP_LT || op == FER_OP_FP_GT;
      bool swap = op == FER_OP_FP_GT || op == FER_OP_FP_GEQ;
      fer_ival *x = swap ? d1 : d0, *y = swap ? d0 : d1;
      if (must_t) fp_less(s, &k, x, y, strict);
      if (must_f) fp_not_less(s, &k, x, y, strict);
    }
    break;
  case FER_OP_FP_EQ:
    if (must_t && d0 && d1 && d0->kind == FER_IV_FP &&
        fp_sort(f, fer_term_sort(f, a[0]), &k)) {
      fp_less(s, &k, d0, d1, false);
      fp_less(s, &k, d1, d0, false);
    }
    break;
  case FER_OP_FP_IS_NAN:
    if (d0 && d0->kind == FER_IV_FP) {
      if (must_t) meet_range(s, d0, 1, 0, true);
      if (must_f) meet_range(s, d0, d0->lo, d0->hi, false);
    }
    break;
  case FER_OP_FP_IS_INF:
  case FER_OP_FP_IS_ZERO:
  case FER_OP_FP_IS_NEG:
  case FER_OP_FP_IS_POS:
  case FER_OP_FP_IS_NORMAL:
  case FER_OP_FP_IS_SUBNORMAL:
    if (!d0 || d0->kind != FER_IV_FP || !fp_sort(f, fer_term_sort(f, a[0]), &k))
      break;
    if (must_t) {
      u128 lo = k.ninf, hi = k.pinf;
      if (op == FER_OP_FP_IS_ZERO) lo = KNZ(&k), hi = KPZ(&k);
      if (op == FER_OP_FP_IS_NEG) hi = KNZ(&k);
      if (op == FER_OP_FP_IS_POS) lo = KPZ(&k);
      if (op == FER_OP_FP_IS_SUBNORMAL) { /* |x| below the least normal */
        u128 minnorm = (u128)1 << (k.fmt.sb - 1);
        lo = KNZ(&k) - (minnorm - 1), hi = KPZ(&k) + (minnorm - 1);
      }
      meet_range(s, d0, lo, hi, false);
      if (op == FER_OP_FP_IS_INF && fp_has_num(d0)) {
        if (d0->lo > k.ninf) meet_range(s, d0, k.pinf, k.pinf, false);
        else if (d0->hi < k.pinf) meet_range(s, d0, k.ninf, k.ninf, false);
      }
      if (op == FER_OP_FP_IS_NORMAL || op == FER_OP_FP_IS_SUBNORMAL) {
        /* neither is a zero: trim zeros off the ends */
        if (fp_has_num(d0) && is_zero_key(&k, d0->lo))
          meet_range(s, d0, KPZ(&k) + 1, d0->hi, false);
        if (fp_has_num(d0) && is_zero_key(&k, d0->hi))
          meet_range(s, d0, d0->lo, KNZ(&k) - 1, false);
      }
      if (op == FER_OP_FP_IS_NORMAL) {
        if (fp_has_num(d0) && d0->lo == k.ninf)
          meet_range(s, d0, k.ninf + 1, d0->hi, false);
        if (fp_has_num(d0) && d0->hi == k.pinf)
          meet_range(s, d0, d0->lo, k.pinf - 1, false);
      }
    } else if (must_f) {
      if (op == FER_OP_FP_IS_INF && fp_has_num(d0)) {
        if (d0->lo == k.ninf && d0->lo < d0->hi)
          meet_range(s, d0, k.ninf + 1, d0->hi, d0->nan);
        if (d0->hi == k.pinf && d0->lo < d0->hi)
          meet_range(s, d0, d0->lo, k.pinf - 1, d0->nan);
        if (d0->lo == d0->hi && (d0->lo == k.ninf || d0->lo == k.pinf))
          meet_range(s, d0, 1, 0, d0->nan);
      }
      if (op == FER_OP_FP_IS_ZERO && fp_has_num(d0)) {
        if (d0->lo >= KNZ(&k) && d0->hi <= KPZ(&k))
          meet_range(s, d0, 1, 0, d0->nan);
        else if (is_zero_key(&k, d0->lo))
          meet_range(s, d0, KPZ(&k) + 1, d0->hi, d0->nan);
        else if (is_zero_key(&k, d0->hi))
          meet_range(s, d0, d0->lo, KNZ(&k) - 1, d0->nan);
      }
      /* not negative: positive or NaN */
      if (op == FER_OP_FP_IS_NEG) meet_range(s, d0, KPZ(&k), k.pinf, true);
      if (op == FER_OP_FP_IS_POS) meet_range(s, d0, k.ninf, KNZ(&k), true);
    }
    break;
  case FER_OP_FP_NEG:
  case FER_OP_FP_ABS:
    if (!d0 || r->kind != FER_IV_FP || !fp_sort(f, fer_term_sort(f, t), &k))
      break;
    if (!r->nan) meet_range(s, d0, d0->lo, d0->hi, false);
    if (fp_has_num(r)) {
      u128 M = 2 * k.S - 1;
      if (op == FER_OP_FP_NEG) meet_range(s, d0, M - r->hi, M - r->lo, r->nan);
      else if (r->lo >= KPZ(&k)) meet_range(s, d0, M - r->hi, r->hi, r->nan);
    } else {
      meet_range(s, d0, 1, 0, r->nan);
    }
    break;
  case FER_OP_FP_ADD:
  case FER_OP_FP_SUB:
  case FER_OP_FP_MUL:
  case FER_OP_FP_DIV:
  case FER_OP_FP_SQRT:
  case FER_OP_FP_RTI:
  case FER_OP_FP_FMA:
  case FER_OP_FP_REM:
  case FER_OP_TO_FP_FP:
    if (r->kind != FER_IV_FP || !fp_sort(f, fer_term_sort(f, t), &k)) break;
    if (!r->nan) /* NaN in, NaN out: no argument is NaN */
      for (uint32_t i = 0; i < n; i++) {
        fer_ival *d = dom(s, a[i]);
        if (d && d->kind == FER_IV_FP) meet_range(s, d, d->lo, d->hi, false);
      }
    if ((op == FER_OP_FP_ADD || op == FER_OP_FP_SUB) && d1 && d2 &&
        fp_has_num(r) && fp_has_num(d1) && fp_has_num(d2)) {
      u128 vlo, vhi;
      bool has_lo, has_hi;
      preimage(&k, r->lo, r->hi, &vlo, &vhi, &has_lo, &has_hi);
      /* y finite bounds x only if every model with x not NaN has a
       * result in r's range: not so when the result may be NaN and y may
       * be NaN (then x is anything) */
      bool fin1 = d1->lo > k.ninf && d1->hi < k.pinf && (!r->nan || !d1->nan);
      bool fin2 = d2->lo > k.ninf && d2->hi < k.pinf && (!r->nan || !d2->nan);
      u128 l1 = unkey(&k, d1->lo), h1 = unkey(&k, d1->hi);
      u128 l2 = unkey(&k, d2->lo), h2 = unkey(&k, d2->hi);
      if (op == FER_OP_FP_ADD) {
        /* x + y in (vlo, vhi): x in (vlo - max y, vhi - min y) */
        if (fin2) {
          if (has_lo)
            meet_range(s, d1, ge_key(&k, fer_fp_sub(k.fmt, FER_RTN, vlo, h2)),
                       k.pinf, d1->nan);
          if (has_hi)
            meet_range(s, d1, k.ninf,
                       le_key(&k, fer_fp_sub(k.fmt, FER_RTP, vhi, l2)), d1->nan);
        }
        if (fin1) {
          if (has_lo)
            meet_range(s, d2, ge_key(&k, fer_fp_sub(k.fmt, FER_RTN, vlo, h1)),
                       k.pinf, d2->nan);
          if (has_hi)
            meet_range(s, d2, k.ninf,
                       le_key(&k, fer_fp_sub(k.fmt, FER_RTP, vhi, l1)), d2->nan);
        }
      } else {
        /* x - y in (vlo, vhi): x in (vlo + min y, vhi + max y),
         * y in (min x - vhi, max x - vlo) */
        if (fin2) {
          if (has_lo)
            meet_range(s, d1, ge_key(&k, fer_fp_add(k.fmt, FER_RTN, vlo, l2)),
                       k.pinf, d1->nan);
          if (has_hi)
            meet_range(s, d1, k.ninf,
                       le_key(&k, fer_fp_add(k.fmt, FER_RTP, vhi, h2)), d1->nan);
        }
        if (fin1) {
          if (has_hi)
            meet_range(s, d2, ge_key(&k, fer_fp_sub(k.fmt, FER_RTN, l1, vhi)),
                       k.pinf, d2->nan);
          if (has_lo)
            meet_range(s, d2, k.ninf,
                       le_key(&k, fer_fp_sub(k.fmt, FER_RTP, h1, vlo)), d2->nan);
        }
      }
    }
    if (op == FER_OP_TO_FP_FP && d1 && d1->kind == FER_IV_FP && fp_has_num(r)) {
      fpk kf;
      if (!fp_sort(f, fer_term_sort(f, a[1]), &kf)) break;
      u128 vlo, vhi;
      bool has_lo, has_hi;
      preimage(&k, r->lo, r->hi, &vlo, &vhi, &has_lo, &has_hi);
      /* the argument lies strictly between vlo and vhi (values of the
       * result's format), converted outward into its own format */
      if (has_lo)
        meet_range(s, d1, ge_key(&kf, fer_fp_convert(kf.fmt, FER_RTN, k.fmt, vlo)),
                   kf.pinf, d1->nan);
      if (has_hi)
        meet_range(s, d1, kf.ninf,
                   le_key(&kf, fer_fp_convert(kf.fmt, FER_RTP, k.fmt, vhi)), d1->nan);
    }
    if (op == FER_OP_TO_FP_FP && d1 && d1->kind == FER_IV_FP && !fp_has_num(r))
      meet_range(s, d1, 1, 0, d1->nan);
    break;
  case FER_OP_TO_FP_BV:
    if (d0 && d0->kind == FER_IV_BV && r->kind == FER_IV_FP &&
        fp_sort(f, fer_term_sort(f, t), &k) && !r->nan) {
      if (!fp_has_num(r)) {
        meet_range(s, d0, 1, 0, false);
      } else if (r->lo >= KPZ(&k)) { /* positive: bits = key - S */
        meet_range(s, d0, r->lo - k.S, r->hi - k.S, false);
      } else if (r->hi <= KNZ(&k)) { /* negative: bits = S + (S-1-key) */
        meet_range(s, d0, k.S + (k.S - 1 - r->hi), k.S + (k.S - 1 - r->lo),
                   false);
      } else { /* both signs: positive bits [0, hi - S] and negative bits
                * [S, S + (S-1-lo)]; their hull */
        meet_range(s, d0, 0, k.S + (k.S - 1 - r->lo), false);
      }
    }
    break;
  /* bit-vectors */
  case FER_OP_BVULT:
  case FER_OP_BVULE:
  case FER_OP_BVUGT:
  case FER_OP_BVUGE:
  case FER_OP_BVSLT:
  case FER_OP_BVSLE:
  case FER_OP_BVSGT:
  case FER_OP_BVSGE:
    if ((must_t || must_f) && d0 && d1 && d0->kind == FER_IV_BV) {
      bool swap = op == FER_OP_BVUGT || op == FER_OP_BVUGE ||
                  op == FER_OP_BVSGT || op == FER_OP_BVSGE;
      bool strict = op == FER_OP_BVULT || op == FER_OP_BVUGT ||
                    op == FER_OP_BVSLT || op == FER_OP_BVSGT;
      fer_ival *x = swap ? d1 : d0, *y = swap ? d0 : d1;
      if (must_f) { /* not (x < y) is y <= x */
        fer_ival *z = x;
        x = y, y = z, strict = !strict;
      }
      bv_less(s, x, y, strict, op >= FER_OP_BVSLT);
    }
    break;
  case FER_OP_BVNOT:
    if (d0 && r->kind == FER_IV_BV) {
      fer_ival x = bv_not(r);
      meet(s, d0, &x);
    }
    break;
  case FER_OP_BVNEG: /* x = 0 - r */
    if (d0 && r->kind == FER_IV_BV) {
      fer_ival z = bv_const(r->width, 0), x = bv_sum(&z, r, true);
      meet(s, d0, &x);
    }
    break;
  case FER_OP_BVADD: /* x = r - y, y = r - x */
  case FER_OP_BVSUB: /* x = r + y, y = x - r */
    if (d0 && d1 && r->kind == FER_IV_BV) {
      bool sub = op == FER_OP_BVSUB;
      fer_ival x = bv_sum(r, d1, !sub);
      meet(s, d0, &x);
      fer_ival y = sub ? bv_sum(d0, r, true) : bv_sum(r, d0, true);
      meet(s, d1, &y);
    }
    break;
  case FER_OP_BVAND: /* r <= x; r's ones are x's; a 0 of r over a 1 of y */
  case FER_OP_BVOR:  /* x <= r; r's zeros are x's; a 1 of r over a 0 of y */
    if (d0 && d1 && r->kind == FER_IV_BV) {
      u128 m = mask(r->width);
      for (int side = 0; side < 2; side++) {
        fer_ival *x = side ? d1 : d0, *y = side ? d0 : d1;
        if (op == FER_OP_BVAND) {
          meet_bits(s, x, r->zero & y->one, r->one, r->lo, m);
        } else {
          meet_bits(s, x, r->zero, r->one & y->zero, 0, r->hi);
        }
      }
    }
    break;
  case FER_OP_BVXOR: /* x = r ^ y */
    if (d0 && d1 && r->kind == FER_IV_BV) {
      u128 m = mask(r->width);
      for (int side = 0; side < 2; side++) {
        fer_ival *x = side ? d1 : d0, *y = side ? d0 : d1;
        meet_bits(s, x, (r->zero & y->zero) | (r->one & y->one),
                  (r->zero & y->one) | (r->one & y->zero), 0, m);
      }
    }
    break;
  case FER_OP_BVSHL:
  case FER_OP_BVLSHR:
  case FER_OP_BVASHR: {
    u128 c;
    if (!d0 || r->kind != FER_IV_BV || !bv_single(d1, &c) || c >= r->width)
      break;
    uint32_t w = r->width, sh = (uint32_t)c;
    u128 m = mask(w), S = sbit(w);
    if (op == FER_OP_BVSHL) { /* x's low w - c bits are r's high ones */
      meet_bits(s, d0, r->zero >> sh, r->one >> sh, 0, m);
      break;
    }
    /* x's high w - c bits are r's low ones */
    meet_bits(s, d0, (r->zero << sh) & m, (r->one << sh) & m, 0, m);
    if (op == FER_OP_BVLSHR) {
      meet_range(s, d0, r->lo << sh, (min_(r->hi, m >> sh) << sh) | mask(sh),
                 false);
    } else { /* the forward rule's key relation, inverted */
      u128 base = S - (S >> sh);
      if (r->shi < base) break;
      u128 lo = r->slo > base ? r->slo - base : 0;
      u128 hi = min_(r->shi - base, m >> sh);
      meet_srange(s, d0, lo << sh, (hi << sh) | mask(sh));
    }
    break;
  }
  case FER_OP_ROTATE_LEFT:
  case FER_OP_ROTATE_RIGHT:
    if (d0 && r->kind == FER_IV_BV) {
      uint32_t w = r->width, c = fer_term_idx(f, t, 0) % w;
      if (op == FER_OP_ROTATE_LEFT) c = (w - c) % w; /* undo: rotate back */
      meet_bits(s, d0, rotl(r->zero, c, w), rotl(r->one, c, w), 0, mask(w));
    }
    break;
  case FER_OP_ZERO_EXTEND:
    if (d0 && r->kind == FER_IV_BV) {
      u128 m = mask(d0->width);
      if (r->lo > m) meet_range(s, d0, 1, 0, false);
      else meet_range(s, d0, r->lo, r->hi < m ? r->hi : m, false);
      meet_bits(s, d0, r->zero & m, r->one & m, 0, m);
    }
    break;
  case FER_OP_SIGN_EXTEND:
    if (d0 && r->kind == FER_IV_BV) {
      uint32_t w0 = d0->width;
      u128 m = mask(w0), S0 = sbit(w0), Sr = sbit(r->width);
      u128 top_bits = mask(r->width) & ~mask(w0 - 1); /* x's sign, copied */
      meet_bits(s, d0, (r->zero & m) | (r->zero & top_bits ? S0 : 0),
                (r->one & m) | (r->one & top_bits ? S0 : 0), 0, m);
      u128 lo = max_(r->slo, Sr - S0), hi = min_(r->shi, Sr + S0 - 1);
      if (lo > hi) meet_srange(s, d0, 1, 0);
      else meet_srange(s, d0, lo - Sr + S0, hi - Sr + S0);
    }
    break;
  case FER_OP_CONCAT:
    if (d0 && d1 && r->kind == FER_IV_BV) {
      uint32_t lw = d1->width;
      meet_range(s, d0, r->lo >> lw, r->hi >> lw, false);
      meet_srange(s, d0, r->slo >> lw, r->shi >> lw);
      if (d0->lo == d0->hi && r->lo >> lw == d0->lo && r->hi >> lw == d0->lo)
        meet_range(s, d1, r->lo & mask(lw), r->hi & mask(lw), false);
      meet_bits(s, d0, r->zero >> lw, r->one >> lw, 0, mask(d0->width));
      meet_bits(s, d1, r->zero & mask(lw), r->one & mask(lw), 0, mask(lw));
    }
    break;
  case FER_OP_EXTRACT:
    if (d0 && d0->kind == FER_IV_BV && r->kind == FER_IV_BV) {
      uint32_t hi = fer_term_idx(f, t, 0), lo = fer_term_idx(f, t, 1);
      uint32_t w0 = d0->width;
      u128 m0 = mask(w0);
      if (hi + 1 == w0) { /* the top bits: x >> lo in [rlo, rhi] */
        meet_range(s, d0, r->lo << lo, (r->hi << lo) | mask(lo), false);
        meet_srange(s, d0, r->slo << lo, (r->shi << lo) | mask(lo));
      }
      meet_bits(s, d0, (r->zero << lo) & m0, (r->one << lo) & m0, 0, m0);
    }
    break;
  default:
    break;
  }
}

/* ------------------------------------------------------------ driving */

void fer_intervals_init(fer_intervals *iv) {
  memset(iv, 0, sizeof *iv);
  fer_map_init(&iv->index);
}

void fer_intervals_release(ferret *f, fer_intervals *iv) {
  fer_map_release(f, &iv->index);
  FER_RELEASE(f, iv->order);
  FER_RELEASE(f, iv->dom);
  FER_RELEASE(f, iv->todo);
}

const fer_ival *fer_intervals_of(const fer_intervals *iv, fer_term t) {
  uint32_t p = fer_map_get(&iv->index, t);
  return p ? &iv->dom.data[p - 1] : NULL;
}

/* The DAG below the assertions in post order (iterative: deep terms). */
static bool collect(ferret *f, fer_intervals *iv, const fer_term *a,
                    size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (fer_map_get(&iv->index, a[i])) continue;
    if (!FER_PUSH(f, iv->todo, a[i])) return false;
    while (iv->todo.size) {
      fer_term t = iv->todo.data[iv->todo.size - 1];
      if (fer_map_get(&iv->index, t)) { /* done meanwhile */
        iv->todo.size--;
        continue;
      }
      bool ready = true;
      uint32_t na = fer_term_nargs(f, t);
      const fer_term *args = fer_term_args(f, t);
      for (uint32_t j = na; j-- > 0;)
        if (!fer_map_get(&iv->index, args[j])) {
          ready = false;
          if (!FER_PUSH(f, iv->todo, args[j])) return false;
        }
      if (!ready) continue;
      iv->todo.size--;
      if (!FER_PUSH(f, iv->order, t) ||
          !fer_map_put(f, &iv->index, t, (uint32_t)iv->order.size))
        return false;
    }
  }
  return true;
}

ferret_status fer_intervals_run(ferret *f, const fer_term *a, size_t n,
                                fer_intervals *iv) {
  fer_map_clear(&iv->index);
  FER_CLEAR(iv->order);
  FER_CLEAR(iv->dom);
  FER_CLEAR(iv->todo);
  iv->rounds = 0, iv->empty = false, iv->empty_at = 0;
  if (!collect(f, iv, a, n) || !FER_RESERVE(f, iv->dom, iv->order.size))
    return f->error.status ? f->error.status : FERRET_ERROR_LIMIT;
  iv->dom.size = iv->order.size;
  for (size_t i = 0; i < iv->order.size; i++)
    iv->dom.data[i] = top(f, iv->order.data[i]);
  state s = {f, iv, false};
  for (size_t i = 0; i < n; i++) meet_bool(&s, dom(&s, a[i]), true, false);
  size_t m = iv->order.size;
  do {
    s.changed = false;
    iv->rounds++;
    for (size_t i = 0; i < m; i++) { /* forward: arguments first */
      fer_ival fw = forward(&s, iv->order.data[i]);
      fer_ival *d = &iv->dom.data[i];
      meet(&s, d, &fw);
      if (empty(d)) goto proved;
    }
    for (size_t i = m; i-- > 0;) { /* backward: terms before arguments */
      backward(&s, iv->order.data[i]);
      fer_term t = iv->order.data[i];
      uint32_t na = fer_term_nargs(f, t);
      const fer_term *args = fer_term_args(f, t);
      for (uint32_t j = 0; j < na; j++) {
        fer_ival *d = dom(&s, args[j]);
        if (d && empty(d)) {
          iv->empty_at = args[j];
          iv->empty = true;
          return FERRET_OK;
        }
      }
    }
  } while (s.changed && iv->rounds < FER_IV_MAX_ROUNDS);
  return FERRET_OK;
proved:
  for (size_t i = 0; i < m; i++)
    if (empty(&iv->dom.data[i])) {
      iv->empty_at = iv->order.data[i];
      break;
    }
  iv->empty = true;
  return FERRET_OK;
}

/* ------------------------------------------------------------ printing */

/* A BV domain: "[lo, hi]", then "signed [min, max]" (the patterns) when
 * the signed bounds say more than the unsigned ones, then "bits #b01??"
 * when a bit is known that the bounds' common prefix does not give. */
static bool bv_print(ferret *f, const fer_ival *d, fer_sort so, fer_buf *b) {
  u128 S = sbit(d->width), m = mask(d->width);
  fer_term lo = fer_mk_const_u128(f, so, d->lo);
  fer_term hi = fer_mk_const_u128(f, so, d->hi);
  if (!lo || !hi || !fer_buf_str(f, b, "[") || !fer_print_value(f, b, lo) ||
      !fer_buf_str(f, b, ", ") || !fer_print_value(f, b, hi) ||
      !fer_buf_str(f, b, "]"))
    return false;
  if (d->lo == d->hi) return true;
  bool same = (d->lo < S) == (d->hi < S) && (d->slo ^ S) == d->lo &&
              (d->shi ^ S) == d->hi;
  if (!same && (d->slo || d->shi != m)) {
    fer_term sl = fer_mk_const_u128(f, so, d->slo ^ S);
    fer_term sh = fer_mk_const_u128(f, so, d->shi ^ S);
    if (!sl || !sh || !fer_buf_str(f, b, " signed [") ||
        !fer_print_value(f, b, sl) || !fer_buf_str(f, b, ", ") ||
        !fer_print_value(f, b, sh) || !fer_buf_str(f, b, "]"))
      return false;
  }
  u128 pz = 0, po = 0; /* the bits the interval's common prefix gives */
  prefix_bits(d->lo, d->hi, m, &pz, &po);
  if (!((d->zero | d->one) & ~(pz | po))) return true;
  if (!fer_buf_str(f, b, " bits #b")) return false;
  for (uint32_t i = d->width; i-- > 0;) {
    char c = d->one >> i & 1 ? '1' : d->zero >> i & 1 ? '0' : '?';
    if (!fer_buf_add(f, b, &c, 1)) return false;
  }
  return true;
}

bool fer_ival_print(ferret *f, const fer_intervals *iv, fer_term t,
                    fer_buf *b) {
  const fer_ival *d = fer_intervals_of(iv, t);
  if (!d || d->kind == FER_IV_TOP) return fer_buf_str(f, b, "(any)");
  if (d->kind == FER_IV_BOOL)
    return fer_buf_str(f, b, d->t && d->f ? "(any)"
                             : d->t      ? "true"
                             : d->f      ? "false"
                                         : "(empty)");
  fer_sort so = fer_term_sort(f, t);
  fer_term lo, hi;
  if (d->kind == FER_IV_BV) {
    if (bv_empty(d)) return fer_buf_str(f, b, "(empty)");
    return bv_print(f, d, so, b);
  } else {
    fpk k;
    fp_sort(f, so, &k);
    if (!fp_has_num(d)) return fer_buf_str(f, b, d->nan ? "NaN" : "(empty)");
    lo = fer_mk_const_u128(f, so, unkey(&k, d->lo));
    hi = fer_mk_const_u128(f, so, unkey(&k, d->hi));
  }
  return lo && hi && fer_buf_str(f, b, "[") && fer_print_value(f, b, lo) &&
         fer_buf_str(f, b, ", ") && fer_print_value(f, b, hi) &&
         fer_buf_str(f, b, "]") &&
         (d->kind != FER_IV_FP || !d->nan || fer_buf_str(f, b, " or NaN"));
}
