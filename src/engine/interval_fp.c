/* Interval propagation over floating point (see interval.c; shared
 * declarations in interval_internal.h): FP domains as intervals of order
 * keys plus a NaN flag, and the forward and backward rules of the FP
 * operators and predicates and of the conversions between FP and BV.
 * Bounds are rounded toward -oo and +oo with ferret's own semantics
 * (src/fp), so they hold under every rounding mode (interval.h). */
#include <string.h>

#include "fp/fp.h"
#include "engine/interval_internal.h"

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

static bool fp_sort(ferret *f, fer_sort so, fpk *k) {
  const fer_sort_info *si = fer_sort_get(f, so);
  if (si->kind != FER_SORT_FP || si->a + si->b > 128) return false;
  *k = fpk_of(si->a, si->b);
  return true;
}

void fer_iv_fp_top(ferret *f, fer_sort so, fer_ival *d) {
  fpk k;
  if (fp_sort(f, so, &k))
    d->kind = FER_IV_FP, d->lo = k.ninf, d->hi = k.pinf, d->nan = true;
}

/* ------------------------------------------------------ forward rules */

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
  if (!fer_iv_fp_has_num(a) || !fer_iv_fp_has_num(b)) return r;
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
  return fer_iv_fp_has_num(d) && d->lo <= KPZ(k) && d->hi >= KNZ(k);
}
static bool has_inf(const fpk *k, const fer_ival *d) {
  return fer_iv_fp_has_num(d) && (d->lo == k->ninf || d->hi == k->pinf);
}

/* One rule application: the term, its arguments' domains d0..d2 (NULL: no
 * such argument) and its own domain r (interval_internal.h). */
typedef struct fp_rule {
  fer_iv_state *s;
  ferret *f;
  fer_term t;
  const fer_term *a; /* the arguments of t */
  uint32_t n;        /* how many */
  fer_op op;
  fer_ival *d0, *d1, *d2, *r;
} fp_rule;

/* The FP format of t's sort (res) or of its argument i. */
static bool fp_sort_of_arg(const fp_rule *c, uint32_t i, fpk *k) {
  return fp_sort(c->f, fer_term_sort(c->f, c->a[i]), k);
}
static bool fp_sort_of_res(const fp_rule *c, fpk *k) {
  return fp_sort(c->f, fer_term_sort(c->f, c->t), k);
}

/* A forward rule of an FP result: the rule, the result's format and the
 * rounding modes that bound the result from below and above. */
typedef struct fp_fwd {
  fp_rule c;
  fpk k;         /* the result's format, when is_fp */
  bool is_fp;    /* the result is a tracked FP sort */
  uint32_t w;    /* the result's BV width, else 0 */
  fer_rm mlo, mhi;
} fp_fwd;

static void fwd_const(fp_fwd *c) {
  fer_ival *r = c->c.r;
  if (!c->is_fp) return;
  u128 v = fer_const_u128(c->c.f, c->c.t);
  if (fer_fp_is_nan(c->k.fmt, v)) r->lo = 1, r->hi = 0;
  else r->lo = r->hi = key(&c->k, v), r->nan = false;
}

/* fp.lt, fp.leq, fp.gt, fp.geq, fp.eq: possible and certain from the
 * bounds; a NaN makes every comparison false. */
static void fwd_compare(fp_fwd *c) {
  fer_op op = c->c.op;
  const fer_ival *d0 = c->c.d0, *d1 = c->c.d1;
  fer_ival *r = c->c.r;
  fpk k;
  if (!d0 || !d1 || d0->kind != FER_IV_FP || d1->kind != FER_IV_FP ||
      !fp_sort_of_arg(&c->c, 0, &k))
    return;
  const fer_ival *x = d0, *y = d1;
  if (op == FER_OP_FP_GT || op == FER_OP_FP_GEQ) x = d1, y = d0;
  bool strict = op == FER_OP_FP_LT || op == FER_OP_FP_GT;
  if (!fer_iv_fp_has_num(x) || !fer_iv_fp_has_num(y)) {
    r->t = false; /* a NaN makes every comparison false */
    return;
  }
  u128 xl = unkey(&k, x->lo), xh = unkey(&k, x->hi);
  u128 yl = unkey(&k, y->lo), yh = unkey(&k, y->hi);
  if (op == FER_OP_FP_EQ) { /* -0 and +0 are equal numbers */
    r->t = fer_fp_leq(k.fmt, xl, yh) && fer_fp_leq(k.fmt, yl, xh);
    r->f = x->nan || y->nan ||
           !(fer_fp_eq(k.fmt, xl, xh) && fer_fp_eq(k.fmt, yl, yh) &&
             fer_fp_eq(k.fmt, xl, yl));
  } else {
    /* x < y possible iff min x < max y; certain iff max x < min y */
    r->t = strict ? fer_fp_lt(k.fmt, xl, yh) : fer_fp_leq(k.fmt, xl, yh);
    bool certain =
        strict ? fer_fp_lt(k.fmt, xh, yl) : fer_fp_leq(k.fmt, xh, yl);
    r->f = x->nan || y->nan || !certain;
  }
}

/* fp.isNaN, fp.isInfinite, fp.isZero, fp.isNegative, fp.isPositive:
 * whether some value of the argument is in the class, and some out. */
static void fwd_class(fp_fwd *c) {
  fer_op op = c->c.op;
  const fer_ival *d0 = c->c.d0;
  fer_ival *r = c->c.r;
  fpk k;
  if (!d0 || d0->kind != FER_IV_FP) return;
  if (op == FER_OP_FP_IS_NAN) {
    r->t = d0->nan, r->f = fer_iv_fp_has_num(d0);
    return;
  }
  if (!fp_sort_of_arg(&c->c, 0, &k)) return;
  bool num = fer_iv_fp_has_num(d0);
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
  r->t = in, r->f = out || d0->nan;
}

/* fp.neg and fp.abs: key(-x) = M - key(x) reverses the order. */
static void fwd_sign(fp_fwd *c) {
  const fer_ival *d0 = c->c.d0;
  fer_ival *r = c->c.r;
  const fpk *k = &c->k;
  if (!c->is_fp || !d0) return;
  u128 M = 2 * k->S - 1; /* key(-x) = M - key(x) */
  r->nan = d0->nan;
  if (!fer_iv_fp_has_num(d0)) {
    r->lo = 1, r->hi = 0;
  } else if (c->c.op == FER_OP_FP_NEG) {
    r->lo = M - d0->hi, r->hi = M - d0->lo;
  } else if (d0->lo >= KPZ(k)) {
    r->lo = d0->lo, r->hi = d0->hi;
  } else if (d0->hi <= KNZ(k)) {
    r->lo = M - d0->hi, r->hi = M - d0->lo;
  } else {
    r->lo = KPZ(k), r->hi = M - d0->lo > d0->hi ? M - d0->lo : d0->hi;
  }
}

/* fp.add, fp.sub, fp.mul, fp.div by the corners of the box; the NaN of
 * 0 * oo and oo / oo, which the corners need not meet. */
static void fwd_arith(fp_fwd *c) {
  fer_op op = c->c.op;
  const fer_ival *d1 = c->c.d1, *d2 = c->c.d2;
  fer_ival *r = c->c.r;
  const fpk *k = &c->k;
  if (!c->is_fp || !d1 || !d2) return;
  fp_binop fn = op == FER_OP_FP_ADD   ? fer_fp_add
                : op == FER_OP_FP_SUB ? fer_fp_sub
                : op == FER_OP_FP_MUL ? fer_fp_mul
                                      : fer_fp_div;
  if (op == FER_OP_FP_DIV && has_zero(k, d2)) return; /* +-oo, NaN */
  *r = fp_corners(k, fn, c->mlo, c->mhi, d1, d2);
  if (op == FER_OP_FP_MUL &&
      ((has_zero(k, d1) && has_inf(k, d2)) ||
       (has_zero(k, d2) && has_inf(k, d1))))
    r->nan = true;
  if (op == FER_OP_FP_DIV && has_inf(k, d1) && has_inf(k, d2)) r->nan = true;
}

/* fp.min and fp.max: min(NaN, y) = y, so a possible NaN gives the hull. */
static void fwd_minmax(fp_fwd *c) {
  const fer_ival *d0 = c->c.d0, *d1 = c->c.d1;
  fer_ival *r = c->c.r;
  const fpk *k = &c->k;
  if (!c->is_fp || !d0 || !d1) return;
  if (d0->nan || d1->nan) { /* min(NaN, y) = y: the hull */
    r->nan = d0->nan && d1->nan;
    bool n0 = fer_iv_fp_has_num(d0), n1 = fer_iv_fp_has_num(d1);
    r->lo = n0 && (!n1 || d0->lo < d1->lo) ? d0->lo : d1->lo;
    r->hi = n0 && (!n1 || d0->hi > d1->hi) ? d0->hi : d1->hi;
    if (!n0 && !n1) r->lo = 1, r->hi = 0;
  } else if (fer_iv_fp_has_num(d0) && fer_iv_fp_has_num(d1)) {
    r->nan = false;
    bool mn = c->c.op == FER_OP_FP_MIN;
    r->lo = mn ? (d0->lo < d1->lo ? d0->lo : d1->lo)
               : (d0->lo > d1->lo ? d0->lo : d1->lo);
    r->hi = mn ? (d0->hi < d1->hi ? d0->hi : d1->hi)
               : (d0->hi > d1->hi ? d0->hi : d1->hi);
    /* the sign of a zero result is unspecified: either zero */
    if (r->hi == KNZ(k)) r->hi = KPZ(k);
    if (r->lo == KPZ(k)) r->lo = KNZ(k);
  }
}

/* fp.sqrt and fp.roundToIntegral: monotone, so the images of the ends. */
static void fwd_round(fp_fwd *c) {
  const fer_ival *d1 = c->c.d1;
  fer_ival *r = c->c.r;
  const fpk *k = &c->k;
  if (!c->is_fp || !d1) return;
  if (c->c.op == FER_OP_FP_SQRT) {
    r->nan = d1->nan || (fer_iv_fp_has_num(d1) && d1->lo < KNZ(k));
    u128 lo = d1->lo < KNZ(k) ? KNZ(k) : d1->lo;
    if (!fer_iv_fp_has_num(d1) || lo > d1->hi) {
      r->lo = 1, r->hi = 0;
    } else {
      r->lo = key(k, fer_fp_sqrt(k->fmt, c->mlo, unkey(k, lo)));
      r->hi = key(k, fer_fp_sqrt(k->fmt, c->mhi, unkey(k, d1->hi)));
    }
    return;
  }
  r->nan = d1->nan;
  if (!fer_iv_fp_has_num(d1)) {
    r->lo = 1, r->hi = 0;
  } else {
    r->lo = key(k, fer_fp_rti(k->fmt, c->mlo, unkey(k, d1->lo)));
    r->hi = key(k, fer_fp_rti(k->fmt, c->mhi, unkey(k, d1->hi)));
    /* a zero result keeps the argument's sign: either zero */
    if (r->lo == KPZ(k)) r->lo = KNZ(k);
    if (r->hi == KNZ(k)) r->hi = KPZ(k);
  }
}

/* to_fp from another FP format, from a real constant and from an
 * unsigned or signed BV: monotone conversions, the images of the ends. */
static void fwd_to_fp(fp_fwd *c) {
  ferret *f = c->c.f;
  const fer_term *a = c->c.a;
  const fer_ival *d1 = c->c.d1;
  fer_ival *r = c->c.r;
  const fpk *k = &c->k;
  if (!c->is_fp) return;
  if (c->c.op == FER_OP_TO_FP_FP) {
    fpk kf;
    if (!d1 || d1->kind != FER_IV_FP || !fp_sort_of_arg(&c->c, 1, &kf)) return;
    r->nan = d1->nan;
    if (!fer_iv_fp_has_num(d1)) {
      r->lo = 1, r->hi = 0;
    } else {
      u128 lo = unkey(&kf, d1->lo), hi = unkey(&kf, d1->hi);
      r->lo = key(k, fer_fp_convert(k->fmt, c->mlo, kf.fmt, lo));
      r->hi = key(k, fer_fp_convert(k->fmt, c->mhi, kf.fmt, hi));
    }
  } else if (c->c.op == FER_OP_TO_FP_REAL) {
    if (fer_term_op(f, a[1]) != FER_OP_REAL) return;
    bool neg;
    const uint32_t *num, *den;
    uint32_t nl, dl;
    fer_real_get(f, a[1], &neg, &num, &nl, &den, &dl);
    r->nan = false;
    r->lo = key(k, fer_fp_from_rational(k->fmt, c->mlo, neg, num, nl, den, dl));
    r->hi = key(k, fer_fp_from_rational(k->fmt, c->mhi, neg, num, nl, den, dl));
    /* (the real 0 gives +0 in every mode, and a negative real too small
     * for the format gives -0: both bounds come out right as they are) */
  } else { /* FER_OP_TO_FP_UBV, FER_OP_TO_FP_SBV */
    if (!d1 || d1->kind != FER_IV_BV) return;
    uint32_t bw = fer_iv_bv_width(f, fer_term_sort(f, a[1]));
    u128 lo = d1->lo, hi = d1->hi;
    if (c->c.op == FER_OP_TO_FP_SBV) /* the signed bounds' patterns */
      lo = d1->slo ^ fer_iv_sbit(bw), hi = d1->shi ^ fer_iv_sbit(bw);
    u128 (*conv)(fer_fmt, fer_rm, u128, uint32_t) =
        c->c.op == FER_OP_TO_FP_UBV ? fer_fp_from_ubv : fer_fp_from_sbv;
    r->nan = false;
    r->lo = key(k, conv(k->fmt, c->mlo, lo, bw));
    r->hi = key(k, conv(k->fmt, c->mhi, hi, bw));
  }
}

/* to_fp of a BV pattern (a reinterpretation): positive patterns keep
 * their order, negative ones reverse it; patterns past oo are NaNs. */
static void fwd_from_bits(fp_fwd *c) {
  const fer_ival *d0 = c->c.d0;
  fer_ival *r = c->c.r;
  const fpk *k = &c->k;
  if (!c->is_fp || !d0 || d0->kind != FER_IV_BV) return;
  /* reinterpretation: positives keep their order, negatives reverse */
  u128 lo = d0->lo, hi = d0->hi;
  r->nan = false, r->lo = k->pinf, r->hi = k->ninf;
  if (lo < k->S) { /* positive patterns [lo, min(hi, S-1)] */
    u128 h = hi < k->S ? hi : k->S - 1;
    if (h > k->pinf - k->S) r->nan = true, h = k->pinf - k->S;
    if (lo <= h) {
      r->lo = k->S + lo;
      r->hi = k->S + h;
    }
  }
  if (hi >= k->S) { /* negative patterns [max(lo, S), hi] */
    u128 l = (lo >= k->S ? lo : k->S) - k->S, h = hi - k->S;
    u128 infmag = k->pinf - k->S;
    if (h > infmag) r->nan = true, h = infmag;
    if (l <= h) {
      u128 kl = k->S - 1 - h, kh = k->S - 1 - l;
      if (kl < r->lo) r->lo = kl;
      if (kh > r->hi) r->hi = kh;
    }
  }
  if (r->lo > r->hi) r->lo = 1, r->hi = 0;
}

/* fp.to_ubv and fp.to_sbv: monotone; NaN, oo or an end out of range
 * leave any value possible. */
static void fwd_to_bv(fp_fwd *c) {
  const fer_ival *d1 = c->c.d1;
  fer_ival *r = c->c.r;
  uint32_t w = c->w;
  fpk k;
  if (!w || !d1 || d1->kind != FER_IV_FP || d1->nan ||
      !fer_iv_fp_has_num(d1) || !fp_sort_of_arg(&c->c, 1, &k) ||
      d1->lo <= k.ninf || d1->hi >= k.pinf)
    return;
  bool sg = c->c.op == FER_OP_FP_TO_SBV, dl = false, dh = false;
  u128 (*conv)(fer_fmt, fer_rm, u128, uint32_t, bool *) =
      sg ? fer_fp_to_sbv : fer_fp_to_ubv;
  u128 lo = conv(k.fmt, c->mlo, unkey(&k, d1->lo), w, &dl);
  u128 hi = conv(k.fmt, c->mhi, unkey(&k, d1->hi), w, &dh);
  if (!dl || !dh) return; /* an end out of range */
  if (sg) r->slo = lo ^ fer_iv_sbit(w), r->shi = hi ^ fer_iv_sbit(w);
  else r->lo = lo, r->hi = hi;
}

static fp_rule fp_rule_of(fer_iv_state *s, fer_term t, fer_op op, fer_ival *d0,
                          fer_ival *d1, fer_ival *d2, fer_ival *r) {
  fp_rule c = {s, s->f, t, fer_term_args(s->f, t), fer_term_nargs(s->f, t),
               op, d0, d1, d2, r};
  return c;
}

/* The forward rules of the FP operators, of the FP predicates and of the
 * conversions between FP and BV (interval_internal.h), one function per
 * family of operators. */
void fer_iv_fp_forward(fer_iv_state *s, fer_term t, fer_op op, fer_ival *d0,
                       fer_ival *d1, fer_ival *d2, fer_ival *r) {
  fp_fwd x;
  memset(&x, 0, sizeof x);
  x.c = fp_rule_of(s, t, op, d0, d1, d2, r);
  ferret *f = s->f;
  x.is_fp = r->kind == FER_IV_FP && fp_sort_of_res(&x.c, &x.k);
  x.w = r->kind == FER_IV_BV ? fer_iv_bv_width(f, fer_term_sort(f, t)) : 0;
  /* Bounds are rounded toward -oo and +oo, which bound every mode; with
   * a constant rounding mode, in that mode (each operation is monotone
   * under a fixed mode). */
  x.mlo = FER_RTN, x.mhi = FER_RTP;
  if (x.c.n > 0 && fer_term_op(f, x.c.a[0]) == FER_OP_CONST &&
      fer_term_sort(f, x.c.a[0]) == fer_sort_rm(f))
    x.mlo = x.mhi = (fer_rm)fer_const_u128(f, x.c.a[0]);
  switch (op) {
  case FER_OP_CONST: fwd_const(&x); break;
  case FER_OP_FP_LT:
  case FER_OP_FP_LEQ:
  case FER_OP_FP_GT:
  case FER_OP_FP_GEQ:
  case FER_OP_FP_EQ: fwd_compare(&x); break;
  case FER_OP_FP_IS_NAN:
  case FER_OP_FP_IS_INF:
  case FER_OP_FP_IS_ZERO:
  case FER_OP_FP_IS_NEG:
  case FER_OP_FP_IS_POS: fwd_class(&x); break;
  case FER_OP_FP_NEG:
  case FER_OP_FP_ABS: fwd_sign(&x); break;
  case FER_OP_FP_ADD:
  case FER_OP_FP_SUB:
  case FER_OP_FP_MUL:
  case FER_OP_FP_DIV: fwd_arith(&x); break;
  case FER_OP_FP_MIN:
  case FER_OP_FP_MAX: fwd_minmax(&x); break;
  case FER_OP_FP_SQRT:
  case FER_OP_FP_RTI: fwd_round(&x); break;
  case FER_OP_TO_FP_FP:
  case FER_OP_TO_FP_REAL:
  case FER_OP_TO_FP_UBV:
  case FER_OP_TO_FP_SBV: fwd_to_fp(&x); break;
  case FER_OP_TO_FP_BV: fwd_from_bits(&x); break;
  case FER_OP_FP_TO_UBV:
  case FER_OP_FP_TO_SBV: fwd_to_bv(&x); break;
  default: break;
  }
}

/* ----------------------------------------------------- backward rules */

/* x < y (strict) or x <= y on FP, known true: both non-NaN, x below max y,
 * y above min x. */
static void fp_less(fer_iv_state *s, const fpk *k, fer_ival *x, fer_ival *y,
                    bool strict) {
  if (!x || !y) return;
  fer_iv_meet_range(s, x, x->lo, x->hi, false);
  fer_iv_meet_range(s, y, y->lo, y->hi, false);
  if (!fer_iv_fp_has_num(x) || !fer_iv_fp_has_num(y)) {
    fer_iv_meet_range(s, x, 1, 0, false); /* nothing left */
    return;
  }
  u128 yh = unkey(k, y->hi), xl = unkey(k, x->lo);
  fer_iv_meet_range(s, x, k->ninf, strict ? lt_key(k, yh) : le_key(k, yh),
                    false);
  fer_iv_meet_range(s, y, strict ? gt_key(k, xl) : ge_key(k, xl), k->pinf,
                    false);
}

/* not (x < y) (strict) or not (x <= y): y <= x (y < x), or one of them is
 * NaN.  The numeric part of x is bounded below when y cannot be NaN, that
 * of y above when x cannot be; NaN flags are kept. */
static void fp_not_less(fer_iv_state *s, const fpk *k, fer_ival *x, fer_ival *y,
                        bool strict) {
  if (!x || !y || !fer_iv_fp_has_num(x) || !fer_iv_fp_has_num(y)) return;
  u128 yl = unkey(k, y->lo), xh = unkey(k, x->hi);
  if (!y->nan) /* x >= min y (x > min y for not (x <= y)) */
    fer_iv_meet_range(s, x, strict ? ge_key(k, yl) : gt_key(k, yl), k->pinf,
                      x->nan);
  if (!x->nan) /* y <= max x (y < max x) */
    fer_iv_meet_range(s, y, k->ninf, strict ? le_key(k, xh) : lt_key(k, xh),
                      y->nan);
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

/* A backward rule: the rule, and whether r says the predicate must hold
 * (must_t) or must fail (must_f). */
typedef struct fp_bwd {
  fp_rule c;
  bool must_t, must_f;
} fp_bwd;

/* fp.lt, fp.leq, fp.gt, fp.geq (as x < y or x <= y) and fp.eq (as both
 * x <= y and y <= x). */
static void bwd_compare(fp_bwd *b) {
  fer_op op = b->c.op;
  fer_ival *d0 = b->c.d0, *d1 = b->c.d1;
  fpk k;
  if (!d0 || !d1 || d0->kind != FER_IV_FP || !fp_sort_of_arg(&b->c, 0, &k))
    return;
  if (op == FER_OP_FP_EQ) {
    if (b->must_t) {
      fp_less(b->c.s, &k, d0, d1, false);
      fp_less(b->c.s, &k, d1, d0, false);
    }
    return;
  }
  bool strict = op == FER_OP_FP_LT || op == FER_OP_FP_GT;
  bool swap = op == FER_OP_FP_GT || op == FER_OP_FP_GEQ;
  fer_ival *x = swap ? d1 : d0, *y = swap ? d0 : d1;
  if (b->must_t) fp_less(b->c.s, &k, x, y, strict);
  if (b->must_f) fp_not_less(b->c.s, &k, x, y, strict);
}

/* A class predicate holds: the argument is a number of the class. */
static void bwd_class_true(fer_iv_state *s, const fpk *k, fer_op op,
                           fer_ival *d0) {
  u128 lo = k->ninf, hi = k->pinf;
  if (op == FER_OP_FP_IS_ZERO) lo = KNZ(k), hi = KPZ(k);
  if (op == FER_OP_FP_IS_NEG) hi = KNZ(k);
  if (op == FER_OP_FP_IS_POS) lo = KPZ(k);
  if (op == FER_OP_FP_IS_SUBNORMAL) { /* |x| below the least normal */
    u128 minnorm = (u128)1 << (k->fmt.sb - 1);
    lo = KNZ(k) - (minnorm - 1), hi = KPZ(k) + (minnorm - 1);
  }
  fer_iv_meet_range(s, d0, lo, hi, false);
  if (op == FER_OP_FP_IS_INF && fer_iv_fp_has_num(d0)) {
    if (d0->lo > k->ninf) fer_iv_meet_range(s, d0, k->pinf, k->pinf, false);
    else if (d0->hi < k->pinf)
      fer_iv_meet_range(s, d0, k->ninf, k->ninf, false);
  }
  if (op == FER_OP_FP_IS_NORMAL || op == FER_OP_FP_IS_SUBNORMAL) {
    /* neither is a zero: trim zeros off the ends */
    if (fer_iv_fp_has_num(d0) && is_zero_key(k, d0->lo))
      fer_iv_meet_range(s, d0, KPZ(k) + 1, d0->hi, false);
    if (fer_iv_fp_has_num(d0) && is_zero_key(k, d0->hi))
      fer_iv_meet_range(s, d0, d0->lo, KNZ(k) - 1, false);
  }
  if (op == FER_OP_FP_IS_NORMAL) {
    if (fer_iv_fp_has_num(d0) && d0->lo == k->ninf)
      fer_iv_meet_range(s, d0, k->ninf + 1, d0->hi, false);
    if (fer_iv_fp_has_num(d0) && d0->hi == k->pinf)
      fer_iv_meet_range(s, d0, d0->lo, k->pinf - 1, false);
  }
}

/* A class predicate fails: the argument is NaN or a number outside the
 * class (only the ends of its range can be trimmed). */
static void bwd_class_false(fer_iv_state *s, const fpk *k, fer_op op,
                            fer_ival *d0) {
  if (op == FER_OP_FP_IS_INF && fer_iv_fp_has_num(d0)) {
    if (d0->lo == k->ninf && d0->lo < d0->hi)
      fer_iv_meet_range(s, d0, k->ninf + 1, d0->hi, d0->nan);
    if (d0->hi == k->pinf && d0->lo < d0->hi)
      fer_iv_meet_range(s, d0, d0->lo, k->pinf - 1, d0->nan);
    if (d0->lo == d0->hi && (d0->lo == k->ninf || d0->lo == k->pinf))
      fer_iv_meet_range(s, d0, 1, 0, d0->nan);
  }
  if (op == FER_OP_FP_IS_ZERO && fer_iv_fp_has_num(d0)) {
    if (d0->lo >= KNZ(k) && d0->hi <= KPZ(k))
      fer_iv_meet_range(s, d0, 1, 0, d0->nan);
    else if (is_zero_key(k, d0->lo))
      fer_iv_meet_range(s, d0, KPZ(k) + 1, d0->hi, d0->nan);
    else if (is_zero_key(k, d0->hi))
      fer_iv_meet_range(s, d0, d0->lo, KNZ(k) - 1, d0->nan);
  }
  /* not negative: positive or NaN */
  if (op == FER_OP_FP_IS_NEG) fer_iv_meet_range(s, d0, KPZ(k), k->pinf, true);
  if (op == FER_OP_FP_IS_POS) fer_iv_meet_range(s, d0, k->ninf, KNZ(k), true);
}

/* The class predicates, fp.isNaN among them. */
static void bwd_class(fp_bwd *b) {
  fer_ival *d0 = b->c.d0;
  fpk k;
  if (!d0 || d0->kind != FER_IV_FP) return;
  if (b->c.op == FER_OP_FP_IS_NAN) {
    if (b->must_t) fer_iv_meet_range(b->c.s, d0, 1, 0, true);
    if (b->must_f) fer_iv_meet_range(b->c.s, d0, d0->lo, d0->hi, false);
    return;
  }
  if (!fp_sort_of_arg(&b->c, 0, &k)) return;
  if (b->must_t) bwd_class_true(b->c.s, &k, b->c.op, d0);
  else if (b->must_f) bwd_class_false(b->c.s, &k, b->c.op, d0);
}

/* fp.neg and fp.abs: the argument is the result mirrored (abs: either
 * sign of a non-negative result). */
static void bwd_sign(fp_bwd *b) {
  fer_iv_state *s = b->c.s;
  fer_ival *d0 = b->c.d0, *r = b->c.r;
  fpk k;
  if (!d0 || r->kind != FER_IV_FP || !fp_sort_of_res(&b->c, &k)) return;
  if (!r->nan) fer_iv_meet_range(s, d0, d0->lo, d0->hi, false);
  if (fer_iv_fp_has_num(r)) {
    u128 M = 2 * k.S - 1;
    if (b->c.op == FER_OP_FP_NEG)
      fer_iv_meet_range(s, d0, M - r->hi, M - r->lo, r->nan);
    else if (r->lo >= KPZ(&k))
      fer_iv_meet_range(s, d0, M - r->hi, r->hi, r->nan);
  } else {
    fer_iv_meet_range(s, d0, 1, 0, r->nan);
  }
}

/* d meets the keys of the values >= lo (has_lo) and <= hi (has_hi),
 * keeping its NaN flag. */
static void meet_values(fer_iv_state *s, const fpk *k, fer_ival *d,
                        bool has_lo, u128 lo, bool has_hi, u128 hi) {
  if (has_lo) fer_iv_meet_range(s, d, ge_key(k, lo), k->pinf, d->nan);
  if (has_hi) fer_iv_meet_range(s, d, k->ninf, le_key(k, hi), d->nan);
}

/* fp.add and fp.sub with a result in r: each argument from the result's
 * preimage and the other argument's bounds, rounded outward. */
static void bwd_add_sub(fp_bwd *b, const fpk *k) {
  fer_iv_state *s = b->c.s;
  fer_ival *d1 = b->c.d1, *d2 = b->c.d2, *r = b->c.r;
  if (!d1 || !d2 || !fer_iv_fp_has_num(r) || !fer_iv_fp_has_num(d1) ||
      !fer_iv_fp_has_num(d2))
    return;
  fer_fmt m = k->fmt;
  u128 vlo = 0, vhi = 0;
  bool has_lo, has_hi;
  preimage(k, r->lo, r->hi, &vlo, &vhi, &has_lo, &has_hi);
  /* y finite bounds x only if every model with x not NaN has a result in
   * r's range: not so when the result may be NaN and y may be NaN (then
   * x is anything) */
  bool fin1 = d1->lo > k->ninf && d1->hi < k->pinf && (!r->nan || !d1->nan);
  bool fin2 = d2->lo > k->ninf && d2->hi < k->pinf && (!r->nan || !d2->nan);
  u128 l1 = unkey(k, d1->lo), h1 = unkey(k, d1->hi);
  u128 l2 = unkey(k, d2->lo), h2 = unkey(k, d2->hi);
  if (b->c.op == FER_OP_FP_ADD) {
    /* x + y in (vlo, vhi): x in (vlo - max y, vhi - min y) */
    if (fin2)
      meet_values(s, k, d1, has_lo, fer_fp_sub(m, FER_RTN, vlo, h2), has_hi,
                  fer_fp_sub(m, FER_RTP, vhi, l2));
    if (fin1)
      meet_values(s, k, d2, has_lo, fer_fp_sub(m, FER_RTN, vlo, h1), has_hi,
                  fer_fp_sub(m, FER_RTP, vhi, l1));
  } else {
    /* x - y in (vlo, vhi): x in (vlo + min y, vhi + max y),
     * y in (min x - vhi, max x - vlo) */
    if (fin2)
      meet_values(s, k, d1, has_lo, fer_fp_add(m, FER_RTN, vlo, l2), has_hi,
                  fer_fp_add(m, FER_RTP, vhi, h2));
    if (fin1)
      meet_values(s, k, d2, has_hi, fer_fp_sub(m, FER_RTN, l1, vhi), has_lo,
                  fer_fp_sub(m, FER_RTP, h1, vlo));
  }
}

/* to_fp from another FP format with a result in r: the argument lies
 * strictly between the values just outside r (in the result's format),
 * converted outward into its own format; no number in r, no number in
 * the argument. */
static void bwd_convert(fp_bwd *b, const fpk *k) {
  fer_iv_state *s = b->c.s;
  fer_ival *d1 = b->c.d1, *r = b->c.r;
  fpk kf;
  if (!d1 || d1->kind != FER_IV_FP) return;
  if (!fer_iv_fp_has_num(r)) {
    fer_iv_meet_range(s, d1, 1, 0, d1->nan);
    return;
  }
  if (!fp_sort_of_arg(&b->c, 1, &kf)) return;
  u128 vlo, vhi;
  bool has_lo, has_hi;
  preimage(k, r->lo, r->hi, &vlo, &vhi, &has_lo, &has_hi);
  u128 lo = has_lo ? fer_fp_convert(kf.fmt, FER_RTN, k->fmt, vlo) : 0;
  u128 hi = has_hi ? fer_fp_convert(kf.fmt, FER_RTP, k->fmt, vhi) : 0;
  meet_values(s, &kf, d1, has_lo, lo, has_hi, hi);
}

/* The rounded operations: a result that cannot be NaN has no NaN
 * argument; fp.add, fp.sub and to_fp from FP bound their arguments. */
static void bwd_rounded(fp_bwd *b) {
  fer_ival *r = b->c.r;
  fpk k;
  if (r->kind != FER_IV_FP || !fp_sort_of_res(&b->c, &k)) return;
  if (!r->nan) /* NaN in, NaN out: no argument is NaN */
    for (uint32_t i = 0; i < b->c.n; i++) {
      fer_ival *d = fer_iv_dom(b->c.s, b->c.a[i]);
      if (d && d->kind == FER_IV_FP)
        fer_iv_meet_range(b->c.s, d, d->lo, d->hi, false);
    }
  if (b->c.op == FER_OP_FP_ADD || b->c.op == FER_OP_FP_SUB)
    bwd_add_sub(b, &k);
  if (b->c.op == FER_OP_TO_FP_FP) bwd_convert(b, &k);
}

/* to_fp of a BV pattern: the patterns of the result's keys. */
static void bwd_from_bits(fp_bwd *b) {
  fer_iv_state *s = b->c.s;
  fer_ival *d0 = b->c.d0, *r = b->c.r;
  fpk k;
  if (!d0 || d0->kind != FER_IV_BV || r->kind != FER_IV_FP ||
      !fp_sort_of_res(&b->c, &k) || r->nan)
    return;
  if (!fer_iv_fp_has_num(r)) {
    fer_iv_meet_range(s, d0, 1, 0, false);
  } else if (r->lo >= KPZ(&k)) { /* positive: bits = key - S */
    fer_iv_meet_range(s, d0, r->lo - k.S, r->hi - k.S, false);
  } else if (r->hi <= KNZ(&k)) { /* negative: bits = S + (S-1-key) */
    fer_iv_meet_range(s, d0, k.S + (k.S - 1 - r->hi), k.S + (k.S - 1 - r->lo),
                      false);
  } else { /* both signs: positive bits [0, hi - S] and negative bits
            * [S, S + (S-1-lo)]; their hull */
    fer_iv_meet_range(s, d0, 0, k.S + (k.S - 1 - r->lo), false);
  }
}

/* The backward rules of the FP operators, of the FP predicates and of the
 * conversion from BV (interval_internal.h), one function per family. */
void fer_iv_fp_backward(fer_iv_state *s, fer_term t, fer_op op, fer_ival *d0,
                        fer_ival *d1, fer_ival *d2, fer_ival *r) {
  fp_bwd b;
  b.c = fp_rule_of(s, t, op, d0, d1, d2, r);
  b.must_t = r->kind == FER_IV_BOOL && !r->f;
  b.must_f = r->kind == FER_IV_BOOL && !r->t;
  switch (op) {
  case FER_OP_FP_LT:
  case FER_OP_FP_LEQ:
  case FER_OP_FP_GT:
  case FER_OP_FP_GEQ:
  case FER_OP_FP_EQ: bwd_compare(&b); break;
  case FER_OP_FP_IS_NAN:
  case FER_OP_FP_IS_INF:
  case FER_OP_FP_IS_ZERO:
  case FER_OP_FP_IS_NEG:
  case FER_OP_FP_IS_POS:
  case FER_OP_FP_IS_NORMAL:
  case FER_OP_FP_IS_SUBNORMAL: bwd_class(&b); break;
  case FER_OP_FP_NEG:
  case FER_OP_FP_ABS: bwd_sign(&b); break;
  case FER_OP_FP_ADD:
  case FER_OP_FP_SUB:
  case FER_OP_FP_MUL:
  case FER_OP_FP_DIV:
  case FER_OP_FP_SQRT:
  case FER_OP_FP_RTI:
  case FER_OP_FP_FMA:
  case FER_OP_FP_REM:
  case FER_OP_TO_FP_FP: bwd_rounded(&b); break;
  case FER_OP_TO_FP_BV: bwd_from_bits(&b); break;
  default: break;
  }
}

/* ------------------------------------------------------------ printing */

bool fer_iv_fp_print(ferret *f, const fer_ival *d, fer_sort so, fer_buf *b) {
  fpk k;
  fp_sort(f, so, &k);
  if (!fer_iv_fp_has_num(d))
    return fer_buf_str(f, b, d->nan ? "NaN" : "(empty)");
  fer_term lo = fer_mk_const_u128(f, so, unkey(&k, d->lo));
  fer_term hi = fer_mk_const_u128(f, so, unkey(&k, d->hi));
  return lo && hi && fer_buf_str(f, b, "[") && fer_print_value(f, b, lo) &&
         fer_buf_str(f, b, ", ") && fer_print_value(f, b, hi) &&
         fer_buf_str(f, b, "]") &&
         (!d->nan || fer_buf_str(f, b, " or NaN"));
}
