/* Constructs, the generator and the mutator of the hunt (hunt.h). */
#include <stdio.h>
#include <string.h>

#include "base/nat.h"
#include "fp/fp.h"
#include "smt/model.h"
#include "hunt/hunt.h"

#define OP_(N, OP, NFP, RM) {N, FER_HK_OP, FER_OP_##OP, NFP, RM, 0, 0}
#define PRED_(N, OP, NFP, X) {N, FER_HK_PRED, FER_OP_##OP, NFP, false, X, 0}
#define RM_(N, M) {N, FER_HK_RM, FER_OP_CONST, 0, false, M, 0}

/* Special constructs, in the `a` field of OP and PRED rows. */
enum { PLAIN, EDGE, TO_UBV_CMP, TO_SBV_CMP, FROM_REAL, FROM_BITS, FROM_PATTERN };
enum { RM_VARIABLE = 5 };

/* The agent's arms (then one per format of the shape).  to_fp(fp)
 * converts from another format of the shape; to_fp(sbv) and
 * to_fp_unsigned from a bit-vector of a width among 1 .. 66 (a variable, a
 * constant at a range edge, or fp.to_sbv / fp.to_ubv of an operand);
 * to_fp(real) from a decimal or a halfway point of the format; fp(bv) is
 * `fp` of three bit-vector terms, to_fp(bv) the reinterpretation of one;
 * "edge" compares an operation's result with a constant at a boundary of
 * the format (the smallest subnormal, the largest finite, 0.5, 1.5, the
 * integer limit 2^(sb-1), ...); fp.to_ubv / fp.to_sbv compare a conversion
 * of width 1 .. 66 with a bit-vector constant at the range's edge (out of
 * range the value is unspecified: the judge's evaluator marks it so and
 * never counts an answer resting on it). */
const fer_hunt_construct fer_hunt_constructs[] = {
    OP_("fp.abs", FP_ABS, 1, false),   OP_("fp.neg", FP_NEG, 1, false),
    OP_("fp.add", FP_ADD, 2, true),    OP_("fp.sub", FP_SUB, 2, true),
    OP_("fp.mul", FP_MUL, 2, true),    OP_("fp.div", FP_DIV, 2, true),
    OP_("fp.fma", FP_FMA, 3, true),    OP_("fp.sqrt", FP_SQRT, 1, true),
    OP_("fp.rem", FP_REM, 2, false),   OP_("fp.roundToIntegral", FP_RTI, 1, true),
    OP_("fp.min", FP_MIN, 2, false),   OP_("fp.max", FP_MAX, 2, false),
    OP_("ite", ITE, 2, false),         OP_("to_fp(fp)", TO_FP_FP, 1, true),
    OP_("to_fp(sbv)", TO_FP_SBV, 1, true), OP_("to_fp_unsigned", TO_FP_UBV, 1, true),
    {"to_fp(real)", FER_HK_OP, FER_OP_TO_FP_REAL, 0, true, FROM_REAL, 0},
    {"fp(bv)", FER_HK_OP, FER_OP_FP, 0, false, FROM_BITS, 0},
    {"to_fp(bv)", FER_HK_OP, FER_OP_TO_FP_BV, 0, false, FROM_PATTERN, 0},
    PRED_("fp.leq", FP_LEQ, 2, PLAIN), PRED_("fp.lt", FP_LT, 2, PLAIN),
    PRED_("fp.geq", FP_GEQ, 2, PLAIN), PRED_("fp.gt", FP_GT, 2, PLAIN),
    PRED_("fp.eq", FP_EQ, 2, PLAIN),   PRED_("=", EQ, 2, PLAIN),
    PRED_("fp.isNormal", FP_IS_NORMAL, 1, PLAIN),
    PRED_("fp.isSubnormal", FP_IS_SUBNORMAL, 1, PLAIN),
    PRED_("fp.isZero", FP_IS_ZERO, 1, PLAIN), PRED_("fp.isInfinite", FP_IS_INF, 1, PLAIN),
    PRED_("fp.isNaN", FP_IS_NAN, 1, PLAIN),   PRED_("fp.isNegative", FP_IS_NEG, 1, PLAIN),
    PRED_("fp.isPositive", FP_IS_POS, 1, PLAIN),
    PRED_("edge", FP_EQ, 1, EDGE),
    PRED_("fp.to_ubv", EQ, 1, TO_UBV_CMP), PRED_("fp.to_sbv", EQ, 1, TO_SBV_CMP),
    RM_("RNE", FER_RNE),               RM_("RNA", FER_RNA),
    RM_("RTP", FER_RTP),               RM_("RTN", FER_RTN),
    RM_("RTZ", FER_RTZ),               RM_("rm variable", RM_VARIABLE),
};
const uint32_t fer_hunt_nconstructs =
    sizeof fer_hunt_constructs / sizeof *fer_hunt_constructs;

/* ---------------------------------------------------------------- formats */

static const struct {
  const char *name;
  uint32_t eb, sb;
} named[] = {
    {"16", 5, 11},       {"32", 8, 24},       {"64", 11, 53},
    {"128", 15, 113},    {"bf16", 8, 8},      {"tf32", 8, 11},
    {"Float16", 5, 11},  {"Float32", 8, 24},  {"Float64", 11, 53},
    {"Float128", 15, 113},
};

static bool number(const char *s, size_t n, uint32_t *v) {
  uint64_t x = 0;
  if (!n || n > 4) return false;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    x = x * 10 + (uint64_t)(s[i] - '0');
  }
  *v = (uint32_t)x;
  return true;
}

int fer_hunt_parse_format(const char *s, size_t n, uint32_t *eb, uint32_t *sb) {
  for (size_t i = 0; i < sizeof named / sizeof *named; i++)
    if (strlen(named[i].name) == n && !memcmp(s, named[i].name, n)) {
      *eb = named[i].eb, *sb = named[i].sb;
      return 1;
    }
  const char *dot = memchr(s, '.', n);
  uint32_t e, m;
  if (!dot || !number(s, (size_t)(dot - s), &e) ||
      !number(dot + 1, n - (size_t)(dot - s) - 1, &m))
    return 0;
  if (e < 2 || m < 2 || e > 30 || e + m > 128) return 0;
  *eb = e, *sb = m;
  return 1;
}

void fer_hunt_default_formats(fer_hunt_shape *s) {
  static const uint32_t spread[][2] = {{2, 3}, {3, 2}, {3, 5}, {4, 4}, {5, 3},
                                       {5, 8}, {5, 11}, {8, 8}, {8, 24}, {11, 53},
                                       {15, 113}};
  s->nformats = sizeof spread / sizeof *spread;
  for (uint32_t i = 0; i < s->nformats; i++) s->eb[i] = spread[i][0], s->sb[i] = spread[i][1];
}

uint32_t fer_hunt_narms(const fer_hunt_shape *s) {
  uint32_t n = fer_hunt_nconstructs + s->nformats;
  return n > FER_HUNT_MAX_ARMS ? FER_HUNT_MAX_ARMS : n;
}

static const char *format_name(uint32_t eb, uint32_t sb, char *buf, size_t cap) {
  if (eb == 5 && sb == 11) snprintf(buf, cap, "Float16");
  else if (eb == 8 && sb == 24) snprintf(buf, cap, "Float32");
  else if (eb == 11 && sb == 53) snprintf(buf, cap, "Float64");
  else if (eb == 15 && sb == 113) snprintf(buf, cap, "Float128");
  else snprintf(buf, cap, "(_ FloatingPoint %u %u)", eb, sb);
  return buf;
}

const char *fer_hunt_arm_name(const fer_hunt_shape *s, uint32_t arm, char *buf,
                              size_t cap) {
  if (arm < fer_hunt_nconstructs) {
    snprintf(buf, cap, "%s", fer_hunt_constructs[arm].name);
    return buf;
  }
  uint32_t k = arm - fer_hunt_nconstructs;
  if (k >= s->nformats) return snprintf(buf, cap, "?"), buf;
  return format_name(s->eb[k], s->sb[k], buf, cap);
}

/* -------------------------------------------------------------- the generator */

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

/* A format of the shape (its index). */
static uint32_t pick_format(gen *g) {
  return g->shape->nformats ? (uint32_t)fer_rng_below(g->rng, g->shape->nformats) : 0;
}

static fer_sort fmt_sort(gen *g, uint32_t k) {
  if (!g->shape->nformats) return fer_sort_fp(g->f, 8, 24);
  return fer_sort_fp(g->f, g->shape->eb[k], g->shape->sb[k]);
}

static fer_term named_var(ferret *f, fer_sort s, const char *name) {
  /* one variable per name: the store makes a new one at each fer_mk_var */
  for (uint32_t k = fer_var_count(f); k > 0; k--) {
    fer_term v = fer_var_term(f, k - 1);
    if (fer_term_sort(f, v) == s && !strcmp(fer_var_name(f, v), name)) return v;
  }
  return fer_mk_var(f, name, s);
}

static fer_term var_of(ferret *f, fer_sort s, uint32_t i) {
  const fer_sort_info *si = fer_sort_get(f, s);
  char name[48];
  if (si->kind == FER_SORT_BV) snprintf(name, sizeof name, "b%u_%u", i, si->a);
  else if (si->kind == FER_SORT_RM) snprintf(name, sizeof name, "r%u", i);
  else snprintf(name, sizeof name, "x%u_%u_%u", i, si->a, si->b);
  return named_var(f, s, name);
}

static fer_u128 mask_of(uint32_t w) {
  return w >= 128 ? ~(fer_u128)0 : ((fer_u128)1 << w) - 1;
}

/* A bit pattern of format (eb, sb) at a boundary: zeros, infinities, NaN,
 * the subnormal and normal extremes, 1 and its neighbours, 0.5 and 1.5
 * (roundToIntegral's ties), the integer limit 2^(sb-1) (from there on the
 * ulp is 1 or more), the largest finite less an ulp, or random bits; the
 * sign random. */
static fer_u128 edge_bits(gen *g, uint32_t eb, uint32_t sb) {
  fer_fmt m = {eb, sb};
  fer_u128 sign = (fer_u128)fer_rng_below(g->rng, 2) << (eb + sb - 1);
  fer_u128 bias = ((fer_u128)1 << (eb - 1)) - 1, v;
  fer_u128 maxe = ((fer_u128)1 << eb) - 1, frac = ((fer_u128)1 << (sb - 1)) - 1;
  fer_u128 top = (fer_u128)1 << (sb - 2); /* the significand's first bit */
  switch (fer_rng_below(g->rng, 17)) {
  case 0: v = fer_fp_zero(m, false); break;
  case 1: v = fer_fp_inf(m, false); break;
  case 2: v = fer_fp_nan(m); break;
  case 3: v = 1; break;                                   /* min subnormal */
  case 4: v = frac; break;                                /* max subnormal */
  case 5: v = (fer_u128)1 << (sb - 1); break;             /* min normal */
  case 6: v = ((maxe - 1) << (sb - 1)) | frac; break;     /* max normal */
  case 7: v = bias << (sb - 1); break;                    /* 1.0 */
  case 8: v = (bias << (sb - 1)) | 1; break;              /* 1 + ulp */
  case 9: v = bias > sb - 1 ? (bias - (sb - 1)) << (sb - 1) : 1; break; /* half ulp of 1 */
  case 10: v = ((bias + 1) << (sb - 1)) | (frac >> 1); break; /* 2.99.. */
  case 11: v = (bias - 1) << (sb - 1); break;             /* 0.5 */
  case 12: v = bias << (sb - 1) | top; break;             /* 1.5 */
  case 13: v = bias + sb - 1 < maxe ? (bias + sb - 1) << (sb - 1) : 1; break; /* 2^(sb-1) */
  case 14: v = ((maxe - 1) << (sb - 1)) | (frac - (frac > 0)); break; /* max - ulp */
  case 15: v = bias - 1 ? ((bias - 1) << (sb - 1)) - 1 : frac; break; /* 1 - ulp/2 */
  default: v = fer_rng_u128(g->rng); break;
  }
  return (v | sign) & mask_of(eb + sb);
}

static fer_term literal(gen *g, fer_sort s) {
  const fer_sort_info *si = fer_sort_get(g->f, s);
  uint32_t eb = si->a, sb = si->b;
  return fer_value_term(g->f, s, edge_bits(g, eb, sb));
}

/* A bit-vector constant at a range's edge: 0, 1, all ones, the signed
 * minimum and maximum, or random. */
static fer_term bv_literal(gen *g, uint32_t w) {
  fer_u128 v, all = mask_of(w);
  switch (fer_rng_below(g->rng, 7)) {
  case 0: v = 0; break;
  case 1: v = 1; break;
  case 2: v = all; break;
  case 3: v = (fer_u128)1 << (w - 1); break;
  case 4: v = all >> 1; break;
  case 5: v = (fer_u128)fer_rng_below(g->rng, 16); break;
  default: v = fer_rng_u128(g->rng); break;
  }
  return fer_value_term(g->f, fer_sort_bv(g->f, w), v & all);
}

/* A conversion's width: 1 .. 66, often at the byte and word limits. */
static uint32_t bv_width(gen *g) {
  static const uint32_t common[] = {1, 2, 3, 4, 7, 8, 16, 31, 32, 33, 63, 64, 65, 66};
  if (fer_rng_one_in(g->rng, 3)) return 1 + (uint32_t)fer_rng_below(g->rng, 66);
  return common[fer_rng_below(g->rng, sizeof common / sizeof *common)];
}

static fer_term rm_term(gen *g) {
  uint32_t c = pick_of_kind(g, FER_HK_RM);
  if (fer_hunt_constructs[c].a == RM_VARIABLE) return var_of(g->f, fer_sort_rm(g->f), 0);
  return fer_value_term(g->f, fer_sort_rm(g->f), fer_hunt_constructs[c].a);
}

static fer_term fp_term(gen *g, fer_sort s, uint32_t depth);
static fer_term bool_term(gen *g, fer_sort s, uint32_t depth);

/* A bit-vector of width w: a variable, a constant at an edge, or (for
 * the widths a conversion makes) fp.to_sbv / fp.to_ubv of x (when given)
 * or of a new term of sort s. */
static fer_term bv_term(gen *g, uint32_t w, fer_sort s, fer_term x, uint32_t depth) {
  ferret *f = g->f;
  uint64_t r = fer_rng_below(g->rng, 4);
  if (x || r == 0) {
    if (!x) x = fp_term(g, s, depth);
    fer_term cv[2] = {rm_term(g), x};
    if (!x || !cv[0]) return 0;
    return fer_mk(f, fer_rng_below(g->rng, 2) ? FER_OP_FP_TO_SBV : FER_OP_FP_TO_UBV, 2, cv,
                  w, 0);
  }
  if (r == 1) return bv_literal(g, w);
  return var_of(f, fer_sort_bv(f, w), (uint32_t)fer_rng_below(g->rng, 2));
}

/* An exact rational for to_fp: a halfway point of format (eb, sb) (an odd
 * significand one bit longer than the format's, times a power of two,
 * within 2^-100 .. 2^100), a quarter point, or a short decimal. */
static fer_term real_term(gen *g, uint32_t eb, uint32_t sb) {
  uint32_t num[8] = {0}, den[8] = {0}, nl = 8, dl = 1;
  const bool neg = false; /* (- c) is no literal of the FP logics */
  den[0] = 1;
  if (fer_rng_one_in(g->rng, 3)) { /* n / 10^d */
    uint64_t n = fer_rng_below(g->rng, 100000), d = 1;
    for (uint64_t k = fer_rng_below(g->rng, 6); k; k--) d *= 10;
    num[0] = (uint32_t)n, den[0] = (uint32_t)d;
    return fer_mk_real(g->f, neg, num, 1, den, 1);
  }
  uint32_t bits = sb + 1 + (uint32_t)fer_rng_below(g->rng, 2); /* half or quarter */
  if (bits > 120) bits = 120;
  fer_u128 m = (fer_rng_u128(g->rng) & mask_of(bits - 1)) | (fer_u128)1 << (bits - 1) | 1;
  int32_t emax = (int32_t)((1u << (eb - 1)) - 1), lo = -emax - (int32_t)sb, hi = emax + 1;
  if (lo < -100) lo = -100;
  if (hi > 100) hi = 100;
  /* the value m * 2^e, its leading bit at 2^(lo .. hi) */
  int32_t e = lo + (int32_t)fer_rng_below(g->rng, (uint64_t)(hi - lo + 1)) - (int32_t)bits + 1;
  uint32_t sh = e > 0 ? (uint32_t)e : 0;
  for (uint32_t i = 0; i < 4; i++) {
    uint64_t v = (uint64_t)(uint32_t)(m >> (32 * i)) << (sh % 32);
    uint32_t at = i + sh / 32;
    if (at < 8) num[at] |= (uint32_t)v;
    if (at + 1 < 8) num[at + 1] |= (uint32_t)(v >> 32);
  }
  while (nl > 1 && !num[nl - 1]) nl--;
  if (e < 0) {
    uint32_t d = (uint32_t)-e;
    den[0] = 0, den[d / 32] = 1u << (d % 32), dl = d / 32 + 1;
  }
  return fer_mk_real(g->f, neg, num, nl, den, dl);
}

/* Construct c (an OP) applied at sort s, its FP arguments given[0..ng)
 * where they exist, new ones generated for the rest. */
static fer_term apply_op(gen *g, uint32_t c, fer_sort s, const fer_term *given,
                         uint32_t ng, uint32_t depth) {
  ferret *f = g->f;
  const fer_hunt_construct *k = &fer_hunt_constructs[c];
  /* fields, not the pointer: making terms may move the sort table */
  const uint32_t eb = fer_sort_get(f, s)->a, sb = fer_sort_get(f, s)->b;
  const uint32_t d1 = depth ? depth - 1 : 0;
  fer_term args[4];
  uint32_t n = 0;
  if (k->a == FROM_BITS) { /* (fp sign exponent significand) */
    const uint32_t w[3] = {1, eb, sb - 1};
    for (uint32_t i = 0; i < 3; i++)
      if (!(args[i] = bv_term(g, w[i], s, 0, d1))) return 0;
    /* (fp.to_*bv of a term of the same format: a width that fits) */
    return fer_mk(f, FER_OP_FP, 3, args, 0, 0);
  }
  if (k->a == FROM_PATTERN) {
    fer_term x = ng && fer_term_sort(f, given[0]) == s ? given[0] : 0;
    if (!(args[0] = bv_term(g, eb + sb, s, x, d1))) return 0;
    return fer_mk(f, FER_OP_TO_FP_BV, 1, args, eb, sb);
  }
  if (k->op == FER_OP_ITE) {
    args[n++] = bool_term(g, s, d1);
  } else if (k->rm) {
    args[n++] = rm_term(g);
  }
  if (k->a == FROM_REAL) {
    if (!(args[n++] = real_term(g, eb, sb))) return 0;
    return fer_mk(f, FER_OP_TO_FP_REAL, n, args, eb, sb);
  }
  for (uint32_t i = 0; i < k->nfp; i++) {
    fer_term a = i < ng ? given[i] : 0;
    if (k->op == FER_OP_TO_FP_FP) { /* from another format of the shape */
      if (!a || fer_term_sort(f, a) == s) {
        fer_sort o = fer_sort_fp(f, eb == 8 ? 11 : 8, eb == 8 ? 53 : 24);
        if (g->shape->nformats > 1) {
          uint32_t j = pick_format(g);
          if (g->shape->eb[j] == eb && g->shape->sb[j] == sb) j = (j + 1) % g->shape->nformats;
          o = fmt_sort(g, j);
        }
        a = fp_term(g, o, d1);
      }
    } else if (k->op == FER_OP_TO_FP_SBV || k->op == FER_OP_TO_FP_UBV) {
      if (!a || fer_sort_get(f, fer_term_sort(f, a))->kind != FER_SORT_BV) {
        fer_term x = a && fer_term_sort(f, a) == s ? a : 0;
        a = bv_term(g, bv_width(g), s, x, d1);
      }
    } else if (!a || fer_term_sort(f, a) != s) {
      a = fp_term(g, s, d1);
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

/* An FP operation's result (not a leaf) of sort s, x kept when given. */
static fer_term op_term(gen *g, fer_sort s, fer_term x, uint32_t depth) {
  if (x && fer_term_nargs(g->f, x)) return x;
  return apply_op(g, pick_of_kind(g, FER_HK_OP), s, x ? &x : NULL, x != 0, depth);
}

static fer_term apply_pred(gen *g, uint32_t c, fer_sort s, const fer_term *given,
                           uint32_t ng, uint32_t depth) {
  ferret *f = g->f;
  const fer_hunt_construct *k = &fer_hunt_constructs[c];
  fer_term args[2];
  fer_term x = ng && fer_term_sort(f, given[0]) == s ? given[0] : 0;
  if (k->a == EDGE) { /* (cmp RESULT CONSTANT) */
    static const fer_op cmp[] = {FER_OP_EQ, FER_OP_FP_EQ, FER_OP_FP_LT, FER_OP_FP_LEQ,
                                 FER_OP_FP_GT, FER_OP_EQ};
    args[0] = op_term(g, s, x, depth);
    args[1] = literal(g, s);
    if (!args[0] || !args[1]) return 0;
    return fer_mk(f, cmp[fer_rng_below(g->rng, 6)], 2, args, 0, 0);
  }
  if (k->a == TO_UBV_CMP || k->a == TO_SBV_CMP) {
    uint32_t w = bv_width(g);
    fer_term cv[2] = {rm_term(g), x ? x : fp_term(g, s, depth)};
    if (!cv[0] || !cv[1]) return 0;
    args[0] = fer_mk(f, k->a == TO_UBV_CMP ? FER_OP_FP_TO_UBV : FER_OP_FP_TO_SBV, 2, cv, w, 0);
    args[1] = bv_literal(g, w);
    if (!args[0] || !args[1]) return 0;
    static const fer_op cmp[] = {FER_OP_EQ, FER_OP_EQ, FER_OP_BVULE, FER_OP_BVSLE,
                                 FER_OP_BVUGT, FER_OP_BVSGT};
    return fer_mk(f, cmp[fer_rng_below(g->rng, 6)], 2, args, 0, 0);
  }
  for (uint32_t i = 0; i < k->nfp; i++) {
    args[i] = i < ng && fer_term_sort(f, given[i]) == s ? given[i] : fp_term(g, s, depth);
    if (!args[i]) return 0;
  }
  return fer_mk(f, k->op, k->nfp, args, 0, 0);
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
  fer_sort s = fmt_sort(g, pick_format(g));
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
      return (op == FER_OP_CONST || op == FER_OP_VAR) && fer_term_sort(f, t) == fer_sort_rm(f);
    if (k->op == op && (kind == FER_HK_OP
                            ? fer_sort_get(f, fer_term_sort(f, t))->kind == FER_SORT_FP
                            : fer_term_sort(f, t) == fer_sort_bool(f)))
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
    if (e->kind == FER_HK_RM)
      return k->a == RM_VARIABLE ? var_of(f, fer_sort_rm(f), 0)
                                 : fer_value_term(f, fer_sort_rm(f), k->a);
    fer_term fp[4];
    uint32_t n = 0;
    for (uint32_t i = 0; i < fer_term_nargs(f, t) && n < 4; i++) {
      fer_term a = fer_term_arg(f, t, i);
      if (fer_sort_get(f, fer_term_sort(f, a))->kind == FER_SORT_FP) fp[n++] = a;
    }
    if (e->kind == FER_HK_OP) return apply_op(e->g, e->c, fer_term_sort(f, t), fp, n, 1);
    fer_sort s = n ? fer_term_sort(f, fp[0]) : fmt_sort(e->g, pick_format(e->g));
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
  if (!in->a.size || c >= fer_hunt_narms(shape)) return 0;
  if (c >= fer_hunt_nconstructs) { /* one assertion regenerated in a format */
    fer_hunt_shape one = *shape;
    uint32_t j = c - fer_hunt_nconstructs;
    one.nformats = 1, one.eb[0] = shape->eb[j], one.sb[0] = shape->sb[j];
    g.shape = &one;
    fer_term t = assertion(&g);
    if (!t || !fer_hunt_formula_copy(f, in, out)) return 0;
    out->a.data[fer_rng_below(rng, out->a.size)] = t;
    return 1;
  }
  const fer_hunt_construct *k = &fer_hunt_constructs[c];
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

/* The digits of "DIGITS.0" at s into a (n limbs); the characters read,
 * 0 if s has no such number. */
static size_t read_nat(const char *s, uint32_t *a, uint32_t n) {
  size_t k = 0;
  while (s[k] >= '0' && s[k] <= '9') k++;
  if (!k || k > 300 || s[k] != '.' || s[k + 1] != '0') return 0;
  memset(a, 0, n * sizeof *a);
  fer_nat_from_text(a, n, s, (uint32_t)k, 10);
  return k + 2;
}

/* "(/ N.0 D.0)" at s, D = 2^i 5^j, as the exact decimal N/D into out;
 * the characters replaced, 0 when it is not such a quotient.  The
 * printer writes a rational as a quotient, which SMT-LIB's FP logics do
 * not allow (only decimals): the solvers would reject valid formulas. */
static size_t decimal_of(const char *s, char *out, size_t cap) {
  enum { L = 64 };
  uint32_t num[L + 1], den[L];
  if (strncmp(s, "(/ ", 3)) return 0;
  size_t a = read_nat(s + 3, num, L);
  if (!a || s[3 + a] != ' ') return 0;
  size_t b = read_nat(s + 4 + a, den, L);
  if (!b || s[4 + a + b] != ')') return 0;
  uint32_t twos = 0, fives = 0, tmp[L];
  while (!(den[0] & 1) && fer_nat_trim(den, L)) fer_nat_shr(den, L, 1), twos++;
  for (;;) {
    memcpy(tmp, den, sizeof tmp);
    if (fer_nat_div_small(tmp, L, 5)) break;
    memcpy(den, tmp, sizeof tmp), fives++;
  }
  if (fer_nat_trim(den, L) != 1 || den[0] != 1) return 0;
  uint32_t k = twos > fives ? twos : fives; /* N/D = N 2^(k-i) 5^(k-j) / 10^k */
  if (k > 400) return 0;
  for (uint32_t i = twos; i < k; i++)
    if (fer_nat_mul_add_small(num, L, 2, 0)) return 0;
  for (uint32_t i = fives; i < k; i++)
    if (fer_nat_mul_add_small(num, L, 5, 0)) return 0;
  char digits[L * 10 + 1];
  size_t n = fer_nat_to_decimal(digits, num, L);
  if (n + k + 3 > cap) return 0;
  size_t o = 0;
  if (n <= k) { /* 0.000ddd */
    out[o++] = '0', out[o++] = '.';
    for (size_t i = n; i < k; i++) out[o++] = '0';
    memcpy(out + o, digits, n), o += n;
  } else {
    memcpy(out, digits, n - k), o = n - k;
    out[o++] = '.';
    if (k) memcpy(out + o, digits + n - k, k), o += k;
    else out[o++] = '0';
  }
  out[o] = 0;
  return 5 + a + b;
}

/* b[from..) with every quotient of decimal_of written as a decimal. */
static int decimals(ferret *f, fer_buf *b, size_t from) {
  if (!b->data || !strstr(b->data + from, "(/ ")) return 1;
  fer_buf t = {0};
  char dec[1024];
  int ok = 1;
  for (size_t i = from; ok && i < b->size;) {
    size_t n = b->data[i] == '(' ? decimal_of(b->data + i, dec, sizeof dec) : 0;
    ok = n ? fer_buf_str(f, &t, dec) : fer_buf_add(f, &t, b->data + i, 1);
    i += n ? n : 1;
  }
  if (ok) {
    b->size = from;
    ok = fer_buf_add(f, b, t.data, t.size) && fer_buf_add(f, b, "", 1);
    if (ok) b->size--;
  }
  FER_RELEASE(f, t);
  return ok;
}

int fer_hunt_script(ferret *f, const fer_hunt_formula *x, const char *header,
                    fer_buf *b) {
  size_t from = 0;
  int ok = (!header || fer_buf_str(f, b, header)) &&
           fer_buf_str(f, b, "(set-option :produce-models true)\n(set-logic QF_BVFP)\n") &&
           (from = b->size, fer_print_script(f, b, NULL, x->a.data, x->a.size)) &&
           fer_buf_add(f, b, "", 1);
  if (ok) b->size--; /* a NUL after the text for strstr */
  return ok && decimals(f, b, from) && fer_buf_str(f, b, "(check-sat)\n(get-model)\n");
}
