/* Local rewriting: build one node, simplified (the "expression
 * simplification" and "constant folding" of JFS's Table 1).
 *
 * Contract: fer_simp_mk(op, args) returns a term equivalent to op(args) in
 * every model (not only equisatisfiable), so it may be used anywhere inside
 * a formula.  Rules are deliberately few and each is a fact of the SMT-LIB
 * semantics, stated next to it.  Ground nodes are folded by the reference
 * evaluator unless their value is unspecified (fp.to_ubv of NaN, ...). */
#include <stdlib.h>
#include <string.h>

#include "smt/eval.h"
#include "fp/fp.h"
#include "engine/pre.h"

bool fer_term_is_value(const ferret *f, fer_term t) {
  switch (fer_term_op(f, t)) {
  case FER_OP_TRUE: case FER_OP_FALSE: case FER_OP_CONST: case FER_OP_REAL:
    return true;
  default:
    return false;
  }
}

static bool is_op(ferret *f, fer_term t, fer_op op) {
  return fer_term_op(f, t) == op;
}

static fer_term mk1(ferret *f, fer_op op, fer_term a) {
  return fer_simp_mk(f, op, 1, &a, 0, 0);
}
static fer_term mk2(ferret *f, fer_op op, fer_term a, fer_term b) {
  fer_term x[2] = {a, b};
  return fer_simp_mk(f, op, 2, x, 0, 0);
}

/* Fold a ground node with the reference evaluator; t itself if its value
 * is unspecified or cannot be computed (e.g. an FP format over 128 bits;
 * bit-vectors of every width fold). */
static fer_term fold(ferret *f, fer_term t) {
  if (!t) return 0;
  fer_sort s = fer_term_sort(f, t);
  if (fer_sort_get(f, s)->kind == FER_SORT_FP && fer_sort_bits(f, s) > 128)
    return t;
  uint32_t n = fer_term_nargs(f, t);
  for (uint32_t i = 0; i < n; i++) {
    fer_sort as = fer_term_sort(f, fer_term_arg(f, t, i));
    if (fer_sort_get(f, as)->kind == FER_SORT_FP && fer_sort_bits(f, as) > 128)
      return t;
  }
  ferret_error_info saved = f->error;
  bool unspecified = false;
  fer_term v = fer_eval(f, t, NULL, &unspecified);
  if (!v) {
    /* Not foldable (unsupported): keep the node; the error is not ours to
     * report, the caller's status is unaffected. */
    f->error = saved;
    return t;
  }
  return unspecified ? t : v;
}

static fer_term mk_raw(ferret *f, fer_op op, uint32_t n, const fer_term *a,
                       uint32_t i0, uint32_t i1) {
  return fer_mk(f, op, n, a, i0, i1);
}

/* and / or: drop neutral elements, detect the absorbing element,
 * duplicates and complementary pairs.  Nested and/or are not flattened
 * here: chains of binary `and` (common in generated benchmarks) would then
 * cost quadratic space; hoisting flattens the top level. */
static int cmp_term(const void *x, const void *y) {
  fer_term a = *(const fer_term *)x, b = *(const fer_term *)y;
  return a < b ? -1 : a > b;
}

static fer_term simp_andor(ferret *f, fer_op op, uint32_t n,
                           const fer_term *a) {
  bool is_and = op == FER_OP_AND;
  fer_term unit = is_and ? fer_true(f) : fer_false(f);
  fer_term zero = is_and ? fer_false(f) : fer_true(f);
  FER_STACK(fer_term) v = {0};
  fer_term result = 0;
  if (!FER_RESERVE(f, v, n)) return 0;
  for (uint32_t i = 0; i < n; i++) {
    if (a[i] == zero) {
      result = zero;
      goto done;
    }
    if (a[i] != unit) v.data[v.size++] = a[i];
  }
  size_t k = 0;
  if (v.size > 32) { /* sorted: duplicates adjacent, complements by search */
    qsort(v.data, v.size, sizeof *v.data, cmp_term);
    for (size_t i = 0; i < v.size; i++)
      if (!k || v.data[k - 1] != v.data[i]) v.data[k++] = v.data[i];
    for (size_t i = 0; i < k; i++) {
      fer_term x = v.data[i], y;
      if (is_op(f, x, FER_OP_NOT) && (y = fer_term_arg(f, x, 0), 1) &&
          bsearch(&y, v.data, k, sizeof *v.data, cmp_term) != NULL) {
        result = zero;
        goto done;
      }
    }
  } else {
    for (size_t i = 0; i < v.size; i++) {
      fer_term x = v.data[i];
      bool dup = false;
      for (size_t j = 0; j < k && !dup; j++) {
        fer_term y = v.data[j];
        if (y == x) dup = true;
        /* x and (not x): and -> false, or -> true */
        else if ((is_op(f, y, FER_OP_NOT) && fer_term_arg(f, y, 0) == x) ||
                 (is_op(f, x, FER_OP_NOT) && fer_term_arg(f, x, 0) == y)) {
          result = zero;
          goto done;
        }
      }
      if (!dup) v.data[k++] = x;
    }
  }
  if (k == 0)
    result = unit;
  else if (k == 1)
    result = v.data[0];
  else
    result = mk_raw(f, op, (uint32_t)k, v.data, 0, 0);
done:
  FER_RELEASE(f, v);
  return result;
}

static bool fp_const_info(ferret *f, fer_term c, bool *nan, bool *zero) {
  if (!is_op(f, c, FER_OP_CONST)) return false;
  const fer_sort_info *si = fer_sort_get(f, fer_term_sort(f, c));
  if (si->kind != FER_SORT_FP || si->a + si->b > 128 || si->a > 30) return false;
  fer_fmt fmt = {si->a, si->b};
  fer_u128 v = fer_const_u128(f, c);
  *nan = fer_fp_is_nan(fmt, v);
  *zero = fer_fp_is_zero(fmt, v);
  return true;
}

/* x + (-x) and x - x under the constant mode rm: the exact sum of two
 * opposite finite values is zero, and IEEE 754 (6.3) gives it the sign +
 * in every mode but roundTowardNegative, where it is -0; an infinite or
 * NaN x gives NaN (oo - oo).  So the node is (ite (or (fp.isNaN x)
 * (fp.isInfinite x)) NaN zero): one comparison of x instead of an
 * addition, and intervals see the zero. */
static fer_term cancel_sum(ferret *f, fer_rm rm, fer_term x) {
  fer_sort so = fer_term_sort(f, x);
  const fer_sort_info *si = fer_sort_get(f, so);
  if (si->a + si->b > 128) return 0;
  fer_fmt fmt = {si->a, si->b};
  fer_term nan = fer_mk_const_u128(f, so, fer_fp_nan(fmt));
  fer_term zero = fer_mk_const_u128(f, so, fer_fp_zero(fmt, rm == FER_RTN));
  fer_term bad = mk2(f, FER_OP_OR, mk1(f, FER_OP_FP_IS_NAN, x),
                     mk1(f, FER_OP_FP_IS_INF, x));
  if (!nan || !zero || !bad) return 0;
  fer_term c[3] = {bad, nan, zero};
  return fer_simp_mk(f, FER_OP_ITE, 3, c, 0, 0);
}

/* The Boolean connectives, = and distinct, ite. */
static fer_term rules_bool(ferret *f, fer_op op, uint32_t n,
                           const fer_term *a) {
  fer_term T = fer_true(f), F = fer_false(f);
  switch (op) {
  case FER_OP_NOT:
    if (a[0] == T) return F;
    if (a[0] == F) return T;
    if (is_op(f, a[0], FER_OP_NOT)) return fer_term_arg(f, a[0], 0);
    return 0;
  case FER_OP_AND:
  case FER_OP_OR:
    return simp_andor(f, op, n, a);
  case FER_OP_IMPLIES: /* a => b  ==  (not a) or b */
    if (a[0] == T) return a[1];
    if (a[0] == F || a[1] == T || a[0] == a[1]) return T;
    if (a[1] == F) return mk1(f, FER_OP_NOT, a[0]);
    return 0;
  case FER_OP_XOR:
    if (a[0] == a[1]) return F;
    if (a[0] == F) return a[1];
    if (a[1] == F) return a[0];
    if (a[0] == T) return mk1(f, FER_OP_NOT, a[1]);
    if (a[1] == T) return mk1(f, FER_OP_NOT, a[0]);
    return 0;
  case FER_OP_EQ:
    /* `=` is structural for every sort (FP included: one NaN, +0 != -0),
     * so t = t holds in every model. */
    if (a[0] == a[1]) return T;
    if (fer_sort_get(f, fer_term_sort(f, a[0]))->kind == FER_SORT_BOOL) {
      if (a[0] == T) return a[1];
      if (a[1] == T) return a[0];
      if (a[0] == F) return mk1(f, FER_OP_NOT, a[1]);
      if (a[1] == F) return mk1(f, FER_OP_NOT, a[0]);
    }
    return 0;
  case FER_OP_DISTINCT:
    for (uint32_t i = 0; i < n; i++)
      for (uint32_t j = i + 1; j < n; j++)
        if (a[i] == a[j]) return F;
    if (n == 2) return mk1(f, FER_OP_NOT, mk2(f, FER_OP_EQ, a[0], a[1]));
    return 0;
  case FER_OP_ITE:
    if (a[0] == T || a[1] == a[2]) return a[1];
    if (a[0] == F) return a[2];
    if (a[1] == T && a[2] == F) return a[0];
    if (a[1] == F && a[2] == T) return mk1(f, FER_OP_NOT, a[0]);
    if (is_op(f, a[0], FER_OP_NOT)) {
      fer_term x[3] = {fer_term_arg(f, a[0], 0), a[2], a[1]};
      return fer_simp_mk(f, FER_OP_ITE, 3, x, 0, 0);
    }
    return 0;
  default:
    return 0;
  }
}

/* The FP comparisons of a term with itself or with a constant. */
static fer_term rules_fp_compare(ferret *f, fer_op op, uint32_t n,
                                 const fer_term *a) {
  fer_term F = fer_false(f);
  switch (op) {
  case FER_OP_FP_EQ: {
    /* fp.eq x x is false for NaN only: it is (not (fp.isNaN x)). */
    if (a[0] == a[1]) return mk1(f, FER_OP_NOT, mk1(f, FER_OP_FP_IS_NAN, a[0]));
    bool nan, zero;
    for (int i = 0; i < 2; i++) {
      if (fer_term_is_value(f, a[1 - i]) || !fp_const_info(f, a[i], &nan, &zero))
        continue;
      if (nan) return F; /* NaN is fp.eq to nothing */
      /* For c neither zero nor NaN, exactly one bit pattern is fp.eq to
       * c, so (fp.eq x c) is (= x c), which equality extraction can use. */
      if (!zero) return mk2(f, FER_OP_EQ, a[1 - i], a[i]);
    }
    return 0;
  }
  case FER_OP_FP_LT:
  case FER_OP_FP_GT:
    if (a[0] == a[1]) return F; /* x < x never holds (NaN: false too) */
    return 0;
  case FER_OP_FP_LEQ:
  case FER_OP_FP_GEQ:
    if (a[0] == a[1]) return mk1(f, FER_OP_NOT, mk1(f, FER_OP_FP_IS_NAN, a[0]));
    return 0;
  default:
    return 0;
  }
}

/* FP arithmetic: cancellation, double negation, abs, roundToIntegral. */
static fer_term rules_fp_arith(ferret *f, fer_op op, uint32_t n,
                               const fer_term *a) {
  switch (op) {
  case FER_OP_FP_ADD:
  case FER_OP_FP_SUB: {
    fer_term x = a[1], y = a[2];
    bool cancel = op == FER_OP_FP_SUB
                      ? x == y
                      : (is_op(f, y, FER_OP_FP_NEG) && fer_term_arg(f, y, 0) == x) ||
                            (is_op(f, x, FER_OP_FP_NEG) && fer_term_arg(f, x, 0) == y);
    if (!cancel || !is_op(f, a[0], FER_OP_CONST)) return 0;
    if (is_op(f, x, FER_OP_FP_NEG) && op == FER_OP_FP_ADD) x = y;
    return cancel_sum(f, (fer_rm)fer_const_u128(f, a[0]), x);
  }
  case FER_OP_FP_NEG: /* -(-x) = x, also for the one NaN */
    if (is_op(f, a[0], FER_OP_FP_NEG)) return fer_term_arg(f, a[0], 0);
    return 0;
  case FER_OP_FP_ABS: /* |(|x|)| = |-x| = |x| */
    if (is_op(f, a[0], FER_OP_FP_ABS)) return a[0];
    if (is_op(f, a[0], FER_OP_FP_NEG))
      return mk1(f, FER_OP_FP_ABS, fer_term_arg(f, a[0], 0));
    return 0;
  case FER_OP_FP_RTI:
    /* an integral value (or +-0, +-oo, NaN) is its own roundToIntegral in
     * every mode */
    if (is_op(f, a[1], FER_OP_FP_RTI)) return a[1];
    return 0;
  default:
    return 0;
  }
}

/* The BV comparisons of a term with itself; bvnot, bvneg, bvand,
 * bvor. */
static fer_term rules_bv(ferret *f, fer_op op, uint32_t n,
                         const fer_term *a) {
  fer_term T = fer_true(f), F = fer_false(f);
  switch (op) {
  case FER_OP_BVULT: case FER_OP_BVUGT: case FER_OP_BVSLT: case FER_OP_BVSGT:
    if (a[0] == a[1]) return F;
    return 0;
  case FER_OP_BVULE: case FER_OP_BVUGE: case FER_OP_BVSLE: case FER_OP_BVSGE:
    if (a[0] == a[1]) return T;
    return 0;
  case FER_OP_BVNOT:
  case FER_OP_BVNEG:
    if (is_op(f, a[0], op)) return fer_term_arg(f, a[0], 0);
    return 0;
  case FER_OP_BVAND:
  case FER_OP_BVOR:
    if (a[0] == a[1]) return a[0];
    return 0;
  default:
    return 0;
  }
}

/* Rules that may fire before folding, by family of operators.  Returns 0
 * when no rule applies.  A rule whose construction fails (memory) returns
 * 0 too: the node is then built unsimplified, or that fails and reports. */
static fer_term rules(ferret *f, fer_op op, uint32_t n, const fer_term *a) {
  switch (op) {
  case FER_OP_NOT: case FER_OP_AND: case FER_OP_OR: case FER_OP_IMPLIES:
  case FER_OP_XOR: case FER_OP_EQ: case FER_OP_DISTINCT: case FER_OP_ITE:
    return rules_bool(f, op, n, a);
  case FER_OP_FP_EQ: case FER_OP_FP_LT: case FER_OP_FP_GT: case FER_OP_FP_LEQ:
  case FER_OP_FP_GEQ:
    return rules_fp_compare(f, op, n, a);
  case FER_OP_FP_ADD: case FER_OP_FP_SUB: case FER_OP_FP_NEG:
  case FER_OP_FP_ABS: case FER_OP_FP_RTI:
    return rules_fp_arith(f, op, n, a);
  case FER_OP_BVULT: case FER_OP_BVUGT: case FER_OP_BVSLT: case FER_OP_BVSGT:
  case FER_OP_BVULE: case FER_OP_BVUGE: case FER_OP_BVSLE: case FER_OP_BVSGE:
  case FER_OP_BVNOT: case FER_OP_BVNEG: case FER_OP_BVAND: case FER_OP_BVOR:
    return rules_bv(f, op, n, a);
  default:
    return 0;
  }
}

fer_term fer_simp_mk(ferret *f, fer_op op, uint32_t n, const fer_term *a,
                     uint32_t i0, uint32_t i1) {
  for (uint32_t i = 0; i < n; i++)
    if (!a[i]) return 0;
  bool simplify = f->opt.pp_simplify != 0;
  if (simplify) {
    fer_term r = rules(f, op, n, a);
    if (r) return r;
    /* Converting to a format that holds every value of x's and back is
     * exact: to_fp(F, rm, to_fp(W, rm', x)) = x for x of format F when W
     * has at least F's exponent and significand bits (NaN, zeros and
     * infinities included). */
    if (op == FER_OP_TO_FP_FP && is_op(f, a[1], FER_OP_TO_FP_FP)) {
      fer_term x = fer_term_arg(f, a[1], 1);
      const fer_sort_info *xs = fer_sort_get(f, fer_term_sort(f, x));
      const fer_sort_info *ws = fer_sort_get(f, fer_term_sort(f, a[1]));
      if (xs->a == i0 && xs->b == i1 && ws->a >= xs->a && ws->b >= xs->b)
        return x;
    }
  }
  fer_term t = mk_raw(f, op, n, a, i0, i1);
  if (!t || !simplify) return t;
  for (uint32_t i = 0; i < n; i++)
    if (!fer_term_is_value(f, a[i])) return t;
  return fold(f, t);
}
