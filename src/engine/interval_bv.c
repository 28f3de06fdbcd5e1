/* The BV domain of interval propagation (see interval.c; shared
 * declarations in interval_internal.h): the reduced product of an
 * unsigned interval, a signed interval kept as keys (value ^ sign bit)
 * and known bits (interval.h), its reduction, arithmetic on domains
 * (sums, known bits of sums and products), and the forward and backward
 * rules of the BV operators and comparisons. */
#include <string.h>

#include "engine/interval_internal.h"

typedef fer_u128 u128;
__extension__ typedef __int128 i128;

/* ----------------------------------------------------- BV domains */

static u128 mask(uint32_t w) { return w >= 128 ? ~(u128)0 : ((u128)1 << w) - 1; }

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

fer_ival fer_iv_bv_top(uint32_t w) {
  fer_ival d;
  memset(&d, 0, sizeof d);
  d.kind = FER_IV_BV, d.width = (uint8_t)w;
  d.hi = d.shi = mask(w);
  return d;
}

/* Known bits as seen by signed keys (the sign bit's flipped). */
static void key_bits(const fer_ival *d, u128 *zero, u128 *one) {
  u128 S = fer_iv_sbit(d->width);
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
  u128 S = fer_iv_sbit(d->width);
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
void fer_iv_bv_reduce(fer_ival *d) {
  uint32_t w = d->width;
  u128 m = mask(w), S = fer_iv_sbit(w);
  d->zero &= m, d->one &= m;
  for (int i = 0; i < 4 && !fer_iv_bv_empty(d); i++) {
    fer_ival o = *d;
    meet_wrap(&d->lo, &d->hi, d->slo ^ S, d->shi ^ S);
    meet_wrap(&d->slo, &d->shi, d->lo ^ S, d->hi ^ S);
    if (fer_iv_bv_empty(d)) break;
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
  if (fer_iv_bv_empty(d)) d->lo = 1, d->hi = 0;
}

/* BV d meets the unsigned range [lo, hi]. */
static void meet_urange(fer_iv_state *s, fer_ival *d, u128 lo, u128 hi) {
  fer_iv_meet_range(s, d, lo, hi, false);
}

/* BV d meets the signed keys [lo, hi]. */
static void meet_srange(fer_iv_state *s, fer_ival *d, u128 lo, u128 hi) {
  if (!d || d->kind != FER_IV_BV) return;
  fer_ival n = fer_iv_bv_top(d->width);
  n.slo = lo, n.shi = hi;
  fer_iv_meet(s, d, &n);
}

/* BV d meets known bits and the wrapped range from wl to wh (0, max: no
 * range). */
static void meet_bits(fer_iv_state *s, fer_ival *d, u128 zero, u128 one,
                      u128 wl, u128 wh) {
  if (!d || d->kind != FER_IV_BV) return;
  fer_ival n = fer_iv_bv_top(d->width);
  n.zero = zero, n.one = one;
  bv_wrap(&n, wl, wh);
  fer_iv_meet(s, d, &n);
}

/* ------------------------------------------------- BV arithmetic */

static fer_ival bv_const(uint32_t w, u128 v) {
  fer_ival d = fer_iv_bv_top(w);
  d.lo = d.hi = v, d.slo = d.shi = v ^ fer_iv_sbit(w);
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
  fer_ival r = fer_iv_bv_top(w);
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
  fer_ival r = fer_iv_bv_top(x->width);
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

/* The signed view of x * y when no product of the signed bounds leaves
 * the signed range (then none in between does, and bvmul is the exact
 * product): the least and greatest of the four corner products.  A value
 * is its key minus 2^(w-1); w <= 64, so a product fits in 127 bits.  An
 * ASCII digit's value scaled, (zext(d) - 48) * 10, wraps around in the
 * unsigned view and stays small in the signed one. */
static void smul(const fer_ival *x, const fer_ival *y, fer_ival *r) {
  uint32_t w = x->width;
  if (w > 64 || x->slo > x->shi || y->slo > y->shi) return;
  i128 S = (i128)fer_iv_sbit(w);
  i128 xs[2] = {(i128)x->slo - S, (i128)x->shi - S};
  i128 ys[2] = {(i128)y->slo - S, (i128)y->shi - S};
  i128 lo = xs[0] * ys[0], hi = lo;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) {
      i128 p = xs[i] * ys[j];
      if (p < lo) lo = p;
      if (p > hi) hi = p;
    }
  if (lo < -S || hi > S - 1) return;
  r->slo = (u128)(lo + S), r->shi = (u128)(hi + S);
}

/* The signed view of bvsdiv x y when y's signed range holds no 0 (so
 * no division by zero): x / y rounded towards zero is monotone in x for
 * y of one sign and in y for x of one sign, so its extremes are among
 * the four corner quotients; a corner leaving the signed range (-2^(w-1)
 * / -1) leaves the view unknown. */
static void sdiv(const fer_ival *x, const fer_ival *y, fer_ival *r) {
  uint32_t w = x->width;
  if (w > 64 || x->slo > x->shi || y->slo > y->shi) return;
  i128 S = (i128)fer_iv_sbit(w);
  i128 yl = (i128)y->slo - S, yh = (i128)y->shi - S;
  if (yl <= 0 && yh >= 0) return;
  i128 xs[2] = {(i128)x->slo - S, (i128)x->shi - S}, ys[2] = {yl, yh};
  i128 lo = xs[0] / ys[0], hi = lo;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) {
      i128 q = xs[i] / ys[j]; /* C rounds towards zero, as bvsdiv */
      if (q < lo) lo = q;
      if (q > hi) hi = q;
    }
  if (lo < -S || hi > S - 1) return;
  r->slo = (u128)(lo + S), r->shi = (u128)(hi + S);
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

/* One rule application (interval_internal.h): the term, its operator, its
 * width when its result is a tracked BV (else 0), the domains of its first
 * two arguments (NULL: no such argument) and its own domain r; for a
 * backward rule, whether r says a predicate must hold or must fail. */
typedef struct bv_rule {
  fer_iv_state *s;
  ferret *f;
  fer_term t;
  fer_op op;
  uint32_t w;
  fer_ival *d0, *d1, *r;
  bool must_t, must_f;
} bv_rule;

/* The comparisons: possible iff min x < max y, certain iff max x < min y,
 * in the order of the operator (signed bounds are keys). */
static void fwd_compare(const bv_rule *c) {
  fer_op op = c->op;
  const fer_ival *d0 = c->d0, *d1 = c->d1;
  fer_ival *r = c->r;
  if (!d0 || !d1 || d0->kind != FER_IV_BV || d1->kind != FER_IV_BV) return;
  const fer_ival *x = d0, *y = d1;
  if (op == FER_OP_BVUGT || op == FER_OP_BVUGE || op == FER_OP_BVSGT ||
      op == FER_OP_BVSGE)
    x = d1, y = d0;
  bool strict = op == FER_OP_BVULT || op == FER_OP_BVUGT ||
                op == FER_OP_BVSLT || op == FER_OP_BVSGT;
  bool sg = op >= FER_OP_BVSLT;
  u128 xl = sg ? x->slo : x->lo, xh = sg ? x->shi : x->hi;
  u128 yl = sg ? y->slo : y->lo, yh = sg ? y->shi : y->hi;
  r->t = strict ? xl < yh : xl <= yh;
  r->f = strict ? !(xh < yl) : !(xh <= yl);
}

/* x - x is 0, (p + q) - q is p and (p + q) - p is q, whatever p and q
 * are (mod 2^w): the difference takes the other addend's domain, where
 * the domains of p + q and q alone say nothing (SymCC on jq's number
 * parser builds (1 + L) - L of a long L, on libpng L - L). */
static void sub_cancel(const bv_rule *c) {
  ferret *f = c->f;
  const fer_term *a = fer_term_args(f, c->t);
  fer_term x = a[0], y = a[1];
  if (x == y) {
    *c->r = bv_const(c->r->width, 0);
    return;
  }
  if (fer_term_op(f, x) != FER_OP_BVADD || fer_term_nargs(f, x) != 2) return;
  const fer_term *xa = fer_term_args(f, x);
  if (xa[0] != y && xa[1] != y) return;
  const fer_ival *d = fer_iv_dom(c->s, xa[1] == y ? xa[0] : xa[1]);
  if (d && d->kind == FER_IV_BV && d->width == c->r->width) *c->r = *d;
}

/* bvnot, bvneg, bvadd, bvsub, bvmul, bvudiv, bvurem, bvsdiv. */
static void fwd_arith(const bv_rule *c) {
  uint32_t w = c->w;
  const fer_ival *d0 = c->d0, *d1 = c->d1;
  fer_ival *r = c->r;
  if (!w || !d0) return;
  if (c->op == FER_OP_BVNOT) {
    *r = bv_not(d0);
    return;
  }
  if (c->op == FER_OP_BVNEG) {
    fer_ival z = bv_const(w, 0);
    *r = bv_sum(&z, d0, true);
    return;
  }
  if (!d1) return;
  switch (c->op) {
  case FER_OP_BVADD: *r = bv_sum(d0, d1, false); break;
  case FER_OP_BVSUB:
    *r = bv_sum(d0, d1, true);
    sub_cancel(c);
    break;
  case FER_OP_BVMUL:
    if (w <= 64 && (d1->hi == 0 || d0->hi <= mask(w) / d1->hi))
      r->lo = d0->lo * d1->lo, r->hi = d0->hi * d1->hi;
    smul(d0, d1, r);
    kb_mul(d0, d1, &r->zero, &r->one);
    break;
  case FER_OP_BVUDIV:
    if (d1->lo > 0) r->lo = d0->lo / d1->hi, r->hi = d0->hi / d1->lo;
    break;
  case FER_OP_BVSDIV: sdiv(d0, d1, r); break;
  case FER_OP_BVUREM:
    r->hi = d1->lo > 0 && d1->hi - 1 < d0->hi ? d1->hi - 1 : d0->hi;
    break;
  default: break;
  }
}

/* bvand, bvor, bvxor: known bits bit by bit; and is at most either
 * argument, or at least either. */
static void fwd_logic(const bv_rule *c) {
  const fer_ival *d0 = c->d0, *d1 = c->d1;
  fer_ival *r = c->r;
  if (!c->w || !d0 || !d1) return;
  if (c->op == FER_OP_BVAND) {
    r->hi = fer_iv_min(d0->hi, d1->hi);
    r->zero = d0->zero | d1->zero, r->one = d0->one & d1->one;
  } else if (c->op == FER_OP_BVOR) {
    r->lo = fer_iv_max(d0->lo, d1->lo);
    r->zero = d0->zero & d1->zero, r->one = d0->one | d1->one;
  } else {
    r->zero = (d0->zero & d1->zero) | (d0->one & d1->one);
    r->one = (d0->zero & d1->one) | (d0->one & d1->zero);
  }
}

/* Shifts by a known amount and rotations: the known bits move. */
static void fwd_shift(const bv_rule *c) {
  uint32_t w = c->w;
  const fer_ival *d0 = c->d0;
  fer_ival *r = c->r;
  fer_op op = c->op;
  if (!w || !d0) return;
  if (op == FER_OP_ROTATE_LEFT || op == FER_OP_ROTATE_RIGHT) {
    uint32_t n = fer_term_idx(c->f, c->t, 0) % w;
    if (op == FER_OP_ROTATE_RIGHT) n = (w - n) % w;
    r->zero = rotl(d0->zero, n, w), r->one = rotl(d0->one, n, w);
    return;
  }
  u128 cnt;
  if (!bv_single(c->d1, &cnt)) return;
  uint32_t sh = cnt >= w ? w : (uint32_t)cnt;
  u128 m = mask(w);
  if (op == FER_OP_BVSHL) {
    r->zero = sh >= w ? m : ((d0->zero << sh) | mask(sh)) & m;
    r->one = sh >= w ? 0 : (d0->one << sh) & m;
  } else if (op == FER_OP_BVLSHR) {
    r->zero = sh >= w ? m : (d0->zero >> sh) | (m & ~mask(w - sh));
    r->one = sh >= w ? 0 : d0->one >> sh;
    r->lo = sh >= w ? 0 : d0->lo >> sh, r->hi = sh >= w ? 0 : d0->hi >> sh;
  } else { /* monotone in the signed order: key(x >> c) = (kx >> c) +
            * S - (S >> c) */
    r->zero = ashr(d0->zero, sh, w), r->one = ashr(d0->one, sh, w);
    uint32_t sc = sh >= w ? w - 1 : sh;
    u128 S = fer_iv_sbit(w);
    r->slo = (d0->slo >> sc) + S - (S >> sc);
    r->shi = (d0->shi >> sc) + S - (S >> sc);
  }
}

/* zero_extend, sign_extend, concat, extract. */
static void fwd_resize(const bv_rule *c) {
  uint32_t w = c->w;
  const fer_ival *d0 = c->d0, *d1 = c->d1;
  fer_ival *r = c->r;
  if (!w || !d0 || d0->kind != FER_IV_BV) return;
  if (c->op == FER_OP_ZERO_EXTEND) {
    r->lo = d0->lo, r->hi = d0->hi;
    r->zero = d0->zero | (mask(w) & ~mask(d0->width)), r->one = d0->one;
  } else if (c->op == FER_OP_SIGN_EXTEND) { /* the signed value is kept */
    uint32_t w0 = d0->width;
    u128 ext = mask(w) & ~mask(w0), S0 = fer_iv_sbit(w0);
    r->zero = d0->zero | (d0->zero & S0 ? ext : 0);
    r->one = d0->one | (d0->one & S0 ? ext : 0);
    r->slo = d0->slo - S0 + fer_iv_sbit(w),
    r->shi = d0->shi - S0 + fer_iv_sbit(w);
  } else if (c->op == FER_OP_CONCAT) {
    if (!d1 || d1->kind != FER_IV_BV) return;
    uint32_t lw = d1->width;
    r->lo = d0->lo << lw | d1->lo, r->hi = d0->hi << lw | d1->hi;
    /* the sign is the high part's: keys concatenate too */
    r->slo = d0->slo << lw | d1->lo, r->shi = d0->shi << lw | d1->hi;
    r->zero = d0->zero << lw | d1->zero, r->one = d0->one << lw | d1->one;
  } else { /* FER_OP_EXTRACT */
    uint32_t hi = fer_term_idx(c->f, c->t, 0), lo = fer_term_idx(c->f, c->t, 1);
    /* monotone when the bits above hi are the same over the range */
    if (hi + 1 >= 128 || (d0->lo >> (hi + 1)) == (d0->hi >> (hi + 1)))
      r->lo = (d0->lo >> lo) & mask(w), r->hi = (d0->hi >> lo) & mask(w);
    r->zero = (d0->zero >> lo) & mask(w), r->one = (d0->one >> lo) & mask(w);
  }
}

static bv_rule bv_rule_of(fer_iv_state *s, fer_term t, fer_op op, fer_ival *d0,
                          fer_ival *d1, fer_ival *r) {
  ferret *f = s->f;
  bv_rule c = {s, f, t, op, 0, d0, d1, r, false, false};
  c.w = r->kind == FER_IV_BV ? fer_iv_bv_width(f, fer_term_sort(f, t)) : 0;
  c.must_t = r->kind == FER_IV_BOOL && !r->f;
  c.must_f = r->kind == FER_IV_BOOL && !r->t;
  return c;
}

/* The forward rules of the BV operators and comparisons
 * (interval_internal.h), one function per family of operators. */
void fer_iv_bv_forward(fer_iv_state *s, fer_term t, fer_op op, fer_ival *d0,
                       fer_ival *d1, fer_ival *d2, fer_ival *r) {
  bv_rule c = bv_rule_of(s, t, op, d0, d1, r);
  switch (op) {
  case FER_OP_CONST:
    if (r->kind == FER_IV_BV) r->lo = r->hi = fer_const_u128(s->f, t);
    break;
  case FER_OP_BVULT:
  case FER_OP_BVULE:
  case FER_OP_BVUGT:
  case FER_OP_BVUGE:
  case FER_OP_BVSLT:
  case FER_OP_BVSLE:
  case FER_OP_BVSGT:
  case FER_OP_BVSGE: fwd_compare(&c); break;
  case FER_OP_BVNOT:
  case FER_OP_BVNEG:
  case FER_OP_BVADD:
  case FER_OP_BVSUB:
  case FER_OP_BVMUL:
  case FER_OP_BVUDIV:
  case FER_OP_BVSDIV:
  case FER_OP_BVUREM: fwd_arith(&c); break;
  case FER_OP_BVAND:
  case FER_OP_BVOR:
  case FER_OP_BVXOR: fwd_logic(&c); break;
  case FER_OP_BVSHL:
  case FER_OP_BVLSHR:
  case FER_OP_BVASHR:
  case FER_OP_ROTATE_LEFT:
  case FER_OP_ROTATE_RIGHT: fwd_shift(&c); break;
  case FER_OP_ZERO_EXTEND:
  case FER_OP_SIGN_EXTEND:
  case FER_OP_CONCAT:
  case FER_OP_EXTRACT: fwd_resize(&c); break;
  default: break;
  }
}

/* ----------------------------------------------------- backward rules */

/* x < y (strict) or x <= y known true, in the unsigned or the signed
 * order: x below y's maximum, y above x's minimum. */
static void bv_less(fer_iv_state *s, fer_ival *x, fer_ival *y, bool strict,
                    bool sg) {
  u128 m = mask(x->width);
  u128 xl = sg ? x->slo : x->lo, yh = sg ? y->shi : y->hi;
  bool no_x = strict && yh == 0, no_y = strict && xl == m;
  u128 xmax = no_x ? 0 : strict ? yh - 1 : yh;
  u128 ymin = no_y ? m : strict ? xl + 1 : xl;
  void (*narrow)(fer_iv_state *, fer_ival *, u128, u128) =
      sg ? meet_srange : meet_urange;
  if (no_x) narrow(s, x, 1, 0);
  else narrow(s, x, 0, xmax);
  if (no_y) narrow(s, y, 1, 0);
  else narrow(s, y, ymin, m);
}

/* The comparisons known true or false: not (x < y) is y <= x. */
static void bwd_compare(const bv_rule *c) {
  fer_op op = c->op;
  fer_ival *d0 = c->d0, *d1 = c->d1;
  if (!(c->must_t || c->must_f) || !d0 || !d1 || d0->kind != FER_IV_BV) return;
  bool swap = op == FER_OP_BVUGT || op == FER_OP_BVUGE || op == FER_OP_BVSGT ||
              op == FER_OP_BVSGE;
  bool strict = op == FER_OP_BVULT || op == FER_OP_BVUGT ||
                op == FER_OP_BVSLT || op == FER_OP_BVSGT;
  fer_ival *x = swap ? d1 : d0, *y = swap ? d0 : d1;
  if (c->must_f) { /* not (x < y) is y <= x */
    fer_ival *z = x;
    x = y, y = z, strict = !strict;
  }
  bv_less(c->s, x, y, strict, op >= FER_OP_BVSLT);
}

/* bvnot: x = not r; bvneg: x = 0 - r; bvadd: x = r - y, y = r - x;
 * bvsub: x = r + y, y = x - r. */
static void bwd_arith(const bv_rule *c) {
  fer_iv_state *s = c->s;
  fer_ival *d0 = c->d0, *d1 = c->d1, *r = c->r;
  if (!d0 || r->kind != FER_IV_BV) return;
  if (c->op == FER_OP_BVNOT) {
    fer_ival x = bv_not(r);
    fer_iv_meet(s, d0, &x);
  } else if (c->op == FER_OP_BVNEG) { /* x = 0 - r */
    fer_ival z = bv_const(r->width, 0), x = bv_sum(&z, r, true);
    fer_iv_meet(s, d0, &x);
  } else if (d1) {
    bool sub = c->op == FER_OP_BVSUB;
    fer_ival x = bv_sum(r, d1, !sub);
    fer_iv_meet(s, d0, &x);
    fer_ival y = sub ? bv_sum(d0, r, true) : bv_sum(r, d0, true);
    fer_iv_meet(s, d1, &y);
  }
}

/* bvmul when no product of the unsigned domains overflows (so r is the
 * exact product) and y >= 1: x * y in [r.lo, r.hi] gives x >= r.lo / y.hi
 * (rounded up) and x <= r.hi / y.lo; and the same for y.  A product
 * SymCC's programs fix (width * height * channels = 4) bounds each
 * factor. */
static void bwd_mul(const bv_rule *c) {
  fer_iv_state *s = c->s;
  fer_ival *d0 = c->d0, *d1 = c->d1, *r = c->r;
  if (!d0 || !d1 || r->kind != FER_IV_BV || r->lo > r->hi || c->w > 64) return;
  if (d0->lo > d0->hi || d1->lo > d1->hi) return;
  if (d1->hi && d0->hi > mask(c->w) / d1->hi) return; /* may overflow */
  for (int k = 0; k < 2; k++) {
    fer_ival *x = k ? d1 : d0, *y = k ? d0 : d1;
    if (y->lo == 0 || y->lo > y->hi) continue; /* y empty after the first meet */
    u128 lo = r->lo / y->hi + (r->lo % y->hi != 0), hi = r->hi / y->lo;
    meet_urange(s, x, lo, hi);
  }
}

/* bvand: r <= x; r's ones are x's; a 0 of r over a 1 of y.
 * bvor: x <= r; r's zeros are x's; a 1 of r over a 0 of y.
 * bvxor: x = r ^ y.  Each argument in turn, the other as y. */
static void bwd_logic(const bv_rule *c) {
  fer_iv_state *s = c->s;
  fer_ival *d0 = c->d0, *d1 = c->d1, *r = c->r;
  if (!d0 || !d1 || r->kind != FER_IV_BV) return;
  u128 m = mask(r->width);
  for (int side = 0; side < 2; side++) {
    fer_ival *x = side ? d1 : d0, *y = side ? d0 : d1;
    if (c->op == FER_OP_BVAND)
      meet_bits(s, x, r->zero & y->one, r->one, r->lo, m);
    else if (c->op == FER_OP_BVOR)
      meet_bits(s, x, r->zero, r->one & y->zero, 0, r->hi);
    else
      meet_bits(s, x, (r->zero & y->zero) | (r->one & y->one),
                (r->zero & y->one) | (r->one & y->zero), 0, m);
  }
}

/* Shifts by a known amount below the width: the bits that stay move
 * back; lshr and ashr also bound x by r's range. */
static void bwd_shift(const bv_rule *c) {
  fer_iv_state *s = c->s;
  fer_ival *d0 = c->d0, *r = c->r;
  u128 cnt;
  if (!d0 || r->kind != FER_IV_BV || !bv_single(c->d1, &cnt) ||
      cnt >= r->width)
    return;
  uint32_t w = r->width, sh = (uint32_t)cnt;
  u128 m = mask(w), S = fer_iv_sbit(w);
  if (c->op == FER_OP_BVSHL) { /* x's low w - c bits are r's high ones */
    meet_bits(s, d0, r->zero >> sh, r->one >> sh, 0, m);
    return;
  }
  /* x's high w - c bits are r's low ones */
  meet_bits(s, d0, (r->zero << sh) & m, (r->one << sh) & m, 0, m);
  if (c->op == FER_OP_BVLSHR) {
    fer_iv_meet_range(s, d0, r->lo << sh,
                      (fer_iv_min(r->hi, m >> sh) << sh) | mask(sh), false);
  } else { /* the forward rule's key relation, inverted */
    u128 base = S - (S >> sh);
    if (r->shi < base) return;
    u128 lo = r->slo > base ? r->slo - base : 0;
    u128 hi = fer_iv_min(r->shi - base, m >> sh);
    meet_srange(s, d0, lo << sh, (hi << sh) | mask(sh));
  }
}

/* Rotations: r's known bits rotated back. */
static void bwd_rotate(const bv_rule *c) {
  fer_ival *d0 = c->d0, *r = c->r;
  if (!d0 || r->kind != FER_IV_BV) return;
  uint32_t w = r->width, n = fer_term_idx(c->f, c->t, 0) % w;
  if (c->op == FER_OP_ROTATE_LEFT) n = (w - n) % w; /* undo: rotate back */
  meet_bits(c->s, d0, rotl(r->zero, n, w), rotl(r->one, n, w), 0, mask(w));
}

/* zero_extend: x is r where r fits in x's width; sign_extend: x's sign is
 * each of r's top bits, and the signed value is kept. */
static void bwd_extend(const bv_rule *c) {
  fer_iv_state *s = c->s;
  fer_ival *d0 = c->d0, *r = c->r;
  if (!d0 || r->kind != FER_IV_BV) return;
  if (c->op == FER_OP_ZERO_EXTEND) {
    u128 m = mask(d0->width);
    if (r->lo > m) fer_iv_meet_range(s, d0, 1, 0, false);
    else fer_iv_meet_range(s, d0, r->lo, r->hi < m ? r->hi : m, false);
    meet_bits(s, d0, r->zero & m, r->one & m, 0, m);
    return;
  }
  uint32_t w0 = d0->width;
  u128 m = mask(w0), S0 = fer_iv_sbit(w0), Sr = fer_iv_sbit(r->width);
  u128 top_bits = mask(r->width) & ~mask(w0 - 1); /* x's sign, copied */
  meet_bits(s, d0, (r->zero & m) | (r->zero & top_bits ? S0 : 0),
            (r->one & m) | (r->one & top_bits ? S0 : 0), 0, m);
  u128 lo = fer_iv_max(r->slo, Sr - S0), hi = fer_iv_min(r->shi, Sr + S0 - 1);
  if (lo > hi) meet_srange(s, d0, 1, 0);
  else meet_srange(s, d0, lo - Sr + S0, hi - Sr + S0);
}

/* concat: the high part from r's high bits, the low part's range only when
 * the high part is one value; extract: r's bits in place, and x's range
 * when the extract takes the top bits. */
static void bwd_parts(const bv_rule *c) {
  fer_iv_state *s = c->s;
  fer_ival *d0 = c->d0, *d1 = c->d1, *r = c->r;
  if (!d0 || r->kind != FER_IV_BV) return;
  if (c->op == FER_OP_CONCAT) {
    if (!d1) return;
    uint32_t lw = d1->width;
    fer_iv_meet_range(s, d0, r->lo >> lw, r->hi >> lw, false);
    meet_srange(s, d0, r->slo >> lw, r->shi >> lw);
    if (d0->lo == d0->hi && r->lo >> lw == d0->lo && r->hi >> lw == d0->lo)
      fer_iv_meet_range(s, d1, r->lo & mask(lw), r->hi & mask(lw), false);
    meet_bits(s, d0, r->zero >> lw, r->one >> lw, 0, mask(d0->width));
    meet_bits(s, d1, r->zero & mask(lw), r->one & mask(lw), 0, mask(lw));
    return;
  }
  if (d0->kind != FER_IV_BV) return;
  uint32_t hi = fer_term_idx(c->f, c->t, 0), lo = fer_term_idx(c->f, c->t, 1);
  uint32_t w0 = d0->width;
  u128 m0 = mask(w0);
  if (hi + 1 == w0) { /* the top bits: x >> lo in [rlo, rhi] */
    fer_iv_meet_range(s, d0, r->lo << lo, (r->hi << lo) | mask(lo), false);
    meet_srange(s, d0, r->slo << lo, (r->shi << lo) | mask(lo));
  }
  meet_bits(s, d0, (r->zero << lo) & m0, (r->one << lo) & m0, 0, m0);
}

/* The backward rules of the BV operators and comparisons
 * (interval_internal.h), one function per family of operators. */
void fer_iv_bv_backward(fer_iv_state *s, fer_term t, fer_op op, fer_ival *d0,
                        fer_ival *d1, fer_ival *d2, fer_ival *r) {
  bv_rule c = bv_rule_of(s, t, op, d0, d1, r);
  switch (op) {
  case FER_OP_BVULT:
  case FER_OP_BVULE:
  case FER_OP_BVUGT:
  case FER_OP_BVUGE:
  case FER_OP_BVSLT:
  case FER_OP_BVSLE:
  case FER_OP_BVSGT:
  case FER_OP_BVSGE: bwd_compare(&c); break;
  case FER_OP_BVNOT:
  case FER_OP_BVNEG:
  case FER_OP_BVADD:
  case FER_OP_BVSUB: bwd_arith(&c); break;
  case FER_OP_BVMUL: bwd_mul(&c); break;
  case FER_OP_BVAND:
  case FER_OP_BVOR:
  case FER_OP_BVXOR: bwd_logic(&c); break;
  case FER_OP_BVSHL:
  case FER_OP_BVLSHR:
  case FER_OP_BVASHR: bwd_shift(&c); break;
  case FER_OP_ROTATE_LEFT:
  case FER_OP_ROTATE_RIGHT: bwd_rotate(&c); break;
  case FER_OP_ZERO_EXTEND:
  case FER_OP_SIGN_EXTEND: bwd_extend(&c); break;
  case FER_OP_CONCAT:
  case FER_OP_EXTRACT: bwd_parts(&c); break;
  default: break;
  }
}

/* ------------------------------------------------------------ printing */

/* A BV domain: "(empty)", or "[lo, hi]", then "signed [min, max]" (the
 * patterns) when the signed bounds say more than the unsigned ones, then
 * "bits #b01??" when a bit is known that the bounds' common prefix does
 * not give. */
bool fer_iv_bv_print(ferret *f, const fer_ival *d, fer_sort so, fer_buf *b) {
  if (fer_iv_bv_empty(d)) return fer_buf_str(f, b, "(empty)");
  u128 S = fer_iv_sbit(d->width), m = mask(d->width);
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
