/* The reference evaluator's strict operations (contract in
 * eval_internal.h), shared by its two drivers, the memo walk (eval.c) and
 * plans (eval_plan.c): the value and taint of a node from its arguments'
 * values, for the bit-vector and floating-point operators, the queries on
 * FP values, = and distinct; and which sorts the semantic library takes.
 * The taint rules are in eval.c's header comment. */
#include <stdlib.h>
#include <string.h>

#include "bv/bv.h"
#include "smt/eval_internal.h"
#include "fp/fp.h"
#include "fp/fpw.h" /* FER_FPW_MAX_BITS: formats eval_wide.c takes */

/* -------------------------------------------------------------- helpers */

/* Widths the semantic library handles: BV <= 128 (any width in the memo
 * walk, eval_wide.c), FP eb+sb <= 128 with eb <= 30 (fp.h; up to
 * FER_FPW_MAX_BITS in the memo walk, fpw.h).  Anything
 * wider is valid SMT-LIB we do not evaluate. */
int fer_ev_check_sort(evaluator *e, fer_term t) {
  const fer_sort_info *s = sort_of(e, t);
  if (s->kind == FER_SORT_BV && s->a > FER_BV_MAX_WIDTH && !e->wide_ok) {
    fer_error(e->f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "unsupported: bit-vector width %u exceeds %d bits", s->a,
              FER_BV_MAX_WIDTH);
    return 0;
  }
  if (s->kind == FER_SORT_FP &&
      ((uint64_t)s->a + s->b > (e->wide_ok ? FER_FPW_MAX_BITS : FER_FMT_MAX_BITS) ||
       s->a > 30)) {
    fer_error(e->f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "unsupported: floating-point format (_ FloatingPoint %u %u) "
              "exceeds %d bits (or 30 exponent bits)",
              s->a, s->b, e->wide_ok ? FER_FPW_MAX_BITS : FER_FMT_MAX_BITS);
    return 0;
  }
  return 1;
}

/* A taint as seen by an operation that cannot tell +0 from -0. */
static int sign_blind(int taint) {
  return taint == TAINT_ZSIGN ? TAINT_NONE : taint;
}

/* ------------------------------------------------- strict bit-vector ops */

void fer_ev_info_of(const evaluator *e, fer_term t, node_info *d) {
  ferret *f = e->f;
  const fer_sort_info *s = sort_of(e, t);
  memset(d, 0, sizeof *d);
  d->t = t, d->op = fer_term_op(f, t), d->n = fer_term_nargs(f, t);
  d->i0 = fer_term_idx(f, t, 0), d->i1 = fer_term_idx(f, t, 1);
  d->m = (fer_fmt){s->a, s->b};
  for (uint32_t i = 0; i < d->n && i < 2; i++) {
    const fer_sort_info *as = sort_of(e, fer_term_arg(f, t, i));
    if (i) d->w1 = as->a;
    else d->w = as->a, d->fp0 = as->kind == FER_SORT_FP;
    if (as->kind == FER_SORT_FP && !d->am.eb) d->am = (fer_fmt){as->a, as->b};
  }
}

static bool bv_op(fer_op op, const args *a, uint32_t w, uint32_t i0,
                  fer_u128 *out) {
  fer_u128 x = a->v[0], y = a->v[1];
  switch (op) {
  case FER_OP_BVNOT: *out = fer_bv_not(x, w); break;
  case FER_OP_BVNEG: *out = fer_bv_neg(x, w); break;
  case FER_OP_BVAND: *out = x & y; break;
  case FER_OP_BVOR: *out = x | y; break;
  case FER_OP_BVXOR: *out = x ^ y; break;
  case FER_OP_BVNAND: *out = fer_bv_not(x & y, w); break;
  case FER_OP_BVNOR: *out = fer_bv_not(x | y, w); break;
  case FER_OP_BVXNOR: *out = fer_bv_not(x ^ y, w); break;
  case FER_OP_BVCOMP: *out = x == y; break;
  case FER_OP_BVADD: *out = fer_bv_add(x, y, w); break;
  case FER_OP_BVSUB: *out = fer_bv_sub(x, y, w); break;
  case FER_OP_BVMUL: *out = fer_bv_mul(x, y, w); break;
  case FER_OP_BVUDIV: *out = fer_bv_udiv(x, y, w); break;
  case FER_OP_BVUREM: *out = fer_bv_urem(x, y, w); break;
  case FER_OP_BVSDIV: *out = fer_bv_sdiv(x, y, w); break;
  case FER_OP_BVSREM: *out = fer_bv_srem(x, y, w); break;
  case FER_OP_BVSMOD: *out = fer_bv_smod(x, y, w); break;
  case FER_OP_BVSHL: *out = fer_bv_shl(x, y, w); break;
  case FER_OP_BVLSHR: *out = fer_bv_lshr(x, y, w); break;
  case FER_OP_BVASHR: *out = fer_bv_ashr(x, y, w); break;
  case FER_OP_ROTATE_LEFT: *out = fer_bv_rotl(x, i0 % w, w); break;
  case FER_OP_ROTATE_RIGHT: *out = fer_bv_rotr(x, i0 % w, w); break;
  case FER_OP_BVULT: *out = fer_bv_ult(x, y, w); break;
  case FER_OP_BVULE: *out = !fer_bv_ult(y, x, w); break;
  case FER_OP_BVUGT: *out = fer_bv_ult(y, x, w); break;
  case FER_OP_BVUGE: *out = !fer_bv_ult(x, y, w); break;
  case FER_OP_BVSLT: *out = fer_bv_slt(x, y, w); break;
  case FER_OP_BVSLE: *out = !fer_bv_slt(y, x, w); break;
  case FER_OP_BVSGT: *out = fer_bv_slt(y, x, w); break;
  case FER_OP_BVSGE: *out = !fer_bv_slt(x, y, w); break;
  case FER_OP_BVNEGO: *out = fer_bv_nego(x, w); break;
  case FER_OP_BVUADDO: *out = fer_bv_uaddo(x, y, w); break;
  case FER_OP_BVSADDO: *out = fer_bv_saddo(x, y, w); break;
  case FER_OP_BVUMULO: *out = fer_bv_umulo(x, y, w); break;
  case FER_OP_BVSMULO: *out = fer_bv_smulo(x, y, w); break;
  case FER_OP_BVUSUBO: *out = fer_bv_usubo(x, y, w); break;
  case FER_OP_BVSSUBO: *out = fer_bv_ssubo(x, y, w); break;
  case FER_OP_BVSDIVO: *out = fer_bv_sdivo(x, y, w); break;
  case FER_OP_BVREDAND: *out = x == fer_bv_mask(w); break;
  case FER_OP_BVREDOR: *out = x != 0; break;
  default: return false;
  }
  return true;
}

/* ----------------------------------------------- strict floating point */

/* FP operators: value and taint.  Returns false if `op` is not one. */
static bool fp_op(evaluator *e, const node_info *d, const args *a,
                  fer_u128 *out, int *taint) {
  ferret *f = e->f;
  fer_op op = d->op;
  fer_fmt m = d->m;
  fer_rm rm = (fer_rm)a->v[0];
  *taint = a->taint;
  switch (op) {
  case FER_OP_FP: {
    *out = fer_fp_canon(m, fer_fp_make(m, (unsigned)a->v[0], a->v[1], a->v[2]));
    return true;
  }
  case FER_OP_FP_ABS:
    *out = fer_fp_abs(m, a->v[0]);
    *taint = sign_blind(a->taint);
    return true;
  case FER_OP_FP_NEG: *out = fer_fp_neg(m, a->v[0]); return true;
  default: break;
  }
  switch (op) {
  case FER_OP_FP_ADD: *out = fer_fp_add(m, rm, a->v[1], a->v[2]); break;
  case FER_OP_FP_SUB: *out = fer_fp_sub(m, rm, a->v[1], a->v[2]); break;
  case FER_OP_FP_MUL: *out = fer_fp_mul(m, rm, a->v[1], a->v[2]); break;
  case FER_OP_FP_DIV: *out = fer_fp_div(m, rm, a->v[1], a->v[2]); break;
  case FER_OP_FP_FMA:
    *out = fer_fp_fma(m, rm, a->v[1], a->v[2], a->v[3]);
    break;
  case FER_OP_FP_SQRT: /* sqrt(+-0) = +-0: a ZSIGN zero stays one */
    *out = fer_fp_sqrt(m, rm, a->v[1]);
    *taint = a->taint > TAINT_ZSIGN || a->ta[0] ? TAINT_ANY : a->taint;
    return true;
  case FER_OP_FP_RTI: /* rti(+-0) = +-0 likewise */
    *out = fer_fp_rti(m, rm, a->v[1]);
    *taint = a->taint > TAINT_ZSIGN || a->ta[0] ? TAINT_ANY : a->taint;
    /* a finite x whose integer is past the largest finite (formats whose
     * largest finite is below 2^(sb-1), such as (2,3): 3.5 rounds to 4):
     * IEEE 754 has no such format and SMT-LIB no rule for it; ferret
     * gives the overflow, which another reading may not */
    if (fer_fp_is_inf(m, *out) && !fer_fp_is_inf(m, a->v[1])) *taint = TAINT_ANY;
    return true;
  case FER_OP_FP_REM: *out = fer_fp_rem(m, a->v[0], a->v[1]); break;
  case FER_OP_FP_MIN:
  case FER_OP_FP_MAX: {
    fer_u128 x = a->v[0], y = a->v[1];
    *out = op == FER_OP_FP_MIN ? fer_fp_min(m, x, y) : fer_fp_max(m, x, y);
    /* A zero result may be either argument's zero; when their signs differ
     * SMT-LIB leaves the choice open. */
    if (fer_fp_is_zero(m, x) && fer_fp_is_zero(m, y) && x != y)
      *taint = max_taint(*taint, TAINT_ZSIGN);
    return true;
  }
  case FER_OP_TO_FP_BV: *out = fer_fp_canon(m, a->v[0]); break;
  case FER_OP_TO_FP_FP: {
    *out = fer_fp_convert(m, rm, d->am, a->v[1]);
    *taint = a->taint > TAINT_ZSIGN || a->ta[0] ? TAINT_ANY : a->taint;
    return true;
  }
  case FER_OP_TO_FP_SBV:
  case FER_OP_TO_FP_UBV: {
    *out = op == FER_OP_TO_FP_SBV ? fer_fp_from_sbv(m, rm, a->v[1], d->w1)
                                  : fer_fp_from_ubv(m, rm, a->v[1], d->w1);
    break;
  }
  case FER_OP_TO_FP_REAL: {
    fer_term r = fer_term_arg(f, d->t, 1);
    if (fer_term_op(f, r) != FER_OP_REAL) {
      fer_error(f, FERRET_ERROR_UNSUPPORTED, 0, 0,
                "unsupported: to_fp of a Real that is not a literal");
      *taint = -1;
      return true;
    }
    bool neg;
    const uint32_t *num, *den;
    uint32_t nlen, dlen;
    fer_real_get(f, r, &neg, &num, &nlen, &den, &dlen);
    *out = fer_fp_from_rational(m, rm, neg, num, nlen, den, dlen);
    break;
  }
  default: return false;
  }
  *taint = any_if(*taint);
  return true;
}

/* Operators from FP to Bool or BV. */
static bool fp_query(const node_info *d, const args *a, fer_u128 *out,
                     int *taint) {
  fer_op op = d->op;
  fer_fmt m = d->am; /* of argument 0, or 1 after a rounding mode */
  fer_u128 u = a->v[0], v = a->v[1];
  /* Comparisons and classification (but the sign tests) cannot tell the
   * two zeros apart. */
  *taint = sign_blind(a->ta[0]) > sign_blind(a->ta[1])
               ? sign_blind(a->ta[0])
               : sign_blind(a->ta[1]);
  switch (op) {
  case FER_OP_FP_LEQ: *out = fer_fp_leq(m, u, v); break;
  case FER_OP_FP_LT: *out = fer_fp_lt(m, u, v); break;
  case FER_OP_FP_GEQ: *out = fer_fp_leq(m, v, u); break;
  case FER_OP_FP_GT: *out = fer_fp_lt(m, v, u); break;
  case FER_OP_FP_EQ: *out = fer_fp_eq(m, u, v); break;
  case FER_OP_FP_IS_NORMAL: *out = fer_fp_is_normal(m, u); break;
  case FER_OP_FP_IS_SUBNORMAL: *out = fer_fp_is_subnormal(m, u); break;
  case FER_OP_FP_IS_ZERO: *out = fer_fp_is_zero(m, u); break;
  case FER_OP_FP_IS_INF: *out = fer_fp_is_inf(m, u); break;
  case FER_OP_FP_IS_NAN: *out = fer_fp_is_nan(m, u); break;
  case FER_OP_FP_IS_NEG:
    *out = fer_fp_is_negative(m, u);
    *taint = any_if(a->taint);
    break;
  case FER_OP_FP_IS_POS:
    *out = fer_fp_is_positive(m, u);
    *taint = any_if(a->taint);
    break;
  case FER_OP_FP_TO_UBV:
  case FER_OP_FP_TO_SBV: {
    bool defined = true;
    uint32_t w = d->i0;
    fer_rm rm = (fer_rm)a->v[0];
    *out = op == FER_OP_FP_TO_UBV ? fer_fp_to_ubv(m, rm, a->v[1], w, &defined)
                                  : fer_fp_to_sbv(m, rm, a->v[1], w, &defined);
    *taint = defined ? any_if(a->taint) : TAINT_ANY;
    break;
  }
  case FER_OP_FP_TO_IEEE_BV: /* NaN has many patterns: which is open */
    *out = u;
    *taint = fer_fp_is_nan(m, u) ? TAINT_ANY : any_if(a->taint);
    break;
  default: return false;
  }
  return true;
}

/* ------------------------------------------------------------ strict ops */

/* SMT-LIB equality of two values of a sort: FP (format m) when fp. */
static bool values_equal(bool fp, fer_fmt m, fer_u128 u, fer_u128 v) {
  return fp ? fer_fp_smt_eq(m, u, v) : u == v;
}

static int cmp_u128(const void *p, const void *q) {
  fer_u128 a = *(const fer_u128 *)p, b = *(const fer_u128 *)q;
  return a < b ? -1 : a > b;
}

/* distinct: pairwise, or by sorting when there are many arguments (values
 * are canonical, so for every sort SMT-LIB equality is bit equality).
 * Are the n values v[0..n) of the arguments' sort (d: distinct's)
 * pairwise different?  May reorder v. */
bool fer_ev_all_distinct(const node_info *d, fer_u128 *v, uint32_t n) {
  if (n <= 16) {
    for (uint32_t i = 0; i < n; i++)
      for (uint32_t j = i + 1; j < n; j++)
        if (values_equal(d->fp0, d->am, v[i], v[j])) return false;
    return true;
  }
  qsort(v, n, sizeof *v, cmp_u128);
  for (uint32_t i = 1; i < n; i++)
    if (v[i] == v[i - 1]) return false;
  return true;
}

/* The value and taint of node d (not a leaf, connective, ite, distinct
 * or array operator) from its arguments' values a.  1, or 0 with
 * the context's error set (an operator this evaluator does not know). */
int fer_ev_compute(evaluator *e, const node_info *d, const args *a,
                   fer_u128 *value, int *taint_out) {
  fer_op op = d->op;
  fer_u128 out = 0;
  int taint = any_if(a->taint);
  uint32_t w = d->w; /* first argument's width */
  switch (op) {
  case FER_OP_NOT: out = !a->v[0]; break;
  case FER_OP_XOR: out = a->v[0] != a->v[1]; break;
  case FER_OP_EQ: out = values_equal(d->fp0, d->am, a->v[0], a->v[1]); break;
  case FER_OP_CONCAT: out = fer_bv_concat(a->v[0], a->v[1], d->w1); break;
  case FER_OP_EXTRACT: out = fer_bv_extract(a->v[0], d->i0, d->i1); break;
  case FER_OP_REPEAT: out = fer_bv_repeat(a->v[0], d->i0, w); break;
  case FER_OP_ZERO_EXTEND: out = a->v[0]; break;
  case FER_OP_SIGN_EXTEND: out = fer_bv_sign_extend(a->v[0], d->i0, w); break;
  default:
    if (bv_op(op, a, w, d->i0, &out)) break;
    if (fp_op(e, d, a, &out, &taint) || fp_query(d, a, &out, &taint)) {
      if (taint < 0) return 0;
      break;
    }
    fer_error(e->f, FERRET_ERROR_UNSUPPORTED, 0, 0,
              "unsupported: cannot evaluate '%s'", fer_op_table[op].name);
    return 0;
  }
  *value = out, *taint_out = taint;
  return 1;
}
