/* Interval propagation, exhaustively on tiny formats (issue 19 item 5). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/context.h"
#include "smt/eval.h"
#include "smt/print.h"
#include "smt/term.h"
#include "fp/fp.h"
#include "engine/interval.h"
#include "test.h"
#include "interval_check.h"

/* ------------------------------------ containment, exhaustively (tiny) */

/* Issue 19 item 5: every operator with a propagation rule, on formats
 * small enough to try every argument tuple.  A case asserts constraints on
 * the arguments (variables) and, for a backward case, on the result (the
 * operator applied to them), and runs propagation.  Then every tuple of
 * argument values is tried: one that satisfies the constraints, with some
 * choice of an unspecified result, is a model, and its values must lie in
 * the domains of the arguments and of the result (judged by contains()
 * alone); an empty domain must mean that no tuple is a model.  Values come
 * from the reference evaluator (fer_eval), once per operator. */

enum { C_ANY, C_LE, C_LT, C_LE_NAN, C_SLE, C_FPEQ, C_SAME, C_DIFF, C_CLASS,
       C_NCLASS };

typedef struct cons {
  uint8_t kind;    /* C_* */
  fer_u128 lo, hi; /* C_LE .. C_SLE: bounds; C_FPEQ, C_SAME, C_DIFF: lo */
  fer_op cls;      /* C_CLASS, C_NCLASS: a classification predicate */
} cons;

#define XS_SLOTS 4
#define XS_VALS 256 /* sorts of at most 8 bits */

static bool sort_fp(ferret *f, fer_sort so, fer_fmt *fm) {
  const fer_sort_info *si = fer_sort_get(f, so);
  fm->eb = si->a, fm->sb = si->b;
  return si->kind == FER_SORT_FP;
}

/* What judge() needs of a sort, looked up once. */
typedef struct sinfo {
  fer_fmt fm;
  uint32_t w;
  bool fp;
} sinfo;

static sinfo sinfo_of(ferret *f, fer_sort so) {
  sinfo s;
  s.fp = sort_fp(f, so, &s.fm);
  s.w = fer_sort_bits(f, so);
  return s;
}

typedef struct xs { /* one operator on one choice of argument sorts */
  ferret *f;
  const char *what;
  fer_op op;
  uint32_t i0, i1, n;
  fer_sort so[XS_SLOTS], rs;      /* argument sorts, result sort */
  sinfo si[XS_SLOTS], rsi;        /* ... looked up */
  fer_term var[XS_SLOTS], rv, q;  /* variables; rv of the result sort */
  uint32_t nv[XS_SLOTS];          /* the values of each argument's sort */
  fer_u128 val[XS_SLOTS][XS_VALS];
  fer_term vterm[XS_SLOTS][XS_VALS];
  uint32_t stride[XS_SLOTS];
  fer_u128 *table;                /* op's value per tuple of positions */
  uint8_t *unspec;                /* ... and whether it is unspecified */
  uint32_t adm[XS_SLOTS][XS_VALS]; /* per case: positions admitted */
  uint64_t rng;
  uint64_t cases, models, refuted, result_narrowed;
  int failures;
} xs;

static uint64_t xs_rnd(xs *x) {
  x->rng ^= x->rng << 13, x->rng ^= x->rng >> 7, x->rng ^= x->rng << 17;
  return x->rng;
}

/* The values of a sort of at most 8 bits (FP: one NaN), as bits. */
static uint32_t sort_values(ferret *f, fer_sort so, fer_u128 *out) {
  const fer_sort_info *si = fer_sort_get(f, so);
  if (si->kind == FER_SORT_BOOL) return out[0] = 0, out[1] = 1, 2;
  if (si->kind == FER_SORT_RM) {
    for (uint32_t i = 0; i < 5; i++) out[i] = i;
    return 5;
  }
  fer_fmt fm;
  bool fp = sort_fp(f, so, &fm);
  uint32_t w = fer_sort_bits(f, so), n = 0;
  for (fer_u128 v = 0; v < ((fer_u128)1 << w); v++)
    if (!fp || fer_fp_canon(fm, v) == v) out[n++] = v;
  return n;
}

/* Does the value v (bits) of a sort satisfy c?  Exact semantics, checked
 * against the evaluator on the atoms by xs_judge_agrees. */
static bool judge(const sinfo *si, const cons *c, fer_u128 v) {
  fer_fmt fm = si->fm;
  bool fp = si->fp;
  fer_u128 S = (fer_u128)1 << (si->w - 1);
  switch (c->kind) {
  case C_ANY: return true;
  case C_LE:
    return fp ? fer_fp_leq(fm, c->lo, v) && fer_fp_leq(fm, v, c->hi)
              : c->lo <= v && v <= c->hi;
  case C_LT: return fer_fp_lt(fm, c->lo, v) && fer_fp_lt(fm, v, c->hi);
  case C_LE_NAN: return !fer_fp_lt(fm, v, c->lo) && !fer_fp_lt(fm, c->hi, v);
  case C_SLE: return (c->lo ^ S) <= (v ^ S) && (v ^ S) <= (c->hi ^ S);
  case C_FPEQ: return fer_fp_eq(fm, v, c->lo);
  case C_SAME: return fp ? fer_fp_smt_eq(fm, v, c->lo) : v == c->lo;
  case C_DIFF: return fp ? !fer_fp_smt_eq(fm, v, c->lo) : v != c->lo;
  default: {
    bool in = false;
    switch (c->cls) {
    case FER_OP_FP_IS_NORMAL: in = fer_fp_is_normal(fm, v); break;
    case FER_OP_FP_IS_SUBNORMAL: in = fer_fp_is_subnormal(fm, v); break;
    case FER_OP_FP_IS_ZERO: in = fer_fp_is_zero(fm, v); break;
    case FER_OP_FP_IS_INF: in = fer_fp_is_inf(fm, v); break;
    case FER_OP_FP_IS_NAN: in = fer_fp_is_nan(fm, v); break;
    case FER_OP_FP_IS_NEG: in = fer_fp_is_negative(fm, v); break;
    default: in = fer_fp_is_positive(fm, v); break;
    }
    return in == (c->kind == C_CLASS);
  }
  }
}

static fer_term mk2(ferret *f, fer_op op, fer_term a, fer_term b) {
  fer_term x[2] = {a, b};
  return fer_mk(f, op, 2, x, 0, 0);
}
static fer_term mknot(ferret *f, fer_term a) {
  return fer_mk(f, FER_OP_NOT, 1, &a, 0, 0);
}

/* The atoms that say "t satisfies c", appended to out; their number. */
static size_t atoms(ferret *f, fer_term t, const cons *c, fer_term *out) {
  fer_sort so = fer_term_sort(f, t);
  fer_fmt fm;
  bool fp = sort_fp(f, so, &fm);
  fer_term lo = c->kind == C_ANY || c->kind >= C_CLASS ? 0
                : fer_value_term(f, so, c->lo);
  fer_term hi = c->kind <= C_SLE && c->kind != C_ANY
                    ? fer_value_term(f, so, c->hi) : 0;
  switch (c->kind) {
  case C_ANY: return 0;
  case C_LE:
    out[0] = mk2(f, fp ? FER_OP_FP_LEQ : FER_OP_BVULE, lo, t);
    out[1] = mk2(f, fp ? FER_OP_FP_LEQ : FER_OP_BVULE, t, hi);
    return 2;
  case C_LT:
    out[0] = mk2(f, FER_OP_FP_LT, lo, t), out[1] = mk2(f, FER_OP_FP_LT, t, hi);
    return 2;
  case C_LE_NAN: /* in [lo, hi] or NaN */
    out[0] = mknot(f, mk2(f, FER_OP_FP_LT, t, lo));
    out[1] = mknot(f, mk2(f, FER_OP_FP_GT, t, hi));
    return 2;
  case C_SLE:
    out[0] = mk2(f, FER_OP_BVSLE, lo, t), out[1] = mk2(f, FER_OP_BVSLE, t, hi);
    return 2;
  case C_FPEQ: out[0] = mk2(f, FER_OP_FP_EQ, t, lo); return 1;
  case C_SAME:
    out[0] = so == fer_sort_bool(f) ? (c->lo ? t : mknot(f, t))
                                    : mk2(f, FER_OP_EQ, t, lo);
    return 1;
  case C_DIFF:
    out[0] = so == fer_sort_bool(f) ? (c->lo ? mknot(f, t) : t)
                                    : mknot(f, mk2(f, FER_OP_EQ, t, lo));
    return 1;
  default:
    out[0] = fer_mk(f, c->cls, 1, &t, 0, 0);
    if (c->kind == C_NCLASS) out[0] = mknot(f, out[0]);
    return 1;
  }
}

static fer_u128 bits_of(ferret *f, fer_term v) {
  if (v == fer_true(f)) return 1;
  if (v == fer_false(f)) return 0;
  return fer_const_u128(f, v);
}

/* Set up x for op over arguments of sorts so[0..n) and tabulate it with
 * the reference evaluator.  false (and a failed check) on an error. */
static bool xs_init(xs *x, ferret *f, const char *what, fer_op op, uint32_t n,
                    const fer_sort *so, uint32_t i0, uint32_t i1) {
  memset(x, 0, sizeof *x);
  x->f = f, x->what = what, x->op = op, x->n = n, x->i0 = i0, x->i1 = i1;
  x->rng = 0x9e3779b97f4a7c15ull ^ ((uint64_t)op << 20) ^ ((uint64_t)so[n - 1] << 40);
  size_t total = 1;
  for (uint32_t i = n; i-- > 0;) {
    char name[8] = {'v', (char)('0' + i), 0};
    CHECK_MSG(fer_sort_bits(f, so[i]) <= 8, "%s: a sort over 8 bits", what);
    if (fer_sort_bits(f, so[i]) > 8) return false;
    x->so[i] = so[i], x->si[i] = sinfo_of(f, so[i]);
    x->var[i] = fer_mk_var(f, name, so[i]);
    x->nv[i] = sort_values(f, so[i], x->val[i]);
    for (uint32_t j = 0; j < x->nv[i]; j++)
      x->vterm[i][j] = fer_value_term(f, so[i], x->val[i][j]);
    x->stride[i] = (uint32_t)total;
    total *= x->nv[i];
  }
  fer_term ev = fer_mk(f, op, n, x->var, i0, i1);
  CHECK_MSG(ev != 0, "%s: %s", what, ferret_error(f)->message);
  if (!ev) return false;
  x->rs = fer_term_sort(f, ev), x->rsi = sinfo_of(f, x->rs);
  CHECK_MSG(fer_sort_bits(f, x->rs) <= 8, "%s: a result over 8 bits", what);
  if (fer_sort_bits(f, x->rs) > 8) return false;
  x->rv = fer_mk_var(f, "r", x->rs);
  x->q = fer_mk_var(f, "q", fer_sort_bool(f));
  x->table = malloc(total * sizeof *x->table);
  x->unspec = malloc(total);
  fer_model m;
  fer_model_init(&m);
  CHECK(fer_model_reserve(f, &m));
  uint32_t pos[XS_SLOTS] = {0};
  bool ok = true;
  for (size_t t = 0; ok && t < total; t++) {
    for (uint32_t i = 0; i < n; i++) {
      pos[i] = (uint32_t)(t / x->stride[i] % x->nv[i]);
      m.value[fer_term_idx(f, x->var[i], 0)] = x->vterm[i][pos[i]];
    }
    bool un = false;
    fer_term v = fer_eval(f, ev, &m, &un);
    CHECK_MSG(v != 0, "%s: eval: %s", what, ferret_error(f)->message);
    ok = v != 0;
    if (ok) x->table[t] = bits_of(f, v), x->unspec[t] = un;
  }
  fer_model_release(f, &m);
  return ok;
}

static void xs_release(xs *x) {
  free(x->table);
  free(x->unspec);
}

static void print_cons(ferret *f, fer_buf *b, fer_sort so, const cons *c) {
  static const char *names[] = {"any", "in", "strictly in", "in or NaN",
                                "signed in", "fp.eq", "=", "distinct from",
                                "class", "not class"};
  fer_buf_str(f, b, names[c->kind]);
  if (c->kind >= C_CLASS) {
    fer_buf_str(f, b, " ");
    fer_buf_str(f, b, fer_op_table[c->cls].name);
  } else if (c->kind != C_ANY) {
    fer_buf_str(f, b, " ");
    fer_print_value(f, b, fer_value_term(f, so, c->lo));
    if (c->kind <= C_SLE) {
      fer_buf_str(f, b, " .. ");
      fer_print_value(f, b, fer_value_term(f, so, c->hi));
    }
  }
}

/* Report a failed case: the constraints, the model (pos, result value r;
 * pos NULL: none), and every domain. */
static void xs_report(xs *x, const fer_intervals *iv, const cons *ac,
                      const cons *rc, fer_term t, const uint32_t *pos,
                      fer_u128 r, const char *why) {
  ferret *f = x->f;
  if (x->failures++ >= 3) {
    CHECK_MSG(0, "%s: one more failure", x->what);
    return;
  }
  fer_buf b = {0};
  fer_print_term(f, &b, t);
  fer_buf_str(f, &b, "\n");
  for (uint32_t i = 0; i < x->n; i++) {
    fer_buf_str(f, &b, "  arg: ");
    print_cons(f, &b, x->so[i], &ac[i]);
    if (pos) {
      fer_buf_str(f, &b, "; value ");
      fer_print_value(f, &b, x->vterm[i][pos[i]]);
    }
    fer_buf_str(f, &b, "; domain ");
    fer_ival_print(f, iv, x->var[i], &b);
    fer_buf_str(f, &b, "\n");
  }
  fer_buf_str(f, &b, "  result: ");
  print_cons(f, &b, x->rs, rc);
  if (pos) {
    fer_buf_str(f, &b, "; value ");
    fer_print_value(f, &b, fer_value_term(f, x->rs, r));
  }
  fer_buf_str(f, &b, "; domain ");
  fer_ival_print(f, iv, t, &b);
  fer_buf_add(f, &b, "", 1);
  CHECK_MSG(0, "%s: %s:\n%s", x->what, why, b.data);
  FER_RELEASE(f, b);
}

/* Is the value of term t (pos-th value of slot i, or bits r of the result
 * when i == n) in its domain?  Cached per case: 0 unknown, 1 no, 2 yes. */
static bool xs_in(xs *x, const fer_intervals *iv, fer_term t, uint32_t i,
                  uint32_t at, uint8_t *cache) {
  if (!cache[at]) {
    const fer_ival *d = fer_intervals_of(iv, t);
    fer_term v = i < x->n ? x->vterm[i][at] : fer_value_term(x->f, x->rs, at);
    cache[at] = !d || contains(x->f, d, t, v) ? 2 : 1;
  }
  return cache[at] == 2;
}

/* One case: constraints ac[0..n) on the arguments (an RM argument under
 * C_SAME becomes that constant), rc on the result. */
static void xs_case(xs *x, const cons *ac, const cons *rc) {
  ferret *f = x->f;
  fer_term args[XS_SLOTS], a[4 * XS_SLOTS + 4];
  size_t na = 0;
  bool fixed[XS_SLOTS];
  for (uint32_t i = 0; i < x->n; i++) {
    fixed[i] = x->so[i] == fer_sort_rm(f) && ac[i].kind == C_SAME;
    args[i] = fixed[i] ? fer_mk_rm(f, (fer_rm)ac[i].lo) : x->var[i];
    if (!fixed[i]) na += atoms(f, x->var[i], &ac[i], a + na);
  }
  fer_term t = fer_mk(f, x->op, x->n, args, x->i0, x->i1);
  CHECK(t != 0);
  if (!t) return;
  na += atoms(f, t, rc, a + na);
  /* keeps t in the DAG without constraining it */
  a[na++] = mk2(f, FER_OP_OR, x->q, mk2(f, FER_OP_EQ, t, x->rv));
  fer_intervals iv;
  fer_intervals_init(&iv);
  CHECK(fer_intervals_run(f, a, na, &iv) == FERRET_OK);
  x->cases++;
  x->refuted += iv.empty;
  const fer_ival *dt = fer_intervals_of(&iv, t);
  if (!iv.empty && dt && !is_top(f, t, dt)) x->result_narrowed++;
  /* the admitted values of each argument and of the result */
  uint32_t(*adm)[XS_VALS] = x->adm, nadm[XS_SLOTS];
  bool rok[XS_VALS];
  uint8_t in[XS_SLOTS + 1][XS_VALS];
  for (uint32_t i = 0; i < x->n; i++) {
    nadm[i] = 0;
    memset(in[i], 0, x->nv[i]);
    for (uint32_t j = 0; j < x->nv[i]; j++)
      if (fixed[i] ? x->val[i][j] == ac[i].lo
                   : judge(&x->si[i], &ac[i], x->val[i][j]))
        adm[i][nadm[i]++] = j;
  }
  uint32_t rw = x->rsi.w;
  for (uint32_t v = 0; v < (1u << rw); v++)
    rok[v] = judge(&x->rsi, rc, v), in[x->n][v] = 0;
  fer_fmt rfm = x->rsi.fm;
  bool rfp = x->rsi.fp;
  /* every tuple (hot: up to ~10^4 per case) */
  uint32_t k[XS_SLOTS] = {0}, pos[XS_SLOTS], alt[XS_VALS];
  for (uint32_t i = 0; i < x->n; i++)
    if (!nadm[i]) goto done;
  for (;;) {
    size_t ti = 0;
    for (uint32_t i = 0; i < x->n; i++)
      pos[i] = adm[i][k[i]], ti += (size_t)pos[i] * x->stride[i];
    /* the results it may have: unspecified zeros are either zero, other
     * unspecified values anything */
    uint32_t nalt = 1;
    alt[0] = (uint32_t)x->table[ti];
    if (x->unspec[ti] && rfp)
      alt[0] = (uint32_t)fer_fp_zero(rfm, false),
      alt[1] = (uint32_t)fer_fp_zero(rfm, true), nalt = 2;
    else if (x->unspec[ti])
      for (nalt = 0; nalt < (1u << rw); nalt++) alt[nalt] = nalt;
    for (uint32_t j = 0; j < nalt; j++) {
      if (!rok[alt[j]]) continue;
      x->models++;
      if (iv.empty) {
        xs_report(x, &iv, ac, rc, t, pos, alt[j], "refuted, but a model exists");
        goto done;
      }
      for (uint32_t i = 0; i < x->n; i++)
        if (!fixed[i] && in[i][pos[i]] != 2 &&
            !xs_in(x, &iv, x->var[i], i, pos[i], in[i])) {
          xs_report(x, &iv, ac, rc, t, pos, alt[j], "argument outside its domain");
          goto done;
        }
      if (in[x->n][alt[j]] != 2 && !xs_in(x, &iv, t, x->n, alt[j], in[x->n])) {
        xs_report(x, &iv, ac, rc, t, pos, alt[j], "result outside its domain");
        goto done;
      }
    }
    uint32_t i = 0; /* next tuple */
    while (i < x->n && ++k[i] == nadm[i]) k[i++] = 0;
    if (i == x->n) break;
  }
done:
  fer_intervals_release(f, &iv);
}

/* A value of sort so for a bound, biased to the places intervals get
 * wrong (FP: never NaN; zeros, infinities, subnormal edges; BV: the
 * unsigned and signed ends). */
static fer_u128 xs_value(xs *x, fer_sort so) {
  ferret *f = x->f;
  fer_fmt fm;
  uint32_t w = fer_sort_bits(f, so);
  if (!sort_fp(f, so, &fm)) {
    fer_u128 S = (fer_u128)1 << (w - 1), pick[] = {0, 1, S - 1, S, 2 * S - 1};
    return xs_rnd(x) & 1 ? pick[xs_rnd(x) % 5] : xs_rnd(x) % (2 * S);
  }
  fer_u128 ninf = fer_fp_order_key(fm, fer_fp_inf(fm, true));
  fer_u128 pinf = fer_fp_order_key(fm, fer_fp_inf(fm, false));
  if (xs_rnd(x) & 1)
    return fer_fp_from_order_key(fm, ninf + xs_rnd(x) % (pinf - ninf + 1));
  fer_u128 minnorm = (fer_u128)1 << (fm.sb - 1), one = fer_fp_from_sbv(fm, FER_RNE, 1, 2);
  fer_u128 pick[] = {0, 1, minnorm - 1, minnorm, one, fer_fp_inf(fm, false),
                     fer_fp_inf(fm, false) - 1};
  fer_u128 v = pick[xs_rnd(x) % 7];
  return xs_rnd(x) & 1 ? fer_fp_neg(fm, v) : v;
}

/* A random constraint on a value of sort so: for an argument mostly
 * bounds, for a result (backward) any kind. */
static cons xs_cons(xs *x, fer_sort so, bool result) {
  ferret *f = x->f;
  cons c;
  memset(&c, 0, sizeof c);
  fer_fmt fm;
  uint64_t r = xs_rnd(x) % 20;
  if (so == fer_sort_rm(f)) {
    c.kind = r < 16 ? C_SAME : C_ANY, c.lo = r % 5;
    return c;
  }
  if (so == fer_sort_bool(f)) {
    c.kind = !result && r < 6 ? C_ANY : C_SAME, c.lo = r & 1;
    return c;
  }
  fer_u128 a = xs_value(x, so), b = xs_value(x, so);
  if (sort_fp(f, so, &fm)) {
    if (fer_fp_order_key(fm, a) > fer_fp_order_key(fm, b)) {
      fer_u128 z = a;
      a = b, b = z;
    }
    static const uint8_t arg[20] = {C_LE, C_LE, C_LE, C_LE, C_LE, C_LE, C_LE,
                                    C_LE_NAN, C_LE_NAN, C_LE_NAN, C_LE_NAN,
                                    C_LE_NAN, C_LT, C_LT, C_ANY, C_ANY, C_SAME,
                                    C_FPEQ, C_CLASS, C_NCLASS};
    static const uint8_t res[20] = {C_LE, C_LE, C_LE, C_LE, C_LE_NAN, C_LE_NAN,
                                    C_LE_NAN, C_LT, C_LT, C_FPEQ, C_FPEQ,
                                    C_SAME, C_SAME, C_DIFF, C_DIFF, C_CLASS,
                                    C_CLASS, C_NCLASS, C_NCLASS, C_ANY};
    static const fer_op cls[] = {FER_OP_FP_IS_NORMAL, FER_OP_FP_IS_SUBNORMAL,
                                 FER_OP_FP_IS_ZERO, FER_OP_FP_IS_INF,
                                 FER_OP_FP_IS_NAN, FER_OP_FP_IS_NEG,
                                 FER_OP_FP_IS_POS};
    c.kind = result ? res[r] : arg[r];
    c.lo = a, c.hi = b, c.cls = cls[xs_rnd(x) % 7];
    if ((c.kind == C_SAME || c.kind == C_DIFF) && xs_rnd(x) % 4 == 0)
      c.lo = fer_fp_nan(fm);
    return c;
  }
  uint32_t w = fer_sort_bits(f, so);
  fer_u128 S = (fer_u128)1 << (w - 1);
  static const uint8_t arg[10] = {C_LE, C_LE, C_LE, C_LE, C_SLE, C_SLE,
                                  C_SLE, C_ANY, C_SAME, C_DIFF};
  static const uint8_t res[10] = {C_LE, C_LE, C_LE, C_SLE, C_SLE, C_SLE,
                                  C_SAME, C_SAME, C_DIFF, C_ANY};
  c.kind = result ? res[r % 10] : arg[r % 10];
  if (c.kind == C_SLE ? (a ^ S) > (b ^ S) : a > b) {
    fer_u128 z = a;
    a = b, b = z;
  }
  c.lo = a, c.hi = b;
  return c;
}

/* Every bound pair of a slot's sort, by index: FP [lo, hi] and [lo, hi]
 * or NaN over the non-NaN values in key order; BV unsigned and signed
 * ranges; RM each mode and any; Bool true, false, any.  Count if c NULL. */
static uint32_t xs_all(xs *x, uint32_t slot, uint32_t index, cons *c) {
  ferret *f = x->f;
  fer_sort so = x->so[slot];
  fer_fmt fm;
  if (so == fer_sort_rm(f) || so == fer_sort_bool(f)) {
    uint32_t n = so == fer_sort_rm(f) ? 6 : 3;
    if (c) c->kind = index + 1 < n ? C_SAME : C_ANY, c->lo = index;
    return n;
  }
  bool fp = sort_fp(f, so, &fm);
  fer_u128 base = 0, m = (fer_u128)1 << fer_sort_bits(f, so);
  if (fp) {
    base = fer_fp_order_key(fm, fer_fp_inf(fm, true));
    m = fer_fp_order_key(fm, fer_fp_inf(fm, false)) + 1 - base;
  }
  uint32_t pairs = (uint32_t)(m * (m + 1) / 2);
  if (!c) return 2 * pairs;
  uint32_t p = index % pairs, lo = 0;
  while (p >= m - lo) p -= (uint32_t)(m - lo), lo++;
  fer_u128 hi = lo + p;
  c->kind = index < pairs ? C_LE : fp ? C_LE_NAN : C_SLE;
  if (fp) {
    c->lo = fer_fp_from_order_key(fm, base + lo);
    c->hi = fer_fp_from_order_key(fm, base + hi);
  } else if (c->kind == C_SLE) { /* the same pairs in signed order */
    fer_u128 S = m / 2;
    c->lo = (lo ^ S), c->hi = (hi ^ S);
  } else {
    c->lo = lo, c->hi = hi;
  }
  return 0;
}

typedef struct xs_totals {
  uint64_t ops, cases, models, refuted, narrowed;
} xs_totals;

/* Run the cases of one operator: with `all`, every combination of bound
 * pairs (xs_all) forwards; then nrandom random cases forwards and as many
 * backwards.  Adds to tot. */
static void totals_print(const char *what, const xs_totals *t) {
  fprintf(stderr, "intervals exhaustively (%s): %" PRIu64 " operators, %" PRIu64
          " cases, %" PRIu64 " models checked, %" PRIu64 " cases refuted, %" PRIu64
          " results narrowed\n", what, t->ops, t->cases, t->models, t->refuted,
          t->narrowed);
}

static void xs_run(xs *x, bool all, int nrandom, xs_totals *tot) {
  cons ac[XS_SLOTS], any;
  memset(ac, 0, sizeof ac);
  memset(&any, 0, sizeof any);
  if (all) {
    uint64_t total = 1;
    uint32_t cnt[XS_SLOTS];
    for (uint32_t i = 0; i < x->n; i++)
      cnt[i] = xs_all(x, i, 0, NULL), total *= cnt[i];
    for (uint64_t c = 0; c < total && x->failures < 4; c++) {
      uint64_t rest = c;
      for (uint32_t i = 0; i < x->n; i++)
        xs_all(x, i, (uint32_t)(rest % cnt[i]), &ac[i]), rest /= cnt[i];
      xs_case(x, ac, &any);
    }
  }
  for (int c = 0; c < 2 * nrandom && x->failures < 4; c++) {
    for (uint32_t i = 0; i < x->n; i++) ac[i] = xs_cons(x, x->so[i], false);
    cons rc = c < nrandom ? any : xs_cons(x, x->rs, true);
    xs_case(x, ac, &rc);
  }
  tot->ops++, tot->cases += x->cases, tot->models += x->models;
  tot->refuted += x->refuted, tot->narrowed += x->result_narrowed;
}

/* The constraint kinds against the evaluator: judge() decides admitted
 * values, the atoms are what propagation sees; they must agree. */
static void xs_judge_agrees(ferret *f, fer_sort so, uint64_t seed) {
  xs x;
  memset(&x, 0, sizeof x);
  x.f = f, x.rng = seed;
  fer_term v = fer_mk_var(f, "j", so);
  fer_model m;
  fer_model_init(&m);
  CHECK(fer_model_reserve(f, &m));
  fer_u128 vals[XS_VALS];
  uint32_t nv = sort_values(f, so, vals), bad = 0;
  sinfo si = sinfo_of(f, so);
  for (int c = 0; c < 60 && !bad; c++) {
    cons k = xs_cons(&x, so, c & 1);
    fer_term a[4];
    size_t na = atoms(f, v, &k, a);
    for (uint32_t j = 0; j < nv; j++) {
      m.value[fer_term_idx(f, v, 0)] = fer_value_term(f, so, vals[j]);
      bool all = true;
      for (size_t i = 0; i < na; i++)
        all &= fer_eval(f, a[i], &m, NULL) == fer_true(f);
      bad += all != judge(&si, &k, vals[j]);
    }
  }
  CHECK_MSG(!bad, "judge() and the evaluator disagree on %u values", bad);
  fer_model_release(f, &m);
}

static void xs_one(ferret *f, const char *what, fer_op op, uint32_t n,
                   const fer_sort *so, uint32_t i0, uint32_t i1, bool all,
                   int nrandom, xs_totals *tot) {
  xs *x = malloc(sizeof *x);
  if (xs_init(x, f, what, op, n, so, i0, i1)) xs_run(x, all, nrandom, tot);
  xs_release(x);
  free(x);
}

/* to_fp of a Real literal (the argument is a constant, so forwards only):
 * the result's domain must hold its value in the mode, or, under a
 * rounding-mode variable, in every mode. */
static void xs_to_fp_real(ferret *f, fer_sort F, xs_totals *tot) {
  fer_fmt fm;
  sort_fp(f, F, &fm);
  fer_sort RM = fer_sort_rm(f);
  fer_term m = fer_mk_var(f, "m", RM), q = fer_mk_var(f, "q", fer_sort_bool(f));
  fer_term rv = fer_mk_var(f, "r", F);
  fer_model mo;
  fer_model_init(&mo);
  CHECK(fer_model_reserve(f, &mo));
  static const uint32_t nums[] = {0, 1, 2, 3, 5, 7, 10, 15, 16, 17, 31, 100,
                                  1000, 123456789};
  static const uint32_t dens[] = {1, 2, 3, 7, 8, 10, 1024, 3000000};
  int bad = 0;
  for (size_t i = 0; i < sizeof nums / sizeof *nums; i++)
    for (size_t j = 0; j < sizeof dens / sizeof *dens; j++)
      for (int neg = 0; neg < 2; neg++)
        for (uint32_t mode = 0; mode < 6; mode++) {
          fer_term args[2] = {mode < 5 ? fer_mk_rm(f, (fer_rm)mode) : m,
                              fer_mk_real(f, neg, &nums[i], 1, &dens[j], 1)};
          fer_term t = fer_mk(f, FER_OP_TO_FP_REAL, 2, args, fm.eb, fm.sb);
          fer_term a = mk2(f, FER_OP_OR, q, mk2(f, FER_OP_EQ, t, rv));
          fer_intervals iv;
          fer_intervals_init(&iv);
          CHECK(fer_intervals_run(f, &a, 1, &iv) == FERRET_OK);
          const fer_ival *d = fer_intervals_of(&iv, t);
          tot->cases++;
          for (uint32_t r = mode < 5 ? mode : 0; r < (mode < 5 ? mode + 1 : 5);
               r++) {
            mo.value[fer_term_idx(f, m, 0)] = fer_mk_rm(f, (fer_rm)r);
            fer_term v = fer_eval(f, t, &mo, NULL);
            tot->models++;
            if (!iv.empty && d && contains(f, d, t, v)) continue;
            if (bad++ >= 3) continue;
            fer_buf b = {0};
            fer_print_term(f, &b, t);
            fer_buf_str(f, &b, " = ");
            fer_print_value(f, &b, v);
            fer_buf_str(f, &b, " not in ");
            fer_ival_print(f, &iv, t, &b);
            fer_buf_add(f, &b, "", 1);
            CHECK_MSG(0, "(rm %u) %s", r, b.data);
            FER_RELEASE(f, b);
          }
          fer_intervals_release(f, &iv);
        }
  CHECK(!bad);
  fer_model_release(f, &mo);
  tot->ops++;
}

TEST(interval_exhaustive_fp) {
  /* each format with a second one for conversions; every one <= 7 bits */
  static const uint32_t formats[][4] = {{3, 2, 4, 3}, {3, 3, 5, 2},
                                        {3, 4, 3, 2}, {4, 3, 3, 4},
                                        {5, 2, 3, 3}};
  xs_totals tot = {0};
  for (int fi = 0; fi < 5; fi++) {
    const uint32_t *fm = formats[fi];
    ferret *f = load("");
    char what[96];
    fer_sort F = fer_sort_fp(f, fm[0], fm[1]), F2 = fer_sort_fp(f, fm[2], fm[3]);
    fer_sort RM = fer_sort_rm(f), B = fer_sort_bool(f);
    xs_judge_agrees(f, F, 0x1234567ull + (uint64_t)fi);
    bool small = fi == 0; /* every bound pair for one-argument ops */
    int nr = fer_test_quick ? 40 : small ? 300 : 120;
#define XS(OP, N, I0, I1, ALL, ...)                                          \
  do {                                                                        \
    fer_sort so_[] = {__VA_ARGS__};                                           \
    snprintf(what, sizeof what, "%s on (_ FloatingPoint %u %u)",              \
             fer_op_table[OP].name, fm[0], fm[1]);                            \
    xs_one(f, what, OP, N, so_, I0, I1, ALL, nr, &tot);                       \
  } while (0)
    XS(FER_OP_FP_SQRT, 2, 0, 0, small, RM, F);
    XS(FER_OP_FP_RTI, 2, 0, 0, small, RM, F);
    XS(FER_OP_TO_FP_FP, 2, fm[2], fm[3], small, RM, F);
    XS(FER_OP_TO_FP_FP, 2, fm[0], fm[1], false, RM, F2);
    /* widths with values in range and out of it (unspecified) */
    XS(FER_OP_FP_TO_UBV, 2, fi & 1 ? 5 : 3, 0, small, RM, F);
    XS(FER_OP_FP_TO_SBV, 2, fi & 1 ? 4 : 6, 0, small, RM, F);
    XS(FER_OP_FP_NEG, 1, 0, 0, small, F);
    XS(FER_OP_FP_ABS, 1, 0, 0, small, F);
    static const fer_op cls[] = {FER_OP_FP_IS_NORMAL, FER_OP_FP_IS_SUBNORMAL,
                                 FER_OP_FP_IS_ZERO, FER_OP_FP_IS_INF,
                                 FER_OP_FP_IS_NAN, FER_OP_FP_IS_NEG,
                                 FER_OP_FP_IS_POS};
    for (int i = 0; i < 7; i++) XS(cls[i], 1, 0, 0, small, F);
    static const fer_op rm2[] = {FER_OP_FP_ADD, FER_OP_FP_SUB, FER_OP_FP_MUL,
                                 FER_OP_FP_DIV};
    for (int i = 0; i < 4; i++) XS(rm2[i], 3, 0, 0, false, RM, F, F);
    static const fer_op two[] = {FER_OP_FP_REM, FER_OP_FP_MIN, FER_OP_FP_MAX,
                                 FER_OP_FP_LT, FER_OP_FP_LEQ, FER_OP_FP_GT,
                                 FER_OP_FP_GEQ, FER_OP_FP_EQ, FER_OP_EQ,
                                 FER_OP_DISTINCT};
    for (int i = 0; i < 10; i++) XS(two[i], 2, 0, 0, false, F, F);
    XS(FER_OP_ITE, 3, 0, 0, false, B, F, F);
    if (small) XS(FER_OP_FP_FMA, 4, 0, 0, false, RM, F, F, F);
    uint32_t bw = fi & 1 ? 6 : 4;
    XS(FER_OP_TO_FP_UBV, 2, fm[0], fm[1], small, RM, fer_sort_bv(f, bw));
    XS(FER_OP_TO_FP_SBV, 2, fm[0], fm[1], small, RM, fer_sort_bv(f, bw));
    XS(FER_OP_TO_FP_BV, 1, fm[0], fm[1], small, fer_sort_bv(f, fm[0] + fm[1]));
#undef XS
    xs_to_fp_real(f, F, &tot);
    ferret_delete(f);
  }
  totals_print("FP", &tot);
  /* the check means something only if propagation did something */
  CHECK(tot.narrowed * 2 > tot.cases);
  CHECK(tot.refuted > 0);
}

TEST(interval_exhaustive_bv) {
  xs_totals tot = {0};
  for (uint32_t w = 3; w <= 4; w++) {
    ferret *f = load("");
    char what[96];
    fer_sort V = fer_sort_bv(f, w), B = fer_sort_bool(f);
    xs_judge_agrees(f, V, 0x7654321ull + w);
    bool all = w == 3; /* every pair of ranges */
    int nr = fer_test_quick ? 60 : 400;
#define XS(OP, N, I0, I1, ALL, ...)                                          \
  do {                                                                        \
    fer_sort so_[] = {__VA_ARGS__};                                           \
    snprintf(what, sizeof what, "%s (%u, %u) on (_ BitVec %u)",               \
             fer_op_table[OP].name, I0, I1, w);                               \
    xs_one(f, what, OP, N, so_, I0, I1, ALL, nr, &tot);                       \
  } while (0)
    static const fer_op two[] = {
        FER_OP_BVADD, FER_OP_BVSUB, FER_OP_BVMUL, FER_OP_BVUDIV, FER_OP_BVUREM,
        FER_OP_BVSDIV, FER_OP_BVSREM, FER_OP_BVSMOD, FER_OP_BVAND, FER_OP_BVOR,
        FER_OP_BVXOR, FER_OP_BVNAND, FER_OP_BVNOR, FER_OP_BVXNOR,
        FER_OP_BVCOMP, FER_OP_BVSHL, FER_OP_BVLSHR, FER_OP_BVASHR,
        FER_OP_BVULT, FER_OP_BVULE, FER_OP_BVUGT, FER_OP_BVUGE, FER_OP_BVSLT,
        FER_OP_BVSLE, FER_OP_BVSGT, FER_OP_BVSGE, FER_OP_EQ, FER_OP_DISTINCT,
        FER_OP_CONCAT};
    for (size_t i = 0; i < sizeof two / sizeof *two; i++)
      XS(two[i], 2, 0, 0, all, V, V);
    XS(FER_OP_CONCAT, 2, 0, 0, all, V, fer_sort_bv(f, 1));
    XS(FER_OP_CONCAT, 2, 0, 0, all, fer_sort_bv(f, 2), V);
    XS(FER_OP_BVNOT, 1, 0, 0, true, V);
    XS(FER_OP_BVNEG, 1, 0, 0, true, V);
    for (uint32_t hi = 0; hi < w; hi++)
      for (uint32_t lo = 0; lo <= hi; lo++)
        XS(FER_OP_EXTRACT, 1, hi, lo, true, V);
    for (uint32_t k = 0; k <= 2; k++) {
      XS(FER_OP_ZERO_EXTEND, 1, k, 0, true, V);
      XS(FER_OP_SIGN_EXTEND, 1, k, 0, true, V);
    }
    for (uint32_t k = 0; k <= w; k++) {
      XS(FER_OP_ROTATE_LEFT, 1, k, 0, true, V);
      XS(FER_OP_ROTATE_RIGHT, 1, k, 0, true, V);
    }
    XS(FER_OP_REPEAT, 1, 2, 0, true, V);
    XS(FER_OP_ITE, 3, 0, 0, false, B, V, V);
#undef XS
    ferret_delete(f);
  }
  totals_print("BV", &tot);
  CHECK(tot.narrowed * 8 > tot.cases);
  CHECK(tot.refuted > 0);
}

TEST(interval_exhaustive_bool) {
  xs_totals tot = {0};
  ferret *f = load("");
  fer_sort B = fer_sort_bool(f);
  fer_sort so[3] = {B, B, B};
  static const struct { fer_op op; uint32_t n; } ops[] = {
      {FER_OP_NOT, 1}, {FER_OP_AND, 2}, {FER_OP_AND, 3}, {FER_OP_OR, 2},
      {FER_OP_OR, 3}, {FER_OP_XOR, 2}, {FER_OP_IMPLIES, 2}, {FER_OP_EQ, 2},
      {FER_OP_DISTINCT, 2}, {FER_OP_DISTINCT, 3}, {FER_OP_ITE, 3}};
  for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
    xs_one(f, fer_op_table[ops[i].op].name, ops[i].op, ops[i].n, so, 0, 0,
           true, 30, &tot);
  ferret_delete(f);
  fprintf(stderr, "intervals exhaustively (Bool): %" PRIu64 " operators, %"
          PRIu64 " cases, %" PRIu64 " models checked, %" PRIu64
          " cases refuted\n", tot.ops, tot.cases, tot.models, tot.refuted);
  CHECK(tot.refuted > 0);
}
