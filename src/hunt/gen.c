/* Constructs, the generator and the mutator of the hunt (hunt.h). */
#include <stdio.h>
#include <string.h>

#include "fp/fp.h"
#include "smt/model.h"
#include "hunt/hunt.h"

#define OP_(N, OP, NFP, RM) {N, FER_HK_OP, FER_OP_##OP, NFP, RM, 0, 0}
#define PRED_(N, OP, NFP) {N, FER_HK_PRED, FER_OP_##OP, NFP, false, 0, 0}
#define RM_(N, M) {N, FER_HK_RM, FER_OP_CONST, 0, false, M, 0}
#define FMT_(N, E, S) {N, FER_HK_FMT, FER_OP_CONST, 0, false, E, S}

/* The agent's arms.  TO_FP_FP converts from another format (the operand
 * is generated in the next format of the list); TO_FP_SBV / TO_FP_UBV
 * from a 32-bit vector made by fp.to_sbv / fp.to_ubv of an operand. */
const fer_hunt_construct fer_hunt_constructs[] = {
    OP_("fp.abs", FP_ABS, 1, false),   OP_("fp.neg", FP_NEG, 1, false),
    OP_("fp.add", FP_ADD, 2, true),    OP_("fp.sub", FP_SUB, 2, true),
    OP_("fp.mul", FP_MUL, 2, true),    OP_("fp.div", FP_DIV, 2, true),
    OP_("fp.fma", FP_FMA, 3, true),    OP_("fp.sqrt", FP_SQRT, 1, true),
    OP_("fp.rem", FP_REM, 2, false),   OP_("fp.roundToIntegral", FP_RTI, 1, true),
    OP_("fp.min", FP_MIN, 2, false),   OP_("fp.max", FP_MAX, 2, false),
    OP_("ite", ITE, 2, false),         OP_("to_fp(fp)", TO_FP_FP, 1, true),
    OP_("to_fp(sbv)", TO_FP_SBV, 1, true), OP_("to_fp_unsigned", TO_FP_UBV, 1, true),
    PRED_("fp.leq", FP_LEQ, 2),        PRED_("fp.lt", FP_LT, 2),
    PRED_("fp.geq", FP_GEQ, 2),        PRED_("fp.gt", FP_GT, 2),
    PRED_("fp.eq", FP_EQ, 2),          PRED_("=", EQ, 2),
    PRED_("fp.isNormal", FP_IS_NORMAL, 1), PRED_("fp.isSubnormal", FP_IS_SUBNORMAL, 1),
    PRED_("fp.isZero", FP_IS_ZERO, 1), PRED_("fp.isInfinite", FP_IS_INF, 1),
    PRED_("fp.isNaN", FP_IS_NAN, 1),   PRED_("fp.isNegative", FP_IS_NEG, 1),
    PRED_("fp.isPositive", FP_IS_POS, 1),
    RM_("RNE", FER_RNE),               RM_("RNA", FER_RNA),
    RM_("RTP", FER_RTP),               RM_("RTN", FER_RTN),
    RM_("RTZ", FER_RTZ),
    FMT_("Float16", 5, 11),            FMT_("Float32", 8, 24),
    FMT_("Float64", 11, 53),           FMT_("(_ FloatingPoint 4 6)", 4, 6),
};
const uint32_t fer_hunt_nconstructs =
    sizeof fer_hunt_constructs / sizeof *fer_hunt_constructs;

typedef struct gen {
  ferret *f;
  fer_rng *rng;
  const fer_hunt_shape *shape;
} gen;

static uint32_t pick_of_kind(gen *g, int kind) {
  uint32_t n = 0, k = 0;
  for (uint32_t i = 0; i < fer_hunt_nconstructs; i++) n += fer_hunt_constructs[i].kind == kind;
  uint32_t want = (uint32_t)fer_rng_below(g->rng, n);
  for (uint32_t i = 0; i < fer_hunt_nconstructs; i++)
    if (fer_hunt_constructs[i].kind == kind && k++ == want) return i;
  return 0;
}

/* The formats the shape allows (construct indices). */
static uint32_t pick_format(gen *g) {
  uint32_t idx[8], n = 0;
  for (uint32_t i = 0, j = 0; i < fer_hunt_nconstructs; i++) {
    if (fer_hunt_constructs[i].kind != FER_HK_FMT) continue;
    if (g->shape->formats >> j & 1) idx[n++] = i;
    j++;
  }
  if (!n) return pick_of_kind(g, FER_HK_FMT);
  return idx[fer_rng_below(g->rng, n)];
}

static fer_sort fmt_sort(ferret *f, uint32_t c) {
  return fer_sort_fp(f, fer_hunt_constructs[c].a, fer_hunt_constructs[c].b);
}

static fer_term var_of(ferret *f, fer_sort s, uint32_t i) {
  const fer_sort_info *si = fer_sort_get(f, s);
  char name[48];
  snprintf(name, sizeof name, "x%u_%u_%u", i, si->a, si->b);
  /* one variable per name: the store makes a new one at each fer_mk_var */
  for (uint32_t k = fer_var_count(f); k > 0; k--) {
    fer_term v = fer_var_term(f, k - 1);
    if (fer_term_sort(f, v) == s && !strcmp(fer_var_name(f, v), name)) return v;
  }
  return fer_mk_var(f, name, s);
}

/* A literal biased towards special values: zeros, infinities, NaN, the
 * subnormal and normal extremes, 1, values a half ulp from 1 (ties of
 * rounding), or random bits. */
static fer_term literal(gen *g, fer_sort s) {
  const fer_sort_info *si = fer_sort_get(g->f, s);
  fer_fmt m = {si->a, si->b};
  uint32_t eb = si->a, sb = si->b;
  fer_u128 sign = (fer_u128)fer_rng_below(g->rng, 2) << (eb + sb - 1);
  fer_u128 bias = ((fer_u128)1 << (eb - 1)) - 1, v;
  fer_u128 maxe = ((fer_u128)1 << eb) - 1, frac = ((fer_u128)1 << (sb - 1)) - 1;
  switch (fer_rng_below(g->rng, 12)) {
  case 0: v = fer_fp_zero(m, false); break;
  case 1: v = fer_fp_inf(m, false); break;
  case 2: v = fer_fp_nan(m); break;
  case 3: v = 1; break;                                   /* min subnormal */
  case 4: v = frac; break;                                /* max subnormal */
  case 5: v = (fer_u128)1 << (sb - 1); break;             /* min normal */
  case 6: v = ((maxe - 1) << (sb - 1)) | frac; break;     /* max normal */
  case 7: v = bias << (sb - 1); break;                    /* 1.0 */
  case 8: v = (bias << (sb - 1)) | 1; break;              /* 1 + ulp */
  case 9: v = (bias - (sb - 1)) << (sb - 1); break;       /* half ulp of 1 */
  case 10: v = ((bias + 1) << (sb - 1)) | (frac >> 1); break; /* 2.99.. */
  default: v = fer_rng_u128(g->rng); break;
  }
  fer_u128 mask = eb + sb >= 128 ? ~(fer_u128)0 : ((fer_u128)1 << (eb + sb)) - 1;
  return fer_value_term(g->f, s, (v | sign) & mask);
}

static fer_term rm_term(gen *g) {
  uint32_t c = pick_of_kind(g, FER_HK_RM);
  return fer_value_term(g->f, fer_sort_rm(g->f), fer_hunt_constructs[c].a);
}

static fer_term fp_term(gen *g, fer_sort s, uint32_t depth);
static fer_term bool_term(gen *g, fer_sort s, uint32_t depth);

/* Construct c (an OP) applied at sort s, its FP arguments given[0..ng)
 * where they exist, new ones generated for the rest. */
static fer_term apply_op(gen *g, uint32_t c, fer_sort s, const fer_term *given,
                         uint32_t ng, uint32_t depth) {
  ferret *f = g->f;
  const fer_hunt_construct *k = &fer_hunt_constructs[c];
  /* fields, not the pointer: making terms may move the sort table */
  const uint32_t eb = fer_sort_get(f, s)->a, sb = fer_sort_get(f, s)->b;
  fer_term args[4];
  uint32_t n = 0;
  if (k->op == FER_OP_ITE) {
    args[n++] = bool_term(g, s, depth ? depth - 1 : 0);
  } else if (k->rm) {
    args[n++] = rm_term(g);
  }
  for (uint32_t i = 0; i < k->nfp; i++) {
    fer_term a = i < ng ? given[i] : 0;
    if (k->op == FER_OP_TO_FP_FP) { /* from another format */
      fer_sort o = fer_sort_fp(f, eb == 8 ? 11 : 8, eb == 8 ? 53 : 24);
      if (!a || fer_term_sort(f, a) == s) a = fp_term(g, o, depth ? depth - 1 : 0);
    } else if (k->op == FER_OP_TO_FP_SBV || k->op == FER_OP_TO_FP_UBV) {
      if (!a || fer_term_sort(f, a) != fer_sort_bv(f, 32)) {
        fer_term x = a && fer_term_sort(f, a) == s ? a : fp_term(g, s, depth ? depth - 1 : 0);
        fer_term cv[2] = {rm_term(g), x};
        a = fer_mk(f, k->op == FER_OP_TO_FP_SBV ? FER_OP_FP_TO_SBV : FER_OP_FP_TO_UBV,
                   2, cv, 32, 0);
      }
    } else if (!a || fer_term_sort(f, a) != s) {
      a = fp_term(g, s, depth ? depth - 1 : 0);
    }
    if (!a) return 0;
    args[n++] = a;
  }
  bool conv = k->op == FER_OP_TO_FP_FP || k->op == FER_OP_TO_FP_SBV ||
              k->op == FER_OP_TO_FP_UBV;
  return fer_mk(f, k->op, n, args, conv ? eb : 0, conv ? sb : 0);
}

static fer_term fp_term(gen *g, fer_sort s, uint32_t depth) {
  if (!depth || fer_rng_one_in(g->rng, 4)) {
    if (fer_rng_one_in(g->rng, 3)) return literal(g, s);
    return var_of(g->f, s, (uint32_t)fer_rng_below(g->rng, g->shape->vars ? g->shape->vars : 1));
  }
  return apply_op(g, pick_of_kind(g, FER_HK_OP), s, NULL, 0, depth - 1);
}

static fer_term apply_pred(gen *g, uint32_t c, fer_sort s, const fer_term *given,
                           uint32_t ng, uint32_t depth) {
  const fer_hunt_construct *k = &fer_hunt_constructs[c];
  fer_term args[2];
  for (uint32_t i = 0; i < k->nfp; i++) {
    args[i] = i < ng && fer_term_sort(g->f, given[i]) == s ? given[i] : fp_term(g, s, depth);
    if (!args[i]) return 0;
  }
  return fer_mk(g->f, k->op, k->nfp, args, 0, 0);
}

static fer_term bool_term(gen *g, fer_sort s, uint32_t depth) {
  fer_term t = apply_pred(g, pick_of_kind(g, FER_HK_PRED), s, NULL, 0, depth);
  if (t && fer_rng_one_in(g->rng, 5)) t = fer_mk(g->f, FER_OP_NOT, 1, &t, 0, 0);
  return t;
}

/* Two variables far apart in magnitude: y subnormal, |x| at least a
 * normal from the upper half of the exponents.  Bit-blasted operations
 * align operands by their exponent difference, and wide differences are
 * where they go wrong (z3's fp.rem with a subnormal divisor, upstream
 * #10609); a solver's models rarely go there unless asked. */
static fer_term gap_assertion(gen *g, fer_sort s) {
  ferret *f = g->f;
  uint32_t nv = g->shape->vars, i = (uint32_t)fer_rng_below(g->rng, nv);
  uint32_t j = (i + 1 + (uint32_t)fer_rng_below(g->rng, nv - 1)) % nv;
  const uint32_t eb = fer_sort_get(f, s)->a, sb = fer_sort_get(f, s)->b;
  fer_u128 bias = ((fer_u128)1 << (eb - 1)) - 1, top = ((fer_u128)1 << eb) - 2;
  fer_u128 e = bias + (top - bias) / 2 +
               fer_rng_below(g->rng, (uint64_t)((top - bias) / 2 + 1));
  fer_u128 frac = fer_rng_u128(g->rng) & (((fer_u128)1 << (sb - 1)) - 1);
  fer_term big = fer_value_term(f, s, e << (sb - 1) | frac);
  fer_term x = var_of(f, s, i), y = var_of(f, s, j);
  fer_term ax = x ? fer_mk(f, FER_OP_FP_ABS, 1, &x, 0, 0) : 0;
  fer_term ge[2] = {ax, big};
  fer_term a[2] = {y ? fer_mk(f, FER_OP_FP_IS_SUBNORMAL, 1, &y, 0, 0) : 0,
                   ax && big ? fer_mk(f, FER_OP_FP_GEQ, 2, ge, 0, 0) : 0};
  return a[0] && a[1] ? fer_mk(f, FER_OP_AND, 2, a, 0, 0) : 0;
}

static fer_term assertion(gen *g) {
  fer_sort s = fmt_sort(g->f, pick_format(g));
  if (g->shape->vars >= 2 && fer_rng_one_in(g->rng, 6)) return gap_assertion(g, s);
  fer_term t = bool_term(g, s, g->shape->depth);
  if (t && fer_rng_one_in(g->rng, 4)) { /* a disjunction of two */
    fer_term u = bool_term(g, s, g->shape->depth);
    fer_term a[2] = {t, u};
    t = u ? fer_mk(g->f, FER_OP_OR, 2, a, 0, 0) : 0;
  }
  return t;
}

void fer_hunt_formula_release(ferret *f, fer_hunt_formula *x) { FER_RELEASE(f, x->a); }

int fer_hunt_formula_copy(ferret *f, const fer_hunt_formula *in, fer_hunt_formula *out) {
  FER_CLEAR(out->a);
  for (size_t i = 0; i < in->a.size; i++)
    if (!FER_PUSH(f, out->a, in->a.data[i])) return 0;
  return 1;
}

int fer_hunt_generate(ferret *f, fer_rng *rng, const fer_hunt_shape *shape,
                      fer_hunt_formula *out) {
  gen g = {f, rng, shape};
  FER_CLEAR(out->a);
  for (uint32_t i = 0; i < (shape->asserts ? shape->asserts : 1); i++) {
    fer_term t = assertion(&g);
    if (!t || !FER_PUSH(f, out->a, t)) return 0;
  }
  return 1;
}

/* ---------------------------------------------------------- the mutator */

static bool is_kind(ferret *f, fer_term t, int kind) {
  fer_op op = fer_term_op(f, t);
  for (uint32_t i = 0; i < fer_hunt_nconstructs; i++) {
    const fer_hunt_construct *k = &fer_hunt_constructs[i];
    if (k->kind != kind) continue;
    if (kind == FER_HK_RM)
      return op == FER_OP_CONST && fer_term_sort(f, t) == fer_sort_rm(f);
    if (k->op == op && (kind != FER_HK_OP || fer_sort_get(f, fer_term_sort(f, t))->kind ==
                                                 FER_SORT_FP))
      return true;
  }
  return false;
}

/* Nodes of `kind` in the tree of t (shared subterms counted per use). */
static uint64_t count(ferret *f, fer_term t, int kind) {
  uint64_t n = is_kind(f, t, kind);
  for (uint32_t i = 0; i < fer_term_nargs(f, t); i++) n += count(f, fer_term_arg(f, t, i), kind);
  return n;
}

typedef struct edit {
  gen *g;
  int kind;
  uint32_t c;
  uint64_t left; /* occurrences before the one to replace */
  bool done;
} edit;

static fer_term replace(edit *e, fer_term t) {
  ferret *f = e->g->f;
  if (e->done) return t;
  if (is_kind(f, t, e->kind) && e->left-- == 0) {
    e->done = true;
    const fer_hunt_construct *k = &fer_hunt_constructs[e->c];
    if (e->kind == FER_HK_RM) return fer_value_term(f, fer_sort_rm(f), k->a);
    fer_term fp[4];
    uint32_t n = 0;
    for (uint32_t i = 0; i < fer_term_nargs(f, t) && n < 4; i++) {
      fer_term a = fer_term_arg(f, t, i);
      if (fer_sort_get(f, fer_term_sort(f, a))->kind == FER_SORT_FP) fp[n++] = a;
    }
    if (e->kind == FER_HK_OP) return apply_op(e->g, e->c, fer_term_sort(f, t), fp, n, 1);
    fer_sort s = n ? fer_term_sort(f, fp[0]) : fmt_sort(f, pick_format(e->g));
    return apply_pred(e->g, e->c, s, fp, n, 1);
  }
  uint32_t n = fer_term_nargs(f, t);
  if (!n) return t;
  fer_term args[8], *a = args;
  FER_STACK(fer_term) big = {0};
  if (n > 8) {
    if (!FER_RESERVE(f, big, n)) return 0;
    a = big.data;
  }
  bool changed = false;
  for (uint32_t i = 0; i < n; i++) {
    fer_term x = fer_term_arg(f, t, i);
    a[i] = replace(e, x);
    if (!a[i]) {
      FER_RELEASE(f, big);
      return 0;
    }
    changed |= a[i] != x;
  }
  fer_term r = changed ? fer_mk(f, fer_term_op(f, t), n, a, fer_term_idx(f, t, 0),
                                fer_term_idx(f, t, 1))
                       : t;
  FER_RELEASE(f, big);
  return r;
}

int fer_hunt_mutate(ferret *f, fer_rng *rng, const fer_hunt_shape *shape,
                    const fer_hunt_formula *in, uint32_t c, fer_hunt_formula *out) {
  gen g = {f, rng, shape};
  const fer_hunt_construct *k = &fer_hunt_constructs[c];
  if (!in->a.size) return 0;
  if (k->kind == FER_HK_FMT) { /* one assertion regenerated in format c */
    fer_hunt_shape one = *shape;
    uint32_t j = 0;
    for (uint32_t i = 0; i < c; i++) j += fer_hunt_constructs[i].kind == FER_HK_FMT;
    one.formats = 1u << j;
    g.shape = &one;
    fer_term t = assertion(&g);
    if (!t || !fer_hunt_formula_copy(f, in, out)) return 0;
    out->a.data[fer_rng_below(rng, out->a.size)] = t;
    return 1;
  }
  uint64_t total = 0;
  for (size_t i = 0; i < in->a.size; i++) total += count(f, in->a.data[i], k->kind);
  if (!total) return 0;
  edit e = {&g, k->kind, c, fer_rng_below(rng, total), false};
  fer_hunt_formula tmp = {{0}};
  bool ok = true;
  for (size_t i = 0; ok && i < in->a.size; i++) {
    fer_term t = replace(&e, in->a.data[i]);
    ok = t && FER_PUSH(f, tmp.a, t);
  }
  if (ok) ok = fer_hunt_formula_copy(f, &tmp, out);
  fer_hunt_formula_release(f, &tmp);
  return ok;
}

int fer_hunt_script(ferret *f, const fer_hunt_formula *x, const char *header,
                    fer_buf *b) {
  return (!header || fer_buf_str(f, b, header)) &&
         fer_buf_str(f, b, "(set-option :produce-models true)\n(set-logic QF_BVFP)\n") &&
         fer_print_script(f, b, NULL, x->a.data, x->a.size) &&
         fer_buf_str(f, b, "(check-sat)\n(get-model)\n");
}
